"""The desk never holds its worker silently: while a ruling runs, ``/api/progress`` says whether it waits or is worked,
for how long, what the worker is doing (its own phrases: the claimer's normal lines, the play-outs), and how long that
kind of case takes (the benchmark's figures on the worked cases, and this desk's own latest rulings of the kind)."""

from __future__ import annotations

import json
import multiprocessing
import threading
import time
from pathlib import Path

from revsim.likely.budget import doing
from revsim.likely.progress import listening
from revsim.records.casefile import read_case
from revsim.records.record import Record
from revsim.web.progress import KINDS, Channel, Waits, adopt, case_kind, tell_kind, told
from revsim.web.requests import Requests
from tests.conftest import HANDS, serving_desk
from tests.test_web_api import get, post

EARLY = Path(__file__).parent / "data" / "early-claims.toml"
CLAIMS = Path(__file__).parent / "data" / "law70-claims.toml"


def _records(path: Path) -> list[Record]:
    return [item for item in read_case(path) if isinstance(item, Record)]


def test_each_case_is_of_the_kind_its_wait_is_measured_for() -> None:
    """A claim the director rules after trick 1 or 3 is early, one at trick 12 is not; a board with information is
    Law 16's; a revoke board is a revoke."""
    kinds = {record.board: case_kind(record) for record in _records(EARLY)}
    assert kinds == {"6s-trick1-no-line": "claim-early", "6s-trick1-stated": "claim-early",
                     "4s-trick3-defenders": "claim-early"}
    late = [record for record in _records(CLAIMS) if record.facts.claim is not None
            and record.facts.claim.ruled_by_director]   # claims from trick 10 on
    assert min(4 * (record.first_trick - 1) + len(record.play) for record in late) >= 16
    assert late and {case_kind(record) for record in late} == {"claim"}
    [information] = _records(HANDS / "law16b-dummy-asks-after-an-established-revoke.toml")
    assert case_kind(information) == "information"
    [revoke] = _records(HANDS / "law62a-attention-at-the-revoke-trick.toml")
    assert case_kind(revoke) == "revoke"


def test_a_workers_channel_carries_its_kind_and_its_latest_phrase() -> None:
    """What the worker tells (its kind of case, the phrases of ``likely.progress`` and of ``budget.doing``) is what
    the server reads; a new case clears the phrase; a phrase too long is cut on a whole character."""
    channel = Channel(multiprocessing.get_context("spawn"))
    adopt(channel)
    try:
        with told():
            tell_kind("claim-early:sd")
            assert channel.read() == ("claim-early:sd", "")
            with doing("searching the claimer's normal lines from trick 2 (Law 70)"):
                assert channel.read() == ("claim-early:sd", "searching the claimer's normal lines from trick 2 (Law 70)")
            with listening(lambda _: None):   # another listener inside: the channel is not told
                pass
            tell_kind("revoke:dd")
            assert channel.read() == ("revoke:dd", "")
            channel.tell("♠" * 500)
            kind, phrase = channel.read()
            assert kind == "revoke:dd" and 0 < len(phrase.encode()) < 400 and set(phrase) == {"♠"}
        assert channel.read() == ("revoke:dd", "")   # once answered: no phrase, the kind kept to time it by
    finally:
        adopt(None)  # type: ignore[arg-type]


def test_the_expected_wait_is_the_benchmarks_for_the_kind_and_this_desks_own() -> None:
    """Every kind the desk tells apart has the shipped benchmark's figures, under both estimators; the desk's own
    rulings are added as they are answered (the latest ``MEASURED`` of each kind)."""
    waits = Waits.load()
    for kind in KINDS:
        for estimator in ("dd", "sd"):
            figures = waits.expected(f"{kind}:{estimator}")["benchmark"]
            assert figures["cases"] >= 3 and 0 <= figures["low"] <= figures["median"] <= figures["high"]
    assert "here" not in waits.expected("claim-early:sd")
    for seconds in (4.0, 9.0, 6.0):
        waits.add("claim-early:sd", seconds)
    assert waits.expected("claim-early:sd")["here"] == {"count": 3, "median": 6.0, "longest": 9.0}
    assert waits.expected("claim-early:sd")["words"] == KINDS["claim-early"]


def test_a_request_is_waiting_then_working_then_unknown_and_only_a_ruled_one_is_timed() -> None:
    channel = Channel(multiprocessing.get_context("spawn"))
    requests = Requests(waits=Waits({}, {}))
    assert requests.progress("a", [channel])["state"] == "unknown"
    requests.wait("a", 3)
    assert requests.progress("a", [channel]) | {"seconds": 0} == {"request": "a", "state": "waiting", "seconds": 0,
                                                                  "ahead": 2}
    requests.work("a", 0)
    channel.start("revoke:sd")
    channel.tell("play-outs from trick 4: trick 9 of 13")
    working = requests.progress("a", [channel])
    assert working["state"] == "working" and working["doing"] == "play-outs from trick 4: trick 9 of 13"
    assert working["expected"]["kind"] == "revoke" and working["expected"]["estimator"] == "sd"
    requests.done("a", channel, answered=False)      # refused (a 4xx or 503): not a ruling's time
    assert "here" not in requests.waits.expected("revoke:sd")
    requests.done("a", channel, answered=True)
    requests.forget("a")
    assert requests.waits.expected("revoke:sd")["here"]["count"] == 1
    assert requests.progress("a", [channel])["state"] == "unknown"
    requests.wait("", 1)                              # a request the desk did not name is not followed
    assert requests.states == {}


def test_the_desk_tells_what_a_long_claim_is_doing_and_how_long_such_a_claim_takes() -> None:
    """The acceptance case: a slam claimed after trick 1 through the desk. While it is ruled, ``/api/progress``
    answers that it is worked, on an early claim, searching the claimer's normal lines, with the benchmark's
    figures and the time this desk's earlier early claim took; once answered, the request is no longer followed."""
    text = EARLY.read_text(encoding="utf-8")
    with serving_desk() as url:
        status, _, body = post(url, "/api/rule", text, format="toml", board="4s-trick3-defenders", estimator="dd",
                               request="first")
        assert status == 200, body
        answers: list[tuple[int, str, str]] = []
        ruling = threading.Thread(target=lambda: answers.append(post(
            url, "/api/rule", text, format="toml", board="6s-trick1-no-line", estimator="dd", request="second")))
        ruling.start()
        seen: list[dict[str, object]] = []
        while ruling.is_alive():
            status, body = get(url, "/api/progress?request=second")
            assert status == 200
            seen.append(json.loads(body))
            time.sleep(0.3)
        ruling.join()
        working = [answer for answer in seen if answer["state"] == "working"]
        assert working, seen
        phrases = {answer.get("doing") for answer in working}
        assert any(isinstance(phrase, str) and "claimer's normal lines" in phrase for phrase in phrases), phrases
        expected = working[-1]["expected"]
        assert isinstance(expected, dict) and expected["kind"] == "claim-early" and expected["estimator"] == "dd"
        assert expected["benchmark"]["cases"] >= 3 and expected["here"]["count"] == 1
        assert answers[0][0] == 200
        status, body = get(url, "/api/progress?request=second")
        assert json.loads(body)["state"] == "unknown"
