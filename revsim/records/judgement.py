"""The director's own judgement of a no-infraction world (Law 12C1c), as he writes it: declarer's side's
tricks and weights, for the first world or for a world named by its revoke."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

Outcomes = tuple[tuple[int, float], ...]
"""Declarer's side's tricks with weights summing to 1, most tricks first."""

WORLD_KEY = re.compile(r"^t(\d{1,2})([NESW])?$", re.IGNORECASE)
"""A world named by its revoke: ``t4`` (the revoke on trick 4), ``t5E`` (East's, when two revoked on trick 5)."""
NO_REVOKE = "none"
"""The world in which no revoke occurred, when both sides revoked (Law 64C2b): its own name, since the world of
the first revoke keeps the other side's later revokes."""


SIDE_SCORES = {"ns": 0, "ew": 1}
"""The director's own weighted score for one side when both sides revoked (Law 64C2b with 12C1c): each side is an
offender, so each may get a score of its own (``ns=4:0.7,5:0.3``)."""


def is_world_name(name: object) -> bool:
    """Whether ``name`` names a world: ``tT``, ``tTS`` or ``none`` (or a side's own score, ``ns`` or ``ew``)."""
    return isinstance(name, str) and (name == NO_REVOKE or name in SIDE_SCORES or WORLD_KEY.match(name) is not None)


def parse_outcomes(text: str) -> tuple[tuple[int, float], ...]:
    """``12:0.7,11:0.3`` or ``12:70,11:30`` (declarer's side's tricks and weights; percentages when they sum to
    100) as outcomes whose weights sum to 1, most tricks first. ValueError naming what is wrong."""
    outcomes: dict[int, float] = {}
    for part in text.replace(" ", "").split(","):
        tricks_text, colon, weight_text = part.partition(":")
        try:
            tricks, weight = int(tricks_text), float(weight_text)
        except ValueError:
            raise ValueError(f"{part!r} is not TRICKS:WEIGHT (like 12:0.7)") from None
        if not colon or not 0 <= tricks <= 13 or not math.isfinite(weight) or weight <= 0:
            raise ValueError(f"{part!r}: tricks must be 0-13 and the weight a number above 0")
        if tricks in outcomes:
            raise ValueError(f"{tricks} tricks is given twice")
        outcomes[tricks] = weight
    total = sum(outcomes.values())
    if abs(total - 100) < 1e-6:
        total = 100.0
    elif abs(total - 1) > 1e-6:
        raise ValueError(f"the weights sum to {total:g}: they must sum to 1 (or to 100 as percentages)")
    return tuple((tricks, weight / total) for tricks, weight in sorted(outcomes.items(), reverse=True))


def check_outcomes(outcomes: object, name: str = "outcomes") -> Outcomes:
    """Outcomes given as data (the Python API): pairs of tricks 0-13, each once, and finite weights above 0
    summing to 1, used exactly as given (nothing is rescaled). ValueError naming ``name`` and what is wrong."""
    try:
        pairs = [(tricks, weight) for tricks, weight in outcomes]  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be pairs of (tricks, weight), like ((12, 0.7), (11, 0.3)), not "
                         f"{outcomes!r}") from None
    if not pairs:
        raise ValueError(f"{name} must hold at least one (tricks, weight) pair")
    for tricks, weight in pairs:
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
            raise ValueError(f"{name}: tricks must be a whole number 0-13, not {tricks!r}")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not math.isfinite(weight) or weight <= 0:
            raise ValueError(f"{name}: each weight must be a number above 0, not {weight!r}")
    counted = [tricks for tricks, _ in pairs]
    if len(set(counted)) != len(counted):
        raise ValueError(f"{name}: a number of tricks is given twice")
    total = sum(weight for _, weight in pairs)
    if abs(total - 1) > 1e-6:
        raise ValueError(f"{name}: the weights sum to {total:g}; they must sum to 1")
    return tuple(sorted(((int(t), float(w)) for t, w in pairs), reverse=True))


def parse_judgement(text: str) -> tuple[str | None, Outcomes]:
    """The director's judgement of one world: ``12:0.7,11:0.3`` for the first no-infraction world (None), or
    ``t4=11:0.7,10:0.3`` for the world of the revoke on trick 4 (``t5E=`` East's, when two players revoked on
    trick 5), ``none=`` for the world with no revoke at all when both sides revoked (Law 64C2b), ``ns=`` or ``ew=``
    for one side's own weighted score then. ValueError naming what is wrong."""
    name, equals, rest = text.partition("=")
    if not equals:
        return None, parse_outcomes(text)
    name = name.strip()
    if name.lower() == NO_REVOKE or name.lower() in SIDE_SCORES:
        return name.lower(), parse_outcomes(rest)
    match = WORLD_KEY.match(name)
    if match is None:
        raise ValueError(f"{name!r}: a world is named tT (the revoke on trick T), tTS (seat S's, when two players "
                         "revoked on trick T), like t4 or t5E, none (no revoke at all, when both sides revoked), or ns "
                         "or ew (a side's own score, when both sides revoked)")
    if not 1 <= int(match.group(1)) <= 13:
        raise ValueError(f"{name!r}: the trick must be 1-13")
    seat = match.group(2)
    return f"t{int(match.group(1))}{seat.upper() if seat else ''}", parse_outcomes(rest)


def split_judgements(texts: Iterable[str]) -> tuple[Outcomes | None, tuple[tuple[str, Outcomes], ...]]:
    """The director's judgements (``--outcomes``, repeatable): the plain one (at most one) and the named ones.
    ValueError naming what is wrong."""
    plain: Outcomes | None = None
    named: list[tuple[str, Outcomes]] = []
    for text in texts:
        name, outcomes = parse_judgement(text)
        if name is None:
            if plain is not None:
                raise ValueError("the first world's weights are given twice; name a later world like t4=...")
            plain = outcomes
        else:
            if any(name == other for other, _ in named):
                raise ValueError(f"the world {name} is judged twice; keep one")
            named.append((name, outcomes))
    return plain, tuple(named)


def judgement_key(name: str | None) -> str:
    """Where a case file's judgement of the world ``name`` (None: the first world) keeps its line in
    ``Facts.lines``: ``judgement`` or ``judgement.t4``."""
    return f"judgement.{name}" if name else "judgement"


def outcomes_text(outcomes: Outcomes) -> str:
    """``12:0.7,11:0.3``, as ``parse_outcomes`` reads it."""
    return ",".join(f"{tricks}:{weight:g}" for tricks, weight in outcomes)
