"""What the play-outs already read: declarer's luck, the estimate's sharpness, and where real players' results
part from double dummy (in the cards they play or in their claims).

The positions are bench_likely.py's (the same --fit, --score and --seed draw the same ones; the blind part's
errors on the fitting positions drawn for them, the blend on the model's, every figure held out on the
scoring events'), with the shipped level's play-outs.

- Luck (``luck.py``): double dummy's tricks on the actual deal minus their mean over the layouts declarer could
  deal from his view at the position (and the defenders from theirs). By bucket: how often real players end
  below, at and above double dummy, and how much the play-outs put there; and how well declarer's luck and the
  play-outs' share below double dummy each tell the positions that end below it.
- Claims: the records that end in a claim, and how often the claim is double dummy's result at the point it
  was made, against how often double dummy at the claim is its result at the cut.
- Blind parts that read the luck: the errors by cut and margin (as shipped) against the same by margin and
  declarer's luck, and by both lucks, each blended with the play-outs by agreement as bench_likely.py fits
  it: CRPS held out, and the paired difference against the margin's with its standard error.
- Errors so far (``errors_so_far.py``): the tricks each side gave away before the cut, double dummy; how real
  results part from double dummy after none or some, and a blind part keyed by declarer's side's.
- Sharpness: sd raised to a power and normalised (above 1 sharper), the power fitted on the model's positions.

Run: .venv/bin/python benchmarks/bench_luck.py [--levels expert] [--fit 100] [--score 200] [--seed 1] [--jobs 2]
[--layouts 24] [--reuse FILE] (about 4 minutes for luck and 1 for the errors so far with two jobs, plus the
play-outs not in --reuse: about 2.5 s a position)
"""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.pool
import statistics
import sys
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_likely import load_cache, run_playouts  # noqa: E402
from corpus_records import clean_replay, require_corpus  # noqa: E402
from errors_so_far import ERROR_BUCKETS, ErrorsSoFar, error_bucket, errors_at, errors_task  # noqa: E402
from likely_blend import blend, blend_at, fit_blend, fit_errors, fit_keyed_errors, sharpened  # noqa: E402
from likely_positions import Position, draw  # noqa: E402
from likely_scoring import area_under_curve, crps, paired_crps, ratio, scores  # noqa: E402
from luck import LUCK_BUCKETS, Luck, luck_bucket, luck_of  # noqa: E402

from revsim.likely.sd import MARGINS, load_level, margin_of  # noqa: E402
from revsim.likely.solver import total_tricks  # noqa: E402

Key = Callable[[Position], Hashable]
Rows = list[tuple[Position, dict[int, float]]]


_SIGNS: tuple[Callable[[int], bool], ...] = (lambda x: x < 0, lambda x: x == 0, lambda x: x > 0)
"""Below, at and above double dummy."""


def place(position: Position) -> tuple[str, int, int]:
    return position.source, position.index, position.cut


def shares(offsets: Sequence[int]) -> str:
    """The share of ``offsets`` (results minus double dummy's) below / at / above 0."""
    return " / ".join(f"{sum(test(x) for x in offsets) / max(len(offsets), 1):.3f}" for test in _SIGNS)


def keyed_blind(positions: Sequence[Position], key: Key, keys: Sequence[Hashable]) -> Callable[[Position], dict[int, float]]:
    """A blind part: double dummy plus the errors of ``positions`` by cut and ``key``, kept within 0 to 13."""
    table = fit_keyed_errors(positions, fit_errors(positions), key, keys)

    def part(position: Position) -> dict[int, float]:
        spread: dict[int, float] = {}
        for offset, share in table[position.cut][key(position)].items():
            tricks = min(max(position.dd + offset, 0), 13)
            spread[tricks] = spread.get(tricks, 0.0) + share
        return spread
    return part


def print_luck(positions: Sequence[Position], lucks: dict[tuple[str, int, int], Luck],
               playouts: dict[tuple[str, int, int], dict[int, float]], label: str) -> None:
    """Real results and the play-outs' against double dummy by declarer's and the defenders' luck."""
    for who, read in (("declarer's", lambda luck: luck.declarer), ("the defenders'", lambda luck: luck.defenders)):
        print(f"\n  {label}, by {who} luck (double dummy minus its mean over the layouts of that view; buckets at "
              f"+-0.5): positions | real below / at / above dd | mean real - dd | with play-outs: positions | "
              f"their share below / at / above dd | mean play-outs - dd")
        for bucket in LUCK_BUCKETS:
            chosen = [p for p in positions if luck_bucket(read(lucks[place(p)])) == bucket]
            if not chosen:
                continue
            played = [(p, playouts[place(p)]) for p in chosen if place(p) in playouts]
            spread = [statistics.mean(sum(w for t, w in d.items() if test(t - p.dd)) for p, d in played) if played
                      else float("nan") for test in _SIGNS]
            mean_playouts = (statistics.mean(sum(t * w for t, w in d.items()) - p.dd for p, d in played)
                             if played else float("nan"))
            print(f"    {bucket:>7}: {len(chosen):4} | {shares([p.actual - p.dd for p in chosen])} | "
                  f"{statistics.mean(p.actual - p.dd for p in chosen):+.2f} | {len(played):4} | "
                  + " / ".join(f"{share:.3f}" for share in spread) + f" | {mean_playouts:+.2f}")
    values = [(lucks[place(p)].declarer, p.actual - p.dd) for p in positions]
    print(f"  correlation of real - dd with declarer's luck: "
          f"{statistics.correlation([v for v, _ in values], [e for _, e in values]):+.3f}")
    with_playouts = [p for p in positions if place(p) in playouts]
    below = [p.actual < p.dd for p in with_playouts]
    print(f"  which of the {len(with_playouts)} positions with play-outs end below double dummy ({sum(below)}), told by "
          f"(the area under the curve): declarer's luck "
          f"{area_under_curve([lucks[place(p)].declarer for p in with_playouts], below):.3f}, the play-outs' share below "
          f"{area_under_curve([sum(w for t, w in playouts[place(p)].items() if t < p.dd) for p in with_playouts], below):.3f}")


def print_claims(positions: Sequence[Position]) -> None:
    """How often the records end in a claim, and the claim against double dummy where it was made."""
    records = {(p.source, p.index): p for p in positions}.values()
    claimed, at_claim, before = 0, [], []
    for position in records:
        table = clean_replay(position.record)
        assert table is not None and position.record.contract is not None
        if not table.claimed:
            continue
        claimed += 1
        double_dummy = total_tricks(table.replay, position.record.contract.declarer)[0]
        at_claim.append(position.actual - double_dummy)
        before.append(double_dummy - position.dd)
    print(f"\n  claims: {claimed} of the {len(records)} records of these positions end in one; "
          f"the claim below / at / above double dummy at the point it was made: {shares(at_claim)}; double dummy "
          f"at the claim below / at / above its result at the cut: {shares(before)}")


def print_errors(positions: Sequence[Position], errors: dict[tuple[str, int, int], ErrorsSoFar], label: str) -> None:
    """Real results against double dummy by the tricks each side gave away before the cut."""
    print(f"\n  {label}, by the tricks given away before the cut, double dummy: positions | real below / at / above "
          f"dd | mean real - dd")
    for who, read in (("declarer's side", lambda e: e.declarer), ("defenders after the lead", lambda e: e.defenders),
                      ("the opening lead", lambda e: e.lead)):
        for bucket in ERROR_BUCKETS:
            chosen = [p.actual - p.dd for p in positions if error_bucket(read(errors[place(p)])) == bucket]
            if chosen:
                print(f"    {who}, {bucket}: {len(chosen):4} | {shares(chosen)} | {statistics.mean(chosen):+.2f}")
    print(f"  which end below double dummy, told by declarer's side's errors so far (the area under the curve): "
          f"{area_under_curve([errors[place(p)].declarer for p in positions], [p.actual < p.dd for p in positions]):.3f}"
          f"; which end above, by the defenders': "
          f"{area_under_curve([errors[place(p)].defenders for p in positions], [p.actual > p.dd for p in positions]):.3f}")


def print_blends(drawn_errors: Sequence[Position], model: Rows, held_out: Rows,
                 lucks: dict[tuple[str, int, int], Luck],
                 errors: dict[tuple[str, int, int], ErrorsSoFar]) -> tuple[Rows, Rows]:
    """Each blind part, blended with the play-outs by agreement, held out; the margin's blend on the model's
    positions and held out returned."""
    def margin(p: Position) -> int | None:
        return margin_of(p.dd, p.target)

    def declarer(p: Position) -> str:
        return luck_bucket(lucks[place(p)].declarer)

    def defenders(p: Position) -> str:
        return luck_bucket(lucks[place(p)].defenders)

    def erred(p: Position) -> str:
        return error_bucket(errors[place(p)].declarer)

    parts: dict[str, tuple[Key, list[Hashable]]] = {
        "cut and margin (as shipped)": (margin, list(MARGINS)),
        "and declarer's luck": (lambda p: (margin(p), declarer(p)),
                                [(m, b) for m in MARGINS for b in LUCK_BUCKETS]),
        "and both lucks": (lambda p: (margin(p), declarer(p), defenders(p)),
                           [(m, b, c) for m in MARGINS for b in LUCK_BUCKETS for c in LUCK_BUCKETS]),
        "and declarer's side's errors so far": (lambda p: (margin(p), erred(p)),
                                                [(m, b) for m in MARGINS for b in ERROR_BUCKETS]),
    }
    dd_crps = scores([(p, {p.dd: 1.0}) for p, _ in held_out])["crps"]
    blended: dict[str, Rows] = {}
    fitted: dict[str, Rows] = {}
    print("\n  blind part | its CRPS held out | weight by agreement | sd held out | x dd | exact | against the margin's")
    for name, (key, keys) in parts.items():
        part = keyed_blind(drawn_errors, key, keys)
        weight = fit_blend(model, part, True, "agreement")
        blended[name], fitted[name] = ([(p, blend(d, part(p), blend_at(weight, p, d))) for p, d in rows]
                                       for rows in (held_out, model))
        s = scores(blended[name])
        gain, error = paired_crps(blended[name], blended["cut and margin (as shipped)"])
        print(f"    {name}: {scores([(p, part(p)) for p, _ in held_out])['crps']:.4f} | "
              f"{ {a: w[1] for a, w in weight.items()} } | {s['crps']:.4f} | {ratio(s['crps'], dd_crps)} | "
              f"{s['exact']:.3f} | lower by {gain:+.4f} (standard error {error:.4f})")
    return fitted["cut and margin (as shipped)"], blended["cut and margin (as shipped)"]


def print_sharpness(model: Rows, held_out: Rows) -> None:
    """sd raised to a power, the power chosen on the model's positions, scored held out."""
    powers = [0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.5]

    def mean_crps(rows: Rows, power: float) -> float:
        return statistics.mean(crps(sharpened(d, power), p.actual) for p, d in rows)

    best = min(powers, key=lambda power: mean_crps(model, power))
    print("\n  sd raised to a power (fitting positions / held out): "
          + "; ".join(f"{power}: {mean_crps(model, power):.4f} / {mean_crps(held_out, power):.4f}" for power in powers)
          + f"; the fitting positions choose {best}")


def errors_so_far(positions: Sequence[Position], pool: multiprocessing.pool.Pool) -> dict[tuple[str, int, int], ErrorsSoFar]:
    """Each position's errors so far, every record read once up to the largest cut drawn of it."""
    last: dict[tuple[str, int], Position] = {}
    for position in positions:
        key = (position.source, position.index)
        if key not in last or position.cut > last[key].cut:
            last[key] = position
    costs = dict(zip(last, pool.map(errors_task, list(last.values()), chunksize=4), strict=True))
    return {place(p): errors_at(costs[(p.source, p.index)], p) for p in positions}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--levels", default="expert")
    parser.add_argument("--fit", type=int, default=100, help="model positions per cut (bench_likely.py's --fit)")
    parser.add_argument("--score", type=int, default=200, help="held-out positions per cut")
    parser.add_argument("--seed", type=int, default=1, help="draws the positions, seeds the play-outs and layouts")
    parser.add_argument("--layouts", type=int, default=24, help="layouts a view for the luck")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--reuse", default="", help="play-outs saved by bench_likely.py --save")
    args = parser.parse_args()
    require_corpus()
    cache = load_cache(args.reuse)
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for level_name in args.levels.split(","):
            drawn = draw(level_name, args.fit, args.score, args.seed)
            level = load_level(level_name)
            read = drawn.for_errors + drawn.held_out
            found = pool.map(luck_of, [(p, level.auction_rules, args.layouts, args.seed) for p in read], chunksize=4)
            lucks = {place(p): luck for p, luck in zip(read, found, strict=True)}
            errors = errors_so_far(read, pool)
            played = run_playouts(drawn.for_model + drawn.held_out, level, args.seed, pool, cache)
            model = [(p, r[0]) for p, r in zip(drawn.for_model, played[:len(drawn.for_model)], strict=True)]
            held_out = [(p, r[0]) for p, r in zip(drawn.held_out, played[len(model):], strict=True)]
            playouts = {place(p): d for p, d in model + held_out}
            print(f"== {level_name}: seed {args.seed}, {len(drawn.for_errors)} fitting positions for the errors, "
                  f"{len(model)} for the blend, {len(held_out)} held out; {args.layouts} layouts a view")
            print_luck(drawn.for_errors, lucks, playouts, "fitting positions")
            print_luck(drawn.held_out, lucks, playouts, "held out")
            print_errors(drawn.for_errors, errors, "fitting positions")
            print_errors(drawn.held_out, errors, "held out")
            print_claims(drawn.for_errors + drawn.held_out)
            print_sharpness(*print_blends(drawn.for_errors, model, held_out, lucks, errors))


if __name__ == "__main__":
    main()
