"""What the desk's worker is doing, told to the desk while it works: the kind of case it is ruling, the phrase of
its current work (``likely.progress``: "searching the claimer's normal lines from trick 2 (Law 70)", "play-outs
from trick 4: trick 9 of 13"), and how long rulings of that kind take.

Each worker process writes into a small block of memory it shares with the server (``Channel``); the server reads
it when the desk asks (``GET /api/progress?request=ID``). How long a kind of case takes is measured twice: on the
worked cases by ``benchmarks/bench_adjudicate.py --waits`` (``waits.json``, shipped), and on this desk's own
rulings since it started (``Waits``), so the wait shown is the wait for that kind of case, not for all of them.
"""

from __future__ import annotations

import ctypes
import json
import statistics
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from multiprocessing.context import SpawnContext
from typing import Any

from revsim.likely.progress import listening
from revsim.records.record import Record

SIZE = 400
"""The bytes of a worker's channel: its kind of case and its phrase, cut to fit."""

KINDS = {
    "claim-early": "a contested claim early in the play (tricks 1 to 4)",
    "claim": "a contested claim",
    "information": "a question of information (Law 16)",
    "revoke": "a revoke or a board without a claim",
}
"""The kinds of case whose waits are told apart, in a director's words (``case_kind``)."""
EARLY_CLAIM = 4
"""A claim made before this trick is complete counts as early: its search is the longest a ruling holds."""


def case_kind(record: Record) -> str:
    """The kind of ``record`` as its wait goes (``KINDS``): a claim the director rules (early or not), information
    (Law 16), else a revoke or a board without either."""
    claim = record.facts.claim
    if claim is not None and claim.ruled_by_director:
        played = len(record.play) + 4 * (record.first_trick - 1)
        return "claim-early" if played < 4 * EARLY_CLAIM else "claim"
    if record.facts.information is not None:
        return "information"
    return "revoke"


class Channel:
    """One worker's shared memory: the kind of case it works on (``kind:estimator``) and its latest phrase."""

    def __init__(self, context: SpawnContext) -> None:
        self.kind = context.Array(ctypes.c_char, 64)
        self.phrase = context.Array(ctypes.c_char, SIZE)

    def start(self, kind: str) -> None:
        """A new piece of work, of ``kind`` (its phrase cleared)."""
        self.phrase.value = b""
        self.kind.value = kind.encode()[:63]

    def tell(self, phrase: str) -> None:
        """How far the work has got (cut to fit, on a whole character)."""
        self.phrase.value = phrase.encode()[:SIZE - 1].decode("utf-8", "ignore").encode()

    def read(self) -> tuple[str, str]:
        """The kind and the phrase last written."""
        return self.kind.value.decode("utf-8", "ignore"), self.phrase.value.decode("utf-8", "ignore")


_mine: Channel | None = None
"""This worker process's channel (set by ``adopt`` when the process starts; None outside the desk's workers)."""


def adopt(channel: Channel) -> None:
    """Run in a worker process as it starts: its progress is told to ``channel``."""
    global _mine
    _mine = channel


def tell_kind(kind: str) -> None:
    """The worker starts a case of ``kind`` (nothing outside the desk's workers)."""
    if _mine is not None:
        _mine.start(kind)


def tell_case(record: Record, estimator: str) -> None:
    """The worker starts ruling ``record`` with ``estimator``: its kind as the waits are kept (``kind:estimator``)."""
    tell_kind(f"{case_kind(record)}:{estimator}")


@contextmanager
def told() -> Iterator[None]:
    """Within the block, the work's progress phrases go to this worker's channel (nothing outside the desk's
    workers; the server clears the channel before it hands a request over); the phrase is cleared after, the kind
    stays, for the server to time the answer by."""
    if _mine is None:
        yield
        return
    channel = _mine
    try:
        with listening(channel.tell):
            yield
    finally:
        channel.tell("")


MEASURED = 20
"""The latest rulings of each kind the desk keeps the times of."""


@dataclass
class Waits:
    """How long rulings take, by kind and estimator: the benchmark's figures on the worked cases (``waits.json``)
    and the times of this desk's own latest rulings."""

    shipped: dict[str, Any]
    measured: dict[str, deque[float]]

    @classmethod
    def load(cls) -> Waits:
        """The shipped figures (none where ``waits.json`` is missing or damaged: the desk then quotes its own)."""
        try:
            text = resources.files("revsim.web").joinpath("waits.json").read_text(encoding="utf-8")
            shipped = json.loads(text)["waits"]
        except (OSError, ValueError, KeyError, TypeError):
            shipped = {}
        return cls(shipped if isinstance(shipped, dict) else {}, {})

    def add(self, key: str, seconds: float) -> None:
        """A ruling of ``key`` (``kind:estimator``) took ``seconds`` here."""
        self.measured.setdefault(key, deque(maxlen=MEASURED)).append(seconds)

    def expected(self, key: str) -> dict[str, Any]:
        """What a ruling of ``key`` takes: the benchmark's range on the worked cases of its kind (``low``, ``high``
        seconds, how many cases), and this desk's own latest rulings (how many, their median and longest)."""
        kind, _, estimator = key.partition(":")
        out: dict[str, Any] = {"kind": kind, "words": KINDS.get(kind, kind), "estimator": estimator}
        shipped = self.shipped.get(key)
        if shipped:
            out["benchmark"] = shipped
        here = self.measured.get(key)
        if here:
            out["here"] = {"count": len(here), "median": round(statistics.median(here), 1), "longest": round(max(here), 1)}
        return out


__all__ = ["KINDS", "Channel", "Waits", "adopt", "case_kind", "tell_case", "tell_kind", "told"]
