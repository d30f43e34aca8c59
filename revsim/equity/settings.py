"""How to rule: the one settings object for a ruling, and when attention was drawn."""

from __future__ import annotations

from dataclasses import dataclass

from revsim.equity.estimators import ESTIMATOR_NAMES
from revsim.equity.law84 import check_form
from revsim.equity.sd import LEVEL_NAMES
from revsim.equity.worlds import SUBSTITUTES
from revsim.records.facts import NOTICED_WHEN
from revsim.records.record import Record

__all__ = ["BOTH_SIDES_METHODS", "DEFAULT_ESTIMATOR", "REGIMES", "SCAN_ESTIMATOR", "SUBSTITUTES", "Settings",
           "noticed_when"]

DEFAULT_ESTIMATOR = "sd"
"""The estimator of a ruling on one board unless told (``adjudicate``, ``report``, ``predict``, the desk and
``Settings()``): ``sd``, which meets every target measured by ``benchmarks/bench_likely.py`` (see the README)."""

SCAN_ESTIMATOR = "dd"
"""``scan``'s estimator unless told: ``dd``, many times faster a board over whole archives; ``sd`` is one
option away."""

REGIMES = ("weighted", "non-weighted")
BOTH_SIDES_METHODS = ("neither", "separately")


@dataclass(frozen=True)
class Settings:
    """What the record cannot show, and how to rule.

    ``noticed``: when attention was first drawn (see ``records.facts.NOTICED_WHEN``); None takes the
    record's facts, else ``end-of-play``. ``estimator``: how the no-infraction result is estimated:
    ``dd`` (double dummy), or ``sd`` (single-dummy play-outs at ``level``, seeded by ``seed``).
    ``substitute``: for ``dd``, the offender's card in the no-infraction world, ``best`` (his
    double-dummy best card) or ``uniform`` (every legal card equally likely). ``regime``: Law 12C1,
    ``weighted`` or ``non-weighted``. ``both_sides``: Law 64C2b, ``neither`` (as if neither side
    revoked) or ``separately`` (each revoke judged when it happened). ``outcomes``: the director's own
    judgement of the first no-infraction world (declarer's side's tricks and weights summing to 1), used
    instead of the estimate (see ``parse_outcomes``). ``max_outcomes`` and ``granularity``: the form of a
    weighted score (Law 12C1c as directors write it, Law 84D): at most that many results, each a multiple of
    that many percent (``granularity`` 1 and ``max_outcomes`` 13 give the estimate back).
    """

    noticed: str | None = None
    estimator: str = DEFAULT_ESTIMATOR
    substitute: str = "best"
    regime: str = "weighted"
    both_sides: str = "neither"
    level: str = "expert"
    seed: int = 1
    outcomes: tuple[tuple[int, float], ...] | None = None
    max_outcomes: int = 3
    granularity: int = 10

    def __post_init__(self) -> None:
        check_form(self.max_outcomes, self.granularity)
        for name, allowed in (("noticed", NOTICED_WHEN), ("estimator", ESTIMATOR_NAMES), ("level", LEVEL_NAMES),
                              ("substitute", SUBSTITUTES), ("regime", REGIMES), ("both_sides", BOTH_SIDES_METHODS)):
            if getattr(self, name) not in allowed and not (name == "noticed" and self.noticed is None):
                raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {getattr(self, name)!r}")


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
        if not colon or not 0 <= tricks <= 13 or weight <= 0:
            raise ValueError(f"{part!r}: tricks must be 0-13 and the weight above 0")
        if tricks in outcomes:
            raise ValueError(f"{tricks} tricks is given twice")
        outcomes[tricks] = weight
    total = sum(outcomes.values())
    if abs(total - 100) < 1e-6:
        total = 100.0
    elif abs(total - 1) > 1e-6:
        raise ValueError(f"the weights sum to {total:g}: they must sum to 1 (or to 100 as percentages)")
    return tuple((tricks, weight / total) for tricks, weight in sorted(outcomes.items(), reverse=True))


def noticed_when(settings: Settings, record: Record) -> str:
    """When attention was drawn: the settings, else the record's facts, else the end of play."""
    if settings.noticed is not None:
        return settings.noticed
    if record.facts.noticed_trick is not None:
        return "during-play"
    return record.facts.noticed or "end-of-play"
