"""How far long work has got: a listener a front end sets for the duration of a piece of work, told in
short phrases (like ``play-outs: trick 7``); with no listener, telling costs nothing."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar

_listener: ContextVar[Callable[[str], None] | None] = ContextVar("revsim_progress", default=None)


@contextlib.contextmanager
def listening(listener: Callable[[str], None]) -> Iterator[None]:
    """Tell ``listener`` how the work done inside this block gets on."""
    token = _listener.set(listener)
    try:
        yield
    finally:
        _listener.reset(token)


def tell(phrase: str) -> None:
    """Tell the listener, if any, how far the work has got."""
    listener = _listener.get()
    if listener is not None:
        listener(phrase)
