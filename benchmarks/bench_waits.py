"""How long each kind of case takes to rule: the desk's wait text (``revsim/web/waits.json``).

Every board of hands/ and of the claims in tests/data (law70-claims.toml, early-claims.toml) is ruled in one process,
each from a cold start (the solver's positions and the choice model's rates forgotten), with the double-dummy solver
and with the default single-dummy estimator. The times are grouped by the kind of case the desk tells apart
(``revsim.web.progress.case_kind``: a contested claim early in the play, a later one, information, a revoke). Prints
each kind's count, fastest, median and slowest, and with --write keeps them in revsim/web/waits.json, which the desk
quotes while it rules.
Run: python benchmarks/bench_waits.py [--write]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revsim.adjudicate import board_output  # noqa: E402
from revsim.equity.settings import Settings  # noqa: E402
from revsim.likely import choice, solver  # noqa: E402
from revsim.records.readers import read_records  # noqa: E402
from revsim.records.record import Record  # noqa: E402
from revsim.web.progress import KINDS, case_kind  # noqa: E402

FILES = [*sorted((ROOT / "hands").glob("*.toml")), *sorted((ROOT / "hands").glob("*.pbn")),
         ROOT / "tests/data/law70-claims.toml", ROOT / "tests/data/early-claims.toml"]
WAITS = ROOT / "revsim/web/waits.json"


def timings(estimator: str) -> dict[str, list[float]]:
    """Each kind's ruling times in seconds, every board of ``FILES`` ruled from a cold solver cache."""
    found: dict[str, list[float]] = {}
    for path in FILES:
        for item in read_records(path):
            if not isinstance(item, Record):
                continue
            solver._cache.clear()
            choice._RATES.clear()
            started = time.perf_counter()
            board_output(item, Settings(estimator=estimator))
            found.setdefault(case_kind(item), []).append(time.perf_counter() - started)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="keep the figures in revsim/web/waits.json")
    args = parser.parse_args()
    waits: dict[str, dict[str, float]] = {}
    print(f"{'kind':<12} {'estimator':<9} {'cases':>5} {'fastest':>8} {'median':>8} {'slowest':>8}  (seconds)")
    for estimator in ("dd", "sd"):
        for kind, seconds in sorted(timings(estimator).items()):
            entry = {"cases": len(seconds), "low": round(min(seconds), 1), "median": round(statistics.median(seconds), 1),
                     "high": round(max(seconds), 1)}
            waits[f"{kind}:{estimator}"] = entry
            print(f"{kind:<12} {estimator:<9} {entry['cases']:>5} {entry['low']:>8} {entry['median']:>8} {entry['high']:>8}")
    if args.write:
        kept = {"measured_by": "benchmarks/bench_waits.py", "cores": os.cpu_count(), "kinds": KINDS, "waits": waits}
        WAITS.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"written: {WAITS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
