"""A progress line for long scans (on a terminal only) and the summary at the end."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator
from typing import Any

from revsim.likely.progress import listening
from revsim.outputs.terminal import printable
from revsim.records.errors import plural


class Progress:
    """Counts boards, revokes and errors; redraws one status line on stderr at most five times a second."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.boards = 0
        self.revokes = 0
        self.errors = 0
        self.suspect = 0
        self.last = "nothing"
        self.started = time.perf_counter()
        self._drawn = 0.0

    def add(self, board: dict[str, Any], revokes: int) -> None:
        """Count one row and its revokes: a board, or a file that could not be read (an error, not a board)."""
        self.boards += board.get("board") is not None
        self.revokes += revokes
        self.errors += board["status"] == "error"
        self.suspect += bool(board.get("suspect"))
        self.last = printable(f"{board['file']}, board {board['board']}")
        now = time.perf_counter()
        if self.enabled and now - self._drawn > 0.2:
            self._drawn = now
            rate = self.boards / max(now - self.started, 1e-9)
            counts = f"{plural(self.boards, 'board')}  {plural(self.revokes, 'revoke')}  {plural(self.errors, 'error')}"
            sys.stderr.write(f"\r{counts}  "
                             f"{rate:,.0f} boards/s  {self.last[-50:]:<50}")
            sys.stderr.flush()

    def finish(self) -> None:
        """Clear the status line."""
        if self.enabled:
            sys.stderr.write("\r" + " " * 110 + "\r")
            sys.stderr.flush()

    def summary(self, jobs: int, out: str | None) -> str:
        """Boards, revokes, errors, time and rate, in one line."""
        seconds = time.perf_counter() - self.started
        rate = self.boards / seconds if seconds > 0 else 0.0
        written = f"; rows in {out}" if out else ""
        speed = (f"{rate:,.0f} boards/s" if rate >= 10 else f"{rate:,.2f} boards/s" if self.boards else "no board ruled")
        slips = f" ({self.suspect} with a recording slip's signature)" if self.suspect else ""
        return (f"{plural(self.boards, 'board')}, {plural(self.revokes, 'revoke')}{slips}, {plural(self.errors, 'error')} "
                f"in {seconds:.1f} s ({speed}, {jobs} job{'s' if jobs != 1 else ''}){written}")




class WorkLine:
    """A status line for long work on one board after another (``adjudicate``, ``report`` on a terminal):
    ``board 2 of 12 (duschek-repeated-3nt): 8 play-outs from trick 4: trick 9 of 13``, redrawn at most five
    times a second, cleared at the end."""

    def __init__(self, enabled: bool, boards: int | None = None) -> None:
        self.enabled = enabled
        self.boards = boards
        self.board = 0
        self.name = ""
        self._drawn = 0.0
        self._width = 0

    @contextlib.contextmanager
    def board_at_work(self, name: str) -> Iterator[None]:
        """One board's work: the line names it, hears how the work inside gets on, and is cleared after."""
        self.board += 1
        self.name = name
        self.tell("replaying", force=True)
        try:
            with listening(self.tell):
                yield
        finally:
            self.finish()

    def tell(self, phrase: str, force: bool = False) -> None:
        """How far this board's work has got."""
        now = time.perf_counter()
        if not self.enabled or (not force and now - self._drawn < 0.2):
            return
        self._drawn = now
        of = f" of {self.boards}" if self.boards is not None else ""
        line = printable(f"board {self.board}{of} ({self.name[-30:]}): {phrase}")[:110]
        sys.stderr.write("\r" + line.ljust(self._width))
        sys.stderr.flush()
        self._width = len(line)

    def finish(self) -> None:
        """Clear the status line."""
        if self.enabled and self._width:
            sys.stderr.write("\r" + " " * self._width + "\r")
            sys.stderr.flush()
            self._width = 0
