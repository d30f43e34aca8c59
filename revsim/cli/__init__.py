"""The ``revsim`` command line: adjudicate, report, predict, scan, serve.

The package is light on purpose: ``launch.run`` (the ``revsim`` script) installs the stop signals and the
guard on standard output before the commands (``commands``, which imports every layer of revsim) are
imported, so a stop in the first second ends like a later one. ``main``, the click group, is imported from
``commands`` when it is first asked for.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["main"]


def __getattr__(name: str) -> Any:
    if name == "main":
        from revsim.cli.commands import main

        return main
    raise AttributeError(f"module 'revsim.cli' has no attribute {name!r}")
