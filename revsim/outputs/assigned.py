"""Law 12C1 in a sentence: the score assigned from an estimate, the form it takes (Law 84D, or leaning against each
side where both revoked, Law 64C2b) and the results the standard of likely leaves out."""

from __future__ import annotations

from revsim.cards import SIDE_NAMES
from revsim.equity.steps import BoardRuling, ScoreAssigned
from revsim.outputs.weights import weight_label, weighted_result
from revsim.records.record import Contract


def _for_whom(sides: tuple[int, ...]) -> str:
    return "" if len(sides) == 2 else f" for {SIDE_NAMES[sides[0]]}"


def assigned_text(ruling: BoardRuling, step: ScoreAssigned) -> str:
    """Law 12C1: the score assigned from the estimate, and why it has that form."""
    contract = ruling.record.contract
    form = weighted_result(contract, step.assigned)
    if step.regime == "non-weighted":
        which = ("the most unfavourable result that was at all probable (an offending side)" if step.offending
                 else "the most favourable result that was likely")
        return f"Law 12C1e{_for_whom(step.sides)}: {which}: {form}."
    if step.given:
        return f"Law 12C1c{_for_whom(step.sides)}: the director's own weights, as given: {form}."
    if step.granularity == 1 and step.max_outcomes >= len(step.distribution) and not step.left_out:
        shape = "the estimate itself, to the nearest 1%"
    elif len(step.distribution) - len(step.left_out) == 1:
        shape = "the one likely result"
    else:
        closest = "" if step.closest else ", the closest such score to the estimate"
        shape = (f"at most {step.max_outcomes} likely results in steps of {step.granularity}%, as directors write a "
                 f"weighted score{closest}")
    text = f"Law 12C1c{_for_whom(step.sides)}: the score assigned is {form} ({shape}"
    left = _left_out_text(contract, step)
    if step.non_offending is None or len(step.distribution) - len(step.left_out) == 1:
        return text + ")" + left
    assert step.estimate_worth is not None and step.assigned_worth is not None
    side = SIDE_NAMES[step.non_offending]
    if len(step.sides) == 1 and step.non_offending not in step.sides:   # Law 64C2b: both sides offenders
        return text + _leans_against_text(contract, step) + left
    if step.closest and step.closest_worth is not None:
        return text + (f", worth {step.assigned_worth:+.1f} points to {side}). The closer "
                       f"{weighted_result(contract, step.closest)} is worth {step.closest_worth:+.1f}, less than the "
                       f"estimate's {step.estimate_worth:+.1f}: the doubt goes to the non-offending side (Law 84D)") + left
    return text + (f"; worth {step.assigned_worth:+.0f} points to {side} against the likely results' "
                   f"{step.estimate_worth:+.0f} as the estimate weighs them: doubtful points go to the non-offending "
                   "side, Law 84D)") + left


def _leans_against_text(contract: Contract | None, step: ScoreAssigned) -> str:
    """Law 64C2b: how a side's weighted score leans against it, both sides being offenders."""
    assert step.estimate_worth is not None and step.assigned_worth is not None
    own = SIDE_NAMES[step.sides[0]]
    balanced = f", {weighted_result(contract, step.closest)}" if step.closest else ""
    return (f"; it leans against {own}: worth {-step.assigned_worth:+.0f} points to {own}, below the "
            f"{-step.estimate_worth:+.0f} of the likely results as weighed{balanced}: both sides "
            "revoked, so each side's doubt goes against it, Laws 64C2b and 84D)")


def _left_out_text(contract: Contract | None, step: ScoreAssigned) -> str:
    """The results the standard of likely left out, in a sentence (empty when none was); their weights are the
    estimate's, written once where the estimate is."""
    if not step.left_out:
        return "."
    results = ", ".join(weighted_result(contract, ((tricks, 1.0),)) for tricks, _ in step.left_out)
    standard = f"under {_share(step.likely)}" + (f", about one time in {round(1 / step.likely)}" if step.likely > 0 else "")
    beyond = any(weight >= step.likely for _, weight in step.left_out)
    return (f". Not likely, so not weighted (the estimate gives each {standard}"
            + (f", or it is past the {step.max_outcomes} likeliest" if beyond else "") + f"): {results}.")


def _share(weight: float) -> str:
    """A weight as a percentage, ``<1%`` for a sliver."""
    return weight_label(weight, round(weight * 100))
