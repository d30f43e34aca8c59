"""Ctrl-C and SIGTERM, handled alike: ``kill``, ``timeout``, systemd, containers and batch schedulers stop revsim
the way a director's Ctrl-C does, with every output valid, and exit status 143 instead of 130.

A stop is raised where the program is, and also remembered: Python drops an exception raised inside a
finalizer or a weakref callback (an import's module lock has one), so the loops of long work ask
``raise_if_stopped`` after each board and a stop that landed in such a place is not lost; and
``quiet_unraisable`` keeps Python from printing it there as "Exception ignored in ..." with a traceback.
"""

from __future__ import annotations

import sys

STOPPED = "interrupted: nothing more was done"

_stops: list[KeyboardInterrupt] = []


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, so that everything Ctrl-C does happens for it too."""


def interrupt(signum: int, frame: object) -> None:
    """The SIGINT handler of the command line: KeyboardInterrupt, as Python's own, but remembered."""
    stop = KeyboardInterrupt()
    _stops.append(stop)
    raise stop


def terminate(signum: int, frame: object) -> None:
    """The SIGTERM handler of the command line (installed in the main thread)."""
    stop = Terminated()
    _stops.append(stop)
    raise stop


def quiet_unraisable(unraisable: object) -> None:
    """``sys.unraisablehook`` of the command line: a stop raised where Python cannot raise it (a finalizer, a
    weakref callback) is already remembered and prints nothing; anything else goes to Python's own hook."""
    if isinstance(getattr(unraisable, "exc_value", None), KeyboardInterrupt):
        return
    sys.__unraisablehook__(unraisable)  # type: ignore[arg-type]


def pending_stop() -> KeyboardInterrupt | None:
    """The stop signalled and not yet handled, if any."""
    return _stops[-1] if _stops else None


def raise_if_stopped() -> None:
    """Raise the stop that was signalled and not yet handled, wherever it was first raised."""
    if _stops:
        raise _stops[-1]


def interrupted_status(stop: KeyboardInterrupt) -> int:
    """The exit status of a run stopped by Ctrl-C (130) or SIGTERM (143); the stop counts as handled."""
    _stops.clear()
    return 143 if isinstance(stop, Terminated) else 130
