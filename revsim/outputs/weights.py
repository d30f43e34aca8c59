"""The one writer of weighted results: every weight revsim shows, in text, the report, its chart, the desk
and the scorer's rows, is written here with one rounding rule, so they always agree and add up to 100%.

The rule: weights are shown as whole percentages by the largest remainder (each weight rounded down,
the points left over going to the largest remainders, ties to the weight listed first), so the parts of a
distribution always sum to exactly 100%. A weight that gets 0 is shown as ``<1%``; one short of 1 that
gets 100 as ``>99%``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from revsim.records.errors import plural
from revsim.records.record import Contract
from revsim.scoring.points import result_text

Weights = Iterable[Sequence[float]]
"""(tricks, weight) pairs."""


def percentages(weights: Sequence[float]) -> list[int]:
    """Whole percentages summing to 100 (largest remainder), in the order given."""
    total = sum(weights)
    if total <= 0:
        return [0] * len(weights)
    exact = [weight / total * 100 for weight in weights]
    floors = [math.floor(value + 1e-9) for value in exact]
    left = 100 - sum(floors)
    order = sorted(range(len(weights)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in order[:max(left, 0)]:
        floors[i] += 1
    return floors


def weight_label(weight: float, percent: int) -> str:
    """``70%``; ``<1%`` for a sliver shown as 0, ``>99%`` for a weight short of 1 shown as 100."""
    if percent == 0 and weight > 0:
        return "<1%"
    if percent >= 100 and weight < 1 - 1e-9:
        return ">99%"
    return f"{percent}%"


def ordered(outcomes: Weights) -> list[tuple[int, float]]:
    """Outcomes most weight first (more tricks first on a tie)."""
    return sorted(((int(tricks), float(weight)) for tricks, weight in outcomes), key=lambda o: (-o[1], -o[0]))


def labelled(outcomes: Weights) -> list[tuple[int, float, str]]:
    """Outcomes most weight first, each with its label by the one rounding rule."""
    items = ordered(outcomes)
    shares = percentages([weight for _, weight in items])
    return [(tricks, weight, weight_label(weight, share)) for (tricks, weight), share in zip(items, shares, strict=True)]


def labels_by_tricks(outcomes: Weights) -> dict[int, str]:
    """Each trick count's label (for a chart or a table in trick order)."""
    return {tricks: label for tricks, _, label in labelled(outcomes)}


def weighted_result(contract: Contract | None, outcomes: Weights) -> str:
    """A score as directors write it: ``3NT+3``, or ``60% of 3NT+3, 30% of 3NT+2, 10% of 3NT+1``."""
    items = labelled(outcomes)
    if len(items) == 1:
        return _result(contract, items[0][0])
    return ", ".join(f"{label} of {_result(contract, tricks)}" for tricks, _, label in items)


def weighted_tricks(outcomes: Weights) -> str:
    """Declarer's side's tricks: ``12 tricks``, or ``53% of 12 tricks, 34% of 11, 7% of 9``."""
    items = labelled(outcomes)
    if len(items) == 1:
        return trick_word(items[0][0])
    return ", ".join(f"{label} of {tricks}" + (" tricks" if index == 0 else "")
                     for index, (tricks, _, label) in enumerate(items))


def weighted_tricks_and_results(contract: Contract | None, outcomes: Weights) -> str:
    """Tricks with their results: ``12 tricks (3NT+3)``, or ``60% of 12 tricks (3NT+3), 30% of 11 tricks (3NT+2)``."""
    items = labelled(outcomes)
    if len(items) == 1:
        return f"{trick_word(items[0][0])} ({_result(contract, items[0][0])})"
    return ", ".join(f"{label} of {trick_word(tricks)} ({_result(contract, tricks)})" for tricks, _, label in items)


def weighted_detail(contract: Contract | None, outcomes: Weights, score_of: dict[int, int],
                    separator: str = ", ") -> str:
    """Each result with its tricks and North-South's score: ``60% of 3NT+3 (12 tricks, NS +490), ...``."""
    items = labelled(outcomes)
    if len(items) == 1:
        return result_with_score(contract, items[0][0], score_of[items[0][0]])
    return separator.join(f"{label} of {result_with_score(contract, tricks, score_of[tricks])}"
                          for tricks, _, label in items)


def result_with_score(contract: Contract | None, tricks: int, score: int) -> str:
    """Like ``4S= (10 tricks, NS +420)``."""
    return f"{_result(contract, tricks)} ({tricks} tricks, NS {score:+d})"


def _result(contract: Contract | None, tricks: int) -> str:
    return result_text(contract, tricks) if contract is not None else f"{tricks} tricks"


def trick_word(count: int) -> str:
    """``1 trick``, ``12 tricks``."""
    return plural(count, "trick")
