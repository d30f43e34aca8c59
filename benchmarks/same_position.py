"""Positions reached at several tables: the same deal and contract, and the same cards to each of the first
tricks. Their real results are draws from what real players make of one position, so half their mean
absolute difference estimates the lowest expected CRPS any estimate of the likely result could score there
(``lowest_crps``), and ``bench_floor.py`` prints it beside double dummy's and sd's."""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from corpus_records import clean_replay
from likely_positions import Position
from likely_scoring import crps

from revsim.records.record import Record

PositionKey = tuple[object, ...]


@dataclass
class Tables:
    """One position and the tables that reached it: their positions (the first is the one estimated)."""

    positions: list[Position]

    @property
    def results(self) -> list[int]:
        return [position.actual for position in self.positions]

    @property
    def cut(self) -> int:
        return self.positions[0].cut


def position_key(record: Record, cut: int) -> PositionKey | None:
    """What makes two tables' positions after ``cut`` tricks the same: the deal, the contract and its
    declarer, and each of the first ``cut`` tricks' cards by seat (None when the play does not replay)."""
    table = clean_replay(record)
    if table is None or len(table.replay.tricks) < cut:
        return None
    assert record.contract is not None
    tricks = tuple(tuple((int(seat), str(card)) for seat, card in trick.cards) for trick in table.replay.tricks[:cut])
    return deal_key(record), str(record.contract), int(record.contract.declarer), record.first_trick, tricks


def deal_key(record: Record) -> tuple[tuple[str, ...], ...]:
    """The deal as the record gives it: each seat's cards, in order."""
    return tuple(tuple(sorted(str(card) for card in hand)) for hand in record.hands)


def same_positions(positions: Sequence[Position]) -> list[Tables]:
    """The positions reached at two tables or more, in the order first seen."""
    groups: dict[PositionKey, list[Position]] = defaultdict(list)
    for position in positions:
        key = position_key(position.record, position.cut)
        if key is not None:
            groups[key].append(position)
    return [Tables(group) for group in groups.values() if len(group) >= 2]


def lowest_crps(results: Sequence[int]) -> float:
    """Half the mean absolute difference between two tables' results: for results drawn from one distribution
    G, the expected CRPS of G itself, which no estimate can beat on average (CRPS(G, y) averaged over y from G
    is half the mean distance between two draws of G); unbiased over the pairs of tables."""
    if len(results) < 2:
        raise ValueError("the lowest CRPS needs two tables' results or more")
    pairs = list(itertools.combinations(results, 2))
    return 0.5 * sum(abs(first - second) for first, second in pairs) / len(pairs)


def spread(distribution: dict[int, float]) -> float:
    """Half the mean distance between two independent draws of a distribution of tricks: the CRPS it expects
    of itself (for the real tables' results, ``lowest_crps``)."""
    return 0.5 * sum(first_weight * second_weight * abs(first - second)
                     for first, first_weight in distribution.items() for second, second_weight in distribution.items())


def mean_crps(results: Sequence[int], distribution: dict[int, float]) -> float:
    """An estimate's CRPS (a distribution of tricks) averaged over the tables' results."""
    return sum(crps(distribution, result) for result in results) / len(results)
