"""Every ruling bounded in time: a budget (``--time-budget``, the desk's ``time_budget=``) stops a ruling cleanly
with an error saying what was still being searched; a ruling that finishes is the same as without one; the desk
answers its health while a long claim is ruled, refuses work past what its worker should hold, and stays well."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from revsim.adjudicate import Settings, adjudicate, board_output
from revsim.cli import main
from revsim.likely.budget import BudgetSpent, check_budget, doing, time_budget
from revsim.outputs.rowfiles import read_rows
from revsim.records.casefile import read_case
from revsim.records.errors import OverBudget
from revsim.records.record import Record
from tests.conftest import HANDS, serving_desk
from tests.test_web_api import get, post

EARLY = Path(__file__).parent / "data" / "early-claims.toml"
"""Claims made at tricks 1-3: the longest searches Law 70 asks for."""


def _board(name: str) -> Record:
    record = next(item for item in read_case(EARLY) if isinstance(item, Record) and item.board == name)
    return record


def test_a_spent_budget_stops_the_work_at_its_next_check_and_says_what_it_was_doing() -> None:
    with time_budget(0.01):
        with doing("searching something", 12):
            time.sleep(0.02)
            with pytest.raises(BudgetSpent) as spent:
                check_budget()
    assert (spent.value.seconds, spent.value.doing, spent.value.line) == (0.01, "searching something", 12)
    check_budget()   # outside the block: no limit


def test_a_budget_inside_another_ends_at_the_earlier_deadline_and_none_means_no_limit() -> None:
    with time_budget(0.01):
        with time_budget(1000):
            time.sleep(0.02)
            with pytest.raises(BudgetSpent) as spent:
                check_budget()
    assert spent.value.seconds == 0.01
    with time_budget(None), time_budget(0):
        time.sleep(0.01)
        check_budget()


@pytest.mark.parametrize("seconds", [-1, True, "60", float("inf")])
def test_a_time_budget_that_is_not_seconds_is_refused(seconds: object) -> None:
    with pytest.raises(ValueError, match="time_budget is a number of seconds"):
        Settings(time_budget=seconds)  # type: ignore[arg-type]


@pytest.mark.timeout(120)
def test_a_claim_at_trick_1_past_its_budget_is_an_error_naming_the_claim_and_what_was_not_searched() -> None:
    """The slam claimed at trick 1 with no line: a budget of one second stops the Law 70 search; the error names the
    claim's line, the search it stopped and how to rule it all the same. Nothing of a ruling is given."""
    record = _board("6s-trick1-no-line")
    output = board_output(record, Settings(estimator="sd", time_budget=1))
    assert output.failed and output.ruling is None and output.result["kind"] == "over-budget"
    assert output.result["line"] == record.facts.claim.line  # type: ignore[union-attr]
    assert "not ruled within its time budget of 1 s (it was still searching the claimer's normal lines from " \
           "trick 2 (Law 70)); nothing of the ruling is given" in output.result["error"]
    assert "--time-budget" in output.result["error"]
    with pytest.raises(OverBudget):
        adjudicate(record, Settings(estimator="sd", time_budget=1))


def test_a_ruling_within_its_budget_is_the_ruling_without_one() -> None:
    for name in ("law62a-attention-at-the-revoke-trick.toml", "kooijman-wrong-claim.toml"):
        [record] = list(read_case(HANDS / name))
        assert isinstance(record, Record)
        free = board_output(record, Settings(estimator="dd"))
        bounded = board_output(record, Settings(estimator="dd", time_budget=600))
        assert json.dumps(bounded.result, sort_keys=True) == json.dumps(free.result, sort_keys=True)
        assert bounded.text == free.text


def test_the_command_line_takes_a_time_budget_and_the_scan_writes_the_boards_past_it_as_error_rows(
        tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["adjudicate", str(EARLY), "--board", "6s-trick1-no-line", "--time-budget", "0.5"])
    assert result.exit_code == 1 and "not ruled within its time budget of 0.5 s" in result.output
    refused = runner.invoke(main, ["adjudicate", str(EARLY), "--time-budget", "-3"])
    assert refused.exit_code == 2 and "--time-budget" in refused.output
    out = tmp_path / "rows.csv"
    scanned = runner.invoke(main, ["scan", str(EARLY), "--jobs", "1", "--estimator", "dd", "--time-budget", "0.5",
                                   "--out", str(out), "--quiet"])
    assert scanned.exception is None or isinstance(scanned.exception, SystemExit), scanned.output
    rows = read_rows(out).set_index("board")
    assert rows.loc["6s-trick1-no-line", "status"] == "error"
    assert "not ruled within its time budget" in rows.loc["6s-trick1-no-line", "error"]


def test_the_desk_answers_its_health_during_a_trick_1_claim_stops_it_within_budget_and_stays_well() -> None:
    """The acceptance case: a contested claim at trick 1 through the desk. ``/api/health`` answers while it is
    ruled; the ruling is answered 503 (over budget) with what was not searched, and the next request is ruled."""
    text = EARLY.read_text(encoding="utf-8")
    with serving_desk() as url:
        answers: list[tuple[int, str, str]] = []
        ruling = threading.Thread(target=lambda: answers.append(post(
            url, "/api/rule", text, format="toml", board="6s-trick1-no-line", estimator="sd", time_budget="3")))
        ruling.start()
        healthy_during = 0
        while ruling.is_alive():
            status, body = get(url, "/api/health")
            if ruling.is_alive():
                assert status == 200 and json.loads(body)["status"] == "ok"
                healthy_during += 1
            time.sleep(0.2)
        ruling.join()
        assert healthy_during >= 3, "the desk did not answer its health while the claim was ruled"
        [(status, _, body)] = answers
        problem = json.loads(body)
        assert status == 503 and problem["kind"] == "over-budget" and problem["board"] == "6s-trick1-no-line"
        assert "searching the claimer's normal lines from trick 2 (Law 70)" in problem["error"]
        status, _, body = post(url, "/api/rule", text, format="toml", board="4s-trick3-defenders", estimator="dd")
        assert status == 200, body


def test_the_desk_refuses_at_once_what_its_worker_cannot_take_on() -> None:
    """With no room for requests to wait, a request made while the worker rules another is answered 503 (busy) at
    once, never queued behind it; once the worker is free the same request is ruled."""
    text = EARLY.read_text(encoding="utf-8")
    with serving_desk(max_waiting=0) as url:
        first = threading.Thread(target=post, args=(url, "/api/rule", text), kwargs=dict(
            format="toml", board="6s-trick1-no-line", estimator="sd", time_budget="4"))
        first.start()
        time.sleep(1.0)
        status, _, body = post(url, "/api/rule", text, format="toml", board="4s-trick3-defenders", estimator="dd")
        assert first.is_alive(), "the first ruling ended before the second was asked"
        assert status == 503 and json.loads(body)["kind"] == "busy"
        first.join()
        status, _, body = post(url, "/api/rule", text, format="toml", board="4s-trick3-defenders", estimator="dd")
        assert status == 200, body


def test_a_desk_query_with_a_time_budget_that_is_not_seconds_is_a_400(desk_url: str) -> None:
    case = (HANDS / "duschek-too-late-a.pbn").read_text(encoding="utf-8")
    status, _, body = post(desk_url, "/api/adjudicate", case, format="pbn", estimator="dd", time_budget="soon")
    assert status == 400 and "time_budget is a number of seconds" in json.loads(body)["error"]
