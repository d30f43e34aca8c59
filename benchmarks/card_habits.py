"""Card habits: what a player may prefer beside a card's average on his layouts (continuing the suit his side
led before, his side's longest suit, a trump, the highest or lowest of a suit, the master card, a low card led
towards his partner's honour), and a softmax over the layouts' averages and the habits fitted on real
decisions. bench_decisions.py --habits asks whether the habits tell where real players lose a trick that
their layouts would have kept."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from decision_fit import Decision, card_order, newton_logit, softmax, verdict

from revsim.cards import DECK, Card, Seat, partner
from revsim.play.replay import Replay

HABITS = ("continues", "longest", "trump", "highest", "lowest", "master", "toward")
"""The habits, in the order ``habits_of`` gives them."""


def habits_of(line: Replay, card: Card, leads: Sequence[tuple[Seat, int]], declarer: Seat) -> tuple[float, ...]:
    """Which habits (``HABITS``, 1 or 0) playing ``card`` follows, for the player to play in ``line`` after the
    tricks led by ``leads`` (each trick's leader and suit), from the cards he sees: his own, and his partner's
    for declarer's side (dummy, or declarer's for dummy).

    - continues: a lead in the suit his side led last time it was on lead (a plan kept);
    - longest: the suit is his side's longest (his own for a defender);
    - trump: the card is a trump;
    - highest / lowest: the highest or lowest he holds in the suit;
    - master: no higher card of the suit is still out;
    - toward: a low card led towards his partner's higher honour (declarer's side)."""
    me = line.to_play
    sees_partner = me % 2 == declarer % 2
    mine = [held for held in line.hand(me) if held.suit == card.suit]
    seen = set(line.hand(me)) | (set(line.hand(partner(me))) if sees_partner else set())
    leading = not line.current_trick
    own_leads = [suit for seat, suit in leads if seat % 2 == me % 2]
    lengths = [sum(held.suit == suit for held in seen) for suit in range(4)]
    gone = {play.card for play in line.plays} | {played for _, played in line.current_trick}
    outstanding = [rank for rank in range(2, 15) if DECK[card.suit][rank] not in gone]
    partners_top = max((held.rank for held in line.hand(partner(me)) if held.suit == card.suit and sees_partner),
                       default=0)
    lowest = card.rank == min(held.rank for held in mine)
    return tuple(float(habit) for habit in (
        leading and bool(own_leads) and own_leads[-1] == card.suit,
        lengths[card.suit] == max(lengths),
        card.suit == line.trump,
        card.rank == max(held.rank for held in mine),
        lowest,
        card.rank == max(outstanding),
        leading and lowest and partners_top > max(held.rank for held in mine),
    ))


@dataclass(frozen=True)
class HabitModel:
    """A softmax over each card's average on the layouts (times ``weights[0]``) and its habits (times the other
    weights), with or without the habits; the mean log-likelihood of the decisions it was fitted on."""

    weights: tuple[float, ...]
    with_habits: bool
    log_likelihood: float


def _features(decision: Decision, with_habits: bool) -> tuple[np.ndarray, int]:
    cards = card_order(decision)
    averages = np.array([[decision.averages[card]] for card in cards])
    columns = [averages - averages.max()]
    if with_habits:
        columns.append(np.array([decision.habits[card] for card in cards], dtype=float))
    return np.hstack(columns), cards.index(decision.chosen)


def fit_habits(decisions: Sequence[Decision], with_habits: bool) -> HabitModel:
    """The weights that make the real choices likeliest (decisions recorded with their habits)."""
    data = [_features(decision, with_habits) for decision in decisions]
    start = np.zeros(1 + (len(HABITS) if with_habits else 0))
    start[0] = 1.0
    model = HabitModel(tuple(float(w) for w in newton_logit(data, start)), with_habits, 0.0)
    return replace(model, log_likelihood=habit_log_likelihood(decisions, model))


def habit_log_likelihood(decisions: Sequence[Decision], model: HabitModel) -> float:
    """The mean log-probability the model gives the cards the real players chose."""
    total = 0.0
    for decision in decisions:
        features, chosen = _features(decision, model.with_habits)
        total += float(np.log(softmax(features @ np.array(model.weights))[chosen]))
    return total / len(decisions)


def costly_mass(decision: Decision, model: HabitModel) -> float:
    """The chance the model's player chooses a card that costs a trick on the actual deal."""
    features, _ = _features(decision, model.with_habits)
    best = max(decision.actual.values())
    probabilities = softmax(features @ np.array(model.weights))
    return float(sum(p for p, card in zip(probabilities, card_order(decision), strict=True)
                     if decision.actual[card] < best))


def where_layouts_right(decisions: Sequence[Decision]) -> list[Decision]:
    """The consequential decisions where every best card on the player's layouts is best on the actual deal."""
    return [decision for decision in decisions if decision.consequential and verdict(decision) == "right"]
