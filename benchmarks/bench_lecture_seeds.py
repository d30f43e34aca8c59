"""The lecture cases under sd (default settings) with several seeds: how many of the 12 give the experts'
written ruling (``experts_written_ruling``: the law, and for each side the same results as the experts; where they
weight two, each weight within 10 points of theirs, as 60-80% of 12 tricks where they give 70%), and the misses
with the score assigned.
Run: python benchmarks/bench_lecture_seeds.py [--seeds 1-8] [--level expert] [--defence competent|as-estimated]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revsim.adjudicate import adjudicate  # noqa: E402
from revsim.equity.settings import DEFENCE_STANDARDS, Settings  # noqa: E402
from revsim.records.readers import read_records  # noqa: E402
from revsim.records.record import Record  # noqa: E402

HANDS = ROOT / "hands"


def experts_written_ruling(ruling, expected: dict) -> bool:
    """Whether the written ruling is the experts': the same law path, and for each side the same results, each
    weight within 10 points of the experts' (one result: that result alone)."""
    theirs = {int(tricks): float(weight) for tricks, weight in expected["final"]}
    if ruling.law != expected["law"]:
        return False
    for side in (ruling.ns, ruling.ew):
        ours = {o.tricks: o.weight for o in side}
        if set(ours) != set(theirs) or any(abs(ours[t] - theirs[t]) > 0.1 + 1e-9 for t in theirs):
            return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", default="1-8", help="a range like 1-8")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--defence", default="competent", choices=DEFENCE_STANDARDS,
                        help="how the standard of likely reads the defence (Law 12C1c)")
    args = parser.parse_args()
    low, _, high = args.seeds.partition("-")
    cases = json.loads((HANDS / "expected.json").read_text(encoding="utf-8"))
    started = time.perf_counter()
    missed: set[str] = set()
    for seed in range(int(low), int(high or low) + 1):
        misses = []
        for name, case in sorted(cases.items()):
            record = next(read_records(HANDS / case["file"]))
            assert isinstance(record, Record)
            noticed = None if case["file"].endswith(".toml") else case["noticed"]
            ruling = adjudicate(record, Settings(noticed=noticed, estimator_options={"seed": seed, "level": args.level},
                                                  defence=args.defence))
            if not experts_written_ruling(ruling, case["expected"]):
                misses.append(f"{name}: {ruling.law} {[(o.tricks, o.weight) for o in ruling.ns]}")
                missed.add(name)
        print(f"seed {seed}: {len(cases) - len(misses)} of {len(cases)}" + (f"; misses: {'; '.join(misses)}" if misses else ""),
              flush=True)
    print(f"{time.perf_counter() - started:.0f} s")
    print(f"cases with the experts' written ruling for every seed: {len(cases) - len(missed)} of {len(cases)}"
          + (f" (not: {', '.join(sorted(missed))})" if missed else ""))


if __name__ == "__main__":
    main()
