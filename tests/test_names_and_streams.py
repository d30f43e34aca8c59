"""Nothing lost, fourth round, with real files and real streams: file names that are not UTF-8 kept exactly in
every output, every printed line escaped (names holding control characters, in every command and error path),
standard output closed, standard error full or closed, and the desk's numbers read strictly."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from revsim.outputs.filenames import name_of_text
from revsim.outputs.rowfiles import partials_of, read_rows, revokes_path
from revsim.outputs.terminal import UNSAFE
from tests.conftest import HANDS

PYTHON = [sys.executable, "-m", "revsim"]
SOURCES = ("duschek-too-late-a.pbn", "duschek-both-sides.pbn", "duschek-repeated-3nt.pbn")
ODD_NAMES = (b"r\xe9sultats", b"odd\x9bname", b"caf\xe9-\xff")


def _run(arguments: list[str | bytes], shell_tail: str = "", **options: object) -> subprocess.CompletedProcess[bytes]:
    if shell_tail:
        command = " ".join(_quoted(a) for a in [*PYTHON, *arguments]) + " " + shell_tail
        return subprocess.run(command, shell=True, capture_output=True, timeout=600, **options)  # type: ignore[call-overload]
    return subprocess.run([*PYTHON, *arguments], capture_output=True, timeout=600, **options)  # type: ignore[call-overload]


def _quoted(argument: str | bytes) -> str:
    text = os.fsdecode(argument) if isinstance(argument, bytes) else argument
    return "'" + text.replace("'", "'\\''") + "'"


@pytest.fixture(scope="module")
def thirty(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[bytes]]:
    """A folder of 30 boards copied from hands/, three of them under names that are not UTF-8."""
    folder = tmp_path_factory.mktemp("archive")
    names = []
    for index in range(30):
        stem = ODD_NAMES[index // 10] + b"-%d" % index if index % 10 == 0 else b"board-%02d" % index
        name = stem + b".pbn"
        shutil.copyfile(HANDS / SOURCES[index % 3], os.path.join(os.fsencode(folder), name))
        names.append(os.path.join(os.fsencode(folder), name))
    return folder, names


@pytest.mark.parametrize("out", ["scan.csv", "scan.jsonl", "scan.parquet", "scan.parquet/"])
def test_a_scan_keeps_every_file_name_that_is_not_utf8_in_every_output(
        thirty: tuple[Path, list[bytes]], tmp_path: Path, out: str) -> None:
    folder, names = thirty
    target, adjustments = tmp_path / out, tmp_path / "adjusted.csv"
    result = _run(["scan", str(folder), "--estimator", "dd", "--jobs", "1", "--quiet", "--out", str(target),
                   "--adjustments", str(adjustments)])
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    for path in (target, adjustments):
        frame = read_rows(path)
        assert len(frame) == 30
        read = sorted(os.fsencode(name_of_text(text)) for text in frame["file"])
        assert read == sorted(names)                       # the very names: each opens its file
    assert len(read_rows(target, revokes=True)) > 0
    assert not partials_of(target) and not partials_of(revokes_path(target))


def test_a_report_names_a_file_whose_name_is_not_utf8_readably(thirty: tuple[Path, list[bytes]],
                                                               tmp_path: Path) -> None:
    _, names = thirty
    odd = next(name for name in names if b"\xe9sultats" in name)
    for arguments in (["report"], ["report", "--all"]):
        page = tmp_path / f"{len(arguments)}.html"
        result = _run([*arguments, odd, "--estimator", "dd", "--out", str(page)])
        assert result.returncode == 0, result.stderr
        assert b"r\\xe9sultats" in page.read_bytes() and b"\xe9sultats" not in page.read_bytes()
        assert not partials_of(page)
    shown = _run(["adjudicate", odd, "--estimator", "dd"])
    assert b"r\\xe9sultats" in shown.stdout and b"\xe9" not in shown.stdout


CONTROLS = "\x1b[31m\x07\r\x00\x9b\u202e\u2028"


def _case_with_controls(folder: Path) -> Path:
    text = (HANDS / "law62a-penalty-card-decides-a-trick.toml").read_text(encoding="utf-8")   # quick to rule
    escaped = "".join(f"\\u{ord(c):04x}" for c in CONTROLS)
    text = text.replace('board = "', f'board = "b{escaped}', 1)
    text = text.replace("\n[", f'\nstatements = ["said {escaped}"]\n\n[', 1) if "statements" not in text else text
    path = os.path.join(os.fsencode(folder), b"case\x1b]0;x\x07\x9b.toml")
    Path(os.fsdecode(path)).write_text(text, encoding="utf-8")
    return Path(os.fsdecode(path))


def _raw_unsafe(data: bytes) -> list[str]:
    unsafe = {chr(code) for code in UNSAFE} - {"\n"}
    return sorted({char for line in data.decode("utf-8", "surrogateescape").split("\n") for char in line
                   if char in unsafe})


def test_no_command_prints_a_raw_control_character(tmp_path: Path) -> None:
    case = _case_with_controls(tmp_path)
    field = tmp_path / "field.csv"
    field.write_text("board,ns_score\nsome other board,420\n", encoding="utf-8")
    broken = tmp_path / "broken\x1b[2J\u202e.pbn"
    broken.write_text('[Board "x\x1b[1m"]\n[Deal "N:AK"]\n', encoding="utf-8")
    runs = [
        ["adjudicate", case, "--estimator", "dd"],
        ["adjudicate", case, "--estimator", "dd", "--json"],
        ["predict", case, "--after-trick", "3", "--estimator", "dd"],
        ["predict", case, "--after-trick", "3", "--estimator", "dd", "--json"],
        ["report", case, "--estimator", "dd", "--field", str(field), "--out", str(tmp_path / "r.html")],
        ["report", case, "--all", "--estimator", "dd", "--out", str(tmp_path / "all.html")],
        ["scan", str(tmp_path), "--estimator", "dd", "--jobs", "1"],
        ["scan", str(tmp_path), "--estimator", "dd", "--jobs", "1", "--out", str(tmp_path / "out" / "s.csv")],
        ["adjudicate", str(broken)],
        ["adjudicate", str(tmp_path / "missing\x1b[0m\u202e.pbn")],
        ["serve", "--host", "no\x1b[31mhost", "--no-browser"],
    ]
    (tmp_path / "out").mkdir()
    for arguments in runs:
        result = _run(arguments)   # type: ignore[arg-type]
        said = result.stdout + result.stderr
        assert said, arguments
        assert b"Traceback" not in said, (arguments, said[-400:])
        assert _raw_unsafe(said) == [], (arguments, _raw_unsafe(said))


COMMANDS = [["adjudicate", str(HANDS / SOURCES[0]), "--estimator", "dd"], ["--help"], ["adjudicate", "--help"],
            ["predict", str(HANDS / SOURCES[0]), "--after-trick", "3", "--estimator", "dd"], ["scan", "--help"]]


@pytest.mark.parametrize("arguments", COMMANDS, ids=lambda a: " ".join(a[:1] + a[-1:]))
def test_standard_output_closed_gives_one_line_and_status_1(arguments: list[str]) -> None:
    result = _run(arguments, ">&-")   # type: ignore[arg-type]
    assert result.returncode == 1
    assert result.stderr.decode().strip().splitlines() == [
        "revsim: standard output is closed: nothing can be printed (give it a file, or /dev/null)"]


def test_scan_out_runs_with_standard_output_closed_and_prints_nothing_there(tmp_path) -> None:
    """``scan --out FILE`` writes its rows to the file and its summary to standard error: standard output closed
    (``>&-``) stops nothing, and the rows are all there."""
    target = tmp_path / "rows.csv"
    result = _run(["scan", str(HANDS / SOURCES[0]), "--estimator", "dd", "--jobs", "1", "--out", str(target)], ">&-")
    assert result.returncode == 0, result.stderr
    said = result.stderr.decode()
    assert "Traceback" not in said and f"rows in {target}" in said
    assert len(target.read_text().splitlines()) == 2


@pytest.mark.parametrize("lost", ["2>&-", "2>/dev/full"])
def test_standard_error_lost_keeps_the_status_and_leaves_no_partial_file(tmp_path: Path, lost: str) -> None:
    target = tmp_path / "s.csv"
    good = _run(["scan", str(HANDS / SOURCES[0]), "--estimator", "dd", "--out", str(target)], lost)
    assert good.returncode == 0 and target.exists() and not partials_of(target)
    assert _run(["adjudicate", str(HANDS / SOURCES[0]), "--estimator", "dd"], lost).returncode == 0
    assert _run(["adjudicate", str(tmp_path / "missing.pbn")], lost).returncode == 1
    assert _run(["scan", "--jobs", "x", str(HANDS)], lost).returncode == 2
    assert sorted(path.name for path in tmp_path.iterdir()) == ["s.csv", "s.revokes.csv"]


@pytest.mark.parametrize(("stop", "status"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_stop_while_the_launcher_is_imported_ends_with_one_line_and_its_status(stop: str, status: int) -> None:
    """The script's first statements install the handlers (``revsim.cli.start``): a real signal sent to the process
    while the launcher and the command line are still being imported ends it as a later one would."""
    code = f"""
import os, signal, sys
class StopOnImport:
    def find_spec(self, name, path=None, target=None):
        if name == "revsim.cli.launch":
            os.kill(os.getpid(), signal.{stop})
        return None
from revsim.cli.start import main
sys.meta_path.insert(0, StopOnImport())
main()
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120)
    assert result.returncode == status
    assert result.stderr.decode() == "interrupted: nothing more was done\n"
