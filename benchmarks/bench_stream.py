"""Memory of `revsim adjudicate` on big PBN files: readable text and --json, written board by board.

Seeded archives (revsim.synthetic, about 5% revoke boards) of two sizes are adjudicated in fresh processes
with the output thrown away (double dummy, ``--estimator dd``: tens of thousands of boards); the peak memory
(max RSS) should not grow with the file.
Run: .venv/bin/python benchmarks/bench_stream.py [--small 10000] [--big 80000] [--seed 1]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revsim.synthetic import write_archive  # noqa: E402


def peak_of_adjudicate(path: str, as_json: bool) -> tuple[float, float]:
    """Seconds and peak RSS (MiB) of one `revsim adjudicate` in a child process, output discarded."""
    flags = ["--estimator", "dd", *(["--json"] if as_json else [])]
    code = ("import os, resource, sys, time\n"
            "from revsim.cli import main\n"
            f"sys.argv = ['revsim', 'adjudicate', {path!r}, *{flags!r}]\n"
            "sys.stdout = open(os.devnull, 'w')\n"
            "started = time.perf_counter()\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write(f'{time.perf_counter() - started} {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n')\n")
    result = subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, capture_output=True, text=True)
    seconds, peak = result.stderr.split()[-2:]
    return float(seconds), int(peak) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--small", type=int, default=10_000)
    parser.add_argument("--big", type=int, default=80_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"seed {args.seed}")
    with tempfile.TemporaryDirectory(prefix="revsim-stream-") as scratch:
        for boards in (args.small, args.big):
            path = str(Path(scratch) / f"archive-{boards}.pbn")
            write_archive(path, args.seed, boards)
            size = Path(path).stat().st_size / 2**20
            for as_json in (False, True):
                seconds, peak = peak_of_adjudicate(path, as_json)
                print(f"{boards:>7,} boards ({size:5.1f} MB), {'--json' if as_json else 'text  '}: {seconds:6.1f} s, "
                      f"{boards / seconds:6,.0f} boards/s, peak {peak:6.0f} MiB")


if __name__ == "__main__":
    main()
