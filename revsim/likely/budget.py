"""A ruling's time budget: a deadline a front end sets for a piece of work, checked wherever the work spends its
time (every call of the solver, every position of a claim's or a penalty card's search), and the phrase of what the
work was doing when the deadline passed, so the message can say what was not searched.

The budget never changes a ruling: a ruling either finishes, the same as without a budget, or stops with
``BudgetSpent`` and nothing of it is used.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass

from revsim.likely.progress import tell


class BudgetSpent(RuntimeError):
    """The work ran past its time budget: ``seconds`` the budget, ``doing`` what it was working on then, and ``line``
    the line of the record that work was about (a claim's, the information's), where known."""

    def __init__(self, seconds: float, doing: str | None, line: int | None = None) -> None:
        self.seconds, self.doing, self.line = seconds, doing, line
        super().__init__(f"the time budget of {seconds:g} s was spent" + (f" while {doing}" if doing else ""))


@dataclass(frozen=True)
class _Deadline:
    at: float
    seconds: float


_deadline: ContextVar[_Deadline | None] = ContextVar("revsim_deadline", default=None)
_doing: ContextVar[tuple[tuple[str, int | None], ...]] = ContextVar("revsim_doing", default=())


@contextlib.contextmanager
def time_budget(seconds: float | None) -> Iterator[None]:
    """Within the block, work past ``seconds`` from now (None or 0: no limit) stops with ``BudgetSpent``; a budget
    inside another ends at the earlier of the two deadlines. Spent already: ``BudgetSpent`` at once."""
    if not seconds:
        yield
        return
    outer = _deadline.get()
    mine = _Deadline(time.monotonic() + seconds, seconds)
    token = _deadline.set(mine if outer is None or mine.at < outer.at else outer)
    try:
        check_budget()
        yield
    finally:
        _deadline.reset(token)


def check_budget() -> None:
    """``BudgetSpent`` when the block's deadline has passed; nothing (and almost no time) otherwise."""
    deadline = _deadline.get()
    if deadline is not None and time.monotonic() > deadline.at:
        phrases = _doing.get()
        phrase, line = phrases[-1] if phrases else (None, None)
        raise BudgetSpent(deadline.seconds, phrase, line)


@contextlib.contextmanager
def doing(phrase: str, line: int | None = None) -> Iterator[None]:
    """Within the block the work is ``phrase`` (``searching the claimer's normal lines from trick 2``), about the
    record's ``line``: what a ``BudgetSpent`` says was not finished, and where. A progress listener is told it too."""
    token = _doing.set((*_doing.get(), (phrase, line)))
    tell(phrase)
    try:
        yield
    finally:
        _doing.reset(token)
