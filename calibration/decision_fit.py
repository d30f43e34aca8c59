"""Real players' card choices, and the choice model fitted on them.

At each decision of a real record (a card with a choice, from the second trick to the last two), the
simulated player's view is rebuilt: each legal card's average over the layouts he deals (``card_averages``,
his side's tricks) and its double-dummy tricks on the actual deal. The choice model is a softmax over
``average / temperature + insight / temperature * actual``: the temperature is how loosely players choose
among the cards their layouts value, the insight how far they lean to the card that is right on the actual
deal beyond what their layouts show. Both are fitted by maximum likelihood on the real choices
(``fit_choices``, Newton's method on a concave log-likelihood), declarer and defenders apart.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import numpy as np
from corpus_records import clean_replay
from player_models import blind as blind_players

from revsim.cards import Card, side_of
from revsim.likely.playout import Policy, card_averages
from revsim.likely.predict import position_after
from revsim.likely.solver import card_values
from revsim.likely.view import record_auction
from revsim.records.record import Record


@dataclass(frozen=True)
class Decision:
    """One real decision: whether a defender took it, the trick, each legal card's average over the decider's
    layouts and its double-dummy tricks on the actual deal (both his side's), the card played, and the play's
    place in the record (``number``, 0 the opening lead)."""

    defending: bool
    trick: int
    averages: dict[Card, float]
    actual: dict[Card, int]
    chosen: Card
    number: int = 0

    @property
    def consequential(self) -> bool:
        """Whether the cards differ on the actual deal: the choice can cost a trick."""
        return len(set(self.actual.values())) > 1

    @property
    def shortfall(self) -> float:
        """How far the card played is below the best on the player's layouts."""
        return max(self.averages.values()) - self.averages[self.chosen]

    @property
    def costly(self) -> bool:
        """Whether the card played costs a trick on the actual deal."""
        return self.actual[self.chosen] < max(self.actual.values())


def record_decisions(record: Record, policy: Policy, seed: int, kept: frozenset[str] | None = None,
                     endgame: int = 2) -> Iterator[Decision]:
    """Every decision of a record's play (none for a record that does not replay, or has a revoke): from the
    second trick until ``endgame`` tricks are left, where more than one card is legal. The players read the
    auction (its rules ``kept``; None: all) as the simulated players do, and not each other's hands (the
    policy's sights are set to 0: the insight stands for what they read)."""
    assert record.contract is not None
    table = clean_replay(record)
    if table is None:
        return
    declarer, target = record.contract.declarer, record.contract.tricks_needed
    shapes = record_auction(record, kept)
    blind = replace(policy, defence_sight=0.0, model=blind_players(policy.model))
    line = position_after(record, 0)
    for number, play in enumerate(table.replay.plays):
        remaining = 13 - line.tricks_won(0) - line.tricks_won(1)
        legal = line.legal_cards()
        if number >= 4 and remaining > endgame and len(legal) > 1 and play.card in legal:
            rng = random.Random(zlib.crc32(f"{seed}:{number}:{sorted(map(str, legal))}".encode()))
            averages = card_averages(line, declarer, shapes, blind, rng, target=target)
            actual = card_values(line)
            yield Decision(side_of(line.to_play) != side_of(declarer), number // 4 + 1, averages,
                           {card: actual[card] for card in legal}, play.card, number)
        line.play(play.card)


def card_order(decision: Decision) -> list[Card]:
    """The decision's legal cards in the order of the rows of its features (by suit, then rank)."""
    return sorted(decision.averages, key=lambda card: (card.suit, card.rank))


def _features(decision: Decision) -> tuple[np.ndarray, int]:
    """Each legal card's average and actual tricks, less the best of each, and the chosen card's row."""
    cards = card_order(decision)
    averages = np.array([decision.averages[card] for card in cards])
    actual = np.array([decision.actual[card] for card in cards], dtype=float)
    return np.stack([averages - averages.max(), actual - actual.max()], axis=1), cards.index(decision.chosen)


@dataclass(frozen=True)
class ChoiceModel:
    """The fitted softmax: ``temperature`` and ``insight`` (see the module), the mean log-likelihood of the
    decisions it was fitted on, and their number."""

    temperature: float
    insight: float
    log_likelihood: float
    decisions: int


def _coefficients(model: ChoiceModel) -> np.ndarray:
    return np.array([1 / model.temperature, model.insight / model.temperature])


def fit_choices(decisions: Sequence[Decision], iterations: int = 40) -> ChoiceModel:
    """The temperature and insight that make the real choices likeliest (at least one decision)."""
    weights = newton_logit([_features(decision) for decision in decisions], np.array([1.0, 0.0]), iterations)
    model = ChoiceModel(1 / weights[0], weights[1] / weights[0], 0.0, len(decisions))
    return replace(model, log_likelihood=log_likelihood(decisions, model))


def newton_logit(data: Sequence[tuple[np.ndarray, int]], weights: np.ndarray, iterations: int = 40) -> np.ndarray:
    """The weights of a softmax over each option's features (a row each) that make the chosen options
    likeliest, by Newton's method from ``weights`` (the log-likelihood is concave)."""
    size = len(weights)
    for _ in range(iterations):
        gradient, hessian = np.zeros(size), np.zeros((size, size))
        for features, chosen in data:
            probabilities = softmax(features @ weights)
            mean = probabilities @ features
            gradient += features[chosen] - mean
            hessian -= (features * probabilities[:, None]).T @ features - np.outer(mean, mean)
        step = np.linalg.solve(hessian - 1e-9 * np.eye(size), gradient)
        weights = weights - step
        if np.abs(step).max() < 1e-10:
            break
    return weights


def insight_matching(decisions: Sequence[Decision], temperature: float, steps: int = 30) -> ChoiceModel:
    """At a fixed ``temperature``, the insight that makes the model's share of costly cards where the layouts
    point wrong (``verdict``) the real players' share, by bisection between 0 and 2 (the share falls as the
    insight grows); 0 where the layouts never point wrong."""
    wrong = [decision for decision in decisions if decision.consequential and verdict(decision) == "wrong"]
    if not wrong:
        model = ChoiceModel(temperature, 0.0, 0.0, len(decisions))
        return replace(model, log_likelihood=log_likelihood(decisions, model))
    real = sum(decision.costly for decision in wrong) / len(wrong)
    low, high = 0.0, 2.0
    for _ in range(steps):
        middle = (low + high) / 2
        model = ChoiceModel(temperature, middle, 0.0, len(wrong))
        if sum(costly_share(decision, model) for decision in wrong) / len(wrong) > real:
            low = middle
        else:
            high = middle
    model = ChoiceModel(temperature, (low + high) / 2, 0.0, len(decisions))
    return replace(model, log_likelihood=log_likelihood(decisions, model))


def log_likelihood(decisions: Sequence[Decision], model: ChoiceModel) -> float:
    """The mean log-probability the model gives the cards the real players chose."""
    coefficients = _coefficients(model)
    total = 0.0
    for decision in decisions:
        features, chosen = _features(decision)
        utilities = features @ coefficients
        top = utilities.max()
        total += utilities[chosen] - top - math.log(np.exp(utilities - top).sum())
    return total / len(decisions)


def sight_log_likelihood(decisions: Sequence[Decision], sight: float, temperature: float, floor: float = 0.01) -> float:
    """The mean log-probability of the real choices under an all-or-nothing sight: with probability ``sight`` the
    player sees the actual deal (a softmax over its tricks), else his layouts (over their averages), at
    ``temperature``; ``floor`` of the weight is spread over the legal cards, since near 0 a player who sees
    never chooses a costly card."""
    total = 0.0
    for decision in decisions:
        features, chosen = _features(decision)
        seen = softmax(features[:, 1] / temperature)[chosen]
        dealt = softmax(features[:, 0] / temperature)[chosen]
        probability = sight * seen + (1 - sight) * dealt
        total += math.log(floor / len(features) + (1 - floor) * probability)
    return total / len(decisions)


def error_rates(decisions: Sequence[Decision], edges: Sequence[float]) -> list[tuple[str, int, float]]:
    """Among consequential decisions, by how far the card played was below the best on the player's layouts
    (none, then between each pair of ``edges``): the count and how often it cost a trick on the actual deal."""
    consequential = [decision for decision in decisions if decision.consequential]
    bands = [("none", -1.0, 1e-9)] + [(f"{low:g} to {high:g}", low + 1e-9, high + 1e-9)
                                      for low, high in zip(edges[:-1], edges[1:], strict=True)]
    rows = []
    for name, low, high in bands:
        chosen = [decision for decision in consequential if low < decision.shortfall <= high]
        rows.append((name, len(chosen), sum(decision.costly for decision in chosen) / max(1, len(chosen))))
    return rows


VERDICTS = ("right", "split", "wrong")
"""What a player's layouts say of a consequential decision: every best card on them is best on the actual deal,
some are, or none."""


def verdict(decision: Decision) -> str:
    """What the player's layouts said (``VERDICTS``)."""
    top = max(decision.averages.values())
    right = [decision.actual[card] == max(decision.actual.values())
             for card, average in decision.averages.items() if average >= top - 1e-9]
    return "right" if all(right) else "wrong" if not any(right) else "split"


def costly_share(decision: Decision, model: ChoiceModel | None) -> float:
    """The chance the card chosen costs a trick on the actual deal: by the model, or (None) by a player who takes
    a best card on his layouts at random."""
    features, _ = _features(decision)
    best = features[:, 1] >= 0
    if model is None:
        top = features[:, 0] >= -1e-9
        return float((top & ~best).sum() / top.sum())
    return float(softmax(features @ _coefficients(model))[~best].sum())


def by_verdict(decisions: Sequence[Decision], model: ChoiceModel) -> list[tuple[str, int, float, float, float]]:
    """For consequential decisions, by what the layouts said (``verdict``): the count, and how often the card
    costs a trick as the real players chose it, as a player taking a best card on his layouts would, and by the
    fitted model."""
    rows = []
    for name in VERDICTS:
        chosen = [decision for decision in decisions if decision.consequential and verdict(decision) == name]
        count = max(1, len(chosen))
        rows.append((name, len(chosen), sum(decision.costly for decision in chosen) / count,
                     sum(costly_share(decision, None) for decision in chosen) / count,
                     sum(costly_share(decision, model) for decision in chosen) / count))
    return rows


def softmax(values: np.ndarray) -> np.ndarray:
    exponents = np.exp(values - values.max())
    return exponents / exponents.sum()
