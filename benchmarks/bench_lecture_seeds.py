"""The lecture cases under sd with several seeds: how many of the 12 give the experts' ruling as
``tests/test_golden_hands.py::test_golden_final_ruling_with_the_sd_estimator`` checks it (the law, the result
with the most weight for each side, and at least 10% on the experts' second result where they weight two),
and the misses with the score assigned.
Run: python benchmarks/bench_lecture_seeds.py [--seeds 1-8] [--level expert]
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
from revsim.equity.settings import Settings  # noqa: E402
from revsim.records.readers import read_records  # noqa: E402
from revsim.records.record import Record  # noqa: E402

HANDS = ROOT / "hands"


def gives_the_experts_ruling(ruling, expected: dict) -> bool:
    """The golden test's check of one case."""
    most_likely = max(expected["final"], key=lambda outcome: outcome[1])[0]
    good = ruling.law == expected["law"] and all(
        max(side, key=lambda o: (o.weight, -o.tricks)).tricks == most_likely for side in (ruling.ns, ruling.ew))
    if len(expected["final"]) > 1:
        second = sorted(expected["final"], key=lambda outcome: -outcome[1])[1][0]
        good = good and {o.tricks: o.weight for o in ruling.ns}.get(second, 0) >= 0.1
    return good


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", default="1-8", help="a range like 1-8")
    parser.add_argument("--level", default="expert")
    args = parser.parse_args()
    low, _, high = args.seeds.partition("-")
    cases = json.loads((HANDS / "expected.json").read_text(encoding="utf-8"))
    started = time.perf_counter()
    for seed in range(int(low), int(high or low) + 1):
        misses = []
        for name, case in sorted(cases.items()):
            record = next(read_records(HANDS / case["file"]))
            assert isinstance(record, Record)
            noticed = None if case["file"].endswith(".toml") else case["noticed"]
            ruling = adjudicate(record, Settings(noticed=noticed, estimator_options={"seed": seed, "level": args.level}))
            if not gives_the_experts_ruling(ruling, case["expected"]):
                misses.append(f"{name}: {ruling.law} {[(o.tricks, o.weight) for o in ruling.ns]}")
        print(f"seed {seed}: {len(cases) - len(misses)} of {len(cases)}" + (f"; misses: {'; '.join(misses)}" if misses else ""),
              flush=True)
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
