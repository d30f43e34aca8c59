"""The solver module: batched double-dummy values of positions revsim builds."""

from __future__ import annotations

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
    before = solver.STATS.calls
    values = positions_values([position] * 5, 4)
    assert solver.STATS.calls - before == 1
    assert all(value == values[0] for value in values)
