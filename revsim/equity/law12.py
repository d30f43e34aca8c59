"""Law 12C1: the adjusted score, weighted (12C1c) or non-weighted (12C1e)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from revsim.likely.evidence import DirectorEvidence
from revsim.likely.worlds import Estimate
from revsim.records.errors import RecordError
from revsim.records.judgement import Outcomes, judgement_key
from revsim.records.record import Record

LIKELY = 1 / 3
"""Non-weighted regime: a result at least this probable is 'likely' (for the non-offending side)."""
AT_ALL_PROBABLE = 1 / 6
"""Non-weighted regime: a result at least this probable is 'at all probable' (for the offending side)."""


def law12c1c_weighted(outcomes: Iterable[tuple[int, float]]) -> list[tuple[int, float]]:
    """Law 12C1c: a weighted adjusted score: each result reachable by legal play with its weight;
    equal results merged, weights normalised to sum to 1, most likely first."""
    merged: dict[int, float] = {}
    for tricks, weight in outcomes:
        merged[tricks] = merged.get(tricks, 0.0) + weight
    total = sum(merged.values())
    if total <= 0:
        raise ValueError("a weighted score needs a positive total weight")
    return sorted(((tricks, weight / total) for tricks, weight in merged.items()), key=lambda o: (-o[1], -o[0]))


def law12c1e_non_weighted(outcomes: Iterable[tuple[int, float]], better_for_side: Callable[[int], float],
                          offending: bool) -> int:
    """Law 12C1e (non-weighted), read cumulatively: the non-offending side gets the most favourable result r
    such that the results at least as good for it as r are together likely (probability at least LIKELY);
    the offending side the most unfavourable result r such that the results at least as bad for it as r
    are together at all probable (at least AT_ALL_PROBABLE). ``better_for_side`` rates a trick count for
    the side being scored.

    Five results at 20% each give the non-offenders the second best (40% of the results are at least as
    good), the offenders the worst (20% >= 1/6).
    """
    weighted = law12c1c_weighted(outcomes)
    threshold = AT_ALL_PROBABLE if offending else LIKELY
    ordered = sorted(weighted, key=lambda outcome: better_for_side(outcome[0]), reverse=not offending)
    cumulative = 0.0
    for tricks, weight in ordered:
        cumulative += weight
        if cumulative >= threshold - 1e-12:
            return tricks
    return ordered[-1][0]


def judgement_said(record: Record, name: str | None, outcomes: Outcomes | None) -> tuple[str, int | None]:
    """How an error names the director's weights for the world ``name`` (None: the first) and at which line:
    ``facts: judgement`` at its own line when the case file gave them, else ``--outcomes`` (the command line's or
    the desk's), at the board's line."""
    from_case = outcomes is None or any(given == name and weights == tuple(outcomes)
                                        for given, weights in record.facts.judgements)
    line = record.facts.lines.get(judgement_key(name)) if from_case else None
    if line is None:
        return (f"--outcomes {name}=" if name else "--outcomes"), record.line
    return f"facts: judgement {name}" if name else "facts: judgement", line


def law12c1c_directors_judgement(estimate: Estimate, outcomes: tuple[tuple[int, float], ...], record: Record) -> Estimate:
    """Law 12C1c: the Director's own weighting of the likely results replaces the estimate of the first
    no-infraction world; the double-dummy candidates and lines stay beside it as evidence. Outcomes that
    legal play cannot reach from the position (fewer tricks than declarer's side has won, or more than it
    can still win) are refused."""
    low = estimate.declarer_tricks_before
    high = low + 13 - estimate.tricks_completed
    impossible = [tricks for tricks, _ in outcomes if not low <= tricks <= high]
    if impossible:
        said, line = judgement_said(record, None, outcomes)
        raise RecordError(f"{said}: {', '.join(map(str, impossible))} tricks cannot be reached from trick "
                          f"{estimate.trick} (declarer's side can finish with {low}-{high})",
                          **(record.where() | {"line": line}))
    evidence = DirectorEvidence(estimate.evidence, estimate.outcomes)
    return replace(estimate, estimator="director", outcomes=tuple(outcomes), evidence=evidence)
