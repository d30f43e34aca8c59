"""Law 50D in the play after a correction: a major penalty card played at the first legal opportunity (50D1),
declarer's lead options when the holder's partner gains the lead (50D2), checked against a brute-force search."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card, partner, side_of
from revsim.equity.penalty import Penalty, law50d1_forced, law50d_card_values
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
