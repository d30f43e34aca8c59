"""Time to adjudicate revoke boards: the worked cases in hands/ and seeded random revoke boards.

Prints the median and 95th percentile per board, and the share of the time spent inside DDS.
Run: python benchmarks/bench_adjudicate.py [--boards 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revsim.adjudicate import adjudicate  # noqa: E402
from revsim.equity import solver  # noqa: E402
from revsim.records.readers import read_records  # noqa: E402
from revsim.records.record import Record  # noqa: E402
from revsim.synthetic import random_board  # noqa: E402


def random_revoke_board(rng: random.Random, name: str) -> Record:
    """A random deal and contract played out at random, with one or two cards that fail to follow."""
    while True:
        record = random_board(rng, name, revokes=rng.choice([1, 1, 1, 2]))
        if adjudicate(record).revokes:
            return record


def time_boards(records: list[Record]) -> tuple[list[float], float]:
    """Seconds per board, and the seconds spent inside DDS, each board solved from a cold cache."""
    timings = []
    solver_seconds = 0.0
    for record in records:
        solver._cache.clear()
        before = solver.STATS.seconds
        started = time.perf_counter()
        adjudicate(record)
        timings.append(time.perf_counter() - started)
        solver_seconds += solver.STATS.seconds - before
    return timings, solver_seconds


def report(label: str, timings: list[float], solver_seconds: float) -> None:
    total = sum(timings)
    ordered = sorted(timings)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    print(f"{label}: {len(timings)} boards, median {statistics.median(timings) * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms, total {total:.2f} s, in DDS {solver_seconds / total:.0%}, "
          f"outside DDS {(total - solver_seconds) / total:.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    hands = [item for path in sorted((ROOT / "hands").iterdir()) if path.suffix in (".pbn", ".toml")
             for item in read_records(path) if isinstance(item, Record)]
    rng = random.Random(args.seed)
    boards = [random_revoke_board(rng, str(i)) for i in range(args.boards)]
    adjudicate(hands[0])  # load DDS once
    calls = solver.STATS.calls
    print(f"seed {args.seed}")
    report("hands/", *time_boards(hands))
    report("random revoke boards", *time_boards(boards))
    print(f"solver calls while timed {solver.STATS.calls - calls} (each board from a cold cache)")


if __name__ == "__main__":
    main()
