"""The defenders' cards as evidence (calibration's ``carding``, measured and not shipped): equals, an honour followed,
signals, and layouts weighed by them."""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import NOTRUMP, Card
from revsim.likely.sampling import sample_layouts, weighted_layouts
from revsim.likely.view import player_view
from revsim.play.replay import Play, Replay
from tests.conftest import cards_of, needs_corpus

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "calibration"))
from carding import Carding, Reading, carding_weight, likelihood, load_carding, readings  # noqa: E402
from player_models import ReadingPlayers, defence_weight  # noqa: E402

N, E, S, W = range(4)
SPADES, HEARTS = 0, 1
SIGNALS = Carding(honesty=0.8, falsecard=0.05)


def _deal() -> tuple[frozenset[Card], ...]:
    """South declares 3NT; West leads the spade ace; East holds S K83."""
    return (cards_of("S7 S6 S2 HA HK H2 DA DK D3 D2 C4 C3 C2"), cards_of("SK S8 S3 H8 H7 H6 H5 D9 D8 D7 C7 C6 C5"),
            cards_of("S5 S4 HQ HJ HT H9 DQ DJ DT CA CK CQ CJ"), cards_of("SA SQ SJ ST S9 H4 H3 D6 D5 D4 CT C9 C8"))


def _after_the_first_trick(east: str = "S8") -> Replay:
    replay = Replay(_deal(), NOTRUMP, W)
    for card in ("SA", "S2", east, "S4"):
        replay.play(Card.parse(card))
    return replay


def _spade(rank: int, signal: str = "", wins: bool = False, gone: frozenset[int] = frozenset()) -> Reading:
    return Reading(E, Card(SPADES, rank), signal, wins, gone, frozenset())


def test_restricted_choice_a_card_from_equals_is_as_likely_as_each_of_them() -> None:
    """Declarer cashes the ace and East drops the queen: from queen alone he had no choice, from queen-jack
    he would have dropped the jack as often: the queen is half as likely there."""
    queen = _spade(12)
    assert likelihood(SIGNALS, queen, frozenset({12})) == 1.0
    assert likelihood(SIGNALS, queen, frozenset({11, 12})) == 0.5
    ten_gone = _spade(12, gone=frozenset({10}))       # with the ten played, queen-jack-nine are three equals
    assert abs(likelihood(SIGNALS, ten_gone, frozenset({9, 11, 12})) - 1 / 3) < 1e-12


def test_an_honour_followed_says_no_small_card_was_left() -> None:
    """A defender who follows with the jack when he held a small card would rarely do it (``falsecard``)."""
    jack = _spade(11)
    alone = likelihood(SIGNALS, jack, frozenset({11}))
    with_a_small_card = likelihood(SIGNALS, jack, frozenset({4, 11}))
    assert alone == 1.0 and with_a_small_card < 0.1
    assert likelihood(SIGNALS, _spade(11, wins=True), frozenset({4, 11})) == 1.0      # played to win: not read


def test_an_encouraging_signal_makes_layouts_with_the_honour_in_the_signallers_hand_more_likely() -> None:
    """West leads the spade ace and East plays the eight, not his lowest: West's layouts, weighed by the
    signal, give East the king more often than layouts dealt at random do."""
    replay = _after_the_first_trick("S8")
    [reading] = readings(replay.plays, S, NOTRUMP, [E, S])
    assert (reading.seat, reading.card, reading.signal, reading.wins) == (E, Card.parse("S8"), "attitude", False)
    weight = carding_weight(SIGNALS, [reading])
    assert weight is not None
    view = player_view(replay, W, S)
    king = Card.parse("SK")
    dealt = sample_layouts(view, 600, random.Random(5))
    weighed = weighted_layouts(view, 600, random.Random(5), weight)
    at_random = sum(king in layout[E] for layout in dealt) / len(dealt)
    after_the_signal = sum(king in layout[E] for layout in weighed) / len(weighed)
    assert after_the_signal > at_random + 0.1
    with_king = likelihood(SIGNALS, reading, frozenset({13, 8, 3}))
    without = likelihood(SIGNALS, reading, frozenset({8, 5, 3}))
    assert with_king > 3 * without
    unread = Carding(0.5, SIGNALS.falsecard)            # no signal read: the king makes far less difference
    ratio_unread = likelihood(unread, reading, frozenset({13, 8, 3})) / likelihood(unread, reading, frozenset({8, 5, 3}))
    assert with_king / without > 3 * ratio_unread


def test_count_on_declarers_lead_high_from_an_even_number() -> None:
    """Dummy leads hearts for the first time and East plays the seven, not his lowest: from four hearts (even)
    that is count; from three it would be a false signal. A defender's lead is not read."""
    plays = [Play(1, W, Card.parse("SA"), None, False), Play(1, N, Card.parse("S2"), SPADES, False),
             Play(1, E, Card.parse("S8"), SPADES, False), Play(1, S, Card.parse("S4"), SPADES, False),
             Play(2, W, Card.parse("S9"), None, False), Play(2, N, Card.parse("S6"), SPADES, False),
             Play(2, E, Card.parse("SK"), SPADES, False), Play(2, S, Card.parse("S5"), SPADES, False),
             Play(3, E, Card.parse("S3"), None, False), Play(3, S, Card.parse("C2"), SPADES, False),
             Play(3, W, Card.parse("ST"), SPADES, False), Play(3, N, Card.parse("S7"), SPADES, False),
             Play(4, W, Card.parse("D4"), None, False), Play(4, N, Card.parse("DA"), 2, False),
             Play(4, E, Card.parse("D7"), 2, False), Play(4, S, Card.parse("DT"), 2, False),
             Play(5, N, Card.parse("H2"), None, False), Play(5, E, Card.parse("H7"), HEARTS, False)]
    read = readings(plays, S, NOTRUMP, [E, W])
    assert [(r.seat, str(r.card), r.signal, r.wins) for r in read] == [
        (E, "S8", "attitude", False), (E, "SK", "", True), (W, "ST", "", True), (E, "D7", "attitude", False),
        (E, "H7", "count", True)]
    count = dataclasses.replace(read[-1], wins=False)
    assert likelihood(SIGNALS, count, frozenset({8, 7, 6, 5})) > 2 * likelihood(SIGNALS, count, frozenset({8, 7, 5}))
    assert read[1].later == frozenset({Card.parse("S3")})      # East's later spade is known to all


def test_a_first_discard_is_attitude_and_ruffs_and_declarers_cards_are_not_read() -> None:
    replay = _after_the_first_trick()
    read = readings(replay.plays, S, 1, [E, S, W])
    assert [(r.seat, r.card) for r in read] == [(E, Card.parse("S8"))]   # not West's lead, not declarer's S4
    plays = list(replay.plays)
    discard = plays[2]._replace(card=Card.parse("C7"), failed_to_follow=False)
    [reading] = readings(plays[:2] + [discard], S, NOTRUMP, [E])
    assert reading.signal == "attitude" and reading.card == Card.parse("C7")
    assert readings(plays[:2] + [discard], S, 3, [E]) == []                  # a ruff says nothing


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(2, 14), min_size=1, max_size=8), st.sets(st.integers(2, 14), max_size=5),
       st.sampled_from(["", "attitude", "count"]), st.floats(0.5, 0.95), st.floats(0.005, 0.3))
def test_the_carding_is_a_distribution_over_the_cards_he_could_play(
        holding: set[int], gone: set[int], signal: str, honesty: float, falsecard: float) -> None:
    """For a card that does not win, the chances of each card of his holding sum to one."""
    gone_out = frozenset(gone - holding)
    carding = Carding(honesty, falsecard)
    shares = [likelihood(carding, _spade(rank, signal, gone=gone_out), frozenset(holding)) for rank in holding]
    assert abs(sum(shares) - 1) < 1e-9 and all(share > 0 for share in shares)


def test_the_weight_is_the_product_over_the_cards_read_and_seeded_layouts_repeat() -> None:
    replay = _after_the_first_trick("S3")
    read = readings(replay.plays, S, NOTRUMP, [E, S])
    weight = carding_weight(SIGNALS, read)
    assert weight is not None and carding_weight(SIGNALS, []) is None
    view = player_view(replay, W, S)
    layouts = sample_layouts(view, 20, random.Random(1))
    for layout in layouts:
        held = frozenset(card.rank for card in layout[E] if card.suit == SPADES) | {3}
        assert abs(weight(layout) - likelihood(SIGNALS, read[0], held)) < 1e-12
    assert weighted_layouts(view, 50, random.Random(2), weight) == weighted_layouts(view, 50, random.Random(2), weight)


def test_a_policy_that_reads_the_carding_weighs_the_layouts_of_hidden_defenders_only() -> None:
    from revsim.likely.playout import Policy, play_outs

    replay = _after_the_first_trick()
    assert defence_weight(replay, player_view(replay, W, S), S, SIGNALS) is not None   # West reads East
    assert defence_weight(replay, player_view(replay, S, S), S, SIGNALS) is not None   # so does declarer
    assert defence_weight(replay, player_view(replay, E, S), S, SIGNALS) is None       # East knows his hand
    assert defence_weight(replay, player_view(replay, W, S), S, None) is None
    reading = Policy(0.05, 4, model=ReadingPlayers(carding=SIGNALS))
    first = play_outs(replay, S, {}, reading, 4, random.Random(3))
    assert first == play_outs(replay, S, {}, reading, 4, random.Random(3))
    assert all(1 <= tricks <= 13 for tricks, _ in first)


@needs_corpus()
def test_calibrations_carding_is_what_bench_carding_fits() -> None:
    """carding.json is what bench_carding.py --fit fits on the fitting events' defenders' cards."""
    from bench_carding import fit, observed_cards

    shipped = json.loads((Path(__file__).resolve().parent.parent / "calibration" / "carding.json").read_text())
    for level in ("expert", "club"):
        fitted = fit([card for fitting, card in observed_cards(level) if fitting])
        assert (fitted.honesty, fitted.falsecard) == (shipped[level]["honesty"], shipped[level]["falsecard"])
        assert load_carding(level) == fitted
