"""Strategy fusion against the errors real declarers share: where a real declarer's layouts point to the right
card (every best card on them is best on the actual deal) and the choice can cost a trick, the costly card he
played (where he erred) or the costly card his layouts rate highest (where he did not, as many decisions drawn
with the seed), against the best card on his layouts: how far below it each lies double dummy on the layouts,
and by one play-out from each layout by the level's simulated players, who do not see it (``fusion.py``).
If the errors real declarers share came from valuing cards as if every card would be seen after them, the
costly cards they played would close on the best under play-outs where the others do not, and the play-outs
would tell which decisions they err at better than the layouts' double dummy (the area under the curve).

Run: .venv/bin/python benchmarks/bench_fusion.py [--level expert] [--records 700] [--events fitting]
     [--layouts 12] [--seed 1] [--jobs 2]   (about 12 minutes for 700 expert records with two jobs)
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_decisions import decisions_task, sampled_records  # noqa: E402
from card_habits import where_layouts_right  # noqa: E402
from corpus_records import require_corpus  # noqa: E402
from decision_fit import Decision  # noqa: E402
from fusion import fusion_task, temptation  # noqa: E402
from likely_scoring import area_under_curve  # noqa: E402

from revsim.cards import Card  # noqa: E402
from revsim.records.record import Record  # noqa: E402

Weighed = tuple[Decision, dict[Card, float]]


def gaps(weighed: Sequence[Weighed]) -> tuple[list[float], list[float]]:
    """For each decision, how far its tempting card lies below the best, on the layouts double dummy and by
    the play-outs."""
    on_layouts, by_playouts = [], []
    for decision, rolled in weighed:
        tempting, best = temptation(decision)
        on_layouts.append(decision.averages[tempting] - decision.averages[best])
        by_playouts.append(rolled[tempting] - rolled[best])
    return on_layouts, by_playouts


def print_group(name: str, weighed: Sequence[Weighed]) -> None:
    on_layouts, by_playouts = gaps(weighed)
    print(f"  {name}: {len(weighed)} decisions | {statistics.mean(on_layouts):+.3f} "
          f"({statistics.median(on_layouts):+.3f}) | {statistics.mean(by_playouts):+.3f} | "
          f"{sum(gap >= 0 for gap in by_playouts) / len(by_playouts):.2f} | "
          f"{sum(gap > 0 for gap in by_playouts) / len(by_playouts):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--records", type=int, default=700)
    parser.add_argument("--events", choices=("fitting", "scoring"), default="fitting")
    parser.add_argument("--layouts", type=int, default=12, help="layouts (one play-out each) a card")
    parser.add_argument("--seed", type=int, default=1, help="draws the records and the decisions, seeds the layouts")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    require_corpus()
    started = time.perf_counter()
    records = sampled_records(args.level, args.events == "fitting", args.records, args.seed)
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        found = pool.map(decisions_task, [(r, args.level, args.seed, False) for r in records], chunksize=2)
        declarer: list[tuple[Record, Decision]] = [
            (record, decision) for record, decisions in zip(records, found, strict=True)
            for decision in where_layouts_right([d for d in decisions if not d.defending])]
        erred = [item for item in declarer if item[1].costly]
        right = [item for item in declarer if not item[1].costly]
        random.Random(args.seed).shuffle(right)
        drawn = erred + right[:len(erred)]
        rolled = pool.map(fusion_task, [(r, d, args.level, args.layouts, args.seed) for r, d in drawn], chunksize=1)
    weighed = [(decision, values) for (_, decision), values in zip(drawn, rolled, strict=True)]
    print(f"== {args.level}, {args.events} events: {len(records)} records, seed {args.seed}; declarer's decisions "
          f"where his layouts point to the right card and a card can cost a trick: {len(declarer)}, of which he "
          f"lost a trick at {len(erred)}; {len(erred)} of the others drawn; {args.layouts} layouts a card "
          f"({time.perf_counter() - started:.0f} s)")
    print("  decisions | the tempting card below the best, layouts double dummy: mean (median) | by play-outs: mean | "
          "share of play-outs' gaps at least 0 | above 0")
    print_group("where he played the costly card", weighed[:len(erred)])
    print_group("where he did not (its tempting card)", weighed[len(erred):])
    on_layouts, by_playouts = gaps(weighed)
    labels = [decision.costly for decision, _ in weighed]
    print(f"  which decisions he erred at, told by (the area under the curve): the layouts' double dummy "
          f"{area_under_curve(on_layouts, labels):.3f}, the play-outs {area_under_curve(by_playouts, labels):.3f}, "
          f"their sum {area_under_curve([a + b for a, b in zip(on_layouts, by_playouts, strict=True)], labels):.3f}")


if __name__ == "__main__":
    main()
