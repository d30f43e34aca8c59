"""The director's desk API on a real local server: every endpoint, bad input answered 4xx as JSON while the
server keeps serving, the size limit, and two requests at once (the solver runs in one worker process)."""

from __future__ import annotations

import json
import threading
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import pytest
from click.testing import CliRunner

from revsim.cli import main
from revsim.records.readers import parse_text
from revsim.records.record import Record
from tests.conftest import HANDS

DEAL = "N:853.K752.AQ94.Q7 AJ.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT94"


def post(url: str, path: str, body: str | bytes, **query: Any) -> tuple[int, str, str]:
    """(status, media type, body text) of a POST with ``query`` as parameters (lists repeat a parameter)."""
    data = body.encode() if isinstance(body, str) else body
    request = urllib.request.Request(f"{url}{path}?{urllib.parse.urlencode(query, doseq=True)}", data=data,
                                     method="POST")
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, response.headers.get("content-type", ""), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("content-type", ""), error.read().decode()


def get(url: str, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url + path, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def cli_json(*arguments: str) -> list[dict[str, Any]]:
    result = CliRunner().invoke(main, ["adjudicate", *arguments, "--json"])
    return json.loads(result.output)


def same_ruling(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("board", "contract", "declarer", "table_tricks", "revokes", "transfer", "ruling", "no_infraction", "settings")
    return all(a[key] == b[key] for key in keys)


def test_the_page_and_its_assets_are_served_by_revsim(desk_url: str) -> None:
    status, page = get(desk_url, "/")
    assert status == 200 and "director's desk" in page
    assert 'src="/static/table.js"' in page and 'src="/static/desk.js"' in page
    assert "http" not in page.replace("http-equiv", "")  # nothing from another host: it works offline
    status, script = get(desk_url, "/static/table.js")
    assert status == 200 and "function replay()" in script
    status, script = get(desk_url, "/static/desk.js")
    assert status == 200 and "function buildCase(" in script
    status, script = get(desk_url, "/static/ruling.js")
    assert status == 200 and "async function rule()" in script
    status, style = get(desk_url, "/static/desk.css")
    assert status == 200 and ".hand" in style


def test_adjudicate_answers_the_same_json_as_the_command_line(desk_url: str) -> None:
    path = HANDS / "duschek-too-late-a.pbn"
    status, media, body = post(desk_url, "/api/adjudicate", path.read_text(), format="pbn", name=path.name)
    assert status == 200 and media.startswith("application/json")
    served, command_line = json.loads(body), cli_json(str(path))
    assert len(served) == len(command_line) == 1
    assert same_ruling(served[0], command_line[0])
    assert served[0]["file"] == path.name


def test_adjudicate_takes_the_command_line_options_as_query_parameters(desk_url: str) -> None:
    path = HANDS / "kooijman-lead-restriction.toml"
    text = path.read_text()
    for options in ({"noticed": "after-round", "estimator": "dd"}, {"regime": "non-weighted", "estimator": "dd"},
                    {"noticed": "during-play", "estimator": "dd"}):
        status, _, body = post(desk_url, "/api/adjudicate", text, format="toml", name=path.name, **options)
        assert status == 200
        arguments = [arg for key, value in options.items() for arg in (f"--{key.replace('_', '-')}", value)]
        assert same_ruling(json.loads(body)[0], cli_json(str(path), *arguments)[0]), options


def test_adjudicate_takes_noticed_at_and_the_directors_worlds(desk_url: str) -> None:
    late = HANDS / "duschek-too-late-a.pbn"
    for noticed_at, law in (("4.0", "62A"), ("4.1", "64A")):
        status, _, body = post(desk_url, "/api/adjudicate", late.read_text(), format="pbn", name=late.name,
                               estimator="dd", noticed_at=noticed_at)
        assert status == 200 and json.loads(body)[0]["ruling"]["law"] == law
        assert same_ruling(json.loads(body)[0], cli_json(str(late), "--estimator", "dd", "--noticed-at", noticed_at)[0])
    repeated = HANDS / "duschek-repeated-3nt.pbn"
    status, _, body = post(desk_url, "/api/adjudicate", repeated.read_text(), format="pbn", name=repeated.name,
                           estimator="dd", outcomes=["t4=11:0.7,10:0.3"])
    assert status == 200 and json.loads(body)[0]["ruling"]["written"] == "70% of 3NT+3, 30% of 3NT+2"
    status, _, body = post(desk_url, "/api/adjudicate", repeated.read_text(), format="pbn", estimator="dd",
                           outcomes=["12:1", "11:1"])
    assert status == 400 and "given twice" in json.loads(body)["error"]
    status, _, body = post(desk_url, "/api/adjudicate", late.read_text(), format="pbn", noticed_at="4.7")
    assert status == 400 and "0-3" in json.loads(body)["error"]


def test_case_keeps_noticed_at_and_the_directors_judgement(desk_url: str) -> None:
    path = HANDS / "law12c1c-judgement-of-a-later-world.toml"
    _, _, loaded = post(desk_url, "/api/load", path.read_text(), format="toml", name=path.name)
    case = json.loads(loaded)["boards"][0]
    assert case["facts"]["judgement"] == [{"world": "t8", "outcomes": "11:0.6,10:0.4"}]
    case["facts"]["noticed_at"] = "7.0"
    status, _, toml = post(desk_url, "/api/case", json.dumps(case))
    assert status == 200 and "[[facts.judgement]]" in toml and 'noticed_at = "7.0"' in toml
    assert tomllib.loads(toml)["facts"]["judgement"][0]["world"] == "t8"


def test_adjudicate_with_a_field_adds_matchpoints(desk_url: str) -> None:
    path = HANDS / "duschek-too-late-a.pbn"
    status, _, body = post(desk_url, "/api/adjudicate", path.read_text(), format="pbn", field="420,450,-50,-100")
    assert status == 200
    field = json.loads(body)[0]["field"]
    assert field["tables"] == 4 and 0 <= field["ns"]["matchpoints"] <= 100


def test_report_answers_the_html_page(desk_url: str) -> None:
    path = HANDS / "duschek-dummy-revoke.pbn"
    status, media, body = post(desk_url, "/api/report", path.read_text(), format="pbn", name=path.name)
    assert status == 200 and media.startswith("text/html")
    assert "<h1>Revoke ruling: board duschek-dummy-revoke</h1>" in body


def test_load_gives_each_board_as_case_data_even_without_play(desk_url: str) -> None:
    session = "\n".join(f'[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                        f'[Deal "{DEAL}"]\n'
                        for n in (1, 2, 3))
    status, _, body = post(desk_url, "/api/load", session, format="pbn", name="session.pbn")
    assert status == 200
    boards = json.loads(body)["boards"]
    assert [b["board"] for b in boards] == ["1", "2", "3"] and all(b["play"] == [] for b in boards)
    assert boards[0]["deal"].startswith("N:853.K752")


def test_case_writes_a_toml_case_file_that_adjudicate_reads_back(desk_url: str, tmp_path: Any) -> None:
    path = HANDS / "kooijman-lead-restriction.toml"
    _, _, loaded = post(desk_url, "/api/load", path.read_text(), format="toml", name=path.name)
    case = json.loads(loaded)["boards"][0]
    assert case["facts"]["lead_restriction"][0]["must_lead"] == "H"
    status, media, toml = post(desk_url, "/api/case", json.dumps(case))
    assert status == 200 and media.startswith("application/toml")
    assert tomllib.loads(toml)["claim"]["declarer_tricks"] == 9
    written = tmp_path / "case.toml"
    written.write_text(toml)
    assert same_ruling(cli_json(str(written), "--estimator", "dd")[0], cli_json(str(path), "--estimator", "dd")[0])


def test_case_writes_a_session_of_several_cases_as_one_file_adjudicate_reads_back(desk_url: str, tmp_path: Any) -> None:
    paths = [HANDS / "kooijman-lead-restriction.toml", HANDS / "duschek-too-late-b.toml",
             HANDS / "law64c2b-damaged-side-only.toml", HANDS / "duschek-repeated-3nt.pbn"]
    cases = []
    for path in paths:
        _, _, loaded = post(desk_url, "/api/load", path.read_text(), format=path.suffix[1:], name=path.name)
        cases += json.loads(loaded)["boards"]
    status, media, toml = post(desk_url, "/api/case", json.dumps(cases))
    assert status == 200 and media.startswith("application/toml")
    assert toml.count("[[board]]") == len(paths) and "[board.facts]" in toml
    written = tmp_path / "session.toml"
    written.write_text(toml)
    from_session = cli_json(str(written), "--estimator", "dd")
    assert [board["board"] for board in from_session] == [case["board"] for case in cases]
    for board, path in zip(from_session, paths, strict=True):
        assert same_ruling(board, cli_json(str(path), "--estimator", "dd")[0]), path.name


@pytest.mark.parametrize("path, body, query, status, words", [
    ("/api/adjudicate", "[Board \"1\"]\n[Deal \"N:AK.x\"]\n", {"format": "pbn"}, 422, ["board 1", "line 2"]),
    ("/api/adjudicate", "not a record", {"format": "pbn"}, 422, ["no board found"]),
    ("/api/adjudicate", "", {"format": "pbn", "name": "e.pbn"}, 422, ["e.pbn: no board found: the file is empty"]),
    ("/api/adjudicate", "[Board \"1\"]\x00\x01", {"format": "pbn"}, 422, ["not a text file"]),
    ("/api/adjudicate", "deal = ", {"format": "toml", "name": "mine.toml"}, 422, ["mine.toml", "not a valid TOML"]),
    ("/api/adjudicate", "", {"format": "doc"}, 400, ["format must be one of"]),
    *[("/api/adjudicate", "", {"format": "pbn", "noticed_at": bad}, 400, ["noticed_at:", f"'{bad}'"])
      for bad in ("4.5", "abc", "14", "0")],
    ("/api/adjudicate", "", {"format": "pbn", "estimator": "magic"}, 400, ["estimator must be one of"]),
    ("/api/adjudicate", "", {"format": "pbn", "colour": "red"}, 400, ["unknown parameter 'colour'"]),
    ("/api/adjudicate", "", {"format": "pbn", "seed": "x"}, 400, ["seed (of the sd estimator) must be a whole number"]),
    ("/api/adjudicate", "", {"format": "pbn", "seed": "\u00b2"}, 400,
     ["seed (of the sd estimator) must be a whole number, not '\u00b2'"]),
    *[("/api/report", (HANDS / "duschek-too-late-a.pbn").read_text(), {"format": "pbn", "record": bad}, 400,
       ["record must be a whole number (the K-th record selected)", words])
      for bad, words in (("\u00b2", "'\u00b2'"), ("\u2460", "'\u2460'"), ("9" * 5000, "(5,000 characters)"))],
    ("/api/adjudicate", "", {"format": "pbn", "max_outcomes": "\u00b3"}, 400, ["max_outcomes must be a whole number"]),
    ("/api/adjudicate", "", {"format": "pbn", "penalty_card": "E-SJ"}, 400, ["SEAT:CARD@TRICK"]),
    ("/api/report", (HANDS / "duschek-too-late-a.pbn").read_text(), {"format": "pbn", "board": "7"}, 404,
     ["no board named '7'; the file holds 1 board: duschek-too-late-a"]),
    ("/api/report", f"[Board \"1\"]\n[Deal \"{DEAL}\"]\n", {"format": "pbn"}, 422,
     ["nothing to report"]),
    ("/api/case", "{not json", {}, 400, ["not JSON"]),
    ("/api/case", json.dumps({"deal": "N:AK"}), {}, 422, ["case.toml", "`contract` is required"]),
    ("/api/case", json.dumps({"colour": "red"}), {}, 400, ["unknown case keys"]),
    ("/api/case", "[]", {}, 400, ["a list of them"]),
    ("/api/case", json.dumps([{"deal": DEAL, "contract": "4S", "declarer": "S"}, 3]), {}, 400, ["a list of them"]),
    ("/api/case", json.dumps([{"board": "2", "deal": "N:AK", "contract": "4S"}]), {}, 422,
     ["board 2", "line 3", "`declarer` is required"]),
])
def test_bad_input_answers_4xx_json_naming_the_problem(desk_url: str, path: str, body: str, query: dict[str, str],
                                                       status: int, words: list[str]) -> None:
    answered, media, text = post(desk_url, path, body, **query)
    assert answered == status, text
    assert media.startswith("application/json")
    error = json.loads(text)
    assert error["status"] == "error"
    for word in words:
        assert word in error["error"], (word, error["error"])
    assert get(desk_url, "/api/health")[0] == 200  # still serving


def test_a_request_over_the_size_limit_is_refused(desk_url: str) -> None:
    """The server answers 413 on the Content-Length alone, without reading the body: the test sends the
    headers only and reads the answer, so no half-sent body can break the pipe (deterministic)."""
    import http.client

    host, port = urllib.parse.urlsplit(desk_url).netloc.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    connection.putrequest("POST", "/api/adjudicate?format=pbn")
    connection.putheader("Content-Length", "1000001")
    connection.endheaders()
    response = connection.getresponse()
    status, text = response.status, response.read().decode()
    connection.close()
    assert status == 413 and "larger than 1,000,000 bytes" in json.loads(text)["error"]


def test_unknown_pages_and_methods_answer_json(desk_url: str) -> None:
    status, text = get(desk_url, "/api/nothing")
    assert status == 404 and json.loads(text)["error"] == "no such page: /api/nothing"
    status, text = get(desk_url, "/api/adjudicate")
    assert status == 405 and "GET is not allowed" in json.loads(text)["error"]


def test_two_requests_at_once_are_both_answered_correctly(desk_url: str) -> None:
    files = [HANDS / "duschek-repeated-3nt.pbn", HANDS / "kooijman-ebl-repeated.pbn"]
    expected = [cli_json(str(path), "--estimator", "dd")[0] for path in files]
    answers: list[Any] = [None, None]
    start = threading.Barrier(2)

    def ask(index: int) -> None:
        start.wait()
        answers[index] = post(desk_url, "/api/adjudicate", files[index].read_text(), format="pbn", estimator="dd")

    threads = [threading.Thread(target=ask, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    for answer, want in zip(answers, expected, strict=True):
        assert answer is not None and answer[0] == 200
        assert same_ruling(json.loads(answer[2])[0], want)


def test_every_hands_board_round_trips_through_the_case_writer() -> None:
    from revsim.outputs.casetoml import case_to_toml, record_to_case

    boards = 0
    for path in sorted(HANDS.glob("*.pbn")) + sorted(HANDS.glob("*.toml")):
        for record in parse_text(path.read_text(), path.name):
            assert isinstance(record, Record)
            back = list(parse_text(case_to_toml(record_to_case(record)), "back.toml"))
            assert len(back) == 1 and isinstance(back[0], Record)
            assert record_to_case(back[0]) == record_to_case(record)
            boards += 1
    assert boards >= 20


def test_revsim_serve_starts_the_desk_and_stops_on_ctrl_c_and_names_a_busy_port() -> None:
    import signal
    import socket
    import subprocess
    import sys
    import time

    pytest.importorskip("uvicorn", reason="the web extra (starlette, uvicorn) is not installed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "revsim", "serve", "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        status = None
        for _ in range(300):
            try:
                status = get(f"http://127.0.0.1:{port}", "/api/health")[0]
                break
            except OSError:
                time.sleep(0.1)
        assert status == 200
        busy = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert busy.returncode == 1 and f"cannot listen on 127.0.0.1:{port}" in busy.stderr
        assert "Traceback" not in busy.stderr
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=60)
    assert f"revsim desk at http://127.0.0.1:{port}/" in out and "Traceback" not in err


def test_a_lin_record_is_adjudicated_and_loaded_like_the_command_line(desk_url: str, tmp_path: Any) -> None:
    from tests.test_readers import LIN

    revoke = LIN.replace("pc|C6|pc|C3|", "pc|C6|pc|C3|pc|C4|pc|S8|pc|SJ|pc|C8|")  # East ruffs holding a club
    path = tmp_path / "board5.lin"
    path.write_text(revoke)
    status, _, body = post(desk_url, "/api/adjudicate", revoke, format="lin", name=path.name)
    assert status == 200
    served = json.loads(body)[0]
    assert served["revokes"] and same_ruling(served, cli_json(str(path))[0])
    status, _, loaded = post(desk_url, "/api/load", revoke, format="lin", name=path.name)
    case = json.loads(loaded)["boards"][0]
    assert status == 200 and case["auction"] == ["1S", "P", "4S", "P", "P", "P"] and len(case["play"]) == 3


def test_capabilities_come_from_the_registries(desk_url: str) -> None:
    from revsim.likely.estimators import ESTIMATORS
    from revsim.records.formats import FORMATS as RECORD_FORMATS

    status, text = get(desk_url, "/api/capabilities")
    answer = json.loads(text)
    assert status == 200 and [kind["name"] for kind in answer["estimators"]] == list(ESTIMATORS)
    sd = next(kind for kind in answer["estimators"] if kind["name"] == "sd")
    assert sd["default"] and [(o["name"], o["default"]) for o in sd["options"]] == [("level", "expert"), ("seed", 1),
                                                                                  ("max_playouts", 32)]
    assert [o["bounds"] for o in sd["options"]] == [None, None, [16, 1024]]
    assert [o["label"] for o in sd["options"]] == ["level", "seed", "max play-outs"]
    assert [f["suffix"] for f in answer["formats"]] == list(RECORD_FORMATS)


def test_capabilities_give_a_claims_vocabulary_from_the_claim_module(desk_url: str) -> None:
    from revsim.claims.normal import NORMAL_RATE, SUIT_ORDERS
    from revsim.records.claim import ACTIONS, CLAIM_STATUSES, STEP_KEYS

    claim = json.loads(get(desk_url, "/api/capabilities")[1])["claim"]
    assert claim["statuses"] == list(CLAIM_STATUSES) and claim["suit_orders"] == list(SUIT_ORDERS)
    assert claim["normal"] == NORMAL_RATE
    assert {a["name"]: (a["help"], tuple(a["keys"])) for a in claim["actions"]} == {
        name: (ACTIONS[name], STEP_KEYS[name]) for name in ACTIONS}


def test_law70_standard_is_a_setting_of_the_api_as_of_the_command_line(desk_url: str) -> None:
    # The wrong claim ruled through /api/rule with the claim settings given as parameters: as the command line
    # rules it with the same options; a share that is not one is a 400 naming the parameter.
    text = (HANDS / "kooijman-wrong-claim.toml").read_text()
    status, _, body = post(desk_url, "/api/rule", text, format="toml", estimator="dd", claim_normal="1/5",
                           claim_suit_order="top-down")
    served = json.loads(body)["board"] if status == 200 else {}
    expected = cli_json(str(HANDS / "kooijman-wrong-claim.toml"), "--estimator", "dd", "--claim-normal", "1/5",
                        "--claim-suit-order", "top-down")[0]
    assert status == 200 and served["claim"]["law70"]["standard"] == {"level": "expert", "rate": 0.2,
                                                                      "suit_order": "top-down"}
    assert served["claim"] == expected["claim"] and same_ruling(served, expected)
    status, _, body = post(desk_url, "/api/rule", text, format="toml", claim_normal="often")
    assert status == 400 and "claim_normal" in json.loads(body)["error"]


def test_a_case_with_a_contested_claim_is_written_and_loaded_with_its_statement(desk_url: str) -> None:
    text = (HANDS / "kooijman-villamoura.toml").read_text()
    status, _, loaded = post(desk_url, "/api/load", text, format="toml", name="kooijman-villamoura.toml")
    case = json.loads(loaded)["boards"][0]
    assert status == 200 and case["claim"]["status"] == "contested" and case["claim"]["any_order"] is True
    assert case["claim"]["steps"] == [{"do": "cash", "cards": ["S6", "S5"]}, {"do": "run", "suit": "D"}]
    status, _, toml = post(desk_url, "/api/case", json.dumps(case), name="again.toml")
    assert status == 200 and tomllib.loads(toml)["claim"] == case["claim"]
