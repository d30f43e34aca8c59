"""Strategy fusion (bench_fusion.py): a real decision's tempting and best cards, the play so far replayed on a
layout, and cards valued by play-outs from each layout by players who do not see it."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.likely.sd import load_level
from revsim.likely.solver import layout_of
from revsim.play.replay import Replay
from tests.conftest import cards_of, spade_finesse_ending

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from decision_fit import Decision  # noqa: E402
from fusion import replay_on_layout, rollout_values, temptation  # noqa: E402

N, E, S, W = range(4)
SA, SQ, S2 = (Card.parse(c) for c in ("SA", "SQ", "S2"))
EXPERT = load_level("expert").policy


def _king_led() -> Replay:
    """Notrump, two tricks left: West has led the king of spades towards dummy's (North's) ace and queen;
    South is declarer."""
    replay = spade_finesse_ending(W)
    replay.play(Card.parse("SK"))
    return replay


def test_law64c_where_declarer_erred_his_card_is_the_tempting_one() -> None:
    decision = Decision(False, 5, {SA: 2.0, SQ: 1.5, S2: 1.0}, {SA: 2, SQ: 1, S2: 1}, S2)
    assert temptation(decision) == (S2, SA)


def test_law64c_where_declarer_was_right_the_costly_card_his_layouts_rate_highest_tempts() -> None:
    decision = Decision(False, 5, {SA: 2.0, SQ: 1.5, S2: 1.0}, {SA: 2, SQ: 1, S2: 1}, SA)
    assert temptation(decision) == (SQ, SA)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 2)), min_size=2, max_size=5), st.data())
def test_law64c_the_tempting_card_costs_a_trick_and_the_best_leads_the_layouts(values: list[tuple[int, int]],
                                                                               data: st.DataObject) -> None:
    cards = [Card(0, rank) for rank in range(2, 2 + len(values))]
    averages = {card: average / 4 for card, (average, _) in zip(cards, values, strict=True)}
    actual = {card: tricks for card, (_, tricks) in zip(cards, values, strict=True)}
    if len(set(actual.values())) == 1:
        actual[cards[0]] = 3                   # a consequential decision: some card costs a trick
    chosen = data.draw(st.sampled_from(cards))
    tempting, best = temptation(Decision(False, 5, averages, actual, chosen))
    assert actual[tempting] < max(actual.values())
    assert averages[best] == max(averages.values())
    assert tempting == chosen or actual[chosen] == max(actual.values())


def test_law64c_the_play_replayed_on_its_own_layout_is_the_position() -> None:
    line = _king_led()
    again = replay_on_layout(line, layout_of(line))
    assert [play.card for play in again.plays] == [play.card for play in line.plays]
    assert all(again.hand(seat) == line.hand(seat) for seat in range(4))
    assert again.current_trick == line.current_trick and again.tricks_won(0) == line.tricks_won(0)


def test_law64c_the_play_replayed_on_another_layout_keeps_the_cards_played() -> None:
    line = _king_led()
    swapped = (line.hand(N), cards_of("H2 S4"), line.hand(S), cards_of("S5"))   # East's spade and West's heart swap
    again = replay_on_layout(line, swapped)
    assert again.hand(W) == cards_of("S5") and again.hand(E) == cards_of("H2 S4")
    assert again.current_trick == [(W, Card.parse("SK"))]


def test_law64c_a_play_out_from_each_layout_values_the_ace_over_the_queen_under_the_king() -> None:
    values = rollout_values(_king_led(), [SA, SQ], S, {}, EXPERT, 6, seed=1)
    assert values[SA] == 8                     # the ace takes both tricks on every layout
    assert 6 <= values[SQ] < 8                 # the queen at most the last, where West kept a spade to lead
    assert rollout_values(_king_led(), [SA, SQ], S, {}, EXPERT, 6, seed=1) == values
