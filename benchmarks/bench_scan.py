"""Scan throughput: boards per second for 1 and 2 jobs, against endplay's parse rate, and peak memory.

Archives are generated with a seed (revsim.synthetic): 10,000 boards with about 5% revoke boards,
the same 10,000 with no revokes (the parse floor), and 1,000 boards that all have revokes. Each scan
runs in a fresh process (`revsim scan --quiet --out`); the time is the scan's own (start-up of the
interpreter left out, worker start-up included) and the peak memory (max RSS) is the largest of the
main process and its workers.
The dask engine is timed beside it on a running cluster started here (a scheduler and 1 or 2 single-
threaded workers on 127.0.0.1, started before the timing as on a real cluster): boards per second, the
overhead per unit of work against the process engine with as many workers, and the start-up of a
LocalCluster (what `--engine dask` without `--scheduler` adds).
Run: .venv/bin/python benchmarks/bench_scan.py [--boards 10000] [--seed 1] [--big 100000] [--no-dask]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revsim.scan.units import work_units  # noqa: E402
from revsim.synthetic import write_archive  # noqa: E402


def run_scan(paths: list[str], jobs: int, out: str, extra: tuple[str, ...] = ()) -> tuple[float, int, float]:
    """Seconds, boards and peak RSS (MiB) of one `revsim scan` in a child process."""
    code = ("import resource, sys, time\n"
            "from revsim.cli import main\n"
            f"sys.argv = ['revsim', 'scan', *{paths!r}, '--jobs', '{jobs}', '--quiet', '--out', {out!r}, *{list(extra)!r}]\n"
            "started = time.perf_counter()\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
            "workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
            "print(time.perf_counter() - started, max(own, workers))\n")
    result = subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, capture_output=True, text=True)
    seconds_text, peak_text = result.stdout.split()[-2:]
    import pandas as pd

    boards = len(pd.read_parquet(out, columns=["board"]))
    return float(seconds_text), boards, int(peak_text) / 1024


class RunningCluster:
    """A dask scheduler and ``workers`` single-threaded workers on 127.0.0.1, started from the command line."""

    def __init__(self, folder: str, workers: int) -> None:
        import json

        dask = str(Path(sys.executable).parent / "dask")
        file = Path(folder) / f"scheduler-{workers}.json"
        quiet = subprocess.DEVNULL
        self.processes = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                            "--scheduler-file", str(file)], stdout=quiet, stderr=quiet)]
        while not file.exists():
            time.sleep(0.1)
        time.sleep(0.2)
        self.address = json.loads(file.read_text())["address"]
        self.processes += [subprocess.Popen([dask, "worker", self.address, "--nthreads", "1", "--no-dashboard",
                                             "--host", "127.0.0.1"], stdout=quiet, stderr=quiet)
                           for _ in range(workers)]
        from distributed import Client

        with Client(self.address) as client:
            client.wait_for_workers(workers, timeout=120)

    def close(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.wait(timeout=60)


def dask_figures(scratch: str, cases: list[tuple[str, list[str]]], out: str, process_rates: dict[tuple[str, int], float],
                 units: dict[str, int]) -> None:
    """The dask engine on a running cluster of 1 and 2 workers, and a LocalCluster's start-up."""
    for workers in (1, 2):
        cluster = RunningCluster(scratch, workers)
        try:
            for label, paths in cases:
                seconds, boards, peak = run_scan(paths, workers, out, ("--engine", "dask", "--scheduler", cluster.address))
                process_seconds = boards / process_rates[(label, workers)]
                overhead = (seconds - process_seconds) / units[label] * 1000
                print(f"{label:>18}, dask {workers} worker{'s' if workers > 1 else ' '}: {boards:>6,} boards in "
                      f"{seconds:5.1f} s = {boards / seconds:7,.0f} boards/s, peak {peak:5.0f} MiB (client), "
                      f"overhead {overhead:+.1f} ms per unit of 16 games")
        finally:
            cluster.close()
    tiny = os.path.join(scratch, "tiny.pbn")
    write_archive(tiny, 1, 16, revoke_share=0.0)
    local, _, _ = run_scan([tiny], 2, out, ("--engine", "dask"))
    direct, _, _ = run_scan([tiny], 2, out)
    print(f"LocalCluster of 2 workers: start-up and shut-down {local - direct:.1f} s (scanning 16 boards: "
          f"{local:.1f} s with it, {direct:.1f} s with processes)")


def endplay_parse_rate(path: str) -> float:
    """Boards per second of endplay's PBN reader on one process."""
    from endplay.parsers import pbn

    started = time.perf_counter()
    with open(path, encoding="utf-8") as handle:
        boards = pbn.load(handle)
    return len(boards) / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--big", type=int, default=0, help="also scan an archive this big, for memory")
    parser.add_argument("--no-dask", action="store_true", help="leave out the dask engine")
    args = parser.parse_args()
    print(f"seed {args.seed}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="revsim-bench-") as scratch:
        mixed = os.path.join(scratch, "mixed.pbn")
        clean = os.path.join(scratch, "clean.pbn")
        revoking = os.path.join(scratch, "revokes.pbn")
        write_archive(mixed, args.seed, args.boards, revoke_share=0.05)
        write_archive(clean, args.seed, args.boards, revoke_share=0.0)
        write_archive(revoking, args.seed, max(args.boards // 10, 100), revoke_share=1.0)
        out = os.path.join(scratch, "out.parquet")
        floor = endplay_parse_rate(clean)
        print(f"endplay parse rate (1 process): {floor:,.0f} boards/s")
        results: dict[tuple[str, int], float] = {}
        cases = [("no revokes", [clean]), ("5% revoke boards", [mixed]), ("all revoke boards", [revoking])]
        corpus = ROOT.parent / "shared" / "corpus"
        if corpus.is_dir():
            cases.append(("shared corpus", [str(corpus)]))
        for label, paths in cases:
            for jobs in (1, 2):
                seconds, boards, peak = run_scan(paths, jobs, out)
                results[(label, jobs)] = boards / seconds
                print(f"{label:>18}, {jobs} job{'s' if jobs > 1 else ' '}: {boards:>6,} boards in {seconds:5.1f} s = "
                      f"{boards / seconds:7,.0f} boards/s, peak {peak:5.0f} MiB")
            speedup = results[(label, 2)] / results[(label, 1)]
            print(f"{'':>18}  speed-up of 2 jobs over 1: {speedup:.2f}x")
        print(f"no-revoke scan with 2 jobs / endplay parse rate: {results[('no revokes', 2)] / floor:.2f}x")
        if not args.no_dask:
            units = {label: sum(1 for _ in work_units(paths, 16)) for label, paths in cases}
            dask_figures(scratch, cases, out, results, units)
        if args.big:
            big = os.path.join(scratch, "big.pbn")
            write_archive(big, args.seed, args.big, revoke_share=0.05)
            small_peak = run_scan([mixed], 2, out)[2]
            seconds, boards, peak = run_scan([big], 2, out)
            print(f"memory: {args.boards:,} boards peak {small_peak:.0f} MiB; {boards:,} boards peak {peak:.0f} MiB "
                  f"({seconds:.0f} s)")


if __name__ == "__main__":
    main()
