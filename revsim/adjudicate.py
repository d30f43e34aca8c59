"""From a record to a ruling: replay, find revokes, establish them, apply Laws 62D and 64A/B, score."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SEAT_NAMES, side_of
from .detection import Revoke, find_revokes, unfounded_marks
from .errors import RecordError
from .laws import NOTICED_WHEN
from .record import Record
from .scoring import ns_score, result_text
from .solver import side_tricks_from_here
from .table import TablePlay, replay_cards, table_result
from .transfer import SIDE_NAMES, apply_law64


@dataclass(frozen=True)
class Settings:
    """What the record cannot show, and how to rule: when attention was drawn (see laws.NOTICED_WHEN)."""

    noticed: str = "end-of-play"

    def __post_init__(self) -> None:
        if self.noticed not in NOTICED_WHEN:
            raise ValueError(f"noticed must be one of {', '.join(NOTICED_WHEN)}, not {self.noticed!r}")


@dataclass(frozen=True)
class Outcome:
    """One possible result: declarer's side's tricks, its weight, and North-South's score in points."""

    tricks: int
    weight: float
    score: int


@dataclass
class BoardRuling:
    """The ruling on one board: the table result, each revoke, the transfer and the final result per side."""

    record: Record
    table: TablePlay
    revokes: list[Revoke]
    transfer: int
    law: str
    ns: list[Outcome]
    ew: list[Outcome]
    steps: list[str] = field(default_factory=list)
    corrected_tricks: int | None = None

    @property
    def table_tricks(self) -> int:
        """Declarer's side's tricks as played and claimed."""
        return self.table.declarer_tricks


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
    revokes = find_revokes(replay, declarer, table.claimed, marked)
    record.notes.extend(unfounded_marks(replay, marked))
    transfer = apply_law64(revokes, table, settings.noticed)
    return _rule(record, table, revokes, transfer)


def _rule(record: Record, table: TablePlay, revokes: list[Revoke], transfer: int) -> BoardRuling:
    assert record.contract is not None
    declarer_side = side_of(record.contract.declarer)
    steps = [_revoke_step(revoke) for revoke in revokes]
    corrected = next((revoke for revoke in revokes if revoke.law == "62D"), None)
    corrected_tricks = None
    if corrected is not None:
        corrected_tricks = _corrected_trick12(table, corrected)
        final, law = corrected_tricks, "62D"
        steps.append(f"Law 62D: with the revoke corrected declarer's side takes {corrected_tricks} tricks.")
    else:
        moved = sum(r.transfer if r.side != declarer_side else -r.transfer for r in revokes)
        final = table.declarer_tricks + moved
        law = "64A" if transfer else "none"
    if not revokes:
        steps.append("No revoke: the table result stands.")
    elif law == "none":
        steps.append("No trick is transferred: the table result stands.")
    elif law == "64A":
        steps.append(f"Law 64A: {transfer} trick{'s' if transfer != 1 else ''} transferred; "
                     f"declarer's side {table.declarer_tricks} -> {final}.")
    outcome = Outcome(final, 1.0, ns_score(record.contract, final, record.vulnerability))
    return BoardRuling(record, table, revokes, transfer, law, [outcome], [outcome], steps, corrected_tricks)


def _corrected_trick12(table: TablePlay, revoke: Revoke) -> int:
    """Law 62D: declarer's side's tricks when the trick-12 revoke is corrected and the last two tricks replayed.

    The cards played to trick 12 before the revoke stand; the offender must follow suit; the others
    may change their cards (Law 62C1-2), so the rest is played double dummy.
    """
    assert table.record.contract is not None
    replay = table.replay.copy()
    while replay.plays and (replay.plays[-1].trick, replay.plays[-1].seat) != (revoke.trick, revoke.seat):
        replay.undo()
    replay.undo()
    declarer = table.record.contract.declarer
    return replay.tricks_won(side_of(declarer)) + side_tricks_from_here(replay, declarer)


def _revoke_step(revoke: Revoke) -> str:
    established = (f"established (Law {revoke.establishment})" if revoke.established
                   else "not established")
    return f"Law 61: {revoke.describe()}: a revoke, {established}; {revoke.reason}."


def describe_result(ruling: BoardRuling, tricks: int) -> str:
    """Like ``4S= (declarer 10 tricks, NS +420)``."""
    score = ns_score(ruling.record.contract, tricks, ruling.record.vulnerability)
    return f"{result_text(ruling.record.contract, tricks)} ({tricks} tricks, NS {score:+d})"


__all__ = ["Settings", "Outcome", "BoardRuling", "adjudicate", "describe_result", "SIDE_NAMES"]
