"""Law 12C1: the score assigned from a distribution of results, per side: weighted as directors write it
(12C1c with Law 84D) or non-weighted (12C1e); and what a result is worth to a side, in points."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from revsim.equity.draft import Draft
from revsim.equity.law12 import law12c1e_non_weighted
from revsim.equity.law84 import law12c1c_likely_results, law84d_assigned_score
from revsim.equity.steps import ScoreAssigned, Weighted
from revsim.scoring.points import ns_score


def assign_same(draft: Draft, distribution: Weighted, non_offending: int | None, offending: int | None = None,
                form: ScoreAssigned | None = None) -> None:
    """Law 12C1 for a result both sides share: weighted, the directors' form for both (Law 84D for the
    non-offending side; ``form`` when it was already made for the comparison of Law 64C1); non-weighted, the
    most favourable likely result for the non-offending side and the most unfavourable at all probable for
    the offenders (with no offending side, the most favourable likely result for each)."""
    draft.distribution_ns = draft.distribution_ew = distribution
    if len(distribution) == 1:
        draft.ns = draft.ew = distribution
    elif draft.settings.regime == "weighted":
        form = form or weighted_form(draft, distribution, non_offending, False, (0, 1))
        draft.steps.append(form)
        draft.ns = draft.ew = form.assigned
    else:
        draft.ns = non_weighted(draft, distribution, 0, offending == 0)
        draft.ew = non_weighted(draft, distribution, 1, offending == 1)


def assign_per_side(draft: Draft, chosen: dict[int, Weighted], offending: bool, given: frozenset[int] = frozenset()
                    ) -> None:
    """Law 12C1 when each side has its own result (Law 64C2b). Weighted: each side is an offender, so its form
    leans against it (``law64c2b_form_against_the_side``): unbalanced. One form for both only where there is one
    likely result.
    Non-weighted: 12C1e per side (``offending``: both sides are offenders). ``given``: the sides whose score is
    the director's own weights, used as given."""
    if chosen[0] == chosen[1] and draft.settings.regime != "weighted" and not offending:
        assign_same(draft, chosen[0], None)
        return
    if draft.settings.regime == "weighted":
        forms = [law64c2b_form_against_the_side(draft, chosen[side], side, side in given) for side in (0, 1)]
        if chosen[0] == chosen[1] and forms[0].assigned == forms[1].assigned:
            assign_same(draft, chosen[0], None)   # one likely result: nothing to weigh
            return
        draft.distribution_ns, draft.distribution_ew = chosen[0], chosen[1]
        draft.steps += [form for form, side in zip(forms, (0, 1), strict=True) if len(chosen[side]) > 1]
        draft.ns, draft.ew = forms[0].assigned, forms[1].assigned
        return
    draft.distribution_ns, draft.distribution_ew = chosen[0], chosen[1]
    draft.ns = non_weighted(draft, chosen[0], 0, offending)
    draft.ew = non_weighted(draft, chosen[1], 1, offending)


def law64c2b_form_against_the_side(draft: Draft, distribution: Weighted, side: int, given: bool) -> ScoreAssigned:
    """Laws 64C2b, 12C1c and 84D: when both sides revoked, each is an offender and its weighted score leans against
    it: the closest form worth strictly less to ``side`` than the likely results as the estimate weighs them, so a
    weighting that already falls on the grid (the director's 60/40) gives up one step of it. The two sides' forms
    are then never the same where more than one result is likely (Duschek: "both sides are offending, so if you
    give a weighted score, it should be unbalanced"). The director's own score for a side (``given``) is used as
    given."""
    return weighted_form(draft, distribution, 1 - side, given, (side,), against_an_offender=True)


def assigned(draft: Draft, distribution: Weighted, non_offending: int,
             given: bool) -> tuple[Weighted, ScoreAssigned | None]:
    """The score a distribution is assigned as for the non-offending side, and under the weighted regime the
    step that assigns it: the directors' form (Law 12C1c, Law 84D; the director's own weights as given);
    non-weighted, 12C1e's one result."""
    if len(distribution) == 1:
        return distribution, None
    if draft.settings.regime == "weighted":
        form = weighted_form(draft, distribution, non_offending, given, (0, 1))
        return form.assigned, form
    return ((law12c1e_non_weighted(distribution, worth_function(draft, non_offending), offending=False), 1.0),), None


def likely_result(draft: Draft, distribution: Weighted, non_offending: int, given: bool) -> Weighted:
    """Law 64C1: the likely result had the revoke not occurred, as the transfer is compared with it: the director's
    own weights as given; under the weighted regime the likely results (``law12c1c_likely_results``) weighted as
    the estimate weighs them, before the directors' form rounds them (Law 84D's rounding decides the score
    assigned, not whether the transfer compensates); non-weighted, 12C1e's result for the non-offending side."""
    settings = draft.settings
    if given or len(distribution) == 1:
        return distribution
    worth = worth_function(draft, non_offending)
    if settings.regime == "weighted":
        kept, _ = law12c1c_likely_results(distribution, settings.likely, settings.max_outcomes, worth)
        return tuple(kept)
    return ((law12c1e_non_weighted(distribution, worth, offending=False), 1.0),)


def weighted_form(draft: Draft, distribution: Weighted, non_offending: int | None, given: bool,
                  sides: tuple[int, ...], against_an_offender: bool = False) -> ScoreAssigned:
    """The directors' form of a weighted score for ``sides`` (the director's own weights as given), as a step."""
    settings = draft.settings
    worths: tuple[float | None, float | None] = (None, None)
    left_out: Weighted = ()
    closest: Weighted = ()
    closest_worth: float | None = None
    if given or len(distribution) == 1:
        result, distance = distribution, 0.0
    else:
        worth = None if non_offending is None else worth_function(draft, non_offending)
        form = law84d_assigned_score(distribution, worth, settings.max_outcomes, settings.granularity, settings.likely,
                                     against_an_offender)
        result, distance, worths = form.outcomes, form.distance, (form.estimate_worth, form.assigned_worth)
        left_out, closest, closest_worth = form.left_out, form.closest, form.closest_worth
    return ScoreAssigned(sides, "weighted", distribution, result, non_offending, worths[0], worths[1], distance,
                         given, settings.max_outcomes, settings.granularity, likely=0.0 if given else settings.likely,
                         left_out=left_out, closest=closest, closest_worth=closest_worth)


def non_weighted(draft: Draft, distribution: Weighted, side: int, offending: bool) -> Weighted:
    """Law 12C1e for one side, recorded as a step."""
    tricks = law12c1e_non_weighted(distribution, worth_function(draft, side), offending=offending)
    settings = draft.settings
    draft.steps.append(ScoreAssigned((side,), "non-weighted", distribution, ((tricks, 1.0),), None, None, None, 0.0,
                                     False, settings.max_outcomes, settings.granularity, offending))
    return ((tricks, 1.0),)


def worth_function(draft: Draft, side: int) -> Callable[[int], float]:
    """Rates declarer's side's tricks from ``side``'s point of view, in points."""
    def worth(tricks: int) -> float:
        score = ns_score(draft.record.contract, tricks, draft.record.vulnerability)
        return float(score if side == 0 else -score)
    return worth


def expected_worth(draft: Draft, side: int, outcomes: Weighted) -> float:
    """What a weighted result is worth to ``side`` on average, in points (``weighted_worth``: exact)."""
    return weighted_worth(worth_function(draft, side), outcomes)


WEIGHT_DENOMINATOR = 10_000
"""The largest denominator a weight is read with: play-out shares, legal cards and percentages all fit."""


def weighted_worth(worth: Callable[[int], float], outcomes: Weighted) -> float:
    """The average worth of a weighted result, added exactly: each weight read as the fraction it stands for
    (two thirds, not 0.6666...), so results worth the same compare equal wherever a ruling compares them (2/3 of
    6NT-1 and 1/3 of 6NT-4 vulnerable are worth exactly 6NT-2's -200)."""
    total = sum((Fraction(weight).limit_denominator(WEIGHT_DENOMINATOR) * Fraction(worth(tricks))
                 for tricks, weight in outcomes), Fraction(0))
    return float(total)
