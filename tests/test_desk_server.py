"""The desk's server under bad requests and failures: a bad body is a client error naming the problem, a
worker's death fails at most the request it was doing, a request's work is bounded, and an overlong query
string is answered."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest

from tests.conftest import HANDS, renamed_boards, serving_desk
from tests.test_web_api import post

GOOD = {"board": "1", "deal": "N:Q.6.7.2 K2.8..3 T.53..K ..A9.87", "contract": "2S", "declarer": "S",
        "vulnerable": "None", "start": {"trick": 10, "leader": "N", "declarer_tricks": 6}, "play": ["H6 S2 H3 C7"]}


@pytest.mark.parametrize("body, words", [
    (b'{"board": "\\ud800", "deal": "x"}', "lone surrogate (U+D800)"),
    ('{"board": "\ud800"}'.encode("utf-8", "surrogatepass"), "not UTF-8 text"),
    (b"[" * 100_000 + b"]" * 100_000, "nested 100000 levels deep"),
    (b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "nested 50000 levels deep"),
    (b'{"board": ' + b"9" * 100_000 + b"}", "a number of 100,000 digits"),
    (b'{"board": NaN}', "NaN, which is not a JSON number"),
    (json.dumps({**GOOD, "facts": {"penalty_card": "x"}}).encode(), "`facts.penalty_card` must be a list of tables"),
    (json.dumps({**GOOD, "facts": "x"}).encode(), "`facts` must be a table"),
    (json.dumps({**GOOD, "facts": {"noticed": 5}}).encode(), "`facts.noticed` must be one of"),
    (json.dumps({**GOOD, "facts": {"penalty_card": [{"player": 3, "card": []}]}}).encode(), "must be a seat"),
    (json.dumps({**GOOD, "play": "H6"}).encode(), "`play` must be a list of tricks"),
], ids=["escaped-surrogate", "raw-surrogate", "deep-array", "deep-object", "huge-integer", "nan", "facts-table",
        "facts-string", "noticed-number", "seat-number", "play-string"])
def test_a_bad_case_body_is_a_client_error_naming_the_problem(desk_url: str, body: bytes, words: str) -> None:
    status, media, text = post(desk_url, "/api/case", body)
    assert 400 <= status < 500 and media.startswith("application/json")
    answer = json.loads(text)
    assert answer["status"] == "error" and words in answer["error"]


def test_an_overlong_query_string_gets_a_414(desk_url: str) -> None:
    status, media, text = post(desk_url, "/api/adjudicate", "", format="pbn", name="x" * 200_000)
    assert status == 414 and media.startswith("application/json") and "query string is longer" in text


def test_a_session_too_big_for_the_desk_is_refused_before_the_work(desk_url: str) -> None:
    status, _, text = post(desk_url, "/api/load", renamed_boards(range(250)), format="pbn")
    assert status == 413 and "at most 200 at a time" in json.loads(text)["error"]
    status, _, text = post(desk_url, "/api/adjudicate", renamed_boards(range(41)), format="pbn", estimator="dd")
    assert status == 413 and "revsim adjudicate" in json.loads(text)["error"]
    status, _, text = post(desk_url, "/api/case", json.dumps([GOOD] * 201))
    assert status == 413


@pytest.fixture(scope="module")
def two_workers() -> Iterator[str]:
    """A desk with two worker processes, served in this process so its workers are this process's children."""
    with serving_desk(processes=2, max_bytes=None) as url:
        yield url


def _workers() -> list[int]:
    return sorted(child.pid for child in multiprocessing.active_children() if child.pid is not None)


CASE = (HANDS / "duschek-too-late-a.pbn").read_text(encoding="utf-8")


def test_a_worker_that_died_while_idle_does_not_fail_the_next_request(two_workers: str) -> None:
    for _ in range(5):
        status, _, _ = post(two_workers, "/api/adjudicate", CASE, format="pbn", estimator="dd")
        assert status == 200
        for pid in _workers():
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.3)
        status, _, text = post(two_workers, "/api/adjudicate", CASE, format="pbn", estimator="dd")
        assert status == 200, text


def test_a_workers_death_fails_only_the_request_it_was_doing(two_workers: str) -> None:
    for _ in range(2):   # both workers running: each pool has its process
        post(two_workers, "/api/adjudicate", CASE, format="pbn", estimator="dd")
    slow = (HANDS / "duschek-repeated-3nt.pbn").read_text(encoding="utf-8")
    results: list[int] = []

    def rule() -> None:
        results.append(post(two_workers, "/api/adjudicate", slow, format="pbn", seed="1")[0])

    threads = [threading.Thread(target=rule) for _ in range(2)]
    for thread in threads:
        thread.start()
    time.sleep(2.0)   # both requests are at work, one in each worker
    victim = _workers()[0]
    os.kill(victim, signal.SIGKILL)
    for thread in threads:
        thread.join(timeout=300)
    assert sorted(results) == [200, 500]
    assert post(two_workers, "/api/adjudicate", CASE, format="pbn", estimator="dd")[0] == 200


def test_a_cancelled_request_stops_its_worker_and_the_next_request_is_answered(desk_url: str) -> None:
    """The desk's Cancel closes the connection: the worker doing that ruling is stopped and replaced, so the next
    request does not wait behind work nobody will read."""
    import http.client
    from urllib.parse import urlsplit

    post(desk_url, "/api/adjudicate", CASE, format="pbn", estimator="dd")   # the worker is running
    before = _workers()
    slow = (HANDS / "duschek-repeated-3nt.pbn").read_text(encoding="utf-8")
    address = urlsplit(desk_url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=60)
    connection.request("POST", "/api/rule?format=pbn&seed=1&name=slow.pbn", body=slow.encode())
    time.sleep(1.5)   # the ruling is at work
    connection.close()   # the desk's Cancel: the request is gone
    for _ in range(100):   # other desks of this test process keep their idle workers: one of these must end
        if set(before) - set(_workers()):
            break
        time.sleep(0.1)
    assert set(before) - set(_workers()), "the cancelled ruling's worker is still at work"
    status, _, text = post(desk_url, "/api/adjudicate", CASE, format="pbn", estimator="dd")
    assert status == 200, text
