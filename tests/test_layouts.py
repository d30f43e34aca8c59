"""What a player in the play-outs knows and imagines: the auction he reads (opening bids and passes, the rules a
level keeps), the hand shapes it allows, the cards he has seen, and the layouts he deals from them (the voids and
counts shown, the auction where it can be followed, the bad breaks both ways, a false void a revoke showed), and
which defenders read their partner's hand (all four hands seen)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.likely.sampling import bad_break_layouts, sample_layouts
from revsim.likely.sight import stratified_readers
from revsim.likely.view import RULES, HandShape, player_view, read_auction, read_auction_rules, record_auction
from tests.conftest import cards_of, deal_played_at_random

N, E, S, W = range(4)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def test_auction_opening_bids_and_passes() -> None:
    shapes = read_auction(["P", "1NT", "P", "3NT", "P", "P", "P"], dealer=N)
    assert (shapes[N].min_points, shapes[N].max_points) == (0, 11)        # a pass before anyone bid
    assert (shapes[E].min_points, shapes[E].max_points) == (15, 17)       # 1NT
    assert shapes[W].min_points == 6                                     # a first bid in notrump after an opening
    spade = read_auction(["1S", "2H", "2S", "P", "P", "P"], dealer=N)
    assert spade[N].min_length[SPADES] == 4 and (spade[N].min_points, spade[N].max_points) == (11, 21)
    assert spade[E].min_length[HEARTS] == 5 and (spade[E].min_points, spade[E].max_points) == (8, 17)   # overcall
    assert spade[S].min_length[SPADES] == 3                               # a raise of partner's suit
    weak = read_auction(["2H", "P", "P", "P"], dealer=S)
    assert weak[S].min_length[HEARTS] == 6 and weak[S].max_points == 10
    assert read_auction([], dealer=N) == {} and read_auction(["1S"], dealer=None) == {}


def test_auction_rules_are_named_and_a_level_reads_only_those_it_keeps() -> None:
    calls = ["P", "1NT", "P", "3NT", "P", "P", "P"]
    shapes, rules = read_auction_rules(calls, N)
    assert rules[N] == ["pass before an opening"] and rules[E] == ["opening 1NT"] and rules[W] == ["first bid in notrump"]
    assert {rule for named in rules.values() for rule in named} <= set(RULES)
    only = read_auction(calls, N, frozenset({"opening 1NT"}))
    assert only[E] == shapes[E] and only[N] == HandShape() and only[W] == HandShape()
    assert read_auction(calls, N, frozenset()) == {seat: HandShape() for seat in range(4)}


def test_an_auction_that_ends_elsewhere_than_the_contract_is_not_read() -> None:
    """An auction belongs to the record only when it ends in its contract: an auction from another table
    says nothing of these hands (the sd estimator's players do not read it)."""
    from dataclasses import replace as copy_with

    from revsim.records.record import Contract
    from revsim.synthetic import random_board

    record = copy_with(random_board(random.Random(5), "5", claim=False), dealer=N,
                       auction=["P", "1NT", "P", "3NT", "P", "P", "P"], contract=Contract(3, 4, 0, E))
    assert record_auction(record)[E].min_points == 15
    assert record_auction(copy_with(record, contract=Contract(4, 0, 0, E))) == {}     # it ends in 3NT, not 4S
    assert record_auction(copy_with(record, contract=Contract(3, 4, 0, W))) == {}     # nor by West
    assert record_auction(copy_with(record, auction=["1NT", "P"])) == {}              # nor does it end
    assert record_auction(record, frozenset({"pass before an opening"}))[E] == HandShape()


def test_hand_shape_allows_points_and_lengths() -> None:
    shape = HandShape(15, 17, (0, 0, 0, 0))
    assert shape.allows(cards_of("SA SK SQ S2 HA HK H3 D4 D5 D6 C7 C8 C9"))          # 16 points
    assert not shape.allows(cards_of("SA SK SQ SJ HA HK H3 DQ D5 D4 C7 C8 C9"))      # 19 points
    assert HandShape(0, 37, (5, 0, 0, 0)).allows(cards_of("SA S2 S3 S4 S5 H2 H3 H4 D2 D3 D4 C2 C3"))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 40))
def test_layouts_respect_the_cards_seen_the_voids_and_the_counts(seed: int, cards_played: int) -> None:
    replay, declarer = deal_played_at_random(seed, cards_played)
    view = player_view(replay, replay.to_play, declarer)
    for layout in sample_layouts(view, 8, random.Random(seed)):
        for seat, hand in view.seen.items():
            assert layout[seat] == hand
        assert all(len(layout[seat]) == len(replay.hand(seat)) for seat in range(4))
        assert frozenset().union(*layout) == frozenset().union(*(replay.hand(seat) for seat in range(4)))
        for seat, suits in view.voids.items():
            assert not any(card.suit in suits for card in layout[seat])


def test_dummy_is_seen_once_the_lead_is_faced_and_declarer_decides_for_dummy() -> None:
    replay, declarer = deal_played_at_random(7, 0)
    dummy = (declarer + 2) % 4
    before = player_view(replay, replay.to_play, declarer)
    assert dummy not in before.seen and len(before.hidden) == 3
    replay.play(replay.legal_cards()[0])
    after = player_view(replay, replay.to_play, declarer)
    assert dummy in after.seen and len(after.hidden) == 2
    while replay.to_play != dummy:
        replay.play(replay.legal_cards()[0])
    assert player_view(replay, dummy, declarer).seat == declarer


def test_layouts_follow_the_auction_when_they_can() -> None:
    replay, declarer = deal_played_at_random(11, 4)
    view = player_view(replay, replay.to_play, declarer)
    hidden = sorted(view.hidden)
    strong = HandShape(13, 37, (0, 0, 0, 0))
    shaped = player_view(replay, replay.to_play, declarer, {hidden[0]: strong})
    points = {14: 4, 13: 3, 12: 2, 11: 1}
    for layout in sample_layouts(shaped, 10, random.Random(3)):
        original = layout[hidden[0]] | shaped.played_by[hidden[0]]
        assert sum(points.get(card.rank, 0) for card in original) >= 13


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 40))
def test_bad_break_layouts_fit_the_view_and_break_each_suit_both_ways(seed: int, cards_played: int) -> None:
    replay, declarer = deal_played_at_random(seed, cards_played)
    view = player_view(replay, replay.to_play, declarer)
    layouts = bad_break_layouts(view, random.Random(seed))
    for layout in layouts:
        assert all(layout[seat] == hand for seat, hand in view.seen.items())
        assert all(len(layout[seat]) == count for seat, count in view.hidden.items())
        assert frozenset().union(*layout) == frozenset().union(*(replay.hand(seat) for seat in range(4)))
        assert all(not any(card.suit in suits for card in layout[seat]) for seat, suits in view.voids.items())
    if any(view.voids.get(seat) for seat in view.hidden):
        return
    for suit in range(4):       # with no void shown, each suit goes whole (as far as room allows) to each
        cards = {card for card in view.unseen if card.suit == suit}
        if len(cards) >= 2 and len(view.hidden) >= 2:
            for seat, room in view.hidden.items():
                assert any(len(cards & layout[seat]) == min(len(cards), room) for layout in layouts)


def test_bad_break_layouts_leave_out_the_breaks_the_auction_rules_out() -> None:
    """A hidden player the auction gives at least 4 cards in a suit is never dealt a bad break that leaves
    him fewer; an auction no bad break fits is not asked."""
    replay, declarer = deal_played_at_random(11, 4)
    view = player_view(replay, replay.to_play, declarer)
    hidden = sorted(view.hidden)
    suit = max(range(4), key=lambda s: sum(1 for card in view.unseen if card.suit == s))
    least = [0, 0, 0, 0]
    least[suit] = 4
    shaped = player_view(replay, replay.to_play, declarer, {hidden[0]: HandShape(0, 37, tuple(least))})  # type: ignore[arg-type]

    def length(layout: tuple[frozenset[Card], ...]) -> int:
        return sum(1 for card in layout[hidden[0]] | shaped.played_by[hidden[0]] if card.suit == suit)

    unshaped = bad_break_layouts(view, random.Random(2))
    assert any(length(layout) < 4 for layout in unshaped)
    layouts = bad_break_layouts(shaped, random.Random(2))
    assert layouts and all(length(layout) >= 4 for layout in layouts)
    impossible = player_view(replay, replay.to_play, declarer, {hidden[0]: HandShape(40, 40)})
    assert len(bad_break_layouts(impossible, random.Random(2))) == len(unshaped)


def test_layouts_drop_a_false_void_shown_by_a_revoke() -> None:
    from revsim.likely.view import View

    # East "showed out" of hearts (a revoke) but still holds the HQ: no layout fits the void
    view = View(seat=0, seen={0: cards_of("SA SK"), 2: cards_of("S2 S3")}, hidden={1: 2, 3: 2},
                unseen=cards_of("HQ S4 S5 S6"), voids={1: frozenset({HEARTS}), 3: frozenset({HEARTS})})
    layouts = sample_layouts(view, 4, random.Random(1))
    assert all(len(layout[1]) == 2 and len(layout[3]) == 2 for layout in layouts)
    assert all(cards_of("HQ") <= layout[1] | layout[3] for layout in layouts)


def test_a_defender_who_reads_his_partner_sees_all_four_hands() -> None:
    replay, declarer = deal_played_at_random(5, 6)
    while (replay.to_play - declarer) % 2 == 0:
        replay.play(replay.legal_cards()[0])
    defender = replay.to_play
    reading = player_view(replay, defender, declarer, reads_hands=True)
    assert set(reading.seen) == {0, 1, 2, 3} - set(reading.hidden) and list(reading.hidden) == [declarer]
    plain = player_view(replay, defender, declarer)
    assert (defender + 2) % 4 in plain.hidden and len(plain.hidden) == 2
    while (replay.to_play - declarer) % 2 == 1:
        replay.play(replay.legal_cards()[0])
    assert len(player_view(replay, replay.to_play, declarer).hidden) == 2
    assert len(player_view(replay, replay.to_play, declarer, reads_hands=True).hidden) == 1   # declarer reading


def test_stratified_readers_are_the_eligible_players_drawn_with_the_sight_as_each_ones_chance() -> None:
    rng = random.Random(1)
    state = rng.getstate()
    defending = [True, False, True, True, False, True, True, True, True, True]
    assert stratified_readers(defending, 0.0, rng) == [False] * 10
    assert stratified_readers(defending, 1.0, rng) == defending
    assert rng.getstate() == state                           # no draw at sight 0 or 1
    for _ in range(50):                                      # 8 defenders at sight 0.5: exactly 4 read
        chosen = stratified_readers(defending, 0.5, rng)
        assert sum(chosen) == 4 and not any(c and not d for c, d in zip(chosen, defending, strict=True))
    counts = [0, 0, 0]
    for _ in range(6000):                                    # 3 defenders at 0.4: each reads 40% of the time
        for number, reads in enumerate(stratified_readers([True, True, True], 0.4, rng)):
            counts[number] += reads
    assert all(abs(count / 6000 - 0.4) < 0.03 for count in counts)
