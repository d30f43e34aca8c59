"""A progress line for long scans (on a terminal only) and the summary at the end."""

from __future__ import annotations

import sys
import time
from typing import Any


class Progress:
    """Counts boards, revokes and errors; redraws one status line on stderr at most five times a second."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.boards = 0
        self.revokes = 0
        self.errors = 0
        self.last = "nothing"
        self.started = time.perf_counter()
        self._drawn = 0.0

    def add(self, board: dict[str, Any], revokes: int) -> None:
        """Count one board row and its revokes."""
        self.boards += 1
        self.revokes += revokes
        self.errors += board["status"] == "error"
        self.last = f"{board['file']}, board {board['board']}"
        now = time.perf_counter()
        if self.enabled and now - self._drawn > 0.2:
            self._drawn = now
            rate = self.boards / max(now - self.started, 1e-9)
            sys.stderr.write(f"\r{self.boards:,} boards  {self.revokes:,} revokes  {self.errors:,} errors  "
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
        return (f"{plural(self.boards, 'board')}, {plural(self.revokes, 'revoke')}, {plural(self.errors, 'error')} "
                f"in {seconds:.1f} s "
                f"({rate:,.0f} boards/s, {jobs} job{'s' if jobs != 1 else ''}){written}")


def plural(number: int, noun: str) -> str:
    """``1 board``, ``2 boards``, ``1,000 boards``."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"
