"""How far revsim's written rulings depend on the seed: every file of ``hands/`` ruled with the default settings
(sd, expert) and seeds 1 to N, each with the facts its file gives; for each file the number of distinct written
rulings (the law path and the score as directors write it) and how many seeds give the most common one; then
the share of (file, seed) pairs that give their file's most common ruling, and the seconds a ruling took.
With ``--max-playouts N`` the sd estimator may run up to N play-outs a position while the form is in doubt
(default 32): how far more play-outs settle a file.
Run: python benchmarks/bench_stability.py [--seeds 1-20] [--files NAME,...] [--max-playouts 32]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revsim.adjudicate import adjudicate  # noqa: E402
from revsim.equity.settings import Settings  # noqa: E402
from revsim.likely.settle import MAX_PLAYOUTS  # noqa: E402
from revsim.outputs.explain import ruling_line  # noqa: E402
from revsim.records.readers import read_records  # noqa: E402
from revsim.records.record import Record  # noqa: E402

HANDS = ROOT / "hands"


def seed_range(text: str) -> range:
    """``1-20`` as the seeds 1 to 20; ``5`` as seed 5 alone."""
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def written(record: Record, seed: int, max_playouts: int) -> str:
    """The written ruling on a board with a seed: its law path and its score as directors write it."""
    ruling = adjudicate(record, Settings(estimator_options={"seed": seed, "max_playouts": max_playouts}))
    return f"{ruling.law}: {ruling_line(ruling)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", default="1-20", help="a range like 1-20")
    parser.add_argument("--files", default="", help="only these files of hands/, comma-separated")
    parser.add_argument("--max-playouts", type=int, default=MAX_PLAYOUTS,
                        help="the most play-outs a position gets while the form is in doubt")
    args = parser.parse_args()
    seeds = seed_range(args.seeds)
    chosen = {name for name in args.files.split(",") if name}
    files = sorted(path for path in HANDS.iterdir() if path.suffix in (".pbn", ".toml", ".lin")
                   and (not chosen or path.name in chosen))
    pairs = agreeing = 0
    seconds: list[float] = []
    print(f"max play-outs a position: {args.max_playouts}")
    print(f"{'file':<46} distinct  most common  ruling (most common)")
    for path in files:
        for record in read_records(path):
            if not isinstance(record, Record):
                continue
            rulings: Counter[str] = Counter()
            for seed in seeds:
                started = time.perf_counter()
                rulings[written(record, seed, args.max_playouts)] += 1
                seconds.append(time.perf_counter() - started)
            common, count = rulings.most_common(1)[0]
            pairs += len(seeds)
            agreeing += count
            print(f"{path.name:<46} {len(rulings):>8}  {count:>5} of {len(seeds):<4} {common}", flush=True)
            for other, times in rulings.most_common()[1:]:
                print(f"{'':<46} {'':>8}  {times:>5} of {len(seeds):<4} {other}", flush=True)
    print(f"(file, seed) pairs with their file's most common ruling: {agreeing} of {pairs} "
          f"({100 * agreeing / max(pairs, 1):.1f}%)")
    if seconds:
        print(f"seconds a ruling (in process): median {statistics.median(seconds):.2f}, max {max(seconds):.2f}")


if __name__ == "__main__":
    main()
