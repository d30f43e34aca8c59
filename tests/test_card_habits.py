"""Card habits (benchmarks/card_habits.py): what a card follows beside its value on the player's layouts, the
softmax fitted on real decisions with them, and how well a model's chance of a costly card tells where real
players lost a trick."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.play.replay import Replay
from tests.conftest import cards_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from card_habits import HABITS, costly_mass, fit_habits, habit_log_likelihood, habits_of  # noqa: E402
from decision_fit import Decision  # noqa: E402
from likely_scoring import area_under_curve  # noqa: E402

N, E, S, W = range(4)
SPADES = 0


def _four_tricks_left(to_play: int) -> Replay:
    """Spades trumps, four tricks left; North-South hold four spades between them, East-West one."""
    hands = (cards_of("SA S9 H2 D2"), cards_of("SK H3 H6 D3"), cards_of("SQ S8 H4 D4"), cards_of("H5 H7 D5 C5"))
    return Replay(hands, SPADES, to_play, first_trick=10, tricks_before=(5, 4))


def _habits(replay: Replay, card: str, leads: list[tuple[int, int]]) -> dict[str, float]:
    return dict(zip(HABITS, habits_of(replay, Card.parse(card), leads, S), strict=True))


def test_law64c_declarer_leading_low_towards_dummys_ace_in_his_sides_longest_suit() -> None:
    habits = _habits(_four_tricks_left(S), "S8", [(S, 0), (W, 1)])
    assert habits == {"continues": 1.0, "longest": 1.0, "trump": 1.0, "highest": 0.0, "lowest": 1.0,
                      "master": 0.0, "toward": 1.0}
    other = _habits(_four_tricks_left(S), "H4", [(S, 0), (N, 2)])      # his side last led diamonds
    assert (other["continues"], other["longest"], other["trump"], other["toward"]) == (0.0, 0.0, 0.0, 0.0)


def test_law64c_dummys_ace_is_the_master_and_its_highest_spade() -> None:
    habits = _habits(_four_tricks_left(N), "SA", [])
    assert (habits["master"], habits["highest"], habits["lowest"], habits["continues"]) == (1.0, 1.0, 0.0, 0.0)


def test_law64c_a_defender_reads_only_his_own_hand_for_his_longest_suit() -> None:
    # West's own hand: two hearts, a diamond, a club (his partner's, with three hearts, he does not see).
    replay = _four_tricks_left(W)
    assert _habits(replay, "H5", [])["longest"] == 1.0
    assert _habits(replay, "D5", [])["longest"] == 0.0
    assert _habits(replay, "H5", [])["toward"] == 0.0


A, B = Card.parse("SA"), Card.parse("H2")


def _decision(chosen: Card, costly_b: bool = False) -> Decision:
    """Two cards the layouts value alike: A continues the plan, B does not; B costs a trick where ``costly_b``."""
    return Decision(False, 5, {A: 3.0, B: 3.0}, {A: 3, B: 2 if costly_b else 3}, chosen,
                    {A: (1.0, 0, 0, 0, 0, 0, 0), B: (0.0, 0, 0, 0, 0, 0, 0)})


def test_law64c_players_who_keep_their_plan_give_the_habit_weight() -> None:
    rng = random.Random(3)
    decisions = [_decision(A if rng.random() < 0.8 else B) for _ in range(200)]
    habits, alone = fit_habits(decisions, True), fit_habits(decisions, False)
    assert habits.weights[1] == pytest.approx(1.386, abs=0.3)            # log(0.8 / 0.2)
    assert habits.log_likelihood > alone.log_likelihood
    assert habit_log_likelihood(decisions, alone) == pytest.approx(alone.log_likelihood)
    assert costly_mass(_decision(A, costly_b=True), habits) == pytest.approx(0.2, abs=0.07)
    assert costly_mass(_decision(A, costly_b=True), alone) == pytest.approx(0.5)


def test_the_area_under_the_curve_is_one_where_the_scores_separate_and_a_half_for_ties() -> None:
    assert area_under_curve([0.9, 0.8, 0.1, 0.2], [True, True, False, False]) == 1.0
    assert area_under_curve([0.1, 0.2, 0.9, 0.8], [True, True, False, False]) == 0.0
    assert area_under_curve([0.5, 0.5, 0.5], [True, False, False]) == 0.5


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.booleans()), min_size=2, max_size=30)
       .filter(lambda rows: 0 < sum(label for _, label in rows) < len(rows)))
def test_the_area_under_the_curve_of_reversed_scores_is_its_complement(rows: list[tuple[float, bool]]) -> None:
    scores, labels = [s for s, _ in rows], [label for _, label in rows]
    assert area_under_curve(scores, labels) + area_under_curve([-s for s in scores], labels) == pytest.approx(1.0)
