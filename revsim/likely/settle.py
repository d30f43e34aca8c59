"""Sampling until a ruling no longer depends on the seed: the fitted blend of a few play-outs taken in
expectation over many (a U-statistic), and a bootstrap test of whether the form a director writes from the
estimate is settled.

The blend weights of ``sd`` were fitted on ``size`` (8) play-outs a position. With more play-outs the estimate
is that same estimator's expectation, exact (``subsample_blend``): its calibration is kept, and by the
convexity of the CRPS its expected score can only improve. Play-outs are run in rounds until the form under a
``law84.FormStandard`` is the same in ``SETTLED_SHARE`` of resamples of them, between ``MIN_PLAYOUTS`` and
the estimator's ``max_playouts`` (by default ``MAX_PLAYOUTS``).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass


def ordered_outcomes(distribution: dict[int, float]) -> tuple[tuple[int, float], ...]:
    """Outcomes with a positive weight, most tricks first."""
    return tuple(sorted(((tricks, weight) for tricks, weight in distribution.items() if weight > 0), reverse=True))


def subsample_blend(counts: dict[int, int], size: int, blend: dict[str, float]) -> tuple[dict[int, float], float]:
    """The fitted blend of ``size`` play-outs, in expectation over every subset of ``size`` of the play-outs
    counted (``counts``: results and how many play-outs ended with each), drawn without replacement.

    The blend weights (``blend``, by agreement) were fitted on ``size`` play-outs a position; with more play-outs
    the estimate is that same estimator's expectation (a U-statistic): its own calibration, less of its sampling
    error. Returns the play-outs' part (weights summing to 1 less the blind weight) and the expected weight of
    the position-blind part. Exact: agreement on ``size`` play-outs depends on the largest count in the subset,
    and two results cannot both hold 3 in 4 of it, so the expectations are sums of hypergeometric terms."""
    total_count = sum(counts.values())
    size = min(size, total_count)
    strong = math.ceil(0.75 * size - 1e-9)
    subsets = math.comb(total_count, size)

    def chance(count: int, drawn: int) -> float:
        return math.comb(count, drawn) * math.comb(total_count - count, size - drawn) / subsets

    unanimous, agreed, split = blend["unanimous"], blend["strong"], blend["split"]
    play_part: dict[int, float] = {}
    for tricks, count in counts.items():
        held_by_all = chance(count, size)
        held_by_most = 0.0
        for other, other_count in counts.items():
            for drawn in range(strong, size + 1):
                if other == tricks:
                    held_by_most += chance(other_count, drawn) * drawn / size
                elif total_count > other_count:
                    held_by_most += chance(other_count, drawn) * (size - drawn) / size * count / (total_count - other_count)
        play_part[tricks] = ((1 - split) * count / total_count + (split - agreed) * held_by_most
                             + (agreed - unanimous) * held_by_all)
    most = sum(chance(count, drawn) for count in counts.values() for drawn in range(strong, size + 1))
    every = sum(chance(count, size) for count in counts.values())
    return play_part, split + (agreed - split) * most + (unanimous - agreed) * every


def blended_estimate(counts: dict[int, int], blind: dict[int, float], size: int,
                     blend: dict[str, float]) -> tuple[dict[int, float], float]:
    """The play-outs counted blended with the position-blind part (``subsample_blend``), and the blind weight."""
    play_part, blind_weight = subsample_blend(counts, size, blend)
    blended = dict(play_part)
    for tricks, share in blind.items():
        blended[tricks] = blended.get(tricks, 0.0) + blind_weight * share
    return blended, blind_weight


Settle = Callable[[tuple[tuple[int, float], ...]], Hashable]
"""What must not move with the sampling: the form a ruling writes from an estimate (declarer's side's tricks)."""

MAX_PLAYOUTS = 32
"""The most play-outs a position gets, by default, while the form it settles on is still in doubt (the sd
option ``max_playouts``)."""
MOST_PLAYOUTS = 1024
"""The largest ``max_playouts`` allowed."""
MIN_PLAYOUTS = 16
"""The fewest play-outs a position gets when a form is to be settled: two rounds, so that a result one
play-out in five reaches is seen at least once in 97% of samples."""
SETTLE_RESAMPLES = 100
"""Resamples of the play-outs that test whether the form is settled."""
SETTLED_SHARE = 0.95
"""The share of the resamples that must give the form for it to count as settled."""


@dataclass(frozen=True)
class Settled:
    """How settled the estimate's form is: the play-outs run, the share of resamples of them (with replacement,
    ``SETTLE_RESAMPLES``) that give the same form, the most play-outs allowed (``max_playouts``), the form itself
    and the other forms the resamples gave, each with its share (most often first)."""

    playouts: int
    same_form: float
    resamples: int = SETTLE_RESAMPLES
    bound: int = MAX_PLAYOUTS
    form: Hashable = None
    others: tuple[tuple[Hashable, float], ...] = ()

    @classmethod
    def from_forms(cls, playouts: int, point: Hashable, forms: Counter[Hashable], bound: int) -> Settled:
        """How settled ``point`` is, from the forms the resamples gave (``resampled_forms``)."""
        resamples = sum(forms.values())
        others = tuple((form, count / resamples) for form, count in forms.most_common() if form != point)
        return cls(playouts, forms[point] / resamples, resamples, bound, point, others)

    def evidence(self) -> dict[str, object]:
        return {"play_outs_run": self.playouts, "same_form_share": round(self.same_form, 4),
                "resamples": self.resamples, "settled": self.same_form >= SETTLED_SHARE, "max_playouts": self.bound,
                "form": _as_data(self.form),
                "other_forms": [{"form": _as_data(form), "share": round(share, 4)} for form, share in self.others]}


def _as_data(form: Hashable) -> object:
    """A form (declarer's side's tricks with weights) as JSON data: pairs as lists."""
    if isinstance(form, tuple):
        return [list(outcome) if isinstance(outcome, tuple) else outcome for outcome in form]
    return form


def resampled_forms(counts: dict[int, int], blind: dict[int, float], size: int, blend: dict[str, float],
                    settle: Settle, rng: random.Random, resamples: int = SETTLE_RESAMPLES
                    ) -> tuple[Hashable, Counter[Hashable]]:
    """The form (``settle``) of the play-outs' blended estimate, and how many of ``resamples`` bootstrap resamples
    of the play-outs give each form."""
    point = settle(ordered_outcomes(blended_estimate(counts, blind, size, blend)[0]))
    results = sorted(counts)
    weights = [counts[tricks] for tricks in results]
    total = sum(weights)
    forms: Counter[Hashable] = Counter()
    for _ in range(resamples):
        drawn = Counter(rng.choices(results, weights=weights, k=total))
        forms[settle(ordered_outcomes(blended_estimate(dict(drawn), blind, size, blend)[0]))] += 1
    return point, forms

