"""The process engine: a scan's units of work in ``jobs`` processes on this machine, rows in input order.

At most a few units per job are in flight, so memory stays flat on any archive. The solver's wrappers
are not thread-safe: parallel work uses processes, never threads.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor

from revsim.equity.settings import Settings
from revsim.records.errors import RecordError
from revsim.scan.rows import BoardRows, board_rows
from revsim.scan.units import WorkUnit, unit_items

STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def unit_rows(unit: WorkUnit | RecordError, settings: Settings) -> list[BoardRows]:
    """The rows of every board of one unit."""
    return [board_rows(item, settings) for item in unit_items(unit)]


def local_rows(units: Iterable[WorkUnit | RecordError], settings: Settings, jobs: int) -> Iterator[BoardRows]:
    """The rows of every unit, in order, in ``jobs`` processes (in this one when ``jobs`` is 1)."""
    if jobs <= 1:
        for unit in units:
            for item in unit_items(unit):
                yield board_rows(item, settings)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_stop_signals)
    pending: deque[Future[list[BoardRows]]] = deque()
    try:
        for unit in units:
            with _stop_signals_held(not pending):  # the first submit starts the workers
                pending.append(pool.submit(unit_rows, unit, settings))
            while len(pending) >= 3 * jobs:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    except BaseException:  # Ctrl-C, SIGTERM, or the consumer closing the rows: stop the workers now
        _stop_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Kill the pool's workers, so a stopped scan leaves no process behind and does not wait for the units they
    are working on (a single-dummy board takes seconds)."""
    for process in list(getattr(pool, "_processes", {}).values()):
        process.kill()


@contextlib.contextmanager
def _stop_signals_held(hold: bool) -> Iterator[None]:
    """Ctrl-C and SIGTERM held back while the workers start: a worker begins with them blocked, so that a stop
    sent to the whole process group (a terminal's Ctrl-C) before its initializer has run is not raised there; the
    parent receives a held stop as soon as the workers have started."""
    if not hold or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _ignore_stop_signals() -> None:
    """Ctrl-C and SIGTERM are the parent's to handle: it stops the workers itself (a stop sent while the worker
    started was held back, and is dropped now)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
