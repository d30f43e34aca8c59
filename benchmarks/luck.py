"""Declarer's luck at a position: how far double dummy's result on the actual deal lies above what double dummy
makes on average over the layouts a player could deal from his view there (the cards he sees, the play so far
and the auction, as the simulated players deal them). Lucky for declarer, the actual lie gives double dummy
tricks his layouts do not; for the defenders alike from theirs. bench_luck.py reads real results by it."""

from __future__ import annotations

import random
import statistics
import zlib
from dataclasses import dataclass

from likely_positions import Position

from revsim.cards import Seat, next_seat, partner
from revsim.likely.predict import position_after
from revsim.likely.sampling import sample_layouts
from revsim.likely.solver import layout_values, side_total
from revsim.likely.view import HandShape, player_view, record_auction
from revsim.play.replay import Replay

LUCK_EDGES = (-0.5, 0.5)
"""Where the buckets of luck part: unlucky (below -0.5 of a trick), about even, lucky (above 0.5)."""

LUCK_BUCKETS = ("unlucky", "even", "lucky")


@dataclass(frozen=True)
class Luck:
    """Double dummy's tricks for declarer's side on the actual deal minus their mean over declarer's layouts
    (``declarer``) and over the defenders' (``defenders``, each defender's mean, the two averaged)."""

    declarer: float
    defenders: float


def luck_bucket(value: float) -> str:
    """The bucket of a luck (``LUCK_EDGES``)."""
    low, high = LUCK_EDGES
    return LUCK_BUCKETS[0] if value < low else LUCK_BUCKETS[2] if value > high else LUCK_BUCKETS[1]


def mean_view_tricks(replay: Replay, seer: Seat, declarer: Seat, shapes: dict[Seat, HandShape], layouts: int,
                     rng: random.Random) -> float:
    """Declarer's side's total tricks, double dummy, averaged over ``layouts`` layouts dealt from ``seer``'s view
    of the position (tricks already won included)."""
    dealt = sample_layouts(player_view(replay, seer, declarer, shapes), layouts, rng)
    return statistics.mean(side_total(replay, declarer, max(values.values()))
                           for values in layout_values(dealt, replay.trump, replay.leader, replay.current_trick))


def luck_of(task: tuple[Position, frozenset[str] | None, int, int]) -> Luck:
    """A position's luck (its ``dd`` set), from ``layouts`` layouts a view seeded by ``seed`` and the position;
    the players read the auction's rules given (None: every rule)."""
    position, rules, layouts, seed = task
    record = position.record
    assert record.contract is not None
    declarer = record.contract.declarer
    replay = position_after(record, position.cut)
    shapes = record_auction(record, rules)

    def mean_from(seer: Seat) -> float:
        key = f"{seed}:{position.source}:{position.index}:{position.cut}:{seer}"
        return mean_view_tricks(replay, seer, declarer, shapes, layouts, random.Random(zlib.crc32(key.encode())))

    defenders = [next_seat(declarer), partner(next_seat(declarer))]
    return Luck(position.dd - mean_from(declarer), position.dd - statistics.mean(mean_from(s) for s in defenders))
