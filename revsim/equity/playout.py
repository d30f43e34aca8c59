"""Play-outs by simulated players who see only what they would see at the table.

At each decision the player to play (declarer for dummy) deals the cards he cannot see ``layouts`` times
consistently with his view (``sampling``), values each legal card on every layout with the double-dummy
solver (batched), and chooses by a softmax over the average tricks: the temperature stands for human
error (0 is the best card on average; larger is more random). A forced card is simply played. The last
``endgame`` tricks are played double dummy: with so few cards left, players rarely go wrong.
"""

from __future__ import annotations

import math
import random
from collections.abc import Set
from dataclasses import dataclass

from revsim.cards import Card, Seat, side_of
from revsim.equity.sampling import sample_layouts
from revsim.equity.solver import layout_values, positions_values, total_tricks
from revsim.equity.view import HandShape, player_view
from revsim.play.replay import Replay


@dataclass(frozen=True)
class Policy:
    """How simulated players choose: the softmax temperature over average tricks, layouts per decision,
    and the tricks left when the play goes double dummy."""

    temperature: float
    layouts: int = 16
    endgame: int = 2


@dataclass
class PlayoutStats:
    """What play-outs cost: decisions taken (forced cards left out), layouts dealt, solver boards."""

    decisions: int = 0
    layouts: int = 0


STATS = PlayoutStats()


def softmax_choice(values: dict[Card, float], temperature: float, rng: random.Random) -> Card:
    """A card drawn with weight exp((value - best) / temperature); temperature 0 takes a best card. Cards
    are considered in a fixed order, so a seeded generator gives the same choice."""
    cards = sorted(values, key=lambda card: (card.suit, card.rank))
    best = max(values.values())
    if temperature <= 0:
        return rng.choice([card for card in cards if values[card] == best])
    weights = [math.exp((values[card] - best) / temperature) for card in cards]
    return rng.choices(cards, weights=weights)[0]


def play_outs(position: Replay, declarer: Seat, shapes: dict[Seat, HandShape], policy: Policy, count: int,
              rng: random.Random, first_allowed: Set[Card] | None = None) -> list[tuple[int, Card | None]]:
    """``count`` play-outs from ``position`` by the simulated players, run side by side so that each step's
    layouts go to the solver in one batch: for each, declarer's side's total tricks and the first card
    chosen (restricted to ``first_allowed`` when given: a penalty card, a lead restriction)."""
    side = side_of(declarer)
    lines = [position.copy() for _ in range(count)]
    firsts: list[Card | None] = [None] * count
    results: list[int | None] = [None] * count
    while True:
        asking: list[tuple[int, list[Card], int]] = []
        batch: list[tuple[frozenset[Card], ...]] = []
        for index, line in enumerate(lines):
            if results[index] is not None:
                continue
            remaining = 13 - line.tricks_won(0) - line.tricks_won(1)
            if line.is_over:
                results[index] = line.tricks_won(side)
                continue
            if remaining <= policy.endgame and firsts[index] is not None:
                results[index] = total_tricks(line, declarer)[0]
                continue
            legal = _choices(line, first_allowed if firsts[index] is None else None)
            if len(legal) == 1:
                _play(line, legal[0], firsts, index)
                continue
            view = player_view(line, line.to_play, declarer, shapes)
            layouts = sample_layouts(view, policy.layouts, rng)
            asking.append((index, legal, len(batch)))
            batch.extend(layouts)
        if not asking and all(result is not None for result in results):
            return [(result, first) for result, first in zip(results, firsts, strict=True)]  # type: ignore[misc]
        if not asking:
            continue
        values = _values_by_position(lines, asking, batch)
        for (index, legal, _), solved in zip(asking, values, strict=True):
            _play(lines[index], softmax_choice(_averages(legal, solved), policy.temperature, rng), firsts, index)


def _choices(replay: Replay, allowed: Set[Card] | None) -> list[Card]:
    """The legal cards of the player to play, limited to ``allowed`` when any of them is legal."""
    legal = replay.legal_cards()
    return [card for card in legal if allowed is None or card in allowed] or legal


def _averages(legal: list[Card], solved: list[dict[Card, int]]) -> dict[Card, float]:
    """Each card's double-dummy tricks averaged over the layouts solved for one decision (counted in STATS)."""
    STATS.decisions += 1
    STATS.layouts += len(solved)
    return {card: sum(value[card] for value in solved) / len(solved) for card in legal}


def _play(line: Replay, card: Card, firsts: list[Card | None], index: int) -> None:
    if firsts[index] is None:
        firsts[index] = card
    line.play(card)


def _values_by_position(lines: list[Replay], asking: list[tuple[int, list[Card], int]],
                        batch: list[tuple[frozenset[Card], ...]]) -> list[list[dict[Card, int]]]:
    """Solve the layouts of every line that asks, in one batch, and split the values back by line."""
    positions = []
    bounds = []
    for number, (index, _, start) in enumerate(asking):
        end = asking[number + 1][2] if number + 1 < len(asking) else len(batch)
        line = lines[index]
        positions += [(layout, line.leader, tuple(line.current_trick)) for layout in batch[start:end]]
        bounds.append((start, end))
    values = positions_values(positions, lines[0].trump)
    return [values[start:end] for start, end in bounds]


def card_averages(replay: Replay, declarer: Seat, shapes: dict[Seat, HandShape], policy: Policy,
                  rng: random.Random, allowed: Set[Card] | None = None) -> dict[Card, float]:
    """Each legal card (among ``allowed``) of the player to play, with its average double-dummy tricks for
    his side over layouts dealt from his view."""
    legal = _choices(replay, allowed)
    if len(legal) == 1:
        return {legal[0]: 0.0}
    view = player_view(replay, replay.to_play, declarer, shapes)
    layouts = sample_layouts(view, policy.layouts, rng)
    return _averages(legal, layout_values(layouts, replay.trump, replay.leader, replay.current_trick))


def choose(replay: Replay, declarer: Seat, shapes: dict[Seat, HandShape], policy: Policy, rng: random.Random,
           allowed: Set[Card] | None = None) -> Card:
    """The card the simulated player to play chooses (a forced card at once)."""
    return softmax_choice(card_averages(replay, declarer, shapes, policy, rng, allowed), policy.temperature, rng)
