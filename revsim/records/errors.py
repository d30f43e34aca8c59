"""Errors about records: each names the file, the board and, where known, the line, trick and card."""

from __future__ import annotations

from typing import TypedDict


class BoardRef(TypedDict):
    """The file and board a reader's problem belongs to."""

    source: str
    board: str


class RecordRef(TypedDict):
    """The file, board and first line of a record."""

    source: str
    board: str
    line: int | None


class RecordError(ValueError):
    """A record that cannot be adjudicated, with where and what is wrong."""

    def __init__(
        self,
        problem: str,
        *,
        source: str | None = None,
        board: str | None = None,
        line: int | None = None,
        trick: int | None = None,
        card: str | None = None,
    ) -> None:
        self.problem = problem
        self.source = source
        self.board = board
        self.line = line
        self.trick = trick
        self.card = card
        super().__init__(self.describe())

    def describe(self) -> str:
        """One sentence: ``file, board 3, line 45, trick 4, card SJ: problem``."""
        where = [self.source or "<input>"]
        if self.board is not None:
            where.append(f"board {self.board}")
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.trick is not None:
            where.append(f"trick {self.trick}")
        if self.card is not None:
            where.append(f"card {self.card}")
        return ", ".join(where) + ": " + self.problem

    def located(self, **where: object) -> "RecordError":
        """A copy with missing location fields filled in from ``where``."""
        fields = {
            name: getattr(self, name) if getattr(self, name) is not None else where.get(name)
            for name in ("source", "board", "line", "trick", "card")
        }
        return RecordError(self.problem, **fields)  # type: ignore[arg-type]


class OverBudget(RecordError):
    """A ruling stopped by its time budget (``likely.budget``): the record is fine, its ruling took too long."""


class PlayError(RecordError):
    """A card that cannot be played in the replay (not held, not this player's turn, too many tricks)."""


def plural(number: int, noun: str) -> str:
    """``1 board``, ``2 boards``, ``1,000 boards``: every count revsim writes."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"
