"""The errors each side made before a position, double dummy (bench_luck.py reads real results by them)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.likely.solver import total_tricks
from revsim.play.replay import Replay
from tests.conftest import spade_finesse_ending

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from errors_so_far import card_costs, error_bucket, errors_of  # noqa: E402

N, E, S, W = range(4)


def _two_left() -> Replay:
    """Notrump, two tricks left, West on lead with the king of spades and a small heart; dummy (North) holds the
    ace and queen of spades; South is declarer."""
    return spade_finesse_ending(W)


def test_law64c_errors_so_far_count_each_sides_cards_and_the_lead_apart() -> None:
    # West's king gives away the heart trick (1); dummy's queen under it gives away both (2).
    costs = card_costs(_two_left(), [Card.parse(c) for c in ("SK", "SQ", "S4", "S2")])
    assert costs == [(W, 1), (N, 2), (E, 0), (S, 0)]
    errors = errors_of(costs, S)
    assert (errors.declarer, errors.defenders, errors.lead) == (2, 0, 1)


def test_law64c_the_best_cards_give_nothing_away() -> None:
    costs = card_costs(_two_left(), [Card.parse(c) for c in ("H2", "SQ", "S4", "S2")])
    assert [cost for _, cost in costs] == [0, 0, 0, 0]
    assert errors_of(costs, S) == errors_of([], S)


@pytest.mark.parametrize(("tricks", "bucket"), [(0, "none"), (1, "some"), (3, "some")])
def test_error_buckets_part_at_the_first_trick_given_away(tricks: int, bucket: str) -> None:
    assert error_bucket(tricks) == bucket


def _random_ending(rng: random.Random, size: int) -> Replay:
    cards = [Card(suit, rank) for suit in range(4) for rank in range(2, 15)]
    rng.shuffle(cards)
    hands = tuple(frozenset(cards[seat * size:(seat + 1) * size]) for seat in range(4))
    return Replay(hands, rng.randrange(5), rng.randrange(4), first_trick=14 - size,
                  tricks_before=(13 - size, 0))


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 4), st.integers(1, 8))
def test_law64c_the_errors_so_far_are_what_double_dummy_lost_on_the_way(rng: random.Random, size: int,
                                                                         cards: int) -> None:
    start = _random_ending(rng, size)
    line, played = start.copy(), []
    for _ in range(min(cards, 4 * size - 1)):
        card = rng.choice(line.legal_cards())
        played.append(card)
        line.play(card)
    costs = card_costs(start, played)
    assert all(cost >= 0 for _, cost in costs)
    declarer = rng.randrange(4)
    errors = errors_of(costs, declarer)
    lost = total_tricks(start, declarer)[0] - total_tricks(line, declarer)[0]
    assert lost == errors.declarer - errors.defenders - (errors.lead if costs[0][0] % 2 != declarer % 2 else 0)
