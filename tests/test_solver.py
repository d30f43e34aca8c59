"""The solver module: batched double-dummy values of positions revsim builds."""

from __future__ import annotations

import pytest

from revsim.cards import Card
from revsim.likely import solver
from revsim.likely.solver import positions_values

S, H, C = 0, 1, 3


def _card(text: str) -> Card:
    return Card("SHDC".index(text[0]), "23456789TJQKA".index(text[1]) + 2)


def _hands(*hands: str) -> tuple[frozenset[Card], ...]:
    return tuple(frozenset(_card(card) for card in hand.split()) for hand in hands)


def test_two_positions_that_differ_only_in_the_trick_in_progress_keep_their_own_values() -> None:
    """West led the spade ace and North discarded a heart, or West led the heart and North discarded the spade
    ace: the same cards are left in each hand with the same leader, but East must follow to different suits."""
    left = _hands("C2", "C3", "S3 H3", "S4 H4")
    spade_led = (left, 0, ((0, _card("SA")), (1, _card("H2"))))
    heart_led = (left, 0, ((0, _card("H2")), (1, _card("SA"))))
    values = positions_values([spade_led, heart_led, spade_led], 4)
    assert set(values[0]) == {_card("S3")}
    assert set(values[1]) == {_card("H3")}
    assert values[2] == values[0]


def test_a_position_given_twice_is_solved_once() -> None:
    left = _hands("C2", "C3", "S3 H3", "S4 H4")
    position = (left, 0, ((0, _card("SA")), (1, _card("H2"))))
    solver._cache.clear()
    before = solver.STATS.calls
    values = positions_values([position] * 5, 4)
    assert solver.STATS.calls - before == 1
    assert all(value == values[0] for value in values)


def test_a_position_solved_before_is_answered_from_the_cache_with_the_same_values() -> None:
    """Solved one at a time, then in a batch beside a new position, then one at a time again: DDS is asked once for
    each position, and the cache's answers are the solver's own."""
    from revsim.play.replay import Replay

    hands = _hands("SA SK H2", "S2 S3 H4", "S4 S5 H5", "S6 HA HK")
    replay = Replay(hands, 4, 0, first_trick=11, tricks_before=(5, 5))
    solver._cache.clear()
    before = solver.STATS.calls
    alone = solver.card_values(replay)
    other = (_hands("SA H2", "S2 H4", "S4 H5", "S6 HA"), 1, ())
    batched = positions_values([(hands, 0, ()), other], 4)
    again = solver.card_values(replay)
    assert solver.STATS.calls - before == 2
    assert alone == batched[0] == again
    assert set(alone) == {_card("SA"), _card("SK"), _card("H2")}


def test_the_cache_keeps_at_most_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``CACHE_SIZE`` positions the least recently used is dropped, and asking for it solves it again."""
    monkeypatch.setattr(solver, "CACHE_SIZE", 2)
    solver._cache.clear()
    first, second, third = ((_hands(f"S{rank} H2", "S2 H4", "S4 H5", "S6 HA"), 0, ()) for rank in "AKQ")
    positions_values([first, second, third], 4)
    assert len(solver._cache) == 2
    before = solver.STATS.calls
    positions_values([third], 4)
    assert solver.STATS.calls == before
    positions_values([first], 4)
    assert solver.STATS.calls == before + 1
