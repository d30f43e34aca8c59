"""Whether settling the play-outs for a ruling costs the estimate anything: on held-out expert positions (drawn as
``bench_likely.py`` draws them, the first ``--per-cut`` of each cut), the CRPS of double dummy, of sd as fitted
(one round of 8 play-outs) and of sd as a ruling runs it (rounds until the weighted form of the estimate is
settled, the fitted blend taken in expectation over every 8 of the play-outs), with a 95% interval of the
paired difference from a bootstrap over the boards, and the play-outs the settled estimates ran.
Run: python benchmarks/bench_settled.py [--level expert] [--per-cut 40] [--seed 1] [--jobs 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "calibration"))  # how the fitting draws and scores positions

from likely_positions import Position, draw  # noqa: E402
from likely_scoring import bootstrap_mean, crps  # noqa: E402

from revsim.equity.law84 import FormStandard  # noqa: E402
from revsim.likely.levels import load_level  # noqa: E402
from revsim.likely.predict import position_after  # noqa: E402
from revsim.likely.sd import likely_tricks  # noqa: E402
from revsim.likely.view import record_auction  # noqa: E402

STANDARD = FormStandard()


def neutral_form(distribution: tuple[tuple[int, float], ...]) -> object:
    """The weighted form of an estimate with no side favoured (what a ruling settles, Law 84D aside)."""
    return STANDARD.form(distribution, None)


@dataclass(frozen=True)
class Row:
    """One position scored: its board, cut, the CRPS of dd, of sd fitted and of sd settled, the play-outs run."""

    board: str
    cut: int
    dd: float
    fitted: float
    settled: float
    play_outs: int


def score(task: tuple[Position, str, int]) -> Row:
    """One position scored (``Row``)."""
    position, level_name, seed = task
    level = load_level(level_name)
    record = position.record
    assert record.contract is not None
    at = position_after(record, position.cut)
    shapes = record_auction(record, level.auction_rules)
    target = record.contract.tricks_needed
    fitted = likely_tricks(at, record.contract.declarer, shapes, level, seed, target=target)
    settled = likely_tricks(at, record.contract.declarer, shapes, level, seed, target=target, settle=neutral_form)
    return Row(f"{position.source}#{position.index}", position.cut, crps({position.dd: 1.0}, position.actual),
               crps(dict(fitted.outcomes), position.actual), crps(dict(settled.outcomes), position.actual),
               len(settled.lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--per-cut", type=int, default=40, help="held-out positions per cut")
    parser.add_argument("--fit", type=int, default=100, help="as bench_likely.py's --fit (draws the same positions)")
    parser.add_argument("--score", type=int, default=200, help="as bench_likely.py's --score")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    held_out = draw(args.level, args.fit, args.score, args.seed).held_out
    chosen = [p for cut in (1, 3, 6) for p in [q for q in held_out if q.cut == cut][:args.per_cut]]
    tasks = [(position, args.level, args.seed) for position in chosen]
    with Pool(args.jobs) as pool:
        rows = pool.map(score, tasks, chunksize=1)
    dd = statistics.mean(row.dd for row in rows)
    fitted = statistics.mean(row.fitted for row in rows)
    settled = statistics.mean(row.settled for row in rows)
    by_board = sorted(rows, key=lambda row: row.board)   # the boards drawn in a fixed order
    low, high = bootstrap_mean([row.settled - row.fitted for row in by_board], [row.board for row in by_board],
                               args.seed, draws=1000)
    boards = len({row.board for row in rows})
    print(f"{len(rows)} held-out {args.level} positions ({args.per_cut} per cut), {boards} records, seed {args.seed}")
    def of_dd(value: float) -> str:
        return f"{value / dd:.3f} of dd" if dd > 0 else "dd is right everywhere"

    print(f"CRPS: dd {dd:.4f}; sd fitted (8 play-outs) {fitted:.4f} ({of_dd(fitted)}); "
          f"sd settled {settled:.4f} ({of_dd(settled)})")
    print(f"settled minus fitted: {settled - fitted:+.4f} (95% interval {low:+.4f} to {high:+.4f})")
    runs = [row.play_outs for row in rows]
    print(f"play-outs run when settled: median {statistics.median(runs):.0f}, mean {statistics.mean(runs):.1f}, "
          f"max {max(runs)}; {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
