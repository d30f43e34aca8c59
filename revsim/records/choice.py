"""The one record a report is about, chosen among the records of a file: the command line's ``report`` and the
desk's ``/api/report`` choose it here alike, each naming its own options in the messages."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from revsim.records.errors import RecordError, plural
from revsim.records.record import Record


@dataclass(frozen=True)
class OptionNames:
    """How a front end names the choice: ``--board`` and ``--record K``, or ``board=`` and ``record=K``."""

    board: str
    record: str


class NotOneRecord(ValueError):
    """The records selected do not make one record to report on; ``kind`` says why: ``no-board``,
    ``bad-number``, ``no-play`` or ``several``."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


SHOWN_BOARDS = 8


def no_board_named(boards: Collection[str], items: Iterable[Record | RecordError]) -> str:
    """What to say when ``--board`` names no board of the file: the names asked, and the boards the file holds
    (the first few, and how many), like ``no board named 99; the file holds 32 boards: 1, 2, ... 8 and 24 more``."""
    held = list(dict.fromkeys(str(item.board) for item in items if item.board is not None))
    asked = ", ".join(repr(board) for board in boards)
    if not held:
        return f"no board named {asked}: the file holds no board that could be read"
    shown = ", ".join(held[:SHOWN_BOARDS]) + (f" and {len(held) - SHOWN_BOARDS} more" if len(held) > SHOWN_BOARDS else "")
    return f"no board named {asked}; the file holds {plural(len(held), 'board')}: {shown}"


def one_record(items: Sequence[Record | RecordError], boards: Collection[str], record_number: int | None,
               names: OptionNames) -> Record | RecordError:
    """The record (or the error of the record) a report is about; NotOneRecord when the choice is not clear.

    ``record_number`` counts every record selected, with play or not, in file order."""
    if not items:
        raise NotOneRecord("no board found", "no-board")
    if record_number is not None:
        if not 1 <= record_number <= len(items):
            raise NotOneRecord(f"{names.record.replace('K', str(record_number))}, but only "
                               f"{plural(len(items), 'record')} {'is' if len(items) == 1 else 'are'} selected "
                               f"(1-{len(items)})", "bad-number")
        items = [items[record_number - 1]]
    playable = [item for item in items if isinstance(item, RecordError) or (item.contract is not None and item.play)]
    if not playable:
        what = "the record chosen has" if record_number is not None else "no board selected has"
        raise NotOneRecord(f"{what} no play: nothing to report", "no-play")
    if len(items) > 1:
        names_found = sorted({str(item.board) for item in items})
        if boards and len(names_found) == 1:
            raise NotOneRecord(f"{len(items)} records share board {names_found[0]} (one per table): choose one with "
                               f"{names.record} (1-{len(items)})", "several")
        shown = ", ".join(names_found[:10]) + (" ..." if len(names_found) > 10 else "")
        raise NotOneRecord(f"the file holds {plural(len(items), 'record')} ({shown}): choose one with {names.board} "
                           f"(and {names.record} when several share a name)", "several")
    return playable[0]
