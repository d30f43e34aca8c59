"""Law 12C1c written as directors write it, with Law 84D: a weighted score of a few round weights.

An estimate of the likely result is a full distribution over declarer's side's tricks. A director assigns
a score in the form a scorer can enter and a committee writes ("60% of 3NT+3, 30% of 3NT+2, 10% of
3NT+1"): at most ``max_outcomes`` results, each a multiple of ``granularity`` percent, summing to 100%,
each a result the estimate holds (legal play reaches it). Law 84D gives doubtful points to the
non-offending side, so the form is never worth less to it, in points, than the full estimate. Among the
forms that qualify the closest to the estimate is chosen: the smallest earth mover's distance, the sum
over trick counts of the gaps between the two cumulative distributions; ties go to fewer results, then to
the form better for the non-offending side (with no non-offending side, to the form whose mean trick count
is nearest the estimate's).

Before the form is made, a director's standard of *likely* applies (``law12c1c_likely_results``): only results
the estimate makes at least that likely are weighted (by default one time in six, the common teaching
standard), a likelier result is never left out for a less likely one, and one likely result is the ruling
alone. Law 84D is then applied among the likely results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from revsim.records.setting_specs import setting_spec

GRANULARITIES = tuple(int(choice) for choice in setting_spec("granularity").choices)
"""Steps of a weight, in percent, that add up to 100%."""
LIKELY = float(setting_spec("likely").default)
"""The default standard of a likely result: one that would happen about one time in six or more (the common
teaching standard; ACBL's non-weighted test calls this 'at all probable')."""
_TOLERANCE = 1e-9


@dataclass(frozen=True)
class AssignedScore:
    """A weighted score in the directors' form: ``outcomes`` (declarer's side's tricks, weight), most weight
    first; its distance from the estimate; and, with a non-offending side, what the estimate and the form
    are worth to it in points."""

    outcomes: tuple[tuple[int, float], ...]
    distance: float
    estimate_worth: float | None = None
    assigned_worth: float | None = None
    left_out: tuple[tuple[int, float], ...] = ()
    """The results of the estimate under the standard of likely (or past ``max_outcomes``), with their weights."""
    closest: tuple[tuple[int, float], ...] = ()
    """The form closest to the estimate in proportion, where Law 84D chose another (it was worth less to the
    non-offending side than the estimate); empty otherwise."""
    closest_worth: float | None = None
    """What ``closest`` is worth to the non-offending side, in points."""


def earth_movers_distance(first: Sequence[tuple[int, float]], second: Sequence[tuple[int, float]]) -> float:
    """The sum over trick counts of the gaps between the two cumulative distributions."""
    points = sorted({tricks for tricks, _ in first} | {tricks for tricks, _ in second})
    total = 0.0
    for low, high in zip(points, points[1:], strict=False):
        gap = (sum(w for t, w in first if t <= low) - sum(w for t, w in second if t <= low))
        total += abs(gap) * (high - low)
    return total


@dataclass(frozen=True)
class FormStandard:
    """How a director writes a weighted score: the standard of likely, at most ``max_outcomes`` results, weights
    in steps of ``granularity`` percent (Law 12C1c, Law 84D)."""

    likely: float = LIKELY
    max_outcomes: int = 3
    granularity: int = 10
    neutral: bool = False
    """Whether no side is favoured (both sides revoked, Law 64C2b): the form is then the closest."""
    competent_defence: bool = True
    """Whether the defenders are read as a class that reads its partner's signals: a result that only a
    defender's slip reaches is then not likely (``likely.competent.law12c1c_competent_defence``)."""

    def form(self, distribution: Sequence[tuple[int, float]], favours_more: bool | None) -> tuple[tuple[int, float], ...]:
        """The form of ``distribution`` (declarer's side's tricks) when the non-offending side is declarer's
        (``favours_more`` True), the defenders' (False) or neither (None), each trick worth one to it."""
        if self.neutral:
            favours_more = None
        worth = None if favours_more is None else (float if favours_more else lambda tricks: -float(tricks))
        return law84d_assigned_score(distribution, worth, self.max_outcomes, self.granularity, self.likely).outcomes


def check_likely(likely: float) -> float:
    """``likely`` as a share from 0 to 1 (0 weighs every result the estimate holds); ValueError otherwise."""
    if isinstance(likely, bool) or not isinstance(likely, (int, float)) or not 0 <= likely <= 1:
        raise ValueError(f"likely must be a share from 0 to 1, like 1/6 or 0.2, not {likely!r}")
    return float(likely)


def law12c1c_likely_results(distribution: Sequence[tuple[int, float]], likely: float = LIKELY, max_outcomes: int = 3,
                            worth: Callable[[int], float] | None = None
                            ) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
    """Law 12C1c: the results a director weights, those the estimate makes likely, and those left out.

    A result is likely when its weight is at least ``likely``; at most ``max_outcomes`` of them are kept, the
    likeliest (equal weights: the better for the non-offending side, ``worth``, else the higher trick count).
    Where no result reaches the standard the likeliest alone is kept. The results kept are renormalised to
    sum to 1; a likelier result is never left out while a less likely one is kept. Returns (kept, left out),
    each as (tricks, weight), the left-out weights as the estimate gives them.
    """
    merged: dict[int, float] = {}
    for tricks, weight in distribution:
        if weight > 0:
            merged[tricks] = merged.get(tricks, 0.0) + weight
    total = sum(merged.values())
    if total <= 0:
        raise ValueError("a weighted score needs a positive total weight")
    ranked = sorted(merged, key=lambda t: (-merged[t], -(worth(t) if worth is not None else t)))
    kept = [t for t in ranked if merged[t] / total >= likely - _TOLERANCE][:max_outcomes] or ranked[:1]
    share = sum(merged[t] for t in kept)
    return ([(t, merged[t] / share) for t in sorted(kept)],
            [(t, merged[t] / total) for t in ranked if t not in kept])


def check_form(max_outcomes: int, granularity: int) -> None:
    """ValueError naming the field and the values allowed, unless the form can be written: ``granularity`` one
    of ``GRANULARITIES`` and ``max_outcomes`` a whole number from 1 to 14."""
    if isinstance(granularity, bool) or granularity not in GRANULARITIES:
        raise ValueError(f"granularity must be one of {', '.join(map(str, GRANULARITIES))} (percent), "
                         f"not {granularity!r}")
    if isinstance(max_outcomes, bool) or not isinstance(max_outcomes, int) or not 1 <= max_outcomes <= 14:
        raise ValueError(f"max_outcomes must be a whole number from 1 to 14, not {max_outcomes!r}")


def law84d_assigned_score(distribution: Sequence[tuple[int, float]],
                          worth_to_non_offenders: Callable[[int], float] | None,
                          max_outcomes: int = 3, granularity: int = 10, likely: float = 0.0,
                          against_an_offender: bool = False) -> AssignedScore:
    """Law 12C1c in the form directors write it, with Law 84D (doubtful points to the non-offending side).

    ``distribution``: declarer's side's tricks with weights summing to 1. ``likely``: the standard of a likely
    result (``law12c1c_likely_results``; 0 weighs every result the estimate holds): the form is made from the
    likely results alone, renormalised, and never drops a likelier result for a less likely one (where the
    granularity leaves no such form worth as much to the non-offending side, Law 84D comes first).
    ``worth_to_non_offenders`` rates a trick count in points for the non-offending side, or None when there is
    none: the form is then simply the closest. ``against_an_offender`` (Law 64C2b, both sides offended): the form is
    one side's, and ``worth_to_non_offenders`` rates it for the other side; the doubt goes against the side the
    form is for (``assign.law64c2b_form_against_the_side``), so the form must be worth strictly more to the other side
    than the likely results, even where they fall on the grid. Exact: a depth-first search over
    the cumulative weights at each trick count, pruned by the distance already spent and by the most the rest
    could still be worth to the non-offending side.
    """
    check_form(max_outcomes, granularity)
    check_likely(likely)
    kept, left_out = law12c1c_likely_results(distribution, likely, max_outcomes if likely > 0 else 14,
                                             worth_to_non_offenders)
    support = [tricks for tricks, _ in kept]
    weights = [weight for _, weight in kept]
    units = 100 // granularity
    form = None
    if against_an_offender and len(support) > 1:
        form = (_FormSearch(support, weights, units, max_outcomes, worth_to_non_offenders, keep_likeliest=True,
                            strictly=True).best()
                or _FormSearch(support, weights, units, max_outcomes, worth_to_non_offenders, strictly=True).best())
    form = form or _FormSearch(support, weights, units, max_outcomes, worth_to_non_offenders, keep_likeliest=True).best()
    form = form or _FormSearch(support, weights, units, max_outcomes, worth_to_non_offenders).best()
    assert form is not None
    form = replace(form, left_out=tuple(left_out))
    if worth_to_non_offenders is None:
        return form
    nearest = _FormSearch(support, weights, units, max_outcomes, None, keep_likeliest=True).best()
    if nearest is None or nearest.outcomes == form.outcomes or nearest.distance >= form.distance - _TOLERANCE:
        return form   # Law 84D passed nothing closer over
    nearest_worth = sum(weight * worth_to_non_offenders(tricks) for tricks, weight in nearest.outcomes)
    return replace(form, closest=nearest.outcomes, closest_worth=nearest_worth)


class _FormSearch:
    """The exact search of ``law84d_assigned_score`` over integer cumulative units (``units`` make 100%)."""

    def __init__(self, support: list[int], weights: list[float], units: int, most: int,
                 worth: Callable[[int], float] | None, keep_likeliest: bool = False, strictly: bool = False) -> None:
        self.support, self.units, self.most = support, units, most
        self.strictly = strictly
        """Whether the form must be worth strictly more than the estimate to the side ``worth`` rates (Law 64C2b)."""
        self.weights = weights
        self.keep_likeliest = keep_likeliest
        """Only forms whose results are the likeliest of the estimate (none left out that is likelier than one kept)."""
        self.cumulative = [sum(weights[:i + 1]) for i in range(len(weights))]
        self.gaps = [high - low for low, high in zip(support, support[1:], strict=False)] + [0]
        self.points = [worth(t) if worth is not None else 0.0 for t in support]
        self.guarded = worth is not None
        self.estimate_worth = sum(w * p for w, p in zip(weights, self.points, strict=True))
        self.mean_tricks = sum(w * t for w, t in zip(weights, support, strict=True))
        self.best_key: tuple[float, int, float] | None = None
        self.best_form: list[int] = []
        self.best_worth = 0.0
        self.best_point_after = [float("-inf")] * (len(support) + 1)
        for i in range(len(support) - 1, -1, -1):
            self.best_point_after[i] = max(self.best_point_after[i + 1], self.points[i])

    def best(self) -> AssignedScore | None:
        self._walk(0, 0, 0, 0.0, 0.0, [])
        if self.best_key is None:
            return None
        form = [(self.support[i], units / self.units) for i, units in enumerate(self.best_form) if units]
        form.sort(key=lambda outcome: (-outcome[1], -outcome[0]))
        if not self.guarded:
            return AssignedScore(tuple(form), self.best_key[0])
        return AssignedScore(tuple(form), self.best_key[0], self.estimate_worth, self.best_worth)

    def _lower_bound(self, index: int, below: int) -> float:
        """The least distance the trick counts from ``index`` on can still add, cumulative units at least ``below``."""
        bound = 0.0
        for i in range(index, len(self.support) - 1):
            target = self.cumulative[i] * self.units
            nearest = max(below, min(self.units, round(target)))
            bound += self.gaps[i] * abs(nearest - target) / self.units
        return bound

    def _walk(self, index: int, below: int, used: int, distance: float, worth: float, form: list[int]) -> None:
        if self.best_key is not None and distance + self._lower_bound(index, below) > self.best_key[0] + _TOLERANCE:
            return
        if index == len(self.support):
            if below == self.units:
                self._consider(distance, used, worth, form)
            return
        left = self.units - below
        if left and used == self.most:
            return
        if self.guarded and not self._enough(worth + left / self.units * self.best_point_after[index]):
            return
        last = index == len(self.support) - 1
        target = self.cumulative[index] * self.units
        choices = [self.units] if last else range(below, self.units + 1)
        for cumulative in sorted(choices, key=lambda c: (abs(c - target), c)):
            units = cumulative - below
            if units and used == self.most:
                continue
            step = self.gaps[index] * abs(cumulative - target) / self.units
            self._walk(index + 1, cumulative, used + (units > 0), distance + step,
                       worth + units / self.units * self.points[index], [*form, units])

    def _consider(self, distance: float, used: int, worth: float, form: list[int]) -> None:
        if self.guarded and not self._enough(worth):
            return
        if self.keep_likeliest and not self._likeliest_kept(form):
            return
        if self.guarded:
            preference = -worth
        else:
            mean = sum(units / self.units * self.support[i] for i, units in enumerate(form))
            preference = abs(mean - self.mean_tricks)
        key = (round(distance, 9), used, round(preference, 9))
        if self.best_key is None or key < self.best_key:
            self.best_key, self.best_form, self.best_worth = key, list(form), worth

    def _enough(self, worth: float) -> bool:
        """Whether a form worth ``worth`` to the side ``worth`` rates passes Law 84D (strictly more, Law 64C2b)."""
        if self.strictly:
            return worth > self.estimate_worth + _TOLERANCE
        return worth >= self.estimate_worth - _TOLERANCE

    def _likeliest_kept(self, form: list[int]) -> bool:
        """Whether no result the form leaves out is likelier than one it keeps."""
        kept = [self.weights[i] for i, units in enumerate(form) if units]
        dropped = [self.weights[i] for i, units in enumerate(form) if not units]
        return not dropped or max(dropped) <= min(kept) + _TOLERANCE
