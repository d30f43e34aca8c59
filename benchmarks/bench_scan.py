"""Scan throughput: boards per second for 1 and 2 jobs, against endplay's parse rate, and peak memory.

Archives are generated with a seed (revsim.synthetic): 10,000 boards with about 5% revoke boards,
the same 10,000 with no revokes (the parse floor), and 1,000 boards that all have revokes. Each scan
runs in a fresh process (`revsim scan --quiet --out`); the time is the scan's own (start-up of the
interpreter left out, worker start-up included) and the peak memory (max RSS) is the largest of the
main process and its workers.
Run: python benchmarks/bench_scan.py [--boards 10000] [--seed 1] [--big 100000]
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

from revsim.synthetic import write_archive  # noqa: E402


def run_scan(paths: list[str], jobs: int, out: str) -> tuple[float, int, float]:
    """Seconds, boards and peak RSS (MiB) of one `revsim scan` in a child process."""
    code = ("import resource, sys, time\n"
            "from revsim.cli import main\n"
            f"sys.argv = ['revsim', 'scan', *{paths!r}, '--jobs', '{jobs}', '--quiet', '--out', {out!r}]\n"
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
        if args.big:
            big = os.path.join(scratch, "big.pbn")
            write_archive(big, args.seed, args.big, revoke_share=0.05)
            small_peak = run_scan([mixed], 2, out)[2]
            seconds, boards, peak = run_scan([big], 2, out)
            print(f"memory: {args.boards:,} boards peak {small_peak:.0f} MiB; {boards:,} boards peak {peak:.0f} MiB "
                  f"({seconds:.0f} s)")


if __name__ == "__main__":
    main()
