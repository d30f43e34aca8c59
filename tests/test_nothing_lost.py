"""Nothing lost: full disks, standard output that cannot be written, a closed pipe, and a stop sent at any moment,
even while Python is still importing (what is typed into a record and turned against its reader:
``test_typed_text_kept_harmless``)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from revsim.cli import main
from tests.conftest import HANDS, renamed_boards

PYTHON = [sys.executable, "-m", "revsim"]
CASE = HANDS / "duschek-too-late-a.pbn"
FEW = [str(HANDS / name) for name in ("duschek-too-late-a.pbn", "duschek-repeated-3nt.pbn", "kooijman-ebl-repeated.pbn")]
"""A scan's outputs are under test, not its rulings: a few boards, one of them adjusted."""


def _run(arguments: list[str], **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PYTHON, *arguments], capture_output=True, text=True, timeout=300, **options)  # type: ignore[call-overload]


# --- 1. full disks --------------------------------------------------------------------------------------------

def _mount_full_tmpfs(folder: Path) -> bool:
    """A 256 KiB tmpfs at ``folder``, filled to the last byte; False where this machine cannot mount one."""
    folder.mkdir()
    if os.geteuid() != 0:
        return False
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)], capture_output=True)
    if mounted.returncode != 0:
        return False
    try:
        with open(folder / "filler", "wb") as filler:
            while True:
                filler.write(b"\0" * 4096)
                filler.flush()
    except OSError:
        pass
    return True


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a disk with no space left (a small tmpfs, filled); skips where mounting is not allowed."""
    folder = tmp_path / "full"
    if not _mount_full_tmpfs(folder):
        pytest.skip("mounting a small tmpfs needs root: the /dev/full tests below cover the same without it")
    yield folder
    subprocess.run(["umount", str(folder)], check=False)


def _left_behind(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name != "filler")


SCAN_OUTPUTS = [
    (["--out", "{dir}/scan.csv"], "scan.csv"),
    (["--out", "{dir}/scan.jsonl"], "scan.jsonl"),
    (["--out", "{dir}/scan.parquet"], "scan.parquet"),
    (["--out", "{dir}/scan.parquet/"], "scan.parquet"),
    (["--adjustments", "{dir}/adjusted.csv"], "adjusted.csv"),
    (["--adjustments", "{dir}/adjusted.parquet"], "adjusted.parquet"),
]


@pytest.mark.parametrize(("options", "name"), SCAN_OUTPUTS, ids=[name for _, name in SCAN_OUTPUTS])
def test_every_scan_output_on_a_full_disk_stops_with_one_message_and_leaves_nothing(
        full_disk: Path, options: list[str], name: str) -> None:
    arguments = ["scan", *FEW, "--estimator", "dd", "--jobs", "1", "--quiet",
                 *[option.format(dir=full_disk) for option in options]]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 1, result.output
    assert "cannot write" in result.output and name in result.output and "No space left on device" in result.output
    assert "Invalid value" not in result.output and "Traceback" not in result.output
    assert _left_behind(full_disk) == []


def test_a_report_on_a_full_disk_stops_with_one_message_and_leaves_nothing(full_disk: Path) -> None:
    result = CliRunner().invoke(main, ["report", str(CASE), "--estimator", "dd", "--out", str(full_disk / "r.html")])
    assert result.exit_code == 1
    assert "cannot write" in result.output and "No space left on device" in result.output
    assert _left_behind(full_disk) == []


FILE_OUTPUTS = ["scan.csv", "scan.jsonl", "scan.parquet", "adjusted.csv", "adjusted.parquet", "r.html"]


def _file_size_limit(limit: int) -> None:
    """In the child: files may not grow past ``limit`` bytes, and a write past it fails (EFBIG) as on a full
    disk, instead of killing the process."""
    import resource

    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def _output_arguments(name: str, target: Path) -> list[str]:
    if name.startswith("scan"):
        return ["scan", *FEW, "--estimator", "dd", "--jobs", "1", "--quiet", "--out", str(target)]
    if name.startswith("adjusted"):
        return ["scan", *FEW, "--estimator", "dd", "--jobs", "1", "--quiet", "--adjustments", str(target)]
    return ["report", str(CASE), "--estimator", "dd", "--out", str(target)]


@pytest.mark.parametrize("name", FILE_OUTPUTS)
def test_every_file_output_that_cannot_grow_stops_with_one_message_and_leaves_nothing(
        tmp_path: Path, name: str) -> None:
    """The same without root: a real file size limit (RLIMIT_FSIZE) makes the output's writes fail as a full disk
    does."""
    target = tmp_path / name
    result = subprocess.run([*PYTHON, *_output_arguments(name, target)], capture_output=True, text=True, timeout=300,
                            preexec_fn=lambda: _file_size_limit(256))
    assert result.returncode == 1, result.stderr
    assert f"cannot write {target}" in result.stderr and "File too large" in result.stderr
    assert "Traceback" not in result.stderr and "Invalid value" not in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["scan.csv", "scan.parquet", "adjusted.csv", "r.html"])
def test_links_laid_in_advance_never_redirect_an_output(tmp_path: Path, name: str) -> None:
    """A shared folder: links under the hidden names an output could be written under (for the next few thousand
    process ids) point at a file of someone else's. The output is written, and that file is untouched."""
    victim = tmp_path / "victim.txt"
    victim.write_text("someone else's file\n")
    target = tmp_path / name
    from revsim.outputs.rowfiles import revokes_path

    first = os.getpid()
    for path in (target, revokes_path(target)):
        for pid in range(first, first + 3000):
            (tmp_path / f".{path.name}.partial-{pid}").symlink_to(victim)
            (tmp_path / f".{path.name}.{pid}.partial").symlink_to(victim)
    result = subprocess.run([*PYTHON, *_output_arguments(name, target)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert victim.read_text() == "someone else's file\n"
    assert target.exists() and not target.is_symlink()
    left = [path.name for path in tmp_path.iterdir() if not path.is_symlink() and path.name != "victim.txt"]
    assert sorted(left) == sorted({target.name, revokes_path(target).name} & set(left)) and target.name in left


def test_a_link_planted_where_the_revoke_rows_dataset_goes_is_replaced_never_followed(tmp_path: Path) -> None:
    """``scan --out scan.parquet/``: a link laid in advance at ``scan.revokes.parquet`` points at someone else's folder
    holding a part file. The scan writes its revoke rows into a folder of its own there; the other folder and its
    file are untouched."""
    import pandas as pd

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    victim = elsewhere / "part-00000.parquet"
    victim.write_text("someone else's file\n")
    (tmp_path / "scan.revokes.parquet").symlink_to(elsewhere, target_is_directory=True)
    target = tmp_path / "scan.parquet"
    result = subprocess.run([*PYTHON, "scan", *FEW, "--estimator", "dd", "--jobs", "1", "--quiet", "--out",
                             f"{target}/"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert victim.read_text() == "someone else's file\n" and sorted(path.name for path in elsewhere.iterdir()) == [
        "part-00000.parquet"]
    revokes = tmp_path / "scan.revokes.parquet"
    assert revokes.is_dir() and not revokes.is_symlink()
    assert len(pd.read_parquet(revokes)) > 0 and len(pd.read_parquet(target)) == 3


STDOUT_COMMANDS = [
    ["adjudicate", str(CASE), "--estimator", "dd"],
    ["adjudicate", str(CASE), "--estimator", "dd", "--json"],
    ["predict", str(CASE), "--after-trick", "3", "--estimator", "dd", "--json"],
    ["scan", *FEW, "--estimator", "dd", "--jobs", "1", "--quiet"],
    ["--help"],
    ["adjudicate", "--help"],
]


@pytest.mark.parametrize("arguments", STDOUT_COMMANDS, ids=lambda arguments: " ".join(a for a in arguments
                                                                                     if not a.startswith("/")))
def test_standard_output_on_a_full_disk_ends_with_one_line_and_status_1(arguments: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run([*PYTHON, *arguments], stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1] == "revsim: cannot write standard output: No space left on device"
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr


@pytest.fixture(scope="module")
def many_boards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Sixty copies of a board with a revoke: more output than a pipe holds."""
    path = tmp_path_factory.mktemp("pipe") / "many.pbn"
    path.write_text(renamed_boards(range(60)), encoding="utf-8")
    return path


@pytest.mark.parametrize("json_output", [False, True], ids=["text", "json"])
def test_a_closed_pipe_ends_quietly_as_unix_tools_do(many_boards: Path, json_output: bool) -> None:
    process = subprocess.Popen([*PYTHON, "adjudicate", str(many_boards), "--estimator", "dd",
                                *(["--json"] if json_output else [])],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()   # what `| head -1` does once it has its line
    error = process.stderr.read()
    assert process.wait(timeout=300) == 128 + signal.SIGPIPE
    assert error == ""


def test_a_scan_into_head_exits_quietly(many_boards: Path) -> None:
    shell = (f"{sys.executable} -m revsim scan {many_boards} --estimator dd --jobs 2 | head -1; "
             "echo status ${PIPESTATUS[0]} >&2")
    result = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=300)
    assert len(result.stdout.splitlines()) == 1 and "board 0" in result.stdout
    status = result.stderr.strip().splitlines()[-1]
    assert status in ("status 0", f"status {128 + signal.SIGPIPE}")
    assert result.stderr.strip().splitlines()[:-1] == [] or "Traceback" not in result.stderr
    assert "Traceback" not in result.stderr and "Broken pipe" not in result.stderr


# --- 2. a stop at any moment ----------------------------------------------------------------------------------

UNRAISABLE = """
import sys, weakref
from revsim.cli.signals import pending_stop, quiet_unraisable, terminate
sys.unraisablehook = quiet_unraisable

class Held:
    pass

def dropped(act):
    held = Held()
    def callback(reference):
        act()
    reference = weakref.ref(held, callback)
    del held

def not_a_stop():
    raise ValueError("not a stop")

dropped(lambda: terminate(15, None))   # the SIGTERM handler, run where Python drops what it raises
print("stop remembered:", type(pending_stop()).__name__)
dropped(not_a_stop)
"""


def test_a_stop_that_lands_where_python_drops_exceptions_prints_nothing_and_is_remembered() -> None:
    """A stop raised inside a weakref callback (as an import's module lock has) is remembered, not printed; any
    other exception there is still printed by Python's own hook."""
    done = subprocess.run([sys.executable, "-c", UNRAISABLE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == "stop remembered: Terminated\n"
    assert "Terminated" not in done.stderr and done.stderr.count("Exception ignored in") == 1
    assert "ValueError: not a stop" in done.stderr


def _handles_sigterm(pid: int) -> bool:
    """Whether the process has installed its own SIGTERM handler (revsim's first statement; Python's default leaves
    SIGTERM uncaught): read from the kernel's ``SigCgt`` mask, so waiting for it does not depend on the load."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True   # ended already
    caught = next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught, 16) >> (signal.SIGTERM - 1) & 1)


def _once_revsim_handles_stops(process: subprocess.Popen[str]) -> None:
    """Wait until revsim's stop handlers are in place (or the process has ended), however busy the machine is."""
    import time

    while process.poll() is None and not _handles_sigterm(process.pid):
        time.sleep(0.002)


needs_proc = pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads /proc (Linux)")


@needs_proc
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stop_sent_while_python_imports_ends_with_one_line_and_its_status(stop: int) -> None:
    """Twenty stops, each at a random moment of the first 0.5 s after revsim's handlers are in place (the imports
    take longer than that): the moment is counted from the handlers, not from the start, so a busy machine's slower
    start-up never puts a stop in Python's own window."""
    chance = random.Random(stop)
    endings = []
    for _ in range(20):
        process = subprocess.Popen([*PYTHON, "adjudicate", str(CASE), "--estimator", "dd"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        import time

        _once_revsim_handles_stops(process)
        time.sleep(chance.uniform(0, 0.5))
        process.send_signal(stop)
        _, error = process.communicate(timeout=120)
        endings.append((process.returncode, error))
    expected = (128 + stop, "interrupted: nothing more was done\n")
    assert [ending for ending in endings if ending != expected and ending != (0, "")] == []


@pytest.mark.parametrize("command", ["scan", "report", "adjudicate"])
def test_a_stop_in_pythons_own_start_up_leaves_no_file_behind(tmp_path: Path, command: str) -> None:
    """A stop in Python's start-up, before revsim's first statement, ends the process Python's way; revsim has
    written nothing then, and no stop at any moment of the first second leaves a partial file: each file left is
    byte for byte the one a run left alone writes (a scan stopped later: its rows so far, whole lines of it, as
    documented), and standard output is empty or a closed JSON array."""
    import time

    def arguments(out: Path) -> list[str]:
        return {"scan": ["scan", *FEW, "--estimator", "dd", "--out", str(out), "--quiet"],
                "report": ["report", str(CASE), "--estimator", "dd", "-o", str(out)],
                "adjudicate": ["adjudicate", str(CASE), "--estimator", "dd", "--json"]}[command]

    name = {"scan": "rows.csv", "report": "r.html", "adjudicate": "rulings.json"}[command]
    whole = tmp_path / "whole"
    whole.mkdir()
    assert _run(arguments(whole / name), cwd=whole).returncode == 0
    expected = {path.name: path.read_bytes() for path in whole.iterdir()}
    chance = random.Random(command)
    early = 0
    for attempt in range(12):
        folder = tmp_path / f"try{attempt}"
        folder.mkdir()
        process = subprocess.Popen([*PYTHON, *arguments(folder / name)], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, cwd=folder)
        time.sleep(0 if attempt < 4 else chance.uniform(0, 1.0))   # the first four inside Python's start-up
        early += Path("/proc/self/status").is_file() and not _handles_sigterm(process.pid)
        process.send_signal(signal.SIGTERM if attempt % 2 else signal.SIGINT)
        written, _ = process.communicate(timeout=300)
        for path in folder.iterdir():   # the whole output, or (a scan stopped) its rows so far: whole lines of it
            left, whole_output = path.read_bytes(), expected.get(path.name, b"")
            rows_so_far = command == "scan" and whole_output.startswith(left) and left.endswith(b"\n")
            assert left == whole_output or rows_so_far, \
                f"stopped with {process.returncode}: {path.name} is not the whole output nor whole rows of it"
        if command == "adjudicate":
            text = written.decode()
            assert text == "" or text.rstrip().endswith("]"), f"a JSON array left open: {text[-80:]!r}"
    assert early or not Path("/proc/self/status").is_file(), "no stop landed in Python's start-up"


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the drop is the point
def test_a_stop_lost_inside_a_finalizer_is_raised_again_where_the_work_asks() -> None:
    from revsim.cli import signals

    class Finalized:
        def __del__(self) -> None:
            signals.interrupt(signal.SIGINT, None)   # Python prints and drops an exception raised here

    import contextlib
    import io

    with contextlib.redirect_stderr(io.StringIO()):
        Finalized()
    with pytest.raises(KeyboardInterrupt) as stop:
        signals.raise_if_stopped()
    assert signals.interrupted_status(stop.value) == 130
    signals.raise_if_stopped()  # handled: asked again, nothing is raised


def test_a_ctrl_c_to_the_whole_group_while_the_scans_workers_start_is_never_lost(tmp_path: Path) -> None:
    """The terminal's Ctrl-C reaches the workers too: those just forked hold it back until they ignore it, and
    the scan stops with 130 whenever it lands."""
    from revsim.synthetic import write_archive

    archive = tmp_path / "archive.pbn"
    write_archive(str(archive), seed=3, boards=6000)
    chance = random.Random(7)
    endings = []
    for _ in range(8):
        process = subprocess.Popen([*PYTHON, "scan", str(archive), "--estimator", "dd", "--jobs", "2", "--quiet",
                                    "--out", str(tmp_path / "scan.csv")],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        import time

        time.sleep(chance.uniform(0.5, 1.5))  # around the workers' start
        os.killpg(process.pid, signal.SIGINT)
        _, error = process.communicate(timeout=120)
        endings.append((process.returncode, "Traceback" in error or "Exception" in error))
    assert all(ending == (130, False) for ending in endings), endings


def test_a_stop_that_a_library_wraps_in_its_own_error_is_still_a_stop() -> None:
    from revsim.cli.launch import _stop_within

    stop = KeyboardInterrupt()
    try:
        try:
            raise stop
        except KeyboardInterrupt as inner:
            raise ImportError("initialization failed") from inner
    except ImportError as wrapped:
        assert _stop_within(wrapped) is stop
    assert _stop_within(RuntimeError("a fault of its own")) is None
