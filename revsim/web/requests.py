"""The desk's requests in progress, by the id the desk gives each (``request=ID``): waiting for a worker or being
worked, since when, and what the worker is doing (``progress.Channel``); and how long each kind of case took
(``progress.Waits``), so the desk's wait text is measured for the kind of case it waits on."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from revsim.web.progress import Channel, Waits


@dataclass
class _State:
    since: float
    ahead: int = 0
    worker: int | None = None


@dataclass
class Requests:
    """The requests the desk named, while they wait or are worked (at most ``KEPT``), and the waits measured."""

    states: dict[str, _State] = field(default_factory=dict)
    waits: Waits = field(default_factory=Waits.load)

    def wait(self, request: str, ahead: int) -> None:
        """``request`` waits for a worker, ``ahead - 1`` requests before it."""
        if request and len(self.states) < KEPT:
            self.states[request] = _State(time.monotonic(), ahead - 1)

    def work(self, request: str, worker: int) -> None:
        """``request`` is being worked by ``worker``, from now."""
        if request in self.states:
            self.states[request] = _State(time.monotonic(), worker=worker)

    def done(self, request: str, channel: Channel, answered: bool) -> None:
        """``request`` is answered: where it was ruled (``answered``, a kind told), its time counts for its kind."""
        state = self.states.get(request)
        kind, _ = channel.read()
        if state is not None and answered and kind:
            self.waits.add(kind, time.monotonic() - state.since)

    def forget(self, request: str) -> None:
        self.states.pop(request, None)

    def progress(self, request: str, channels: Sequence[Channel]) -> dict[str, Any]:
        """``GET /api/progress``'s answer for ``request``: ``state`` waiting (``ahead``), working (``seconds``, and
        where the worker has said them: ``doing``, and ``expected``, ``progress.Waits.expected``), or unknown."""
        state = self.states.get(request)
        if state is None:
            return {"request": request, "state": "unknown"}
        seconds = round(time.monotonic() - state.since, 1)
        if state.worker is None:
            return {"request": request, "state": "waiting", "seconds": seconds, "ahead": state.ahead}
        kind, phrase = channels[state.worker].read()
        out: dict[str, Any] = {"request": request, "state": "working", "seconds": seconds, "doing": phrase or None}
        if kind:
            out["expected"] = self.waits.expected(kind)
        return out


KEPT = 1_000
"""The most requests followed at once (more than the desk ever holds: ``MAX_WAITING`` a worker)."""
