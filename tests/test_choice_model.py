"""Real players' card choices and the choice model fitted on them (``calibration/decision_fit.py``), and the
simulated players' insight (calibration's ``player_models.ReadingPlayers``, measured and not shipped): how far a
player leans to the card that is best on the actual deal beyond what his layouts show. At insight 0 nothing changes."""

from __future__ import annotations

import math
import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.likely.evidence import SdEvidence
from revsim.likely.levels import Level, level_from_entry, level_parameters, load_level, play_model
from revsim.likely.playout import Policy, card_averages, play_outs
from revsim.likely.solver import card_values, total_tricks
from revsim.likely.worlds import Estimate
from revsim.outputs.playouts import playout_method
from revsim.play.replay import Replay
from tests.conftest import cards_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "calibration"))
from decision_fit import (  # noqa: E402
    ChoiceModel,
    Decision,
    costly_share,
    error_rates,
    fit_choices,
    insight_matching,
    log_likelihood,
    sight_log_likelihood,
    verdict,
)
from likely_write import level_entry, shippable  # noqa: E402
from player_models import ReadingPlayers, options_set, with_model  # noqa: E402

N, E, S, W = range(4)
CARDS = [Card(suit, rank) for suit in range(4) for rank in range(8, 13)]


def _two_way_guess() -> tuple[Replay, int]:
    """Notrump, three spades each, South declarer, dummy to lead: a two-way guess for East's spade queen."""
    hands = (cards_of("SA SJ S2"), cards_of("SQ S9 S8"), cards_of("SK ST S3"), cards_of("S7 S6 S5"))
    return Replay(hands, 4, N, first_trick=11, tricks_before=(8, 2)), S


def _simulated_decisions(temperature: float, insight: float, count: int, seed: int) -> list[Decision]:
    """Decisions whose choices are drawn from the choice model itself, on random values."""
    rng = random.Random(seed)
    decisions = []
    for _ in range(count):
        cards = rng.sample(CARDS, rng.randint(2, 4))
        averages = {card: rng.choice([0, 0.25, 0.5, 0.75, 1.0]) for card in cards}
        actual = {card: rng.randint(0, 2) for card in cards}
        weights = [math.exp((averages[card] + insight * actual[card]) / temperature) for card in cards]
        decisions.append(Decision(False, 5, averages, actual, rng.choices(cards, weights=weights)[0]))
    return decisions


@settings(max_examples=4, deadline=None)
@given(st.sampled_from([0.2, 0.4]), st.sampled_from([0.0, 0.3, 0.7]), st.integers(0, 2**16))
def test_the_choice_model_recovers_the_temperature_and_insight_it_drew_from(temperature: float,
                                                                                    insight: float, seed: int) -> None:
    decisions = _simulated_decisions(temperature, insight, 3000, seed)
    model = fit_choices(decisions)
    assert model.temperature == pytest.approx(temperature, rel=0.2)
    assert model.insight == pytest.approx(insight, abs=0.12)
    assert model.decisions == 3000


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**16), st.floats(0.1, 1.0), st.floats(0.0, 1.0))
def test_the_fitted_choice_model_is_the_likeliest(seed: int, temperature: float, insight: float) -> None:
    """Maximum likelihood: no other temperature and insight make the same choices likelier."""
    decisions = _simulated_decisions(0.3, 0.4, 300, seed)
    model = fit_choices(decisions)
    assert model.log_likelihood == pytest.approx(log_likelihood(decisions, model))
    assert model.log_likelihood >= log_likelihood(decisions, ChoiceModel(temperature, insight, 0.0, 0)) - 1e-9


@settings(max_examples=5, deadline=None)
@given(st.sampled_from([0.1, 0.3, 0.6]), st.integers(0, 2**16))
def test_the_insight_at_a_kept_temperature_matches_the_costly_share_where_the_layouts_are_wrong(
        insight: float, seed: int) -> None:
    decisions = _simulated_decisions(0.05, insight, 2000, seed)
    model = insight_matching(decisions, 0.05)
    wrong = [d for d in decisions if d.consequential and verdict(d) == "wrong"]
    real = sum(d.costly for d in wrong) / len(wrong)
    assert sum(costly_share(d, model) for d in wrong) / len(wrong) == pytest.approx(real, abs=1e-3)
    assert model.temperature == 0.05 and model.insight == pytest.approx(insight, abs=0.15)


def test_the_verdict_of_the_layouts_and_a_layout_players_costly_share() -> None:
    low, mid, high = Card.parse("S2"), Card.parse("S9"), Card.parse("SK")
    tied = Decision(False, 2, {low: 1.0, mid: 1.0, high: 0.5}, {low: 0, mid: 1, high: 1}, low)
    assert verdict(tied) == "split" and costly_share(tied, None) == 0.5
    wrong = Decision(False, 2, {low: 1.0, high: 0.5}, {low: 0, high: 1}, high)
    assert verdict(wrong) == "wrong" and costly_share(wrong, None) == 1.0
    assert costly_share(wrong, ChoiceModel(0.02, 2.0, 0.0, 0)) < 1e-6


def test_an_all_or_nothing_sight_scores_a_card_no_player_would_see_at_the_floor() -> None:
    """A card worse on the layouts and on the actual deal: the sight model gives it only the floor's share."""
    decision = Decision(True, 3, {Card.parse("S2"): 0.0, Card.parse("SK"): 1.0},
                        {Card.parse("S2"): 0, Card.parse("SK"): 1}, Card.parse("S2"))
    assert sight_log_likelihood([decision], 0.5, 0.02) == pytest.approx(math.log(0.01 / 2), rel=1e-3)


def test_error_rates_count_the_costly_cards_by_how_far_below_the_best_they_were() -> None:
    low, high = Card.parse("S2"), Card.parse("SK")
    best_on_layouts_but_costly = Decision(False, 2, {low: 1.0, high: 0.5}, {low: 0, high: 1}, low)
    below_and_costly = Decision(False, 2, {low: 0.8, high: 1.0}, {low: 0, high: 1}, low)
    below_but_free = Decision(False, 2, {low: 0.8, high: 1.0}, {low: 1, high: 1}, low)
    rows = error_rates([best_on_layouts_but_costly, below_and_costly, below_but_free], (0.0, 0.5, 13.0))
    assert rows == [("none", 1, 1.0), ("0 to 0.5", 1, 1.0), ("0.5 to 13", 0, 0.0)]


def test_policy_a_player_with_insight_finds_the_two_way_guess() -> None:
    """Declarer whose insight outweighs what his layouts say (a trick on the actual deal counts more than any
    average can differ) takes the finesse that works; without it he guesses, and sometimes wrong."""
    replay, declarer = _two_way_guess()
    best = total_tricks(replay, declarer)[0]
    leaning = play_outs(replay, declarer, {}, Policy(0.02, 8, endgame=0, model=ReadingPlayers(declarer_insight=1.5)), 24,
                        random.Random(3))
    assert {result for result, _ in leaning} == {best}
    guessing = play_outs(replay, declarer, {}, Policy(0.02, 8, endgame=0, model=ReadingPlayers(defence_insight=1.5)), 24,
                         random.Random(3))
    assert min(result for result, _ in guessing) == best - 1


@settings(max_examples=10, deadline=None)
@given(st.floats(0.05, 1.0), st.integers(0, 2**16))
def test_policy_insight_adds_the_actual_deals_tricks_to_each_cards_value(insight: float, seed: int) -> None:
    replay, declarer = _two_way_guess()
    plain = card_averages(replay, declarer, {}, Policy(0.02, 8), random.Random(seed))
    leaning = card_averages(replay, declarer, {}, Policy(0.02, 8, model=ReadingPlayers(declarer_insight=insight)),
                            random.Random(seed))
    actual = card_values(replay)
    assert set(leaning) == set(plain)
    for card in plain:
        assert leaning[card] == pytest.approx(plain[card] + insight * actual[card])


def test_policy_the_defenders_may_choose_at_their_own_temperature() -> None:
    assert Policy(0.02).temperature_of(True) == Policy(0.02).temperature_of(False) == 0.02
    policy = Policy(0.02, model=ReadingPlayers(defence_temperature=0.4, declarer_insight=0.1, defence_insight=0.3))
    assert (policy.temperature_of(True), policy.temperature_of(False)) == (0.4, 0.02)


def test_a_level_passes_its_temperatures_and_insights_to_its_players() -> None:
    shipped = load_level("expert")
    assert shipped.policy.model is None
    level = with_model(Level("test", 0.02, 4, 4, shipped.blend, shipped.errors), defence_temperature=0.3,
                       defence_insight=0.2)
    assert level.policy.temperature_of(True) == 0.3 and level.policy.model == ReadingPlayers(
        defence_temperature=0.3, defence_insight=0.2)


def test_the_method_names_the_defenders_temperature_and_the_insight_only_where_the_level_sets_them() -> None:
    evidence = SdEvidence(((9, 1.0),), ((9, 1.0),), 9, blend=0.5, level="expert", play_out_count=8, layouts=16,
                          temperature=0.02, defence_sight=0.0, seed=1)
    plain = Estimate("sd", "policy", 3, E, Card.parse("SA"), None, (), (), ((9, 1.0),), (), 2, 1, evidence)
    assert "insight" not in playout_method(plain) and "defence temperature" not in playout_method(plain)
    model = ReadingPlayers(defence_temperature=0.4, declarer_insight=0.2, defence_insight=0.3)
    leaning = Estimate("sd", "policy", 3, E, Card.parse("SA"), None, (), (), ((9, 1.0),), (), 2, 1,
                       replace(evidence, player_model=model.parameters()))
    assert ("defence sight 0.0, defence temperature 0.4, declarer insight 0.2, defence insight 0.3, "
            "seed 1") in playout_method(leaning)


def test_a_levels_settings_carry_the_players_model_only_where_it_has_one() -> None:
    shipped = load_level("expert")
    assert "player_model" not in play_model(shipped) and "player_model" not in level_parameters(shipped)
    leaning = with_model(shipped, declarer_insight=0.2, defence_insight=0.3, defence_temperature=0.4)
    assert play_model(leaning)["player_model"] == {"declarer_insight": 0.2, "defence_insight": 0.3,
                                                    "defence_temperature": 0.4}
    assert level_parameters(leaning)["player_model"]["defence_insight"] == 0.3


def test_the_insight_is_0_where_the_layouts_never_point_wrong() -> None:
    low, high = Card.parse("S2"), Card.parse("SK")
    right = Decision(False, 2, {low: 0.5, high: 1.0}, {low: 0, high: 1}, high)
    model = insight_matching([right, right], 0.05)
    assert (model.temperature, model.insight, model.decisions) == (0.05, 0.0, 2)


def test_a_level_with_a_model_revsim_does_not_ship_is_neither_written_nor_read() -> None:
    """A level whose players lean on the insight (what bench_decisions.py fits) cannot go into levels.json: its entry
    names the model, and levels.json refuses a level that names one (``levels.CALIBRATION_ONLY``), so the writer
    refuses it (``shippable``)."""
    shipped = load_level("expert")
    leaning = with_model(shipped, declarer_insight=0.2, defence_insight=0.3, defence_temperature=0.4,
                         contract_value=1.0)
    assert options_set(leaning) == {"contract_value": 1.0, "defence_temperature": 0.4, "declarer_insight": 0.2,
                                    "defence_insight": 0.3}
    refused = level_entry(leaning, "test", [], 1)
    assert shippable({"expert": refused}) == ("levels.json: level 'expert' sets contract_value, defence_temperature, "
                                             "declarer_insight, defence_insight, a model of the players revsim does not "
                                             "ship (calibration/player_models.py measures it)")
    entry = level_entry(shipped, "test", [], 1)
    assert shippable({"expert": entry}) is None
    assert not set(entry) & {"declarer_insight", "defence_insight", "defence_temperature", "contract_value"}
    assert level_from_entry("expert", entry).policy == shipped.policy
    with pytest.raises(ValueError, match="sets declarer_insight, a model of the players revsim does not ship"):
        level_from_entry("expert", entry | {"declarer_insight": 0.2})
