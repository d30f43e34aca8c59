"""Hostile and absurd input: nothing a file holds, nor a fault of revsim's own on one board, stops a run, shows a
traceback or loses the rows of other files; absurd records are refused with a clear error, not parsed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from revsim.cli import main
from revsim.records.errors import RecordError
from revsim.records.readers import parse_text, read_records
from revsim.scan import scan
from tests.conftest import HANDS
from tests.test_web_api import post

GOOD = HANDS / "duschek-too-late-a.pbn"
POISONS = {
    "deep-arrays.toml": "board = " + "[" * 600 + "]" * 600 + "\n",
    "deep-tables.toml": "board = " + "{a = " * 600 + "1" + "}" * 600 + "\n",
    "long-integer.toml": "board = " + "7" * 5000 + "\n",
}


@pytest.fixture
def poisoned(tmp_path: Path) -> Path:
    for name, text in POISONS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "z-good.pbn").write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def test_a_poison_case_file_is_an_error_row_and_the_scan_goes_on(poisoned: Path) -> None:
    boards, _ = scan([poisoned])
    errors = boards[boards.status == "error"]
    assert sorted(Path(file).name for file in errors.file) == sorted(POISONS)
    assert errors.error.str.contains("nested hundreds of levels deep").sum() == 2
    assert errors.error.str.contains("4300 digits").sum() == 1
    assert (boards.status == "ok").sum() == 1  # the file after them is ruled on
    result = CliRunner().invoke(main, ["scan", str(poisoned), "--quiet"])
    assert result.exit_code == 0 and "Traceback" not in result.output and "z-good.pbn" in result.output


@pytest.mark.parametrize("name", sorted(POISONS))
def test_a_poison_case_file_gives_whole_json_and_a_422_in_the_desk(poisoned: Path, name: str, desk_url: str) -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(poisoned / name), "--json", "--estimator", "dd"])
    [board] = json.loads(result.stdout)
    assert result.exit_code == 1 and board["status"] == "error" and name in board["error"]
    status, media, text = post(desk_url, "/api/adjudicate", POISONS[name], format="toml", name=name)
    assert status == 422 and media.startswith("application/json") and name in json.loads(text)["error"]


def test_a_fault_of_revsims_own_on_one_board_is_that_boards_error_row(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    import importlib

    adjudicate_module = importlib.import_module("revsim.adjudicate")  # the module, not the function revsim exports
    rows_module = importlib.import_module("revsim.scan.rows")

    real = rows_module.adjudicate

    def faulty(record, settings=None):
        if record.source.endswith("b.pbn"):
            raise ZeroDivisionError("a fault planted by the test")
        return real(record, settings)

    monkeypatch.setattr(rows_module, "adjudicate", faulty)
    monkeypatch.setattr(adjudicate_module, "adjudicate", faulty)
    for name in ("a.pbn", "b.pbn", "c.pbn"):
        (tmp_path / name).write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    boards, _ = scan([tmp_path])
    assert boards.status.tolist() == ["ok", "error", "ok"]
    assert "internal error while ruling on this board (ZeroDivisionError" in boards.error[1]
    assert "board duschek-too-late-a" in boards.error[1]
    result = CliRunner().invoke(main, ["adjudicate", str(tmp_path / "b.pbn"), "--json", "--estimator", "dd"])
    [board] = json.loads(result.stdout)
    assert result.exit_code == 1 and "internal error while ruling on this board" in board["error"]


def test_a_fault_of_a_reader_is_one_last_error_naming_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from revsim.records import formats

    original = formats.FORMATS[".pbn"].parse

    def broken(text: str, source: str):
        yield from original(text, source)
        raise KeyError("planted")

    monkeypatch.setitem(formats.FORMATS, ".pbn", replace(formats.FORMATS[".pbn"], parse=broken))
    items = list(parse_text(GOOD.read_text(encoding="utf-8"), "x.pbn"))
    assert len(items) == 2 and not isinstance(items[0], RecordError)  # what came before the fault stands
    last = items[-1]
    assert isinstance(last, RecordError) and "internal error while reading the file (KeyError" in last.describe()


def test_absurd_records_are_refused_not_parsed(tmp_path: Path) -> None:
    tag = tmp_path / "tag.pbn"
    tag.write_text('[Event "' + "x" * 200_000 + '"]\n[Board "1"]\n', encoding="utf-8")
    [error] = list(read_records(tag))
    assert isinstance(error, RecordError) and error.line == 1
    assert "a line of 200,010 characters: longer than any PBN record has" in error.describe()
    lin = tmp_path / "value.lin"
    lin.write_text("md|" + "3" * 100_000 + "|", encoding="utf-8")
    [error] = list(read_records(lin))
    assert "a LIN value of 100,000 characters: longer than any LIN record has" in error.describe()
    many = tmp_path / "pairs.lin"
    many.write_text("md|3SAKQ,H2,D2,C2|" + "pc|SA|up||" * 1500, encoding="utf-8")
    [error] = list(read_records(many))
    assert "a LIN board of more than 2,000 pairs" in error.describe()
    big = tmp_path / "big.toml"
    big.write_text("x = [" + "1," * 600_000 + "]\n", encoding="utf-8")
    [error] = list(read_records(big))
    assert "larger than any case a director writes" in error.describe()


# --- SIGTERM, full disks, a cluster that cannot start: valid outputs or none, never half a file ----------------

@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_sigterm_stops_a_parallel_scan_like_ctrl_c(tmp_path: Path, suffix: str) -> None:
    import signal
    import time

    from revsim.outputs.rowfiles import read_rows
    from revsim.synthetic import write_archive
    from tests.conftest import interrupt_scan

    archive = tmp_path / "big.pbn"
    write_archive(str(archive), seed=11, boards=4000, revoke_share=0.3)
    out = tmp_path / f"scan{suffix}"
    workers: set[int] = set()
    status, err = interrupt_scan([str(archive), "--jobs", "2"], out, stop=signal.SIGTERM, workers=workers)
    assert status == 143, err
    assert "interrupted after" in err and "Traceback" not in err
    boards = read_rows(out)
    assert 0 < len(boards) < 4000 and boards.board.tolist() == [str(n) for n in range(1, len(boards) + 1)]
    assert not list(tmp_path.glob(".*partial*"))
    assert workers, "the scan had worker processes"
    deadline = time.monotonic() + 10                  # a loaded machine may take a moment to reap them
    while (alive := [pid for pid in workers if _state(pid) not in ("", "Z")]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive, f"worker processes left running: {alive}"


def _state(pid: int) -> str:
    """A process's state letter (R, S, Z...), or "" when it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_full_disk_stops_the_scan_with_one_message_and_no_half_written_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str) -> None:
    import errno

    from revsim.outputs import rowfiles

    out = tmp_path / f"scan{suffix}"
    out.write_text("an earlier scan\n", encoding="utf-8")
    written = {"rows": 0}
    kind = rowfiles.CsvWriter if suffix == ".csv" else rowfiles.ParquetWriter
    real = kind.write

    def full_disk(self, row):
        written["rows"] += 1
        if written["rows"] > 5:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, row)

    monkeypatch.setattr(kind, "write", full_disk)
    result = CliRunner().invoke(main, ["scan", str(HANDS), "--out", str(out), "--quiet"])
    assert result.exit_code == 1, result.output
    assert f"cannot write {out}: No space left on device" in result.output and "Traceback" not in result.output
    assert out.read_text(encoding="utf-8") == "an earlier scan\n"  # the earlier output stands
    assert sorted(path.name for path in tmp_path.iterdir()) == [out.name]


def test_a_cluster_that_cannot_start_leaves_the_earlier_output_untouched(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="dask.distributed is not installed (pip install -e '.[cluster]')")
    out = tmp_path / "scan.csv"
    out.write_text("an earlier scan\n", encoding="utf-8")
    for scheduler in ("tcp://127.0.0.1:9", "garbage", "inproc://x"):
        result = CliRunner().invoke(main, ["scan", str(GOOD), "--engine", "dask", "--scheduler", scheduler,
                                           "--out", str(out), "--quiet"])
        assert result.exit_code == 2, (scheduler, result.output)
        assert "the dask engine cannot run" in result.output and "Traceback" not in result.output
        assert out.read_text(encoding="utf-8") == "an earlier scan\n"


def test_a_port_that_never_speaks_dask_is_given_up_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed", reason="dask.distributed is not installed (pip install -e '.[cluster]')")
    import socket
    import threading

    import revsim.scan.cluster

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held = []
    threading.Thread(target=lambda: held.extend(server.accept() for _ in range(8)), daemon=True).start()
    monkeypatch.setattr(revsim.scan.cluster, "CONNECT_TIMEOUT", "2s")
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    import dask

    before = dask.config.get("scheduler", None)
    result = CliRunner().invoke(main, ["scan", str(GOOD), "--engine", "dask", "--scheduler", address, "--quiet"])
    assert dask.config.get("scheduler", None) == before   # the hung attempt is not this process's dask scheduler
    server.close()
    assert result.exit_code == 2 and f"the dask scheduler at {address} did not answer within 7 s" in result.output


# --- settings checked when they are made --------------------------------------------------------------------

@pytest.mark.parametrize(("given", "words"), [
    ({"outcomes": ((10, 1.5), (9, -0.5))}, "each weight must be a number above 0, not -0.5"),
    ({"outcomes": ((10, 0.25), (9, 0.25))}, "the weights sum to 0.5; they must sum to 1"),
    ({"outcomes": ((10, 1.0), (9, 1.0))}, "the weights sum to 2; they must sum to 1"),
    ({"outcomes": ((10, float("nan")),)}, "each weight must be a number above 0, not nan"),
    ({"outcomes": ((14, 1.0),)}, "tricks must be a whole number 0-13, not 14"),
    ({"world_outcomes": (("t4", ((11, 2.0),)),)}, "world_outcomes t4: the weights sum to 2"),
    ({"world_outcomes": (("x4", ((11, 1.0),)),)}, "a world is named tT"),
    ({"estimator_options": {"seed": "abc"}}, r"seed \(of the sd estimator\) must be a whole number, not 'abc'"),
    ({"max_outcomes": True}, "max_outcomes must be a whole number from 1 to 14"),
    ({"granularity": 7}, "granularity must be one of"),
    ({"noticed": 3}, "noticed must be text or None, not 3"),
    ({"regime": "lenient"}, "regime must be one of weighted, non-weighted"),
])
def test_every_setting_is_checked_when_made(given: dict, words: str) -> None:
    from revsim.equity.settings import Settings

    with pytest.raises(ValueError, match=words):
        Settings(**given)


def test_the_directors_weights_are_used_exactly_as_given() -> None:
    from revsim.equity.settings import Settings

    assert Settings(outcomes=((11, 0.3), (12, 0.7))).outcomes == ((12, 0.7), (11, 0.3))


def test_adjudicate_names_a_wrong_argument() -> None:
    from revsim.adjudicate import adjudicate

    [record] = list(read_records(GOOD))
    with pytest.raises(TypeError, match="settings must be a Settings, like Settings"):
        adjudicate(record, "dd")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="adjudicate takes a Record"):
        adjudicate(str(GOOD))  # type: ignore[arg-type]


@pytest.mark.parametrize("weights", ["10:nan", "10:inf,9:0", "10:-1,9:2"])
def test_the_command_line_and_the_desk_refuse_weights_that_are_not_numbers_above_0(weights: str, desk_url: str
                                                                                     ) -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(GOOD), "--estimator", "dd", "--json", "--outcomes", weights])
    assert result.exit_code == 2 and "NaN" not in result.output and "--outcomes" in result.output
    status, _, text = post(desk_url, "/api/adjudicate", GOOD.read_text(encoding="utf-8"), format="pbn",
                           estimator="dd", outcomes=weights)
    assert status == 400 and "outcomes" in json.loads(text)["error"]


# --- smaller things, as a new user meets them ---------------------------------------------------------------

def test_read_rows_reads_a_scorers_file_back(tmp_path: Path) -> None:
    from revsim.outputs.adjustments import ADJUSTMENT_COLUMNS
    from revsim.outputs.rowfiles import read_rows

    hands = tmp_path / "hands"
    hands.mkdir()
    for name in ("duschek-too-late-a.pbn", "duschek-repeated-3nt.pbn", "kooijman-ebl-repeated.pbn"):
        (hands / name).write_bytes((HANDS / name).read_bytes())
    for suffix in (".csv", ".jsonl", ".parquet"):
        out, adjustments = tmp_path / f"scan{suffix}", tmp_path / f"adjusted{suffix}"
        result = CliRunner().invoke(main, ["scan", str(hands), "--out", str(out), "--adjustments", str(adjustments),
                                           "--quiet"])
        assert result.exit_code == 0, result.output
        frame = read_rows(adjustments)
        assert list(frame.columns) == list(ADJUSTMENT_COLUMNS) and len(frame) > 0
        assert "None" in set(frame.vulnerable)  # the vulnerability "None" stays a value, not a missing one


def test_counts_and_results_are_said_in_good_english(tmp_path: Path) -> None:
    missing = CliRunner().invoke(main, ["scan", str(tmp_path / "nosuch")])
    assert "0 boards, 0 revokes, 1 error" in missing.output and "no board ruled" in missing.output
    case = tmp_path / "short.toml"
    text = (HANDS / "duschek-too-late-b.toml").read_text(encoding="utf-8")
    case.write_text(text.replace('"CA C7 C5 C2"', '"CA"', 1), encoding="utf-8")
    [error] = list(read_records(case))
    assert isinstance(error, RecordError) and "has only 1 card but" in error.describe()
    pbn = tmp_path / "result.pbn"
    three_nt = (HANDS / "duschek-repeated-3nt.pbn").read_text(encoding="utf-8")  # declarer has won 4 when it stops
    pbn.write_text(three_nt.replace('[Result "8"]', '[Result "1"]'), encoding="utf-8")
    result = CliRunner().invoke(main, ["adjudicate", str(pbn), "--estimator", "dd"])
    assert "[Result] gives declarer 1 trick: fewer than the 4 tricks declarer had already won" in result.output


def test_report_on_a_board_without_a_revoke_says_the_table_result_stands(tmp_path: Path) -> None:
    from revsim.synthetic import write_archive

    archive = tmp_path / "plain.pbn"
    write_archive(str(archive), seed=3, boards=1, revoke_share=0.0)
    result = CliRunner().invoke(main, ["report", str(archive), "--estimator", "dd", "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 0 and "(the table result stands)" in result.output and "Law none" not in result.output


def test_serve_without_the_web_extra_gives_an_install_hint_that_works(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real = builtins.__import__

    def without_starlette(name, *args, **kwargs):
        if name == "revsim.web.app":
            raise ModuleNotFoundError("No module named 'starlette'", name="starlette")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_starlette)
    result = CliRunner().invoke(main, ["serve"])
    from revsim.extras import install_command

    assert result.exit_code == 2 and result.output.strip().endswith(install_command("web"))
    assert "'.[web]'" not in result.output  # a relative path works from the checkout only


def test_the_solver_never_changes_the_working_directory_and_keeps_a_dds_dump_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from revsim.adjudicate import adjudicate
    from revsim.equity.settings import Settings
    from revsim.likely import solver

    monkeypatch.chdir(tmp_path)

    def no_chdir(path: object) -> None:
        raise AssertionError("the working directory was changed")

    monkeypatch.setattr(os, "chdir", no_chdir)
    [record] = list(read_records(GOOD))
    solver._cache.clear()
    assert adjudicate(record, Settings(estimator="dd")).law == "64A"
    with solver._dds_dump_kept_aside():
        (tmp_path / "dump.txt").write_text("as DDS writes it on a bad position", encoding="utf-8")
    assert not (tmp_path / "dump.txt").exists()
    assert list(Path(solver.scratch_folder()).glob("dump-*.txt"))


def test_sigterm_on_adjudicate_json_leaves_a_closed_json_array(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    from revsim.synthetic import write_archive

    archive = tmp_path / "many.pbn"
    write_archive(str(archive), seed=5, boards=3000, revoke_share=0.3)
    out = tmp_path / "out.json"
    with open(out, "w", encoding="utf-8") as handle:
        process = subprocess.Popen([sys.executable, "-m", "revsim", "adjudicate", str(archive), "--json", "--estimator",
                                    "dd"], stdout=handle, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and out.stat().st_size < 20_000:
            time.sleep(0.05)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 143 and "interrupted" in err and "Traceback" not in err
    boards = json.loads(out.read_text(encoding="utf-8"))
    assert 0 < len(boards) < 3000
