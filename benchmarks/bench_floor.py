"""How well any estimate of the likely result could do, measured where the corpora hold a position reached at
several tables: the same deal and contract, the same cards to each of the first 1, 3 or 6 tricks. Real
players' results from one position are draws from what real players make of it, so half the mean absolute
difference between two tables' results is the lowest expected CRPS any estimate could reach there
(``same_position.lowest_crps``): the CRPS of the real players' own distribution.

For each level it prints, over those positions (each position's figures averaged over its tables): how many
positions and tables, how often every table got the same result, the lowest CRPS, double dummy's CRPS and
the ratio of the two with a 95% interval from a bootstrap over the deals; by cut and by side of the events'
split. With --sd, the shipped level's sd estimate of each position (its play-outs seeded by --seed): its
CRPS and its play-outs' beside them, how far each spreads (half the mean distance between two draws of it,
which for the real tables is the lowest CRPS), and where sd's CRPS exceeds the lowest: the positions where
every table got double dummy's result, those where every table got one other result, and those where the
tables differ, each with its share of the excess (the split is by the tables' results, so within a part the
lowest CRPS is no bound: where the tables differ it is above what any estimate expects; only the whole is).
With --decisions, where every table ended on one result other than double dummy's: at each table, the first
decision after the cut whose card cost a trick on the actual deal (``decision_fit.record_decisions``, the
player's layouts dealt as the simulated player deals them), whose it was and what the player's layouts said
of it (every best card on them right, some, none), and on how many positions every table's first such card
was the same card at the same trick.

Run: .venv/bin/python benchmarks/bench_floor.py [--levels expert,club] [--sd] [--decisions] [--seed 1] [--jobs 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from corpus_records import is_fitting, require_corpus  # noqa: E402
from decision_fit import record_decisions, verdict  # noqa: E402
from likely_positions import Position, add_dd, collect, estimate  # noqa: E402
from likely_scoring import bootstrap_ratio  # noqa: E402
from same_position import Tables, deal_key, lowest_crps, mean_crps, same_positions, spread  # noqa: E402

from revsim.likely.sd import CUTS, Level, load_level  # noqa: E402

Estimate = tuple[dict[int, float], dict[int, float]]
"""sd's estimate of a position: the blend and its play-outs alone."""


def estimate_task(task: tuple[Position, Level, int]) -> Estimate:
    """The level's estimate of one position (``likely_positions.estimate``): the blend and the play-outs."""
    likely = estimate(*task)
    return dict(likely.outcomes), dict(likely.playouts)


def ratio(value: float, reference: float) -> str:
    return f"{value / reference:.2f}" if reference else "-"


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def print_row(label: str, chosen: Sequence[int], groups: Sequence[Tables], estimates: Sequence[Estimate] | None,
              seed: int) -> None:
    if not chosen:
        return
    lowest = [lowest_crps(groups[i].results) for i in chosen]
    dd = [mean_crps(groups[i].results, {groups[i].positions[0].dd: 1.0}) for i in chosen]
    low, high = bootstrap_ratio(lowest, dd, [deal_key(groups[i].positions[0].record) for i in chosen], seed)
    agree = sum(len(set(groups[i].results)) == 1 for i in chosen)
    tables = sum(len(groups[i].positions) for i in chosen)
    interval = f" ({low:.2f} to {high:.2f})" if sum(dd) else ""
    line = (f"| {label} | {len(chosen)} | {tables} | {agree / len(chosen):.2f} | {sum(lowest) / len(chosen):.3f} | "
            f"{sum(dd) / len(chosen):.3f} | {ratio(sum(lowest), sum(dd))}{interval} |")
    if estimates is not None:
        sd = [mean_crps(groups[i].results, estimates[i][0]) for i in chosen]
        alone = [mean_crps(groups[i].results, estimates[i][1]) for i in chosen]
        line += (f" {sum(sd) / len(chosen):.3f} | {ratio(sum(sd), sum(dd))} | {sum(alone) / len(chosen):.3f} | "
                 f"{sum(spread(estimates[i][0]) for i in chosen) / len(chosen):.3f} | "
                 f"{sum(spread(estimates[i][1]) for i in chosen) / len(chosen):.3f} |")
    print(line)


def where_sd_loses(groups: Sequence[Tables], estimates: Sequence[Estimate]) -> None:
    """sd's CRPS over the lowest, split by what the tables did; each part's share of the whole excess."""
    kinds: dict[str, Callable[[Tables], bool]] = {
        "every table got double dummy's result": lambda t: set(t.results) == {t.positions[0].dd},
        "every table got one other result": lambda t: len(set(t.results)) == 1 and t.results[0] != t.positions[0].dd,
        "the tables differ": lambda t: len(set(t.results)) > 1,
    }
    excess = [mean_crps(t.results, e[0]) - lowest_crps(t.results) for t, e in zip(groups, estimates, strict=True)]
    print("\n| what the tables did | positions | sd's CRPS | lowest | dd's | sd's weight on the tables' results | "
          "share of sd's excess |\n|---|---|---|---|---|---|---|")
    for kind, test in kinds.items():
        chosen = [i for i, tables in enumerate(groups) if test(tables)]
        if not chosen:
            continue
        weight = mean([mean([estimates[i][0].get(r, 0.0) for r in groups[i].results]) for i in chosen])
        print(f"| {kind} | {len(chosen)} | {mean([mean_crps(groups[i].results, estimates[i][0]) for i in chosen]):.3f} | "
              f"{mean([lowest_crps(groups[i].results) for i in chosen]):.3f} | "
              f"{mean([mean_crps(groups[i].results, {groups[i].positions[0].dd: 1.0}) for i in chosen]):.3f} | {weight:.2f} | "
              f"{sum(excess[i] for i in chosen) / sum(excess):.2f} |")


class FirstCostly(NamedTuple):
    """A table's first decision after the cut whose card cost a trick on the actual deal."""

    role: str                   # declarer or defenders
    trick: int
    card: str
    said: str                   # what the player's layouts said (decision_fit.VERDICTS)
    below_best: float           # how far below the best card on his layouts the card played was


def first_costly(task: tuple[Position, Level, int]) -> FirstCostly | None:
    """The table's first costly decision after the cut (None where no card cost a trick)."""
    position, level, seed = task
    for decision in record_decisions(position.record, level.policy, seed, level.auction_rules):
        if decision.trick > position.cut and decision.costly:
            return FirstCostly("defenders" if decision.defending else "declarer", decision.trick,
                               str(decision.chosen), verdict(decision), decision.shortfall)
    return None


def where_tables_erred(groups: Sequence[Tables], level: Level, seed: int, jobs: int) -> None:
    """Where every table ended on one result other than double dummy's: each table's first costly card."""
    kinds = {"below": lambda t: max(t.results) < t.positions[0].dd,
             "above": lambda t: min(t.results) > t.positions[0].dd}
    print("\n| every table ended | positions | the contract as double dummy's (only over- or undertricks apart) | "
          "tables | first costly card: declarer's, his layouts right | declarer's, layouts wrong | "
          "the defenders', layouts right | the defenders', layouts wrong | other | where the layouts were right, "
          "the card's median shortfall on them | positions where every table's was the same card |"
          "\n|---|---|---|---|---|---|---|---|---|---|---|")
    for kind, test in kinds.items():
        chosen = [tables for tables in groups if len(set(tables.results)) == 1 and test(tables)]
        tasks = [(position, level, seed) for tables in chosen for position in tables.positions]
        with multiprocessing.Pool(jobs) as pool:
            firsts = pool.map(first_costly, tasks, chunksize=1)
        counts = Counter((first.role, first.said) if first and first.said != "split" else "other" for first in firsts)
        shortfalls = [first.below_best for first in firsts if first and first.said == "right"]
        alike, start = 0, 0
        for tables in chosen:
            mine = [None if first is None else first[:3] for first in firsts[start:start + len(tables.positions)]]
            start += len(tables.positions)
            alike += mine[0] is not None and all(first == mine[0] for first in mine)
        same_contract = sum((t.results[0] >= t.positions[0].target) == (t.positions[0].dd >= t.positions[0].target)
                            for t in chosen)
        cells = [counts[(role, said)] for role in ("declarer", "defenders") for said in ("right", "wrong")]
        shortfall = f"{statistics.median(shortfalls):.3f}" if shortfalls else "-"
        print(f"| {kind} double dummy's | {len(chosen)} | {same_contract} | {len(tasks)} | " +
              " | ".join(map(str, cells)) + f" | {counts['other']} | {shortfall} | {alike} |")


def run_level(name: str, with_sd: bool, with_decisions: bool, seed: int, jobs: int) -> None:
    groups = same_positions(collect(name))
    add_dd([tables.positions[0] for tables in groups])
    for tables in groups:
        for position in tables.positions[1:]:
            position.dd = tables.positions[0].dd
    estimates: list[Estimate] | None = None
    if with_sd:
        level = load_level(name)
        tasks = [(tables.positions[0], level, seed) for tables in groups]
        with multiprocessing.Pool(jobs) as pool:
            estimates = pool.map(estimate_task, tasks, chunksize=1)
    print(f"\n## {name}: positions reached at two tables or more\n")
    header = "| positions | count | tables | every table alike | lowest CRPS | dd | lowest / dd (95%) |"
    rule = "|---|---|---|---|---|---|---|"
    if estimates is not None:
        header += " sd | sd / dd | sd play-outs alone | sd's spread | play-outs' spread |"
        rule += "---|---|---|---|---|"
    print(header + "\n" + rule)
    every = range(len(groups))
    print_row("all", list(every), groups, estimates, seed)
    for cut in CUTS:
        print_row(f"after trick {cut}", [i for i in every if groups[i].cut == cut], groups, estimates, seed)
    for side, fitting in (("fitting events", True), ("scoring events", False)):
        print_row(side, [i for i in every if is_fitting(groups[i].positions[0].event) == fitting], groups, estimates,
                  seed)
    if estimates is not None:
        print(f"\nsd: the shipped {name} level, play-outs seeded {seed}")
        where_sd_loses(groups, estimates)
    if with_decisions:
        where_tables_erred(groups, load_level(name), seed, jobs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="expert,club")
    parser.add_argument("--sd", action="store_true", help="estimate each position with the shipped level's sd")
    parser.add_argument("--decisions", action="store_true",
                        help="where every table ended on one result other than double dummy's, the first costly card")
    parser.add_argument("--seed", type=int, default=1, help="seeds the play-outs, the layouts and the bootstrap")
    parser.add_argument("--jobs", type=int, default=2, help="processes for sd's play-outs")
    args = parser.parse_args()
    require_corpus()
    for name in args.levels.split(","):
        run_level(name, args.sd, args.decisions, args.seed, args.jobs)


if __name__ == "__main__":
    main()
