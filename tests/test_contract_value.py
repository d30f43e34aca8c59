"""Simulated players who play for their contract: a card is worth its tricks plus what reaching the side's
goal (making the contract, or defeating it) is worth to the player."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.likely.evidence import SdEvidence
from revsim.likely.levels import Level, load_level
from revsim.likely.playout import Policy, _averages, goal_value, play_outs
from revsim.play.replay import Replay
from tests.conftest import cards_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "calibration"))
from player_models import ReadingPlayers, with_model  # noqa: E402

N, E, S, W = range(4)
A, B = Card.parse("SA"), Card.parse("H2")


def _two_tricks_left(to_play: int) -> Replay:
    """Notrump, two tricks left; North-South have won 6 of the first eleven."""
    hands = (cards_of("SA H2"), cards_of("SK H3"), cards_of("SQ H4"), cards_of("SJ H5"))
    return Replay(hands, 4, to_play, first_trick=12, tricks_before=(6, 5))


def _four_tricks_left(to_play: int, tricks_before: tuple[int, int] = (5, 4)) -> Replay:
    hands = (cards_of("SA H2 D2 C2"), cards_of("SK H3 D3 C3"), cards_of("SQ H4 D4 C4"), cards_of("SJ H5 D5 C5"))
    return Replay(hands, 4, to_play, first_trick=10, tricks_before=tricks_before)


def test_policy_a_declarer_who_values_his_contract_prefers_the_sure_line() -> None:
    """Card A: 4, 4 or 1 tricks on three layouts (3 on average); card B: 2 on each. Needing 2 more tricks,
    a player who counts tricks alone takes A; one to whom the contract is worth 4 tricks takes B, which
    makes it on every layout, where A fails on one."""
    replay = _four_tricks_left(S)
    solved = [{A: 4, B: 2}, {A: 4, B: 2}, {A: 1, B: 2}]
    target = 5 + 2
    tricks_alone = _averages([A, B], solved, goal_value(replay, S, target, Policy(0.02)))
    assert tricks_alone == {A: 3.0, B: 2.0}
    valuing = Policy(0.02, model=ReadingPlayers(contract_value=4))
    assert _averages([A, B], solved, goal_value(replay, S, None, valuing)) == tricks_alone
    contract = _averages([A, B], solved, goal_value(replay, S, target, valuing))
    assert contract == {A: pytest.approx(3.0 + 4 * 2 / 3), B: pytest.approx(2.0 + 4)}
    assert max(contract, key=contract.__getitem__) == B


def test_policy_a_defender_values_defeating_the_contract() -> None:
    """The defenders' goal is one trick more than declarer's side may lose: with declarer needing 10 of 13,
    they need 4."""
    replay = _four_tricks_left(W, (6, 3))          # the defenders (East-West) have 3 tricks
    value = goal_value(replay, S, 10, Policy(0.02, model=ReadingPlayers(contract_value=2)))
    assert value(1) == 1 + 2
    assert value(0) == 0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=12),
       st.integers(7, 13), st.floats(0.0, 5.0), st.sampled_from([N, E, S, W]))
def test_policy_the_contract_adds_its_value_times_the_share_of_layouts_that_reach_the_goal(
        values: list[tuple[int, int]], target: int, contract_value: float, to_play: int) -> None:
    replay = _four_tricks_left(to_play)
    solved = [{A: a, B: b} for a, b in values]
    plain = _averages([A, B], solved)
    valuing = Policy(0.02, model=ReadingPlayers(contract_value=contract_value))
    valued = _averages([A, B], solved, goal_value(replay, S, target, valuing))
    side = to_play % 2
    goal = target if side == S % 2 else 14 - target
    for card in (A, B):
        reached = sum(replay.tricks_won(side) + tricks[card] >= goal for tricks in solved) / len(solved)
        assert abs(valued[card] - plain[card] - contract_value * reached) < 1e-9


def test_play_outs_that_play_for_the_contract_are_seeded_and_without_a_target_count_tricks_alone() -> None:
    replay = _two_tricks_left(S)
    playing = Policy(0.02, 4, endgame=0, model=ReadingPlayers(contract_value=3.0))
    first = play_outs(replay, S, {}, playing, 4, random.Random(5), target=7)
    assert first == play_outs(replay, S, {}, playing, 4, random.Random(5), target=7)
    assert play_outs(replay, S, {}, playing, 4, random.Random(5)) == \
        play_outs(replay, S, {}, Policy(0.02, 4, endgame=0), 4, random.Random(5))


def test_a_level_passes_its_contract_value_to_its_players() -> None:
    shipped = load_level("expert")
    level = with_model(Level("test", 0.02, 4, 4, shipped.blend, shipped.errors), contract_value=1.5)
    assert isinstance(level.policy.model, ReadingPlayers) and level.policy.model.contract_value == 1.5
    assert shipped.policy.model is None and with_model(level, contract_value=0.0).model is None


def test_the_method_names_the_contracts_value_only_where_the_players_weigh_it() -> None:
    from revsim.likely.worlds import Estimate
    from revsim.outputs.playouts import playout_method

    evidence = SdEvidence(((9, 1.0),), ((9, 1.0),), 9, blend=0.5, level="expert", play_out_count=8, layouts=16,
                          temperature=0.02, defence_sight=0.5, seed=1)
    estimate = Estimate("sd", "policy", 3, E, A, None, (), (), ((9, 1.0),), (), 2, 1, evidence)
    assert "contract" not in playout_method(estimate)
    weighed = Estimate("sd", "policy", 3, E, A, None, (), (), ((9, 1.0),), (), 2, 1,
                       replace(evidence, player_model=ReadingPlayers(contract_value=1.0).parameters()))
    assert "contract value 1.0" in playout_method(weighed)
