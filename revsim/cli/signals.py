"""SIGTERM handled as Ctrl-C is: ``kill``, ``timeout``, systemd, containers and batch schedulers stop revsim
the way a director's Ctrl-C does, with every output valid, and exit status 143 instead of 130."""

from __future__ import annotations


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, so that everything Ctrl-C does happens for it too."""


def terminate(signum: int, frame: object) -> None:
    """The SIGTERM handler of the command line (installed in the main thread)."""
    raise Terminated()


def interrupted_status(stop: KeyboardInterrupt) -> int:
    """The exit status of a run stopped by Ctrl-C (130) or SIGTERM (143)."""
    return 143 if isinstance(stop, Terminated) else 130
