"""The desk is safe on a laptop: it answers only requests addressed to it, refuses work sent by a page of another
site, answers a ruling and its report in one request, serves its icon, and when its worker process dies only
the request in work fails, the ones waiting run on the new worker."""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
import time
import urllib.parse
from pathlib import Path

from tests.conftest import HANDS

GOOD = HANDS / "duschek-too-late-a.pbn"


def request(url: str, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
            ) -> tuple[int, str, str]:
    """(status, media type, body) of one request with exactly these headers (Host included when given)."""
    netloc = urllib.parse.urlsplit(url).netloc
    host, port = netloc.rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=120)
    connection.putrequest(method, path, skip_host=bool(headers and "Host" in headers))
    for name, value in {**(headers or {}), "Content-Length": str(len(body))}.items():
        connection.putheader(name, value)
    connection.endheaders(body)
    response = connection.getresponse()
    answer = response.status, response.getheader("content-type", ""), response.read().decode()
    connection.close()
    return answer


def test_a_request_to_another_host_name_is_refused(desk_url: str) -> None:
    port = urllib.parse.urlsplit(desk_url).port
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.2"):
        status, media, text = request(desk_url, "GET", "/api/health", headers={"Host": host})
        assert status == 403 and media.startswith("application/json") and "answers requests to" in json.loads(text)["error"]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost"):
        assert request(desk_url, "GET", "/api/health", headers={"Host": host})[0] == 200


def test_a_post_from_a_page_of_another_site_is_refused(desk_url: str) -> None:
    body = GOOD.read_bytes()
    path = "/api/adjudicate?format=pbn&estimator=dd"
    for origin in ("http://evil.example", "null", "http://127.0.0.1.evil.example"):
        status, _, text = request(desk_url, "POST", path, body, {"Origin": origin, "Content-Type": "text/plain"})
        assert status == 403 and "another site" in json.loads(text)["error"]
    assert request(desk_url, "POST", path, body, {"Origin": desk_url.rstrip("/")})[0] == 200
    assert request(desk_url, "POST", path, body)[0] == 200  # a script sends no Origin


def test_the_rule_endpoint_answers_the_ruling_and_its_report_in_one_request(desk_url: str) -> None:
    status, media, text = request(desk_url, "POST", "/api/rule?format=pbn&estimator=dd", GOOD.read_bytes())
    answer = json.loads(text)
    assert status == 200 and media.startswith("application/json")
    assert answer["board"]["ruling"]["law"] == "64A" and answer["report"].startswith("<!DOCTYPE html>")
    assert "Revoke ruling: board duschek-too-late-a" in answer["report"]


def test_the_icon_is_served(desk_url: str) -> None:
    status, media, text = request(desk_url, "GET", "/favicon.ico")
    assert status == 200 and media.startswith("image/svg+xml") and "<svg" in text


def _worker_pids() -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError, ValueError):
            continue
        if parent == os.getpid() and "spawn_main" in command:
            found.append(int(stat.parent.name))
    return found


def test_when_the_worker_dies_only_the_request_in_work_fails(desk_url: str) -> None:
    slow = (HANDS / "kooijman-lead-restriction.toml").read_bytes()  # sd takes seconds on it
    answers: dict[str, tuple[int, str, str]] = {}

    def send(name: str, path: str, body: bytes) -> None:
        answers[name] = request(desk_url, "POST", path, body)

    first = threading.Thread(target=send, args=("in work", "/api/adjudicate?format=toml&estimator=sd", slow))
    first.start()
    time.sleep(1.0)
    waiting = threading.Thread(target=send, args=("waiting", "/api/adjudicate?format=pbn&estimator=dd", GOOD.read_bytes()))
    waiting.start()
    time.sleep(0.5)
    workers = _worker_pids()
    assert workers, "the desk has a worker process"
    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    first.join(120)
    waiting.join(120)
    status, _, text = answers["in work"]
    assert status == 500 and "the worker process stopped" in json.loads(text)["error"]
    status, _, text = answers["waiting"]
    assert status == 200 and json.loads(text)[0]["ruling"]["law"] == "64A"


def test_every_answer_of_the_desk_forbids_loading_anything_from_outside(desk_url: str) -> None:
    """The page, its scripts, the API's answers and an error all carry the Content-Security-Policy."""
    netloc = urllib.parse.urlsplit(desk_url).netloc
    host, port = netloc.rsplit(":", 1)
    for method, path in (("GET", "/"), ("GET", "/static/desk.js"), ("GET", "/api/health"), ("GET", "/no-such-page"),
                         ("POST", "/api/adjudicate?format=pbn&estimator=dd")):
        connection = http.client.HTTPConnection(host, int(port), timeout=120)
        body = GOOD.read_bytes() if method == "POST" else b""
        connection.request(method, path, body=body)
        response = connection.getresponse()
        response.read()
        policy = response.getheader("content-security-policy", "")
        connection.close()
        assert "default-src 'self'" in policy and "img-src 'self' data:" in policy, path
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert response.getheader("x-content-type-options") == "nosniff", path
