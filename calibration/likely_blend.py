"""How bench_likely.py blends sd's play-outs with the position-blind baseline: the blind part (double dummy plus
the errors real players made from the same point, by cut, or by cut and double dummy's margin over the
contract), the blend's weight by the play-outs' agreement and the cut, fitted on the fitting positions, and its
structure chosen by cross-validation over the fitting events."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, TypeVar

from likely_scoring import crps, mean_and_error, mode

from revsim.likely.levels import AGREEMENTS, CUTS, MARGINS, Blend, Level, agreement_of, margin_of
from revsim.likely.sd import blind_distribution

Errors = dict[int, dict[int, float]]
"""Actual minus double dummy: each offset's share, by cut."""
MarginErrors = dict[int, dict[int, dict[int, float]]]
"""The same by cut and then by double dummy's margin over the contract (``levels.margin_of``)."""

MARGIN_PRIOR = 20
"""How many positions' worth of the cut's errors each margin's errors start from: a margin seen on few fitting
positions stays near its cut's errors."""


class Fitted(Protocol):
    """A position the blend is fitted on: its cut, the players' result, double dummy's, its event and the
    tricks its contract needs."""

    cut: int
    actual: int
    dd: int
    event: str

    @property
    def target(self) -> int: ...


BlindPart = Callable[[Fitted], dict[int, float]]
"""A position's blind part: the tricks it gives each result."""

P = TypeVar("P", bound=Fitted)
"""A kind of fitted position (a blind part may read more of it than ``Fitted`` says)."""


def fit_errors(positions: Sequence[Fitted]) -> Errors:
    """The errors (actual minus double dummy) of ``positions``, by cut."""
    errors: Errors = {}
    for cut in CUTS:
        counts = Counter(p.actual - p.dd for p in positions if p.cut == cut)
        total = sum(counts.values()) or 1
        errors[cut] = {offset: count / total for offset, count in sorted(counts.items())} or {0: 1.0}
    return errors


def fit_margin_errors(positions: Sequence[Fitted], errors: Errors, prior: float = MARGIN_PRIOR) -> MarginErrors:
    """The errors of ``positions`` by cut and by double dummy's margin over the contract, each margin's counts
    added to ``prior`` positions' worth of its cut's errors (``errors``)."""
    return fit_keyed_errors(positions, errors, lambda p: margin_of(p.dd, p.target), MARGINS, prior)


def fit_keyed_errors(positions: Sequence[P], errors: Errors, key: Callable[[P], Hashable],
                     keys: Sequence[Hashable], prior: float = MARGIN_PRIOR) -> dict[int, dict[Any, dict[int, float]]]:
    """The errors of ``positions`` by cut and by ``key`` (each of ``keys``), each key's counts added to
    ``prior`` positions' worth of its cut's errors (``errors``): a key seen on few positions stays near its
    cut's errors."""
    out: dict[int, dict[Any, dict[int, float]]] = {}
    for cut in CUTS:
        out[cut] = {}
        for value in keys:
            counts = Counter(p.actual - p.dd for p in positions if p.cut == cut and key(p) == value)
            total = sum(counts.values()) + prior
            offsets = sorted(set(counts) | set(errors[cut]))
            out[cut][value] = {o: (counts[o] + prior * errors[cut].get(o, 0.0)) / total for o in offsets}
    return out


def blind(position: Fitted, level: Level) -> dict[int, float]:
    """The position's blind part as sd computes it (``sd.blind_distribution``): double dummy plus the level's
    errors for its cut, and for its margin over the contract where the level has errors by margin."""
    return blind_distribution(position.dd, position.cut, 0, 13, level, margin_of(position.dd, position.target))


def blend(a: dict[int, float], b: dict[int, float], weight_b: float) -> dict[int, float]:
    keys = set(a) | set(b)
    return {k: (1 - weight_b) * a.get(k, 0.0) + weight_b * b.get(k, 0.0) for k in keys}


STRUCTURES = {"cut": (False, True), "agreement": (True, False), "agreement and cut": (True, True)}
"""What the blend's weight may depend on: (the play-outs' agreement, the cut)."""


def fit_blend(runs: Sequence[tuple[P, dict[int, float]]], blind_part: Callable[[P], dict[int, float]],
              as_exact_as_dd: bool = True, structure: str = "agreement and cut") -> Blend:
    """The weight of the blind part (steps of 0.05) for each cell of ``structure`` (by the play-outs'
    agreement, by cut, or both): the lowest pooled CRPS on the fitting positions, among the weights whose most
    likely outcome is right at least as often as dd's there (or among all weights, without ``as_exact_as_dd``).
    Each cell is fitted on its own with a price on the misses of the most likely outcome, the smallest price
    that reaches dd's count."""
    by_agreement, by_cut = STRUCTURES[structure]

    def cell_of(position: P, playouts: dict[int, float]) -> tuple[str, int]:
        return (agreement_of(playouts) if by_agreement else "*", position.cut if by_cut else 0)

    grid = [w / 20 for w in range(21)]
    table: dict[tuple[str, int], dict[float, tuple[float, int]]] = {}
    cells = {(a if by_agreement else "*", c if by_cut else 0) for a, c in itertools.product(AGREEMENTS, CUTS)}
    for cell in cells:
        members = [(p, d) for p, d in runs if cell_of(p, d) == cell]
        table[cell] = {}
        for w in grid:
            rows = [(p, blend(d, blind_part(p), w)) for p, d in members]
            table[cell][w] = (sum(crps(d, p.actual) for p, d in rows), sum(mode(d) == p.actual for p, d in rows))
    dd_exact = sum(p.dd == p.actual for p, _ in runs)

    def cheapest(cell: tuple[str, int], price: float) -> float:
        return min(grid, key=lambda w: (table[cell][w][0] - price * table[cell][w][1], abs(w - 0.5)))

    for price in (0.0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0):
        weights = {cell: cheapest(cell, price) for cell in table}
        if not as_exact_as_dd or sum(table[cell][weights[cell]][1] for cell in table) >= dd_exact:
            break
    return {a: {c: weights[(a if by_agreement else "*", c if by_cut else 0)] for c in CUTS} for a in AGREEMENTS}


def choose_structure(runs: Sequence[tuple[Fitted, dict[int, float]]], blind_part: BlindPart) -> str:
    """The blend's structure by cross-validation over the fitting events (each event scored on a blend fitted on
    the others): the better of the two with three weights (by agreement, by cut), and the one with nine (both)
    only when it beats that by more than one standard error of the paired difference over the positions (a
    finer blend must earn its extra weights)."""
    events = sorted({p.event for p, _ in runs})
    scored: dict[str, list[float]] = {}
    for structure in STRUCTURES:
        by_position: list[float] = []
        for event in events:
            weights = fit_blend([(p, d) for p, d in runs if p.event != event], blind_part, False, structure)
            by_position += [crps(blend(d, blind_part(p), blend_at(weights, p, d)), p.actual)
                            for p, d in runs if p.event == event]
        scored[structure] = by_position
    mean = {name: sum(values) / len(values) for name, values in scored.items()}
    simple = min(("agreement", "cut"), key=lambda name: (mean[name], name != "agreement"))
    gain, error = mean_and_error([a - b for a, b in zip(scored[simple], scored["agreement and cut"], strict=True)])
    chosen = "agreement and cut" if gain > error else simple
    print("  the blend's structure by cross-validation over the fitting events (CRPS): "
          + ", ".join(f"{name} {value:.4f}" for name, value in mean.items())
          + f"; both against {simple}: {gain:+.4f} (standard error {error:.4f}): {chosen}")
    return chosen


def blend_at(weight: Blend, position: Fitted, playouts: dict[int, float]) -> float:
    """The blind part's weight for this position's cut and its play-outs' agreement."""
    return weight[agreement_of(playouts)][position.cut]


def sharpened(distribution: dict[int, float], power: float) -> dict[int, float]:
    """The distribution raised to ``power`` and normalised: above 1 sharper (more on its most likely results),
    below 1 flatter, 1 itself."""
    raised = {tricks: share ** power for tricks, share in distribution.items() if share > 0}
    total = sum(raised.values())
    return {tricks: share / total for tricks, share in raised.items()}
