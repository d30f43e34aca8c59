"""Law 50D in the play after a correction: a major penalty card played at the first legal opportunity (50D1),
declarer's lead options when the holder's partner gains the lead (50D2), checked against a brute-force search."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card, partner, side_of
from revsim.likely.penalty import law50d1_forced, law50d_card_values
from revsim.likely.penalty_rules import Penalty
from revsim.play.replay import Replay
from tests.conftest import cards_of


def _brute(replay: Replay, declarer: int, penalties: tuple[Penalty, ...], lead_suit=None) -> int:  # type: ignore[no-untyped-def]
    """Every play tried, no solver: declarer's side's total tricks with 50D1 and 50D2 obeyed."""
    if replay.is_over:
        return replay.tricks_won(side_of(declarer))
    held = tuple(p for p in penalties if p.card in replay.hand(p.seat))
    side = side_of(declarer)
    if lead_suit is None and not replay.current_trick and held:
        leader = replay.to_play
        mine = [p for p in held if p.seat == partner(leader)]
        if mine and side_of(leader) != side:
            rest = tuple(p for p in held if p != mine[0])
            return max(_brute(replay, declarer, held, ()), _brute(replay, declarer, rest, (mine[0].card.suit, True)),
                       _brute(replay, declarer, rest, (mine[0].card.suit, False)))
    forced = law50d1_forced(replay, held)
    cards = [forced] if forced is not None else replay.legal_cards()
    if lead_suit:
        suit, required = lead_suit
        cards = [card for card in cards if (card.suit == suit) == required] or cards
    results = []
    for card in cards:
        replay.play(card)
        results.append(_brute(replay, declarer, held))
        replay.undo()
    return max(results) if side_of(replay.to_play) == side else min(results)


def _ending(seed: int, length: int) -> tuple[Replay, Penalty]:
    rng = random.Random(seed)
    deck = [Card(suit, rank) for suit in range(4) for rank in range(2, 15)]
    rng.shuffle(deck)
    hands = tuple(frozenset(deck[i * length:(i + 1) * length]) for i in range(4))
    leader = rng.randrange(4)
    replay = Replay(hands, rng.randrange(5), leader, first_trick=14 - length, tricks_before=(13 - length, 0))
    defender = rng.choice([1, 3])
    return replay, Penalty(defender, rng.choice(sorted(hands[defender])))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_law50d_the_search_with_the_solver_at_its_leaves_agrees_with_every_play_tried(seed: int, length: int) -> None:
    replay, penalty = _ending(seed, length)
    values = law50d_card_values(replay, 0, [penalty])
    for card, value in values.items():
        replay.play(card)
        assert value == _brute(replay, 0, (penalty,)), (card, penalty)
        replay.undo()
    forced = law50d1_forced(replay, [penalty])
    assert forced is None or list(values) == [forced]


def test_law50d1_a_trump_penalty_card_must_ruff_where_the_defender_would_rather_keep_it() -> None:
    """Spades trumps, North to lead the HA with two tricks to follow. East holds the S9 (a penalty card) and the
    S8 with no heart: free, he discards the S8 and keeps the S9 over dummy... here he must play the S9 at once."""
    hands = (cards_of("HA HK S2"), cards_of("S9 S8 D3"), cards_of("HQ HJ S3"), cards_of("H2 ST D2"))
    replay = Replay(hands, 0, 0, first_trick=11, tricks_before=(5, 5))
    replay.play(Card.parse("HA"))
    assert law50d1_forced(replay, [Penalty(1, Card.parse("S9"))]) == Card.parse("S9")
    assert law50d1_forced(replay, []) is None
    assert law50d1_forced(replay, [Penalty(1, Card.parse("D3"))]) == Card.parse("D3")   # a discard: the D3 it is


def test_law62a_law50d1_a_corrected_ruff_leaves_a_penalty_card_that_decides_a_trick() -> None:
    """hands/law62a-penalty-card-decides-a-trick.toml (its reasoning in its comments): with the S2 a major penalty
    card the corrected play gives declarer 8 tricks; free to keep it, East would hold him to 7."""
    from revsim.adjudicate import Settings, adjudicate
    from revsim.records.readers import read_records
    from revsim.records.record import Record
    from tests.conftest import HANDS

    [record] = list(read_records(HANDS / "law62a-penalty-card-decides-a-trick.toml"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.law == "62A" and [(o.tricks, o.weight) for o in ruling.ns] == [(8, 1.0)]
    assert ruling.chosen is not None and "East's S2 played as Law 50D requires" in ruling.chosen.lines[0].stopped
    position = Replay(tuple(cards_of(text) for text in ("SQ H6 D7 C2", "SK S2 H8 C3", "ST H5 H3 CK", "DA D9 C8 C7")),
                      0, 0, first_trick=10, tricks_before=(6, 3))
    position.play(Card.parse("H6"))
    with_penalty = law50d_card_values(position, 2, [Penalty(1, Card.parse("S2"))])
    free = law50d_card_values(position, 2, [])
    assert with_penalty is not None and free is not None
    assert with_penalty[Card.parse("H8")] == 8 and free[Card.parse("H8")] == 7


def test_law62c1_declarer_may_take_back_the_card_he_played_after_the_revoke() -> None:
    """Law 62C1: South followed the revoke with the H3; in the corrected play he chooses again, as he likes (the
    corrected world is rebuilt from before the revoke card, so every later card is chosen anew)."""
    from revsim.adjudicate import Settings, adjudicate
    from revsim.records.readers import read_records
    from revsim.records.record import Record
    from tests.conftest import HANDS

    [record] = list(read_records(HANDS / "law62a-penalty-card-decides-a-trick.toml"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.chosen is not None
    position_cards = [str(card) for card in ruling.chosen.chosen]
    assert position_cards == ["H8"]                       # East's legal card; nothing after it is taken from the record
    table_like = ruling.chosen.lines[1]
    assert table_like.name == "table-like" and table_like.cards[0] == "H8"


def test_law62c1_declarer_takes_back_his_overruff_and_keeps_the_trump_he_needs() -> None:
    """hands/law62c1-declarer-takes-back-his-overruff.toml (its reasoning in its comments): South overruffed East's
    revoke with the SQ; in the corrected play he may take it back (Law 62C1), and discarding instead is worth a
    trick: 10 tricks, where keeping the SQ on the trick gives 9."""
    from revsim.adjudicate import Settings, adjudicate
    from revsim.outputs.text import ruling_to_text
    from revsim.records.readers import read_records
    from revsim.records.record import Record
    from tests.conftest import HANDS

    [record] = list(read_records(HANDS / "law62c1-declarer-takes-back-his-overruff.toml"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.law == "62A" and [(o.tricks, o.weight) for o in ruling.ns] == [(10, 1.0)]
    assert "South's ♠Q, played after the revoke, may be taken back and another card played (Law 62C1)" in \
        ruling_to_text(ruling)
    corrected = Replay(tuple(cards_of(text) for text in ("HA DT D5 CJ", "S3 H6 DJ C7", "SQ SJ D7 C2", "S9 HQ H4 D2")),
                       0, 3, first_trick=10, tricks_before=(6, 3))
    for card in ("HQ", "HA", "H6"):   # West leads, dummy wins, East follows as corrected; South to play
        corrected.play(Card.parse(card))
    penalty = [Penalty(1, Card.parse("S3"))]
    south = law50d_card_values(corrected, 2, penalty)
    assert south is not None
    assert max(south.values()) == 10 and south[Card.parse("SQ")] == 9


@given(st.integers(0, 2**32 - 1), st.integers(2, 13))
def test_law62c1_only_the_non_offenders_cards_after_the_revoke_may_be_withdrawn(seed: int, length: int) -> None:
    from revsim.laws.law62 import law62c1_cards_that_may_be_withdrawn

    replay, _ = _ending(seed, length)
    while not replay.is_over:
        replay.play(replay.legal_cards()[0])
    plays = replay.plays
    revoke = random.Random(seed).choice(plays)
    withdrawn = law62c1_cards_that_may_be_withdrawn(plays, revoke.trick, revoke.seat)
    in_trick = [play for play in plays if play.trick == revoke.trick]
    later = in_trick[in_trick.index(revoke) + 1:]
    assert withdrawn == [play for play in later if side_of(play.seat) != side_of(revoke.seat)]
    assert len(withdrawn) <= 2 and all(play.trick == revoke.trick for play in withdrawn)


def _west_penalty_ace() -> Replay:
    """No trumps, South declares, East to lead to trick 12. West's HA is a major penalty card. Free, East leads
    the H5 and West's ace wins it (North-South 1 trick of 2). Forbidden to lead hearts (Law 50D2), East must lead
    the D3: West keeps the HA (picked up), but it can only fall under the SA at trick 13 (North-South 2)."""
    hands = (cards_of("HK D2"), cards_of("H5 D3"), cards_of("SA DA"), cards_of("HA S2"))
    return Replay(hands, 4, 1, first_trick=12, tricks_before=(6, 5))


def test_law50d2_the_search_takes_declarers_best_lead_option() -> None:
    position = _west_penalty_ace()
    penalty = Penalty(3, Card.parse("HA"))
    assert _brute(position, 2, (penalty,)) == 8
    searched = law50d_card_values(position, 2, [penalty], allowed={Card.parse("D3")})
    assert searched == {Card.parse("D3"): 8}


def test_law50d2_the_play_outs_declarer_forbids_the_suit_that_would_free_the_penalty_card() -> None:
    from revsim.likely.lead_options import law50d2_declarer_choice
    from revsim.likely.playout import Policy, play_out_lines

    position = _west_penalty_ace()
    penalty = Penalty(3, Card.parse("HA"))
    kept, choice = law50d2_declarer_choice(position, 2, {}, 8, random.Random(1), (penalty,))
    assert choice is not None and choice.forbidden == {Card.parse("HA").suit} and choice.required is None
    assert kept == ()      # hearts forbidden; the HA picked up
    lines = play_out_lines(position, 2, {}, Policy(0.02, 8, endgame=0), 12, random.Random(2), penalties=(penalty,))
    assert {line.cards[0] for line in lines} == {Card.parse("D3")} and {line.tricks for line in lines} == {8}


@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_law50d2_the_play_outs_choice_is_one_the_law_gives(seed: int, length: int) -> None:
    from revsim.likely.lead_options import law50d2_declarer_choice
    from revsim.likely.penalty_rules import law50d2_lead_options

    replay, penalty = _ending(seed, length)
    declarer = next(seat for seat in range(4) if side_of(seat) != side_of(penalty.seat))
    options = law50d2_lead_options(replay, side_of(declarer), (penalty,))
    chosen = law50d2_declarer_choice(replay, declarer, {}, 6, random.Random(seed), (penalty,))
    assert chosen in options if options else chosen == ((penalty,), None)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_law50d_with_a_penalty_card_for_each_defender_the_search_agrees_with_every_play_tried(seed: int,
                                                                                             length: int) -> None:
    """Both defenders hold a major penalty card: the search (which skips the solver where one card is worth trying,
    and takes a card that leaves no penalty card at its double-dummy bound) gives every card the value that
    trying every play gives."""
    replay, first = _ending(seed, length)
    other = 4 - first.seat  # the other defender: East (1) and West (3)
    second = Penalty(other, random.Random(seed ^ 0xC0DE).choice(sorted(replay.hand(other))))
    values = law50d_card_values(replay, 0, [first, second])
    assert values
    for card, value in values.items():
        replay.play(card)
        assert value == _brute(replay, 0, (first, second)), (card, first, second)
        replay.undo()
