"""The single-dummy play model: what each player knows (view, auction), the layouts he deals, the policy that
chooses his card, and the play-outs that give a distribution of declarer's tricks."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.likely.levels import AGREEMENTS, Blend, Level, agreement_of, load_level, nearest_cut
from revsim.likely.playout import Policy, choose, play_outs, softmax_choice
from revsim.likely.sd import blind_distribution, likely_tricks
from revsim.likely.view import player_view, record_auction
from revsim.play.replay import Replay
from revsim.records.record import Record
from tests.conftest import CORPUS, cards_of, deal_played_at_random, needs_corpus

N, E, S, W = range(4)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def same_blend(by_cut: dict[int, float]) -> Blend:
    """One weight by cut, whatever the play-outs' agreement."""
    return {agreement: dict(by_cut) for agreement in AGREEMENTS}


def test_policy_a_forced_card_is_always_played() -> None:
    replay = Replay((cards_of("S2"), cards_of("H2"), cards_of("S3"), cards_of("S4")), 4, 0, first_trick=13)
    replay.play(Card.parse("S2"))
    assert choose(replay, 0, {}, Policy(5.0, 4), random.Random(1)) == Card.parse("H2")


def test_policy_a_dominated_card_is_never_preferred() -> None:
    values = {Card.parse("SA"): 3.0, Card.parse("S2"): 1.0, Card.parse("H5"): 2.5}
    rng = random.Random(1)
    assert {softmax_choice(values, 0.0, rng) for _ in range(50)} == {Card.parse("SA")}
    counts = {card: 0 for card in values}
    for _ in range(3000):
        counts[softmax_choice(values, 1.0, rng)] += 1
    assert counts[Card.parse("SA")] > counts[Card.parse("H5")] > counts[Card.parse("S2")]


def _safety_position() -> tuple[Replay, int]:
    """Spades trumps, South to lead SA HA HK opposite dummy's S2 H4 H5; the defenders hold the S3, three
    hearts and two diamonds. Drawing the trump first never loses; a heart first loses a trick to a ruff
    when the hearts all sit with one defender."""
    hands = (cards_of("S2 H4 H5"), cards_of("S3 D2 D3"), cards_of("SA HA HK"), cards_of("H6 H7 H8"))
    return Replay(hands, SPADES, S, first_trick=11, tricks_before=(7, 3)), S


def test_policy_tied_best_cards_take_the_safety_play() -> None:
    """Law 64C's likely play: where the sampled layouts rate a trump and a heart alike, the careful player
    draws the trump (it does best when the hearts break badly); the equal heart honours are one sequence."""
    from revsim.likely.playout import _all_equivalent, _break_ties, _Decision

    position, declarer = _safety_position()
    view = player_view(position, S, declarer)
    legal = position.legal_cards()
    tied = {card: 2.0 for card in legal}
    _break_ties([position], [_Decision(0, legal, view, 0, 16)], [tied], random.Random(3))
    assert tied[Card.parse("SA")] == 2.0
    assert tied[Card.parse("HA")] == tied[Card.parse("HK")] == 2.0 - 1 / 16
    assert _all_equivalent(position, [Card.parse("HA"), Card.parse("HK")])
    assert not _all_equivalent(position, [Card.parse("SA"), Card.parse("HA")])


def test_cards_on_the_trick_in_progress_break_a_sequence() -> None:
    from revsim.likely.playout import _all_equivalent

    hands = (cards_of("SQ S9 H2"), cards_of("ST H3 H4"), cards_of("SA H5 H6"), cards_of("S2 H7 H8"))
    replay = Replay(hands, 4, E, first_trick=11, tricks_before=(5, 5))
    assert not _all_equivalent(Replay(hands, 4, N, first_trick=11, tricks_before=(5, 5)),
                               [Card.parse("SQ"), Card.parse("S9")])          # the ST is still out
    replay.play(Card.parse("ST"))
    replay.play(Card.parse("SA"))
    replay.play(Card.parse("S2"))
    assert not _all_equivalent(replay, [Card.parse("SQ"), Card.parse("S9")])  # the ST is on the trick
    assert _all_equivalent(Replay((cards_of("SQ SJ"), cards_of("S2 S3"), cards_of("H2 H3"), cards_of("H4 H5")), 4, N,
                                  first_trick=12, tricks_before=(6, 5)), [Card.parse("SQ"), Card.parse("SJ")])


def _end_position() -> tuple[Replay, int]:
    """A 3-card end position at notrump (South declarer, West to lead): a two-way guess for the spade queen."""
    hands = (cards_of("SA SJ HA"), cards_of("SQ H2 H3"), cards_of("SK ST HK"), cards_of("S4 H4 H5"))
    return Replay(hands, 4, W, first_trick=11, tricks_before=(8, 2)), S


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(32, 44), st.sampled_from([0.0, 0.1, 1.0]),
       st.fixed_dictionaries({1: st.floats(0, 1), 3: st.floats(0, 1), 6: st.floats(0, 1)}))
def test_play_outs_are_deterministic_under_a_seed_and_give_weights_summing_to_one(
        seed: int, cards_played: int, temperature: float, blend: dict[int, float]) -> None:
    """From any position, at any temperature and blend: the same seed gives the same estimate, each part's
    weights sum to 1, and every outcome is a number of tricks declarer's side can still end with."""
    position, declarer = deal_played_at_random(seed, cards_played)
    level = Level("test", temperature, 4, 4, same_blend(blend), {1: {0: 1.0}, 3: {-1: 0.5, 0: 0.5}, 6: {-1: 0.2, 0: 0.6, 1: 0.2}})
    first = likely_tricks(position, declarer, {}, level, seed=seed)
    assert likely_tricks(position, declarer, {}, level, seed=seed) == first
    for part in (first.outcomes, first.playouts, first.blind):
        assert abs(sum(weight for _, weight in part) - 1) < 1e-9
    won = position.tricks_won(declarer % 2)
    still_to_play = 13 - position.tricks_won(0) - position.tricks_won(1)
    assert all(won <= tricks <= won + still_to_play for tricks, _ in first.outcomes)
    assert won <= first.double_dummy <= won + still_to_play


def test_play_outs_restrict_the_first_card_to_the_allowed_ones() -> None:
    position, declarer = _end_position()
    results = play_outs(position, declarer, {}, Policy(1.0, 4, endgame=0), 6, random.Random(2),
                        first_allowed={Card.parse("H5")})
    assert {first for _, first in results} == {Card.parse("H5")}


def test_blind_distribution_shifts_double_dummy_by_the_errors_of_the_nearest_cut() -> None:
    level = Level("test", 0.1, 4, 4, same_blend({1: 0.5, 3: 0.5, 6: 0.5}), {1: {-1: 0.25, 0: 0.75}, 3: {0: 1.0}, 6: {1: 1.0}})
    assert nearest_cut(0) == 1 and nearest_cut(2) == 1 and nearest_cut(4) == 3 and nearest_cut(9) == 6
    assert blind_distribution(10, 1, 3, 13, level) == {9: 0.25, 10: 0.75}
    assert blind_distribution(13, 7, 3, 13, level) == {13: 1.0}          # kept within the tricks still possible


def test_the_blend_weighs_the_position_blind_part_as_fitted_for_the_nearest_cut() -> None:
    """The weight of the position-blind part is fitted by cut; a position takes the nearest cut's (after 10
    tricks, the sixth's): weight 1 there gives the position-blind part alone, weight 0 the play-outs alone."""
    position, declarer = _end_position()
    errors = {1: {0: 1.0}, 3: {0: 1.0}, 6: {-1: 0.5, 0: 0.5}}
    blind_only = likely_tricks(position, declarer, {}, Level("test", 0.1, 4, 4, same_blend({1: 0.0, 3: 0.0, 6: 1.0}), errors), 3)
    play_only = likely_tricks(position, declarer, {}, Level("test", 0.1, 4, 4, same_blend({1: 1.0, 3: 1.0, 6: 0.0}), errors), 3)
    assert blind_only.blend == 1.0 and blind_only.outcomes == blind_only.blind == ((11, 0.5), (10, 0.5))
    assert play_only.blend == 0.0 and play_only.outcomes == play_only.playouts
    assert play_only.playouts == blind_only.playouts       # the play-outs do not depend on the blend


def test_agreement_of_the_play_outs() -> None:
    assert agreement_of({10: 1.0}) == "unanimous"
    assert agreement_of({10: 0.75, 9: 0.25}) == agreement_of({10: 0.875, 11: 0.125}) == "strong"
    assert agreement_of({10: 0.625, 9: 0.375}) == agreement_of({10: 0.5, 9: 0.25, 8: 0.25}) == "split"


def test_the_blend_trusts_the_play_outs_as_far_as_they_agree() -> None:
    """The position-blind part's weight is the one fitted for how far the play-outs agree: a level that gives
    unanimous play-outs weight 0 and split ones weight 1 keeps the play-outs alone where they agree."""
    errors = {1: {0: 1.0}, 3: {0: 1.0}, 6: {-1: 0.5, 0: 0.5}}
    trusting = {"unanimous": {1: 0.0, 3: 0.0, 6: 0.0}, "strong": {1: 0.5, 3: 0.5, 6: 0.5}, "split": {1: 1.0, 3: 1.0, 6: 1.0}}
    seen = set()
    for seed in range(4):
        for position, declarer in (deal_played_at_random(seed, 28), _end_position()):
            likely = likely_tricks(position, declarer, {}, Level("test", 1.0, 4, 4, trusting, errors), seed)
            assert likely.agreement == agreement_of(dict(likely.playouts))
            assert likely.blend == {"unanimous": 0.0, "strong": 0.5, "split": 1.0}[likely.agreement]
            if likely.agreement != "strong":
                assert likely.outcomes == (likely.playouts if likely.agreement == "unanimous" else likely.blind)
            seen.add(likely.agreement)
    assert seen == {"unanimous", "strong", "split"}


def test_shipped_levels_load() -> None:
    for name in ("expert", "club"):
        level = load_level(name)
        assert level.playouts > 0 and level.layouts > 0 and level.temperature >= 0
        assert set(level.blend) == {"unanimous", "strong", "split"}
        assert all(set(by_cut) == {1, 3, 6} and all(0 <= w <= 1 for w in by_cut.values()) for by_cut in level.blend.values())
        assert set(level.errors) == {1, 3, 6}
        assert all(abs(sum(table.values()) - 1) < 1e-6 for table in level.errors.values())


@needs_corpus()
@pytest.mark.parametrize("name", ["expert", "club"])
def test_the_shipped_levels_are_what_calibration_fits(name: str) -> None:
    """levels.json keeps a few of the fitting positions with the play-outs the benchmark got for them at the
    fitted temperature; the shipped parameters, replayed from the same record, cut and seed, give the same."""
    import json
    from importlib import resources

    from revsim.likely.predict import position_after
    from revsim.likely.view import record_auction
    from revsim.records.readers import read_records

    shipped = json.loads(resources.files("revsim.likely").joinpath("levels.json").read_text(encoding="utf-8"))[name]
    checks = shipped["check"]
    assert len(checks) >= 2
    level = load_level(name)
    for check in checks:
        record = list(read_records(CORPUS / check["source"]))[check["index"]]
        assert isinstance(record, Record) and record.contract is not None
        likely = likely_tricks(position_after(record, check["cut"]), record.contract.declarer,
                               record_auction(record, level.auction_rules), level, check["seed"],
                               target=record.contract.tricks_needed)
        assert [[t, round(w, 6)] for t, w in sorted(likely.playouts)] == check["playouts"], check


# --- revsim predict: the estimate from any point of a recorded play ------------------------------------------

def _board_and_changed_tail(seed: int, after: int):
    from dataclasses import replace as copy_with

    from revsim.synthetic import random_board

    record = random_board(random.Random(seed), str(seed), claim=False)
    changed = copy_with(record, play=record.play[: 4 * after] + list(reversed(record.play[4 * after:])),
                        claimed_total=13, stated_result=0)
    return record, changed


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 11))
def test_predict_reads_nothing_after_trick_k(seed: int, after: int) -> None:
    from revsim.likely.predict import predict

    record, changed = _board_and_changed_tail(seed, after)
    assert predict(record, after).outcomes == predict(changed, after).outcomes
    weights = sum(weight for _, weight in predict(record, after).outcomes)
    assert abs(weights - 1) < 1e-9


def test_predict_sd_reads_nothing_after_trick_k_and_is_seeded() -> None:
    from revsim.likely.predict import predict

    record, changed = _board_and_changed_tail(4, 9)
    first = predict(record, 9, "sd", {"seed": 3})
    assert first.outcomes == predict(changed, 9, "sd", {"seed": 3}).outcomes
    assert first.evidence == predict(changed, 9, "sd", {"seed": 3}).evidence   # the evidence too
    assert abs(sum(weight for _, weight in first.outcomes) - 1) < 1e-9


@pytest.mark.parametrize("after", [1, 5])
def test_play_outs_that_read_the_lead_and_the_defenders_cards_read_nothing_after_trick_k(after: int) -> None:
    """With every reading a level may switch on (the lead, the defenders' cards, the auction in the bad
    breaks), the play-outs from the position after K tricks do not depend on the record's later cards."""
    from dataclasses import replace as copy_with

    from revsim.likely.predict import position_after

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "calibration"))
    from player_models import ReadingPlayers, switched_on

    record, changed = _board_and_changed_tail(6, after)
    assert record.contract is not None
    level = switched_on(copy_with(load_level("expert"), playouts=3),
                        ["read_leads", "read_carding", "bad_breaks_fit_auction"])
    shapes = record_auction(record)
    first = likely_tricks(position_after(record, after), record.contract.declarer, shapes, level, 4)
    again = likely_tricks(position_after(changed, after), record.contract.declarer, shapes, level, 4)
    assert first.playouts == again.playouts and first.outcomes == again.outcomes
    model = level.policy.model
    assert isinstance(model, ReadingPlayers) and model.carding is not None and model.leads is not None


def test_predict_command_json(tmp_path) -> None:
    import json

    from click.testing import CliRunner

    from revsim.cli import main
    from tests.conftest import HANDS

    result = CliRunner().invoke(main, ["predict", str(HANDS / "duschek-too-late-a.pbn"), "--after-trick", "3", "--json"])
    assert result.exit_code == 0, result.output
    [entry] = json.loads(result.output)
    assert entry["status"] == "ok" and entry["after_trick"] == 3 and entry["contract"] == "4S"
    assert sum(weight for _, weight in entry["outcomes"]) == 1
    evidence = entry["evidence"]                   # sd's: the two parts, the play-outs' agreement, the weight used
    level = load_level("expert")
    assert evidence["agreement"] in ("unanimous", "strong", "split") and evidence["cut"] == 3
    assert evidence["blend"] == level.blend_at(3, evidence["agreement"])
    blended: dict[int, float] = {}
    for part, weight in ((evidence["play_outs"], 1 - evidence["blend"]), (evidence["position_blind"], evidence["blend"])):
        for tricks, share in part:
            blended[tricks] = blended.get(tricks, 0.0) + weight * share
    assert {tricks: round(weight, 5) for tricks, weight in entry["outcomes"]} == {
        tricks: round(weight, 5) for tricks, weight in blended.items() if weight > 0}
    late = CliRunner().invoke(main, ["predict", str(HANDS / "duschek-too-late-a.pbn"), "--after-trick", "9", "--json"])
    [error] = json.loads(late.stdout)
    assert late.exit_code == 1 and error["status"] == "error" and "stops before trick 9" in error["error"]


def test_64c_with_the_sd_estimator_is_seeded_weighted_and_shows_its_evidence() -> None:
    from revsim.adjudicate import Settings, adjudicate
    from revsim.outputs.dicts import ruling_to_dict
    from revsim.records.readers import read_records
    from tests.conftest import HANDS

    [record] = list(read_records(HANDS / "law64c1-several-revokes.toml"))
    settings = Settings(estimator="sd", estimator_options={"seed": 7})
    first = adjudicate(record, settings)
    [again] = list(read_records(HANDS / "law64c1-several-revokes.toml"))
    second = adjudicate(again, settings)
    assert [(o.tricks, o.weight) for o in first.ns] == [(o.tricks, o.weight) for o in second.ns]
    assert abs(sum(o.weight for o in first.ns) - 1) < 1e-9 and abs(sum(o.weight for o in first.ew) - 1) < 1e-9
    estimate = first.no_infraction
    assert estimate.estimator == "sd" and estimate.substitute == "policy"
    evidence = ruling_to_dict(first)["no_infraction"]["evidence"]
    assert {"play_outs", "position_blind", "double_dummy", "level", "temperature", "seed"} <= set(evidence)
    assert evidence["seed"] == 7 and abs(sum(weight for _, weight in evidence["play_outs"]) - 1) < 1e-6


def test_report_shows_the_single_dummy_evidence_in_plain_words_and_its_method_last() -> None:
    from revsim.adjudicate import Settings, adjudicate
    from revsim.outputs.report import report_html
    from revsim.records.readers import read_records
    from tests.conftest import HANDS

    [record] = list(read_records(HANDS / "law64c1-several-revokes.toml"))
    page = report_html(adjudicate(record, Settings(estimator="sd")))
    evidence, method = page.split("<h2>Appendix: method</h2>")
    assert "each player seeing only what he would see at the table" in evidence
    assert "A replay that ends with" in evidence and "class='playout'" in evidence
    assert re.search(r"single dummy \(sd, level expert\): (16|24|32) play-outs", method) and "seed 1" in method
    blend = load_level("expert").blend
    settings = "blend = " + "; ".join(f"{agreement} {' / '.join(f'{blend[agreement][cut]:g}' for cut in (1, 3, 6))}"
                                      for agreement in ("unanimous", "strong", "split")) + " (after 1 / 3 / 6 tricks)"
    assert settings in method and "weighing" in method


def _playouts_of(record: Record, cut: int, seed: int) -> tuple[tuple[int, float], ...]:
    from revsim.likely.predict import position_after

    assert record.contract is not None
    level = load_level("expert")
    return likely_tricks(position_after(record, cut), record.contract.declarer, {}, level, seed).playouts


def test_play_outs_are_the_same_in_another_process() -> None:
    """The same position and seed give the same play-outs in a worker process, where the record arrives
    pickled and its card sets are rebuilt in another order (the sampler must not follow a set's own order)."""
    import multiprocessing

    from revsim.records.readers import read_records
    from tests.conftest import HANDS

    tasks = [(record, 4, 3) for name in ("duschek-repeated-3nt.pbn", "kooijman-ebl-repeated.pbn", "duschek-both-sides.pbn")
             for record in read_records(HANDS / name)]
    here = [_playouts_of(*task) for task in tasks]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        there = pool.starmap(_playouts_of, tasks)
    assert here == there


def test_sd_evidence_is_typed_where_it_is_written_and_its_json_is_its_fields() -> None:
    """The sd estimator's evidence, as written for a corrected revoke with a penalty card (a representative play-out,
    the settled form, a competent defence), is an ``SdEvidence`` made by the estimator itself, not a mapping cast at
    the reader; its JSON holds only its fields' names (and those of the settled form and the competent defence's part,
    written flat), and each play-out shown only ``Representative``'s keys."""
    from dataclasses import fields
    from typing import get_type_hints

    from revsim.adjudicate import adjudicate
    from revsim.equity.settings import Settings
    from revsim.likely.evidence import CompetentPart, Parted, Representative, SdEvidence
    from revsim.records.readers import read_records
    from tests.conftest import HANDS

    [record] = read_records(HANDS / "law62a-penalty-card-decides-a-trick.toml")
    ruling = adjudicate(record, Settings(estimator="sd"))
    [estimate] = [estimate for estimate in ruling.estimates.values() if estimate.estimator == "sd"]
    evidence = estimate.evidence
    assert isinstance(evidence, SdEvidence) and evidence.settled is not None and evidence.representative is not None
    written = evidence.to_json()
    flat = ({field.name for field in fields(SdEvidence)} - {"settled", "competent"}
            | set(evidence.settled.evidence()) | {field.name for field in fields(CompetentPart)} | {"defence"})
    assert set(written) <= flat
    assert {"play_outs", "first_cards", "representative", "same_form_share", "seed", "level"} <= set(written)
    assert written["seed"] == evidence.seed and written["play_out_count"] == evidence.play_out_count
    for shown in [evidence.representative, *(evidence.representatives or ())]:
        assert set(shown) == set(get_type_hints(Representative))
        assert shown["parted"] is None or set(shown["parted"]) == set(get_type_hints(Parted))
