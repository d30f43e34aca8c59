"""From a record to a ruling: replay, find revokes, establish them, apply Laws 62D, 64A/B and 64C, score."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import SEAT_NAMES
from .detection import check_facts, find_revokes, mark_both_sides_corrections, unfounded_marks
from .equity import ESTIMATORS, SUBSTITUTES
from .errors import RecordError
from .laws import NOTICED_WHEN
from .record import Record
from .ruling import BOTH_SIDES_METHODS, REGIMES, BoardRuling, Outcome, RulingSettings, rule
from .scoring import ns_score, result_text
from .table import replay_cards, table_result
from .transfer import apply_law64


@dataclass(frozen=True)
class Settings:
    """What the record cannot show, and how to rule.

    ``noticed``: when attention was first drawn (see laws.NOTICED_WHEN); None takes the record's facts,
    else ``end-of-play``. ``estimator``: how the
    no-infraction result is estimated (``dd``). ``substitute``: the offender's card in the
    no-infraction world, ``best`` (his double-dummy best card) or ``uniform`` (every legal card
    equally likely). ``regime``: Law 12C1, ``weighted`` or ``non-weighted``. ``both_sides``: Law 64C2b,
    ``neither`` (as if neither side revoked) or ``separately`` (each revoke judged when it happened).
    """

    noticed: str | None = None
    estimator: str = "dd"
    substitute: str = "best"
    regime: str = "weighted"
    both_sides: str = "neither"

    def __post_init__(self) -> None:
        for name, allowed in (("noticed", NOTICED_WHEN), ("estimator", tuple(ESTIMATORS)),
                              ("substitute", SUBSTITUTES), ("regime", REGIMES), ("both_sides", BOTH_SIDES_METHODS)):
            if getattr(self, name) not in allowed and not (name == "noticed" and self.noticed is None):
                raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {getattr(self, name)!r}")

    def ruling_settings(self) -> RulingSettings:
        """The part of the settings Law 64C needs."""
        return RulingSettings(self.estimator, self.substitute, self.regime, self.both_sides)


def adjudicate(record: Record, settings: Settings | None = None) -> BoardRuling:
    """Rule on one record; RecordError when it cannot be replayed or its result is unknown."""
    settings = settings or Settings()
    if record.contract is None:
        raise RecordError("no contract (passed out or not given): nothing to adjudicate", **record.where())
    if not record.play:
        raise RecordError("no play recorded: nothing to adjudicate", **record.where())
    declarer = record.contract.declarer
    replay = replay_cards(record)
    marked = {(record.first_trick + (item.row or 1) - 1, item.card) for item in record.play if item.marked_revoke}
    try:
        table = table_result(record, replay)
    except RecordError as error:
        found = find_revokes(replay, declarer, claimed=True)
        if found:
            listed = ", ".join(f"{SEAT_NAMES[r.seat]}'s {r.card} (trick {r.trick})" for r in found)
            raise RecordError(f"{error.problem}; revokes found in the play: {listed}", **record.where()) from None
        raise
    facts = record.facts
    check_facts(replay, facts, record.source, record.board)
    revokes = find_revokes(replay, declarer, table.claimed, marked, facts)
    mark_both_sides_corrections(revokes)
    record.notes.extend(unfounded_marks(replay, marked))
    transfer = apply_law64(revokes, table, noticed_when(settings, record))
    return rule(record, table, revokes, transfer, settings.ruling_settings())


def noticed_when(settings: Settings, record: Record) -> str:
    """When attention was drawn: the settings, else the record's facts, else the end of play."""
    if settings.noticed is not None:
        return settings.noticed
    if record.facts.noticed_trick is not None:
        return "during-play"
    return record.facts.noticed or "end-of-play"


def describe_result(ruling: BoardRuling, tricks: int) -> str:
    """Like ``4S= (10 tricks, NS +420)``."""
    score = ns_score(ruling.record.contract, tricks, ruling.record.vulnerability)
    return f"{result_text(ruling.record.contract, tricks)} ({tricks} tricks, NS {score:+d})"


__all__ = ["Settings", "Outcome", "BoardRuling", "adjudicate", "describe_result"]
