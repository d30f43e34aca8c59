"""A defender who reads his partner's count (``Policy.defence_count``): the suit lengths his partner's signals
show. The layouts he deals give his partner exactly those lengths (and declarer the rest); at count 0 nothing
changes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.likely.playout import Policy, count_readers, hand_readers, stratified_readers
from revsim.likely.sampling import bad_break_layouts, sample_layouts
from revsim.likely.sd import Level, level_parameters, load_level
from revsim.likely.view import player_view, suit_lengths
from revsim.likely.worlds import Estimate
from revsim.outputs.playouts import playout_method
from revsim.play.replay import Replay
from tests.conftest import cards_of

N, E, S, W = range(4)


def _after_the_lead() -> tuple[Replay, int]:
    """Clubs, South declarer: West has led the king of hearts to dummy's ace, the first trick is over.
    East holds a singleton club, so a West who reads his count knows South's long clubs."""
    hands = (cards_of("S3 S2 HA H6 H4 H3 DA DK DQ D7 C4 C2 CA"),
             cards_of("SA SQ SJ S6 S5 H9 H8 H7 D5 D4 D3 D2 C6"),
             cards_of("S7 S4 H5 H2 D6 CK CJ CT C9 C8 C7 C5 C3"),
             cards_of("SK ST S9 S8 HK HQ HJ HT DJ DT D9 D8 CQ"))
    replay = Replay(hands, 3, W)
    for card in ("HK", "HA", "H7", "H2"):
        replay.play(Card.parse(card))
    return replay, S


def test_policy_a_defender_who_reads_his_partners_count_knows_every_hidden_length() -> None:
    replay, declarer = _after_the_lead()
    for card in ("H3", "H8", "H5"):                     # dummy leads a heart: West plays last
        replay.play(Card.parse(card))
    view = player_view(replay, W, declarer, reads_count=True)
    assert view.lengths == {E: suit_lengths(replay.hand(E))}
    layouts = sample_layouts(view, 24, random.Random(5))
    for layout in layouts:
        assert suit_lengths(layout[E]) == suit_lengths(replay.hand(E))
        assert suit_lengths(layout[S]) == suit_lengths(replay.hand(S))
        assert layout[N] == frozenset(replay.hand(N)) and layout[W] == frozenset(replay.hand(W))
    assert len({layout[E] for layout in layouts}) > 1          # the cards within each suit are still unknown
    assert bad_break_layouts(view, random.Random(5)) == []     # no break to fear: he knows them all
    assert player_view(replay, W, declarer).lengths == {}


def test_policy_declarer_and_a_defender_who_sees_his_partner_read_no_count() -> None:
    replay, declarer = _after_the_lead()
    assert player_view(replay, S, declarer, reads_count=True).lengths == {}
    for card in ("H3", "H8", "H5"):
        replay.play(Card.parse(card))
    assert player_view(replay, W, declarer, reads_hands=True, reads_count=True).lengths == {}


def test_policy_an_opening_leader_reads_no_count_before_dummy_is_faced() -> None:
    replay, declarer = _after_the_lead()
    fresh = Replay(tuple(frozenset(replay.hand(seat)) | {p.card for p in replay.plays if p.seat == seat}
                         for seat in range(4)), 3, W)     # type: ignore[arg-type]
    assert player_view(fresh, W, declarer, reads_count=True).lengths == {}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=12), st.sampled_from([0.0, 0.5, 1.0]),
       st.sampled_from([0.0, 0.25, 0.5, 1.0]), st.integers(0, 2**32 - 1))
def test_count_readers_are_defenders_who_do_not_read_hands(defending: list[bool], sight: float, count: float,
                                                           seed: int) -> None:
    """Only defenders who do not read their partner's hand read his count, stratified (floor or ceiling of
    count x such deciders); at count 0 there is no draw, so the play-outs are the shipped ones."""
    policy = Policy(0.02, defence_sight=sight, defence_count=count)
    rng = random.Random(seed)
    reading = hand_readers(defending, policy, rng)
    state = rng.getstate()
    counting = count_readers(defending, reading, policy, rng)
    eligible = [d and not r for d, r in zip(defending, reading, strict=True)]
    assert all(e for c, e in zip(counting, eligible, strict=True) if c)
    assert int(count * sum(eligible)) <= sum(counting) <= int(count * sum(eligible)) + 1
    if count == 0:
        assert rng.getstate() == state and not any(counting)
    assert reading == stratified_readers(defending, sight, random.Random(seed))


def test_a_level_passes_its_defence_count_to_its_players_and_the_method() -> None:
    shipped = load_level("expert")
    assert shipped.policy.defence_count == shipped.defence_count
    level = Level("test", 0.02, 4, 4, shipped.blend, shipped.errors, defence_sight=0.5, defence_count=1.0)
    assert level.policy.defence_count == 1.0 and level_parameters(level)["defence_count"] == 1.0
    plain = Level("test", 0.02, 4, 4, shipped.blend, shipped.errors, defence_sight=0.5)
    assert "defence_count" not in level_parameters(plain)
    evidence = {"level": "expert", "play_out_count": 8, "layouts": 16, "temperature": 0.02, "defence_sight": 0.5,
                "seed": 1, "play_outs": [[9, 1.0]], "position_blind": [[9, 1.0]], "double_dummy": 9, "blend": 0.5}
    estimate = Estimate("sd", "policy", 3, E, Card.parse("SA"), None, (), (), ((9, 1.0),), (), 2, 1,
                        evidence | {"defence_count": 1.0})
    assert "defence count 1.0" in playout_method(estimate)
    plain_estimate = Estimate("sd", "policy", 3, E, Card.parse("SA"), None, (), (), ((9, 1.0),), (), 2, 1, evidence)
    assert "defence count" not in playout_method(plain_estimate)
