"""Law 64C: the position-blind part of sd's estimate reads how far double dummy makes or misses the contract
(real players give up overtricks for safety and fight for a contract on the line)."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.likely.evidence import SdEvidence
from revsim.likely.levels import CUTS, MARGINS, Level, level_from_entry, load_level, margin_of
from revsim.likely.sd import blind_distribution, likely_tricks
from revsim.likely.worlds import Estimate
from revsim.outputs.playouts import MARGIN_WORDS, real_play_texts
from tests.test_single_dummy import _end_position, same_blend

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "calibration"))
from likely_blend import blind, fit_errors, fit_margin_errors  # noqa: E402

E, A = 1, 0
CUT_ERRORS = {1: {-1: 0.25, 0: 0.75}, 3: {0: 1.0}, 6: {-1: 0.5, 0: 0.5}}
SHORT = {-1: 0.1, 0: 0.6, 1: 0.3}
"""The errors of a contract double dummy misses: the defence often lets it through."""


def _level(margin_errors: dict[int, dict[int, dict[int, float]]]) -> Level:
    return Level("test", 0.02, 4, 4, same_blend({1: 1.0, 3: 1.0, 6: 1.0}), CUT_ERRORS, margin_errors=margin_errors)


@given(st.integers(0, 13), st.integers(7, 13))
def test_margin_of_counts_double_dummys_tricks_beyond_the_contract(double_dummy: int, target: int) -> None:
    margin = margin_of(double_dummy, target)
    assert margin in MARGINS
    assert margin == double_dummy - target or abs(double_dummy - target) > 2 and margin == (2 if double_dummy > target else -2)
    assert margin_of(double_dummy, None) is None
    more = margin_of(min(double_dummy + 1, 13), target)
    assert more is not None and margin is not None and more >= margin


def test_the_position_blind_part_reads_double_dummys_margin_over_the_contract() -> None:
    level = _level({6: {margin: SHORT if margin < 0 else {0: 1.0} for margin in MARGINS}})
    assert blind_distribution(9, 10, 6, 11, level, margin=-1) == {8: 0.1, 9: 0.6, 10: 0.3}
    assert blind_distribution(9, 10, 6, 11, level, margin=1) == {9: 1.0}
    assert blind_distribution(9, 10, 6, 11, level) == {8: 0.5, 9: 0.5}                # no contract: by cut alone
    assert blind_distribution(9, 1, 0, 13, level, margin=-1) == {8: 0.25, 9: 0.75}     # no margins at cut 1
    assert level.measured_margin(10, -1) == -1 and level.measured_margin(1, -1) is None


def test_likely_tricks_takes_the_errors_of_the_contracts_margin() -> None:
    """Three tricks left, declarer's side has 8 and double dummy takes all three: against a target of 12 (one
    short) the blind part is the short contract's errors, kept within 8 to 11 tricks; with no contract it is the
    cut's, and no margin is reported."""
    position, declarer = _end_position()
    level = _level({6: {margin: SHORT if margin == -1 else {0: 1.0} for margin in MARGINS}})
    short = likely_tricks(position, declarer, {}, level, 3, target=12)
    assert short.double_dummy == 11 and short.margin == -1
    assert dict(short.blind) == pytest.approx({10: 0.1, 11: 0.9})
    unknown = likely_tricks(position, declarer, {}, level, 3)
    assert unknown.margin is None and dict(unknown.blind) == {10: 0.5, 11: 0.5}
    assert unknown.evidence().margin is None and short.evidence().to_json()["margin"] == -1
    assert unknown.playouts == short.playouts                                           # the play-outs do not read it


def test_the_plain_words_name_the_margin_the_errors_were_measured_at() -> None:
    evidence = SdEvidence(double_dummy=9, agreement="unanimous", blend=0.5, cut=3, level="expert",
                          errors=((-1, 0.2), (0, 0.7), (1, 0.1)))
    texts = {margin: real_play_texts(Estimate("sd", "policy", 3, E, Card.parse("SA"), None, (), (), ((9, 1.0),), (),
                                              2, 1, replace(evidence, margin=margin)))[0]
             for margin in (None, *MARGINS)}
    assert "in contracts" not in texts[None]
    for margin in MARGINS:
        assert f"(after about 3 tricks, in {MARGIN_WORDS[margin]})" in texts[margin]


def _entry() -> dict[str, object]:
    entry: dict[str, object] = json.loads(resources.files("revsim.likely").joinpath("levels.json").read_text())["expert"]
    return entry


def test_a_level_needs_errors_for_every_margin_where_it_has_any() -> None:
    entry = _entry()
    assert level_from_entry("expert", entry) == load_level("expert")
    broken = entry | {"errors_by_margin": {"1": {"0": {"0": 1.0}}}}
    with pytest.raises(ValueError, match="errors by margin"):
        level_from_entry("expert", broken)
    without = {key: value for key, value in entry.items() if key != "errors_by_margin"}
    assert level_from_entry("expert", without).margin_errors == {}


def test_shipped_levels_have_errors_for_each_cut_and_margin() -> None:
    for name in ("expert", "club"):
        level = load_level(name)
        assert set(level.margin_errors) == set(CUTS)
        for by_margin in level.margin_errors.values():
            assert set(by_margin) == set(MARGINS)
            assert all(abs(sum(table.values()) - 1) < 1e-5 for table in by_margin.values())


@dataclass(frozen=True)
class _Fitted:
    cut: int
    actual: int
    dd: int
    target: int
    event: str = "e"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(CUTS), st.integers(-2, 2), st.integers(5, 12), st.integers(7, 13)),
                min_size=1, max_size=60))
def test_fitted_margin_errors_start_from_the_cuts_and_sum_to_one(rows: list[tuple[int, int, int, int]]) -> None:
    """Each margin's errors are its positions' counts added to 20 positions' worth of its cut's errors: a margin
    with no positions has the cut's errors, and every table sums to one."""
    positions = [_Fitted(cut, min(max(dd + offset, 0), 13), dd, target) for cut, offset, dd, target in rows]
    errors = fit_errors(positions)
    by_margin = fit_margin_errors(positions, errors)
    for cut in CUTS:
        for margin in MARGINS:
            table = by_margin[cut][margin]
            assert abs(sum(table.values()) - 1) < 1e-9
            if not any(p.cut == cut and margin_of(p.dd, p.target) == margin for p in positions):
                assert {o: w for o, w in table.items() if w} == pytest.approx({o: w for o, w in errors[cut].items() if w})
    for p in positions:
        assert abs(sum(blind(p, replace(_level(by_margin), errors=errors)).values()) - 1) < 1e-9


def test_a_margin_seen_often_moves_away_from_its_cut() -> None:
    positions = [_Fitted(1, 10, 10, 10)] * 20 + [_Fitted(1, 9, 11, 10)] * 60     # one overtrick by dd: 9 taken
    errors = fit_errors(positions)
    by_margin = fit_margin_errors(positions, errors)
    assert errors[1] == {-2: 0.75, 0: 0.25}
    assert by_margin[1][1][-2] == pytest.approx((60 + 20 * 0.75) / 80)
    assert by_margin[1][0][0] == pytest.approx((20 + 20 * 0.25) / 40)
