"""How bench_likely.py scores a likely-result estimate against what the players made: CRPS, the most likely
outcome, bias, and calibration by predicted weight (see ../shared/estimation.md)."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Hashable, Iterator, Sequence
from typing import Protocol

from revsim.likely.levels import CUTS


class Scored(Protocol):
    """A position as scored: the cut it comes from and the players' result."""

    cut: int
    actual: int


def crps(distribution: dict[int, float], actual: int) -> float:
    """Sum over x = 0..12 of (F(x) - [actual <= x])^2, F the cumulative distribution."""
    total, cumulative = 0.0, 0.0
    for x in range(13):
        cumulative += distribution.get(x, 0.0)
        total += (cumulative - (1.0 if actual <= x else 0.0)) ** 2
    return total


def expected_crps(distribution: dict[int, float], truth: dict[int, float]) -> float:
    """The mean CRPS of ``distribution`` if the result were drawn from ``truth``."""
    return sum(weight * crps(distribution, tricks) for tricks, weight in truth.items())


def own_world(first: Sequence[dict[int, float]], second: Sequence[dict[int, float]],
              dd: Sequence[int]) -> tuple[float, float]:
    """What the play-outs would score if real players played as the simulated ones do: the mean CRPS of the
    ``first`` play-outs against results drawn from a second, independent seed's (``second``), and double
    dummy's (``dd``) mean absolute error against those results."""
    played = [expected_crps(d, truth) for d, truth in zip(first, second, strict=True)]
    missed = [sum(weight * abs(tricks - value) for tricks, weight in truth.items())
              for truth, value in zip(second, dd, strict=True)]
    return sum(played) / len(played), sum(missed) / len(missed)


def mode(distribution: dict[int, float]) -> int:
    return max(distribution.items(), key=lambda item: (item[1], -item[0]))[0]


def scores(rows: Sequence[tuple[Scored, dict[int, float]]]) -> dict[str, float]:
    pooled = [crps(d, p.actual) for p, d in rows]
    means = [sum(t * w for t, w in d.items()) for _, d in rows]
    exact = [mode(d) == p.actual for p, d in rows]
    out = {"crps": sum(pooled) / len(pooled),
           "mae": sum(abs(m - p.actual) for m, (p, _) in zip(means, rows, strict=True)) / len(rows),
           "bias": sum(p.actual - m for m, (p, _) in zip(means, rows, strict=True)) / len(rows),
           "exact": sum(exact) / len(rows)}
    for cut in CUTS:
        at_cut = [crps(d, p.actual) for p, d in rows if p.cut == cut]
        out[f"crps{cut}"] = sum(at_cut) / len(at_cut) if at_cut else float("nan")
    return out


def calibration(rows: Sequence[tuple[Scored, dict[int, float]]]) -> list[str]:
    """Predicted weight of an outcome (in bins) against how often it happened."""
    bins: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for position, distribution in rows:
        for tricks in range(14):
            weight = distribution.get(tricks, 0.0)
            if weight <= 0:
                continue
            bucket = min(int(weight * 5), 4)
            bins[bucket][0] += weight
            bins[bucket][1] += 1.0 if tricks == position.actual else 0.0
            bins[bucket][2] += 1
    return [f"    weight {b / 5:.1f}-{(b + 1) / 5:.1f}: predicted {bins[b][0] / bins[b][2]:.2f}, "
            f"happened {bins[b][1] / bins[b][2]:.2f} ({int(bins[b][2])} outcomes)" for b in sorted(bins)]


def ratio(value: float, reference: float) -> str:
    """``value / reference`` to two places, or ``n/a`` when the reference is 0 (a tiny run where it is perfect)."""
    return f"{value / reference:.2f}" if reference else " n/a"


def by_group(rows: Sequence[tuple[Scored, dict[int, float]]], groups: Sequence[str],
             order: Sequence[str] | None = None) -> list[str]:
    """For each group (``groups[i]`` is position i's: the play-outs' agreement, double dummy's margin over the
    contract), in ``order`` or as they come: positions, CRPS, and the calibration of the most likely outcome
    (the weight the estimate gave it on average against how often it happened, in points)."""
    lines = []
    for name in order or dict.fromkeys(groups):
        chosen = [(p, d) for (p, d), group in zip(rows, groups, strict=True) if group == name]
        if not chosen:
            continue
        given = sum(max(d.values()) for _, d in chosen) / len(chosen)
        happened = sum(mode(d) == p.actual for p, d in chosen) / len(chosen)
        mean_crps = sum(crps(d, p.actual) for p, d in chosen) / len(chosen)
        lines.append(f"    {name:>9}: {len(chosen):4} positions, CRPS {mean_crps:.3f}, "
                     f"most likely outcome given {given:.2f}, happened {happened:.2f} "
                     f"({100 * (happened - given):+.1f} points)")
    return lines


def paired_exact(rows: Sequence[tuple[Scored, dict[int, float]]],
                 reference: Sequence[tuple[Scored, dict[int, float]]]) -> str:
    """How much more often the most likely outcome is right than the reference's on the same positions, with
    the standard error of the paired difference and a 95% interval."""
    ours = [mode(d) == p.actual for p, d in rows]
    theirs = [mode(d) == p.actual for p, d in reference]
    wins = sum(a and not b for a, b in zip(ours, theirs, strict=True))
    losses = sum(b and not a for a, b in zip(ours, theirs, strict=True))
    n = len(ours)
    difference = (wins - losses) / n
    error = ((wins + losses - (wins - losses) ** 2 / n) ** 0.5) / n
    return (f"{difference:+.3f} ({wins} positions right where the other is wrong, {losses} the other way; "
            f"standard error {error:.3f}, 95% interval {difference - 1.96 * error:+.3f} to {difference + 1.96 * error:+.3f})")


def ratio_interval(rows: Sequence[tuple[Scored, dict[int, float]]],
                   reference: Sequence[tuple[Scored, dict[int, float]]], boards: Sequence[Hashable],
                   seed: int = 1, draws: int = 2000) -> tuple[float, float, float]:
    """The pooled CRPS of ``rows`` over the reference's on the same positions, with a 95% interval from a
    bootstrap over the boards (``boards[i]`` is position i's board: the positions of one board, which share
    its deal and players, are drawn together), seeded; draws where the reference is perfect are left out, and
    all three are NaN when it is perfect on every board."""
    ours = [crps(d, p.actual) for p, d in rows]
    theirs = [crps(d, p.actual) for p, d in reference]
    low, high = bootstrap_ratio(ours, theirs, boards, seed, draws)
    return (sum(ours) / sum(theirs) if sum(theirs) else float("nan")), low, high


def board_draws(boards: Sequence[Hashable], seed: int, draws: int) -> Iterator[list[int]]:
    """The items of each bootstrap draw over the boards (``boards[i]`` is item i's board; a board's items are drawn
    together, the boards in the order they first appear), seeded."""
    members: dict[Hashable, list[int]] = defaultdict(list)
    for index, board in enumerate(boards):
        members[board].append(index)
    groups = list(members.values())
    rng = random.Random(seed)
    for _ in range(draws):
        yield [index for group in rng.choices(groups, k=len(groups)) for index in group]


def interval(values: list[float]) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of bootstrap values (NaN for none)."""
    if not values:
        return float("nan"), float("nan")
    values = sorted(values)
    return values[int(0.025 * len(values))], values[max(int(0.975 * len(values)) - 1, 0)]


def bootstrap_ratio(ours: Sequence[float], theirs: Sequence[float], boards: Sequence[Hashable], seed: int,
                    draws: int = 2000) -> tuple[float, float]:
    """A 95% interval of sum(ours) / sum(theirs) from a bootstrap over the boards (a board's items drawn
    together), seeded; draws whose sum(theirs) is 0 are left out, and both are NaN when every draw is."""
    ratios = []
    for drawn in board_draws(boards, seed, draws):
        reference_total = sum(theirs[i] for i in drawn)
        if reference_total > 0:                      # a draw where the reference is perfect has no ratio
            ratios.append(sum(ours[i] for i in drawn) / reference_total)
    return interval(ratios)


def bootstrap_mean(values: Sequence[float], boards: Sequence[Hashable], seed: int,
                   draws: int = 2000) -> tuple[float, float]:
    """A 95% interval of the mean of ``values`` from a bootstrap over the boards, as ``bootstrap_ratio`` draws."""
    return interval([sum(values[i] for i in drawn) / len(drawn) for drawn in board_draws(boards, seed, draws)])


def mean_and_error(differences: Sequence[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error."""
    mean = sum(differences) / len(differences)
    spread = (sum((d - mean) ** 2 for d in differences) / max(len(differences) - 1, 1)) ** 0.5
    return mean, spread / len(differences) ** 0.5


def paired_crps(rows: Sequence[tuple[Scored, dict[int, float]]],
                reference: Sequence[tuple[Scored, dict[int, float]]]) -> tuple[float, float]:
    """How much lower the CRPS of ``rows`` is than the reference's on the same positions (positive: better),
    with the standard error of that mean paired difference."""
    return mean_and_error([crps(b, q.actual) - crps(a, p.actual)
                           for (p, a), (q, b) in zip(rows, reference, strict=True)])


def area_under_curve(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """How often a labelled item scores above an unlabelled one (ties count half): 0.5 tells nothing, 1 all."""
    positive = [s for s, label in zip(scores, labels, strict=True) if label]
    negative = [s for s, label in zip(scores, labels, strict=True) if not label]
    if not positive or not negative:
        return float("nan")
    wins = sum((p > n) + 0.5 * (p == n) for p in positive for n in negative)
    return wins / (len(positive) * len(negative))
