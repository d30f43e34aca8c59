"""Time to adjudicate revoke boards: the worked cases in hands/ and seeded random revoke boards.

Prints the median and 95th percentile per board (double dummy), and the share of the time spent inside DDS. With --sd,
also the single-dummy estimator on every file of hands/: the wall time of the whole command
``revsim adjudicate FILE --estimator sd`` (process start included; median over the files), and in one
process the decisions, layouts per decision, seconds per decision and solver calls per board.
With --ablation, the sd work on hands/ in one process again with each shortcut of the play-outs turned
off in turn (what each bought): solving every play-out's layouts in one batch a step; one layout where a
defender who reads his partner sees all four hands; the last two tricks double dummy. Cards that were
forced (played without sampling) are counted.
With --compare REV, every file of hands/ ruled by this tree and by the commit REV in the same run, file by file
(each file in both trees' own copies, from a cold solver cache, in one process a tree and round, the rounds
alternating which tree goes first; the fastest of --rounds), with the ratio; sd with --sd, else dd.
With --claims, the contested claims made early in the play (tests/data/early-claims.toml: a slam claimed after
trick 1 with no line and with a statement, a defenders' claim after trick 3), each the whole command
``revsim adjudicate FILE --board B`` (process start included; target 20 s each on two cores), and with --full each
ruled again in one process by the search with no horizon and no limit on the opponents' cards (a positions budget
of --full-positions, at most --full-seconds each): the ruling must be the same wherever the full search finishes.
Run: python benchmarks/bench_adjudicate.py [--boards 200] [--seed 1] [--sd] [--ablation] [--compare REV [--rounds 2]]
     [--claims [--full] [--full-positions 2000000] [--full-seconds 600]]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revsim.adjudicate import adjudicate, board_output  # noqa: E402
from revsim.equity.settings import Settings  # noqa: E402
from revsim.likely import playout, sd, solver  # noqa: E402
from revsim.likely.playout import STATS as PLAYOUTS  # noqa: E402
from revsim.records.readers import read_records  # noqa: E402
from revsim.records.record import Record  # noqa: E402
from revsim.synthetic import random_board  # noqa: E402

DOUBLE_DUMMY = Settings(estimator="dd")
"""The settings of the timings per board (sd has its own, with --sd)."""


def random_revoke_board(rng: random.Random, name: str) -> Record:
    """A random deal and contract played out at random, with one or two cards that fail to follow."""
    while True:
        record = random_board(rng, name, revokes=rng.choice([1, 1, 1, 2]))
        if adjudicate(record, DOUBLE_DUMMY).revokes:
            return record


def time_boards(records: list[Record]) -> tuple[list[float], float]:
    """Seconds per board, and the seconds spent inside DDS, each board solved from a cold cache."""
    timings = []
    solver_seconds = 0.0
    for record in records:
        solver._cache.clear()
        before = solver.STATS.seconds
        started = time.perf_counter()
        adjudicate(record, DOUBLE_DUMMY)
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


def single_dummy(files: list[Path], boards: list[Record]) -> None:
    """The sd estimator on each file: whole-command wall time, then its work on the files' ``boards`` counted
    in this process."""
    command = [str(Path(sys.executable).parent / "revsim"), "adjudicate", "--estimator", "sd"]
    walls = []
    for path in files:
        started = time.perf_counter()
        subprocess.run([*command, str(path)], capture_output=True, check=False)
        walls.append(time.perf_counter() - started)
        print(f"  {path.name}: {walls[-1]:.1f} s")
    print(f"sd, whole command per hands/ file: median {statistics.median(walls):.1f} s, max {max(walls):.1f} s "
          f"({len(walls)} files)")
    seconds, made, layouts, calls, batches = _sd_work(boards)
    print(f"sd in one process: {len(boards)} boards, {seconds / len(boards):.1f} s per board, {made / len(boards):.0f} "
          f"sampled decisions per board, {layouts / max(made, 1):.1f} layouts per decision, "
          f"{seconds / max(made, 1) * 1000:.1f} ms per decision, {batches / len(boards):.0f} "
          f"solver calls per board solving {calls / len(boards):.0f} positions")


def _sd_work(boards: list[Record]) -> tuple[float, int, int, int, int]:
    """Seconds, sampled decisions, layouts dealt for them, positions solved and solver calls for sd on
    ``boards`` from a cold cache."""
    solver._cache.clear()
    calls, batches = solver.STATS.calls, solver.STATS.batches
    decisions, layouts = PLAYOUTS.decisions, PLAYOUTS.layouts
    started = time.perf_counter()
    for record in boards:
        adjudicate(record, Settings(estimator="sd"))
    return (time.perf_counter() - started, PLAYOUTS.decisions - decisions, PLAYOUTS.layouts - layouts,
            solver.STATS.calls - calls, solver.STATS.batches - batches)


def ablation(boards: list[Record]) -> None:
    """sd on the boards of hands/ with each shortcut off in turn, against all on (one process, same seed)."""
    solve, sample, policy = playout._solve, playout.sample_layouts, sd.Level.policy

    def unbatched(lines, spans, batch):  # type: ignore[no-untyped-def]
        return [value for span in spans for value in solve(lines, [span], batch)]

    def every_layout(view, count, rng):  # type: ignore[no-untyped-def]
        return sample(view, 16 if count == 1 else count, rng)

    def no_endgame(self):  # type: ignore[no-untyped-def]
        return playout.Policy(self.temperature, self.layouts, endgame=0, defence_sight=self.defence_sight)

    variants: list[tuple[str, dict[str, Any]]] = [
        ("all shortcuts on", {}), ("each play-out's layouts solved in its own call", {"_solve": unbatched}),
        ("16 layouts where a defender sees all four hands", {"sample_layouts": every_layout}),
        ("last two tricks also sampled", {"policy": no_endgame})]
    forced = PLAYOUTS.forced
    base = None
    for label, patches in variants:
        playout._solve = patches.get("_solve", solve)  # type: ignore[assignment]
        playout.sample_layouts = patches.get("sample_layouts", sample)  # type: ignore[assignment]
        sd.Level.policy = property(patches["policy"]) if "policy" in patches else policy  # type: ignore[method-assign, assignment]
        seconds, decisions, _, calls, batches = _sd_work(boards)
        base = base or seconds
        print(f"  {label}: {seconds / len(boards):.2f} s per board ({seconds / base:.2f} x), {decisions / len(boards):.0f} "
              f"decisions, {calls / len(boards):.0f} positions solved in {batches / len(boards):.0f} calls per board")
        if label == "all shortcuts on":
            print(f"    forced cards played without sampling: {(PLAYOUTS.forced - forced) / len(boards):.0f} per board")
    playout._solve, playout.sample_layouts, sd.Level.policy = solve, sample, policy  # type: ignore[method-assign]


_TIMER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from revsim.adjudicate import adjudicate
from revsim.equity.settings import Settings
from revsim.likely import solver
from revsim.records.readers import read_records
from revsim.records.record import Record
settings = Settings(estimator=sys.argv[2])
seconds = {}
for path in sys.argv[3:]:
    records = [item for item in read_records(path) if isinstance(item, Record)]
    solver._cache.clear()
    started = time.perf_counter()
    for record in records:
        adjudicate(record, settings)
    seconds[path.rsplit("/", 1)[-1]] = time.perf_counter() - started
print(json.dumps(seconds))
"""
"""Times the files given, in the tree given, with the estimator given; prints {file name: seconds} (run in a child
process whose ``revsim`` is that tree's)."""


def _tree_at(revision: str, folder: Path) -> Path:
    """The files of ``revision`` (a commit of this repository) written into ``folder``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", revision], capture_output=True, check=True)
    with tempfile.TemporaryFile() as tar_file:
        tar_file.write(archive.stdout)
        tar_file.seek(0)
        with tarfile.open(fileobj=tar_file) as tar:
            tar.extractall(folder, filter="data")
    return folder


def _timed_in(tree: Path, estimator: str, names: list[str]) -> dict[str, float]:
    """Seconds per file of ``tree``'s hands/ (those of ``names`` it has), ruled by ``tree``'s own revsim."""
    paths = [str(tree / "hands" / name) for name in names if (tree / "hands" / name).is_file()]
    adjudicate_first = [paths[0]] if paths else []   # DDS loaded before the first file is timed
    done = subprocess.run([sys.executable, "-c", _TIMER, str(tree), estimator, *adjudicate_first, *paths],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def compare(revision: str, estimator: str, rounds: int) -> None:
    """Every file of hands/ timed in this tree and in ``revision``'s, side by side, with the ratio."""
    names = sorted(path.name for path in (ROOT / "hands").iterdir() if path.suffix in (".pbn", ".toml"))
    with tempfile.TemporaryDirectory() as folder:
        earlier = _tree_at(revision, Path(folder))
        before: dict[str, float] = {}
        after: dict[str, float] = {}
        for round_number in range(rounds):
            order = [(earlier, before), (ROOT, after)]
            for tree, best in order if round_number % 2 == 0 else order[::-1]:
                for name, seconds in _timed_in(tree, estimator, names).items():
                    best[name] = min(seconds, best.get(name, seconds))
    print(f"{estimator}, this tree against {revision}, the fastest of {rounds} rounds, seconds per file:")
    both = [name for name in names if name in before and name in after]
    for name in sorted(both, key=lambda name: -before[name]):
        print(f"  {name}: {before[name]:.2f} -> {after[name]:.2f} ({before[name] / after[name]:.2f}x)")
    for name in (name for name in names if name not in before):
        print(f"  {name}: (not in {revision}) {after[name]:.2f}")
    ratios = {name: before[name] / after[name] for name in both}
    slowest = sorted(both, key=lambda name: -before[name])[:5]
    print(f"the slowest five at {revision}: " + ", ".join(f"{ratios[name]:.2f}x" for name in slowest)
          + f"; median file {statistics.median(ratios.values()):.2f}x; faster: {sum(r > 1 for r in ratios.values())} "
          f"of {len(both)}; total {sum(before[n] for n in both):.1f} s -> {sum(after[n] for n in both):.1f} s")


EARLY_CLAIMS = ROOT / "tests" / "data" / "early-claims.toml"


def early_claims(full: bool, positions: int, seconds: float) -> None:
    """Each early claim timed as a whole command; with ``full``, checked against the unbounded search."""
    from revsim.claims import search

    names = [item.board for item in read_records(EARLY_CLAIMS) if isinstance(item, Record)]
    revsim = str(Path(sys.executable).parent / "revsim")
    print(f"early claims ({EARLY_CLAIMS.relative_to(ROOT)}), each the whole command, seconds:")
    rulings: dict[str, str] = {}
    for name in names:
        started = time.perf_counter()
        done = subprocess.run([revsim, "adjudicate", str(EARLY_CLAIMS), "--board", name], capture_output=True,
                              text=True, cwd=ROOT)
        took = time.perf_counter() - started
        rulings[name] = next((line for line in done.stdout.splitlines() if line.startswith("Ruling")), done.stdout[-200:])
        print(f"  {name}: {took:.1f} s  {rulings[name]}")
    if not full:
        return
    print(f"the same claims by the full search (no horizon, every card of the opponents', up to {positions:,} "
          f"positions and {seconds:g} s each):")
    search.BUDGET = positions
    for item in read_records(EARLY_CLAIMS):
        if not isinstance(item, Record):
            continue
        started = time.perf_counter()
        output = board_output(item, Settings(time_budget=seconds))
        took = time.perf_counter() - started
        if output.failed:
            print(f"  {item.board}: did not finish in {took:.0f} s")
            continue
        lines = output.text.splitlines()
        found = next(line for line in lines if line.startswith("Ruling"))
        whole = not any("a search of the whole play was too large" in line for line in lines)
        same = "the same" if found == rulings[item.board] else f"DIFFERENT from {rulings[item.board]}"
        print(f"  {item.board}: {took:.1f} s  {found}: {same}" + ("" if whole else " (the full search still had to "
                                                                      "stop at a horizon)"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sd", action="store_true", help="also time the single-dummy estimator on hands/")
    parser.add_argument("--ablation", action="store_true", help="sd on hands/ with each play-out shortcut off in turn")
    parser.add_argument("--compare", metavar="REV", help="time hands/ in this tree and in commit REV, file by file")
    parser.add_argument("--rounds", type=int, default=2, help="with --compare: rounds, the fastest of each kept")
    parser.add_argument("--claims", action="store_true", help="time the early claims of tests/data/early-claims.toml")
    parser.add_argument("--full", action="store_true", help="with --claims: check them against the full search")
    parser.add_argument("--full-positions", type=int, default=2_000_000)
    parser.add_argument("--full-seconds", type=float, default=600)
    args = parser.parse_args()
    if args.claims:
        early_claims(args.full, args.full_positions, args.full_seconds)
        return
    if args.compare:
        compare(args.compare, "sd" if args.sd else "dd", args.rounds)
        return
    files = sorted(path for path in (ROOT / "hands").iterdir() if path.suffix in (".pbn", ".toml"))
    hands = [item for path in files for item in read_records(path) if isinstance(item, Record)]
    rng = random.Random(args.seed)
    boards = [random_revoke_board(rng, str(i)) for i in range(args.boards)]
    adjudicate(hands[0], DOUBLE_DUMMY)  # load DDS once
    calls = solver.STATS.calls
    print(f"seed {args.seed}")
    report("hands/", *time_boards(hands))
    report("random revoke boards", *time_boards(boards))
    print(f"solver calls while timed {solver.STATS.calls - calls} (each board from a cold cache)")
    if args.sd:
        single_dummy(files, hands)
    if args.ablation:
        ablation(hands)


if __name__ == "__main__":
    main()
