"""The errors each side made before a position, as double dummy counts them: every card of the play from the
opening lead to the cut, with the tricks it cost its side against the best card there on the actual deal.
A position is read up to its cut, so these are what an estimate may read there. bench_luck.py asks whether
declarer's side, having erred before, errs again after (a weaker player, a harder deal)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from likely_positions import Position

from revsim.cards import Card, Seat
from revsim.likely.predict import position_after
from revsim.likely.solver import card_values
from revsim.play.replay import Replay


@dataclass(frozen=True)
class ErrorsSoFar:
    """Tricks given away before the cut, double dummy: by declarer's side, by the defenders after the opening
    lead, and by the opening lead."""

    declarer: int
    defenders: int
    lead: int


ERROR_BUCKETS = ("none", "some")
"""No trick given away before the cut, or at least one."""


def card_costs(start: Replay, cards: Sequence[Card]) -> list[tuple[Seat, int]]:
    """Each of ``cards`` played in turn from ``start`` (a copy is played on), with its player and the tricks it
    cost his side against the best card there, double dummy."""
    line = start.copy()
    costs = []
    for card in cards:
        seat = line.to_play
        values = card_values(line)
        best = max(values.values())
        costs.append((seat, best - values.get(card, best)))
        line.play(card)
    return costs


def errors_of(costs: Sequence[tuple[Seat, int]], declarer: Seat) -> ErrorsSoFar:
    """The costs summed by side, the opening lead (the first card) apart."""
    ours = sum(cost for seat, cost in costs if seat % 2 == declarer % 2)
    theirs = sum(cost for seat, cost in costs[1:] if seat % 2 != declarer % 2)
    return ErrorsSoFar(ours, theirs, costs[0][1] if costs else 0)


def error_bucket(tricks: int) -> str:
    """The bucket of a side's errors (``ERROR_BUCKETS``)."""
    return ERROR_BUCKETS[0] if tricks == 0 else ERROR_BUCKETS[1]


def errors_task(position: Position) -> list[tuple[Seat, int]]:
    """The costs of the cards before a position (one solve a card: give the record's position with the largest
    cut, and ``errors_at`` reads its other positions from the same costs)."""
    played = position_after(position.record, position.cut)
    return card_costs(position_after(position.record, 0), [play.card for play in played.plays])


def errors_at(costs: Sequence[tuple[Seat, int]], position: Position) -> ErrorsSoFar:
    """A position's errors so far from its record's costs (``errors_task``): the first ``4 * cut`` cards."""
    assert position.record.contract is not None
    return errors_of(costs[:4 * position.cut], position.record.contract.declarer)
