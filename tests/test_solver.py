"""The solver module: batched double-dummy values of positions revsim builds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
    monkeypatch.setattr(solver._cache, "size", 2)
    solver._cache.clear()
    first, second, third = ((_hands(f"S{rank} H2", "S2 H4", "S4 H5", "S6 HA"), 0, ()) for rank in "35A")
    positions_values([first, second, third], 4)
    assert len(solver._cache) == 2
    before = solver.STATS.calls
    positions_values([third], 4)
    assert solver.STATS.calls == before
    positions_values([first], 4)
    assert solver.STATS.calls == before + 1


def _replay_of(position: tuple, trump: int):  # type: ignore[no-untyped-def]
    from revsim.play.replay import Replay

    hands, leader, _ = position
    tricks = len(next(iter(hands)))
    return Replay(hands, trump, leader, first_trick=14 - tricks, tricks_before=(13 - tricks, 0))


def test_positions_equal_up_to_touching_cards_are_solved_once_and_answered_on_their_own_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """North holds the SK or the SQ over the other hands' spades: with the SA gone, the same position by relative
    rank. DDS is asked once; each asking position gets its values on its own cards (small positions are looked up
    by relative rank here, as large ones are in use)."""
    monkeypatch.setattr(solver, "RELATIVE_FROM", 0)
    with_king = (_hands("SK S2", "S3 S4", "S5 S6", "S7 S8"), 0, ())
    with_queen = (_hands("SQ S2", "S3 S4", "S5 S6", "S7 S8"), 0, ())
    another = (_hands("S2 S3", "SK S4", "S5 S6", "S7 S8"), 0, ())
    solver._cache.clear()
    before = solver.STATS.calls
    king, queen, king_again = (solver.card_values(_replay_of(position, 4))
                               for position in (with_king, with_queen, with_king))
    assert solver.STATS.calls - before == 1
    assert set(king) == {_card("SK"), _card("S2")} and set(queen) == {_card("SQ"), _card("S2")}
    assert king[_card("SK")] == queen[_card("SQ")] and king[_card("S2")] == queen[_card("S2")] and king_again == king
    solver.card_values(_replay_of(another, 4))   # another position: solved
    assert solver.STATS.calls - before == 2


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 7), st.integers(0, 4), st.sampled_from([0, 24]))
def test_the_relative_rank_cache_gives_every_position_the_values_dds_gives_it(seed: int, tricks: int, trump: int,
                                                                              relative_from: int) -> None:
    """Random endings of a few tricks, several positions equal by relative rank among them, asked of ``card_values``
    one after another: each answered from the cache equals DDS's own answer for it, solved alone from an empty cache
    (the relative lookup from every size of position, and from its size in use)."""
    import random

    solver.RELATIVE_FROM, kept = relative_from, solver.RELATIVE_FROM
    from revsim.cards import full_pack

    rng = random.Random(seed)
    pack = sorted(full_pack(), key=lambda card: (card.suit, card.rank))
    rng.shuffle(pack)
    hands = tuple(frozenset(pack[seat * tricks:(seat + 1) * tricks]) for seat in range(4))
    leader = rng.randrange(4)
    positions = [(hands, leader, ())]
    for _ in range(3):   # the same ending with a hand's card swapped for an unplayed card of the same suit
        seat = rng.randrange(4)
        card = rng.choice(sorted(hands[seat]))
        unplayed = [other for other in pack[4 * tricks:] if other.suit == card.suit]
        if unplayed:
            swapped = list(hands)
            swapped[seat] = hands[seat] - {card} | {rng.choice(unplayed)}
            positions.append((tuple(swapped), leader, ()))
    try:
        solver._cache.clear()
        together = [solver.card_values(_replay_of(position, trump)) for position in positions]   # one cache
        for position, values in zip(positions, together, strict=True):
            solver._cache.clear()
            assert positions_values([position], trump)[0] == values
    finally:
        solver.RELATIVE_FROM = kept
