"""A director's own weights (--outcomes): Law 12C1c judgement in place of the estimate, marked in every output."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from revsim.adjudicate import adjudicate
from revsim.cli import main
from revsim.equity.settings import Settings, parse_outcomes
from revsim.outputs.report import report_html
from revsim.outputs.text import ruling_to_text
from revsim.records.readers import read_records
from tests.conftest import HANDS

DUMMY = HANDS / "duschek-dummy-revoke.pbn"  # 6S; dummy's revoke; Law 64C1: 11 tricks double dummy


def test_law12c1c_directors_judgement_replaces_the_estimate_and_is_marked_everywhere() -> None:
    record = next(read_records(DUMMY))
    settings = Settings(estimator="dd", outcomes=parse_outcomes("12:30,11:70"))
    ruling = adjudicate(record, settings)
    assert ruling.law == "64C1"
    assert [(o.tricks, round(o.weight, 6)) for o in ruling.ns] == [(11, 0.7), (12, 0.3)]
    assert ruling.no_infraction is not None and ruling.no_infraction.estimator == "director"
    assert ruling.no_infraction.evidence is not None
    assert ruling.no_infraction.evidence.to_json()["double_dummy"] == [[11, 1.0]]
    assert "the director's judgement" in ruling_to_text(ruling)
    assert "is the director&#x27;s judgement (Law 12C1c)" in report_html(ruling)
    result = CliRunner().invoke(main, ["adjudicate", str(DUMMY), "--outcomes", "12:0.3,11:0.7", "--json"])
    board = json.loads(result.output)[0]
    assert board["no_infraction"]["estimator"] == "director"
    assert board["settings"]["outcomes"] == "12:0.3,11:0.7"
    assert board["ruling"]["ns"] == [{"tricks": 11, "weight": 0.7, "percent": "70%", "result": "6S-1", "score": -50},
                                     {"tricks": 12, "weight": 0.3, "percent": "30%", "result": "6S=", "score": 980}]
    assert board["ruling"]["written"] == "70% of 6S-1, 30% of 6S="


def test_law64c1_still_decides_with_the_directors_judgement() -> None:
    """A judgement worse for the non-offenders than the table keeps the table result (64C1 never favours the
    offenders): dummy's revoke gives no transfer (64B3), the table made 12, and the judgement says 12."""
    record = next(read_records(DUMMY))
    ruling = adjudicate(record, Settings(estimator="dd", outcomes=parse_outcomes("12:1")))
    assert ruling.table_tricks == 12
    assert ruling.law == "64B3" and [(o.tricks, o.weight) for o in ruling.ns] == [(12, 1.0)]


def test_directors_judgement_out_of_reach_is_an_error_naming_the_board() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--outcomes", "12:1"])
    assert result.exit_code == 1
    assert "board duschek-too-late-a" in result.output and "12 tricks cannot be reached from trick 3" in result.output


@pytest.mark.parametrize("text, problem", [("12", "not TRICKS:WEIGHT"), ("12:0.5", "sum to 0.5"),
                                           ("14:1", "tricks must be 0-13"), ("12:0.5,12:0.5", "given twice"),
                                           ("x:1", "not TRICKS:WEIGHT")])
def test_parse_outcomes_refuses_what_is_not_a_weighting(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_outcomes(text)
    result = CliRunner().invoke(main, ["adjudicate", str(DUMMY), "--outcomes", text])
    assert result.exit_code == 2 and "--outcomes" in result.output and "Traceback" not in result.output


@given(st.dictionaries(st.integers(0, 13), st.integers(1, 100), min_size=1, max_size=5))
def test_parse_outcomes_weights_sum_to_one(weights: dict[int, int]) -> None:
    total = sum(weights.values())
    text = ",".join(f"{tricks}:{weight / total!r}" for tricks, weight in weights.items())
    outcomes = parse_outcomes(text)
    assert abs(sum(weight for _, weight in outcomes) - 1) < 1e-9
    assert [tricks for tricks, _ in outcomes] == sorted(weights, reverse=True)
