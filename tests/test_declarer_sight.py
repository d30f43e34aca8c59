"""Declarer who reads the defenders' hands (calibration's ``player_models.ReadingPlayers.sight``, measured and not
shipped): what the auction, their tempo and their cards told him, beyond the layouts he deals. At sight 0 nothing
changes."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.likely.evidence import SdEvidence
from revsim.likely.levels import Level, level_parameters, load_level
from revsim.likely.playout import Policy, hand_readers, play_outs
from revsim.likely.sight import stratified_readers
from revsim.likely.solver import total_tricks
from revsim.likely.view import player_view
from revsim.likely.worlds import Estimate
from revsim.outputs.playouts import playout_method
from revsim.play.replay import Replay
from tests.conftest import cards_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "calibration"))
from player_models import ReadingPlayers, with_model  # noqa: E402

N, E, S, W = range(4)


def _two_way_guess() -> tuple[Replay, int]:
    """Notrump, three spades each, South declarer, dummy to lead: a two-way guess for East's spade queen
    (low to the ten wins all three tricks; low to the jack loses one)."""
    hands = (cards_of("SA SJ S2"), cards_of("SQ S9 S8"), cards_of("SK ST S3"), cards_of("S7 S6 S5"))
    return Replay(hands, 4, N, first_trick=11, tricks_before=(8, 2)), S


def test_policy_a_declarer_who_reads_the_defenders_sees_all_four_hands() -> None:
    replay, declarer = _two_way_guess()
    dummy_to_play = player_view(replay, N, declarer, reads_hands=True)
    assert list(dummy_to_play.hidden) == [E] and set(dummy_to_play.seen) == {N, S, W}
    assert set(player_view(replay, N, declarer).hidden) == {E, W}


def test_policy_a_declarer_who_reads_the_defenders_finds_the_two_way_guess() -> None:
    """Declarer who always reads the defenders takes every trick double dummy takes; one who never does
    guesses the queen and, over 24 seeded play-outs, sometimes guesses wrong."""
    replay, declarer = _two_way_guess()
    best = total_tricks(replay, declarer)[0]
    reading = play_outs(replay, declarer, {}, Policy(0.02, 8, endgame=0, model=ReadingPlayers(sight=1.0)), 24, random.Random(3))
    assert {result for result, _ in reading} == {best}
    guessing = play_outs(replay, declarer, {}, Policy(0.02, 8, endgame=0), 24, random.Random(3))
    assert min(result for result, _ in guessing) == best - 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=12), st.sampled_from([0.0, 0.3, 0.5, 1.0]),
       st.sampled_from([0.0, 0.25, 0.5, 1.0]), st.integers(0, 2**32 - 1))
def test_hand_readers_draw_each_side_with_its_own_sight(defending: list[bool], defence: float, declarer: float,
                                                        seed: int) -> None:
    """The defenders read with the defence's sight exactly as before; declarer reads with his own, stratified
    on its own (floor or ceiling of sight x deciders); at declarer sight 0 the draws are the shipped ones."""
    policy = Policy(0.02, defence_sight=defence, model=ReadingPlayers(sight=declarer))
    readers = hand_readers(defending, policy, random.Random(seed))
    alone = stratified_readers(defending, defence, random.Random(seed))
    assert [r for r, d in zip(readers, defending, strict=True) if d] == [r for r, d in zip(alone, defending, strict=True) if d]
    declaring = sum(not d for d in defending)
    read = sum(r for r, d in zip(readers, defending, strict=True) if not d)
    assert int(declarer * declaring) <= read <= int(declarer * declaring) + 1 and (declarer > 0 or read == 0)
    if declarer == 0:
        assert readers == alone


def test_a_level_passes_its_declarer_sight_to_its_players_and_the_settings() -> None:
    shipped = load_level("expert")
    assert shipped.policy.model is None and "player_model" not in level_parameters(shipped)
    level = with_model(Level("test", 0.02, 4, 4, shipped.blend, shipped.errors), sight=0.5)
    assert level.policy.model is not None and level.policy.model.declarer_sight() == 0.5
    assert level_parameters(level)["player_model"] == {"declarer_sight": 0.5}


def test_the_method_names_declarer_sight_only_where_declarer_reads() -> None:
    evidence = SdEvidence(((9, 1.0),), ((9, 1.0),), 9, blend=0.5, level="expert", play_out_count=8, layouts=16,
                          temperature=0.02, defence_sight=0.5, seed=1)
    estimate = Estimate("sd", "policy", 3, E, Card.parse("SA"), None, (), (), ((9, 1.0),), (), 2, 1, evidence)
    assert "declarer sight" not in playout_method(estimate)
    reading = Estimate("sd", "policy", 3, E, Card.parse("SA"), None, (), (), ((9, 1.0),), (), 2, 1,
                       replace(evidence, player_model=ReadingPlayers(sight=0.5).parameters()))
    assert "defence sight 0.5, declarer sight 0.5," in playout_method(reading)
