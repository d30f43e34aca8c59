"""Keeping guards: a simulated defender, among the cards that tie best on his layouts, does not throw a guard on
an honour dummy's cards surround (``likely/guards.py``), which double dummy cannot value, since it lets declarer
see every card."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.likely.guards import HONOUR, gives_up_a_guard, keep_guards
from revsim.likely.levels import load_level
from revsim.play.replay import Replay
from tests.conftest import cards_of, random_position

NORTH, EAST, SOUTH = 0, 1, 2


def _west_to_discard() -> Replay:
    """Notrump, four cards each: North leads the H9, East and South follow, West (SQ S8 S7 D2) has no heart.
    Dummy (North) holds SK SJ S9, South SA ST S4: the two higher spades are out against West's queen."""
    hands = (cards_of("SK SJ S9 H9"), cards_of("H3 S6 S5 S3"), cards_of("SA ST S4 H2"), cards_of("SQ S8 S7 D2"))
    replay = Replay(hands, 4, 0, first_trick=10, tricks_before=(5, 4))
    for card in ("H9", "H3", "H2"):
        replay.play(Card.parse(card))
    return replay


def test_a_discard_that_leaves_a_queen_short_of_her_guards_gives_one_up() -> None:
    """Q87 against the ace and king, under dummy's KJ9, is guarded: a spade discard leaves Q8, which the ace and
    king drop, and throwing the queen gives her up; the diamond keeps her guarded. South's AT4 surrounds the
    queen too. East's small spades do not (none is above her): with such a dummy declarer has no guess to make
    and no guard counts."""
    replay = _west_to_discard()
    for dummy in (NORTH, SOUTH):
        assert gives_up_a_guard(replay, Card.parse("S7"), dummy)
        assert gives_up_a_guard(replay, Card.parse("S8"), dummy)
        assert gives_up_a_guard(replay, Card.parse("SQ"), dummy)
        assert not gives_up_a_guard(replay, Card.parse("D2"), dummy)
    assert not gives_up_a_guard(replay, Card.parse("S7"), EAST)


def test_a_defender_keeps_his_guards_only_among_cards_that_tie_best() -> None:
    """Where the diamond ties with the spades, the spades count one layout's trick worse; a spade that is
    better on his layouts keeps its value, and when every tied card gives up a guard none is moved."""
    replay = _west_to_discard()
    tied = {Card.parse("S7"): 1.0, Card.parse("SQ"): 1.0, Card.parse("D2"): 1.0, Card.parse("S8"): 0.5}
    keep_guards(replay, tied, 1 / 16, NORTH)
    assert tied == {Card.parse("S7"): 1 - 1 / 16, Card.parse("SQ"): 1 - 1 / 16, Card.parse("D2"): 1.0,
                    Card.parse("S8"): 0.5}
    better = {Card.parse("S7"): 1.0, Card.parse("D2"): 0.75}
    keep_guards(replay, better, 1 / 16, NORTH)
    assert better == {Card.parse("S7"): 1.0, Card.parse("D2"): 0.75}
    all_spades = {Card.parse("S7"): 1.0, Card.parse("S8"): 1.0}
    keep_guards(replay, all_spades, 1 / 16, NORTH)
    assert all_spades == {Card.parse("S7"): 1.0, Card.parse("S8"): 1.0}


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 13), st.integers(0, 3))
def test_only_a_discard_from_a_suit_with_a_surrounded_honour_can_give_up_a_guard(seed: int, length: int,
                                                                                  dummy: int) -> None:
    """A lead or a card that follows suit never gives up a guard; a discard does only from a suit in which the
    player holds an honour that dummy surrounds (a card of the suit above it and one below) and that was guarded
    (as many other cards of the suit as higher cards out), and then exactly when that honour is thrown or left
    with fewer other cards than higher cards out."""
    replay = random_position(seed, length)
    seat = replay.to_play
    trick = replay.current_trick
    for card in replay.legal_cards():
        held = [other for other in replay.hand(seat) if other.suit == card.suit]
        out = [other for hand in range(4) if hand != seat for other in replay.hand(hand) if other.suit == card.suit]
        table = [other.rank for other in replay.hand(dummy) if other.suit == card.suit]
        discard = bool(trick) and trick[0][1].suit != card.suit
        expected = discard and any(
            any(rank > honour.rank for rank in table) and any(rank < honour.rank for rank in table) and
            len(held) - 1 >= sum(o.rank > honour.rank for o in out)
            and (honour == card or len(held) - 2 < sum(o.rank > honour.rank for o in out))
            for honour in held if honour.rank >= HONOUR)
        assert gives_up_a_guard(replay, card, dummy) == expected


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 13), st.integers(1, 32), st.integers(0, 3))
def test_keeping_guards_moves_only_tied_best_cards_that_give_one_up_and_never_all_of_them(
        seed: int, length: int, layouts: int, dummy: int) -> None:
    rng = random.Random(seed)
    replay = random_position(seed, length)
    values = {card: float(rng.randint(0, 2)) for card in replay.legal_cards()}
    before = dict(values)
    keep_guards(replay, values, 1 / layouts, dummy)
    best = max(before.values())
    top = [card for card in before if before[card] == best]
    losing = [card for card in top if gives_up_a_guard(replay, card, dummy)]
    moved = losing if losing and len(losing) < len(top) else []
    assert values == {card: value - (1 / layouts if card in moved else 0.0) for card, value in before.items()}
    assert max(values.values()) == best


def test_the_expert_level_keeps_guards_and_the_club_level_does_not() -> None:
    """The switch is the level's, as levels.json ships it: fitted on expert play (docs/calibration.md)."""
    assert load_level("expert").policy.keep_guards
    assert not load_level("club").policy.keep_guards
