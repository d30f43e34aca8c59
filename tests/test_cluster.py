"""The dask engine: a real scheduler and two worker processes on 127.0.0.1 give the process engine's rows,
in order; a worker killed mid-scan loses no row; Ctrl-C cancels the queued units and leaves a valid output;
a folder output is a Parquet dataset that pandas, pyarrow and dask.dataframe read as one table."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("distributed", reason="dask.distributed is not installed (pip install -e '.[cluster]')")

from revsim.cli import main  # noqa: E402
from revsim.outputs.rowfiles import read_rows  # noqa: E402
from revsim.scan import frames, scan, scan_rows  # noqa: E402
from revsim.scan.cluster import ClusterError, check_workers  # noqa: E402
from revsim.synthetic import write_archive  # noqa: E402
from tests.conftest import HANDS, interrupt_scan  # noqa: E402

DASK = str(Path(sys.executable).parent / "dask")


class Cluster:
    """A dask scheduler and worker processes started from the command line, as a user would."""

    def __init__(self, folder: Path, workers: int = 2) -> None:
        self.file = folder / "scheduler.json"
        self.scheduler = subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                           "--scheduler-file", str(self.file)],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while not self.file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.2)
        self.address = json.loads(self.file.read_text())["address"]
        self.workers = [subprocess.Popen([DASK, "worker", self.address, "--nthreads", "1", "--nworkers", "1",
                                          "--no-dashboard", "--host", "127.0.0.1", "--name", f"w{n}"],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                        for n in range(workers)]
        from distributed import Client

        with Client(self.address, timeout="30s") as client:
            client.wait_for_workers(workers, timeout=60)

    def tasks_on_scheduler(self) -> int:
        from distributed import Client

        with Client(self.address, timeout="30s") as client:
            return int(client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))

    def close(self) -> None:
        for process in [*self.workers, self.scheduler]:
            if process.poll() is None:
                process.terminate()
        for process in [*self.workers, self.scheduler]:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    running = Cluster(tmp_path_factory.mktemp("cluster"))
    yield running
    running.close()


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("archive") / "archive.pbn"
    write_archive(str(path), seed=14, boards=600, revoke_share=0.2)
    return str(path)


def test_dask_engine_gives_the_process_engines_rows_in_order(cluster: Cluster, archive: str) -> None:
    paths = [str(HANDS), archive]     # the corpus is scanned on its own (test_batch)
    on_processes = scan(paths, jobs=2)
    on_dask = scan(paths, engine="dask", scheduler=cluster.address)
    assert len(on_dask[0]) == len(on_processes[0]) > 600
    assert on_dask[0].equals(on_processes[0]) and on_dask[1].equals(on_processes[1])


def test_a_worker_killed_mid_scan_loses_no_row(tmp_path: Path, archive: str) -> None:
    doomed = Cluster(tmp_path, workers=2)
    try:
        expected = frames(scan_rows([archive], jobs=1, games_per_unit=4))
        rows = []
        for row in scan_rows([archive], engine="dask", scheduler=doomed.address, games_per_unit=4):
            rows.append(row)
            if len(rows) == 40:
                doomed.workers[0].send_signal(signal.SIGKILL)
        got = frames(rows)
        assert doomed.workers[0].wait(timeout=30) == -signal.SIGKILL
        assert got[0].equals(expected[0]) and got[1].equals(expected[1])
    finally:
        doomed.close()


def test_ctrl_c_on_a_dask_scan_cancels_its_units_and_leaves_a_valid_output(cluster: Cluster, tmp_path: Path) -> None:
    big = tmp_path / "big.pbn"
    write_archive(str(big), seed=15, boards=6000, revoke_share=0.3)
    out = tmp_path / "scan.csv"
    status, err = interrupt_scan([str(big), "--engine", "dask", "--scheduler", cluster.address], out)
    assert status == 130, err
    assert "interrupted after" in err
    boards = read_rows(out)
    assert 0 < len(boards) < 6000
    assert boards.board.tolist() == [str(n) for n in range(1, len(boards) + 1)]
    deadline = time.monotonic() + 30
    while cluster.tasks_on_scheduler() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert cluster.tasks_on_scheduler() == 0


def test_folder_output_is_a_parquet_dataset_read_as_one_table(cluster: Cluster, archive: str, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import dask.dataframe as dd
    import pandas as pd
    import pyarrow.dataset as ds

    from revsim.outputs.rowfiles import ParquetDatasetWriter

    monkeypatch.setattr(ParquetDatasetWriter, "PART_ROWS", 150)
    folder = tmp_path / "scan.parquet"
    result = CliRunner().invoke(main, ["scan", archive, "--engine", "dask", "--scheduler", cluster.address,
                                       "--out", f"{folder}/", "--quiet"])
    assert result.exit_code == 0, result.output
    single = tmp_path / "single.parquet"
    assert CliRunner().invoke(main, ["scan", archive, "--out", str(single), "--quiet", "--jobs", "1"]).exit_code == 0
    parts = sorted(folder.glob("part-*.parquet"))
    assert len(parts) >= 4 and (tmp_path / "scan.revokes.parquet").is_dir()
    expected = read_rows(single)
    assert read_rows(folder).equals(expected)
    assert read_rows(folder, revokes=True).equals(read_rows(single, revokes=True))
    assert pd.read_parquet(folder).board.tolist() == expected.board.tolist()
    assert ds.dataset(str(folder)).count_rows() == len(expected)
    assert dd.read_parquet(str(folder)).compute().reset_index(drop=True).board.tolist() == expected.board.tolist()


def test_a_folder_output_must_be_named_like_a_parquet_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["scan", str(HANDS), "--out", f"{tmp_path / 'rows'}/", "--quiet"])
    assert result.exit_code == 2 and "must be named like scan.parquet/" in result.output


class _FakeClient:
    def __init__(self, versions: dict[str, object]) -> None:
        self.versions = versions

    def wait_for_workers(self, count: int, timeout: float) -> None:
        if not self.versions:
            raise TimeoutError

    def run(self, function: object, *args: object, on_error: str) -> dict[str, object]:
        return self.versions


def test_a_worker_without_revsim_or_with_another_version_is_named() -> None:
    mine = metadata.version("revsim")
    check_workers(_FakeClient({"tcp://127.0.0.1:1": mine}))
    with pytest.raises(ClusterError) as caught:
        check_workers(_FakeClient({"tcp://10.0.0.2:40000": metadata.PackageNotFoundError("revsim"),
                                   "tcp://10.0.0.3:40000": "0.0.1", "tcp://10.0.0.4:40000": mine}))
    message = str(caught.value)
    assert "tcp://10.0.0.2:40000 has no revsim installed" in message
    assert f"tcp://10.0.0.3:40000 has revsim 0.0.1, this machine {mine}" in message
    assert "10.0.0.4" not in message
    with pytest.raises(ClusterError, match="has no worker"):
        check_workers(_FakeClient({}), timeout=0.1)


def test_an_unreachable_scheduler_is_said_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    import revsim.scan.cluster

    monkeypatch.setattr(revsim.scan.cluster, "CONNECT_TIMEOUT", "2s")
    result = CliRunner().invoke(main, ["scan", str(HANDS), "--engine", "dask", "--scheduler", "tcp://127.0.0.1:9",
                                       "--quiet"])
    assert result.exit_code == 2 and "cannot reach the dask scheduler at tcp://127.0.0.1:9" in result.output


@pytest.mark.parametrize("address", ["garbage", "localhost", "tcp://garbage:x"])
def test_a_malformed_scheduler_address_is_one_clear_line_and_nothing_after_it(address: str) -> None:
    """``--scheduler garbage``: the error names the address and the form it takes, before any dask client is made,
    so nothing is left to close at exit (distributed's 'Exception ignored in: Client.__del__ ... TimeoutError')."""
    result = subprocess.run([sys.executable, "-m", "revsim", "scan", str(HANDS / "duschek-too-late-a.pbn"), "--engine",
                             "dask", "--scheduler", address, "--estimator", "dd"], capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"the dask engine cannot run: cannot use the dask scheduler address {address!r} (")
    assert line.endswith("); give one like tcp://HOST:8786")
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr


def test_scheduler_without_the_dask_engine_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["scan", str(HANDS), "--scheduler", "tcp://127.0.0.1:8786"])
    assert result.exit_code == 2 and "--scheduler needs --engine dask" in result.output


def test_dask_local_cluster_without_a_scheduler(tmp_path: Path) -> None:
    import dask
    from distributed import default_client

    for name in sorted(HANDS.glob("duschek-*"))[:6]:    # a few files: the engine is under test, not the rulings
        (tmp_path / name.name).write_bytes(name.read_bytes())
    before = dask.config.get("scheduler", None)
    boards, revokes = scan([str(tmp_path)], jobs=2, engine="dask")
    expected = scan([str(tmp_path)], jobs=1)
    assert len(boards) >= 6
    assert boards.equals(expected[0]) and revokes.equals(expected[1])
    assert os.environ.get("DASK_SCHEDULER_ADDRESS") is None
    assert dask.config.get("scheduler", None) == before   # revsim's cluster never becomes the caller's scheduler
    with pytest.raises(ValueError):
        default_client()


class _FailingFuture:
    def result(self) -> None:
        raise RuntimeError("worker tcp://10.0.0.5:4000 died three times (KilledWorker)")


def test_a_unit_that_keeps_failing_becomes_an_error_row_naming_the_file_and_line() -> None:
    from revsim.scan.cluster import _collect
    from revsim.scan.units import FilePart

    unit = FilePart("archive/big.pbn", 1201, 77, "[Event ...]")
    [rows] = _collect((unit, _FailingFuture()))
    row, revokes = rows.board, rows.revokes
    assert row["status"] == "error" and row["file"] == "archive/big.pbn" and row["line"] == 1201 and revokes == []
    assert "from line 1201) could not be scanned on the cluster: RuntimeError" in row["error"]


def test_the_solver_is_safe_from_two_threads_at_once() -> None:
    import random
    import threading

    from revsim.likely import solver
    from revsim.play.replay import Replay
    from revsim.synthetic import random_board

    positions = []
    for seed in range(12):
        record = random_board(random.Random(seed), str(seed))
        replay = Replay(record.hands, record.contract.trump, record.contract.opening_leader)
        for item in record.play[: 20 + seed]:
            replay.play(item.card)
        positions.append(replay)
    solver._cache.clear()
    serial = [solver.card_values(position) for position in positions]
    solver._cache.clear()
    results: dict[int, list[dict]] = {}

    def work(name: int) -> None:
        results[name] = [solver.card_values(position) for position in positions]

    threads = [threading.Thread(target=work, args=(name,)) for name in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results[0] == results[1] == serial
