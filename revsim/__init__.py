"""revsim: adjudicate revokes in duplicate bridge from recorded deals (Laws 61-64 of the 2017 Laws).

The public names are imported when first used, so that the command line can install its stop signals
before the solver, numpy and pandas are loaded.
"""

from __future__ import annotations

import importlib
import sys
import types

TYPE_CHECKING = False  # typing itself is not imported: the command line's first milliseconds are short
if TYPE_CHECKING:
    from typing import Any

    from revsim.adjudicate import BoardRuling, adjudicate
    from revsim.equity.settings import Settings
    from revsim.records.errors import RecordError
    from revsim.records.readers import read_records

__all__ = ["BoardRuling", "RecordError", "Settings", "adjudicate", "read_records"]
__version__ = "0.1.0"

_HOMES = {"BoardRuling": "revsim.adjudicate", "adjudicate": "revsim.adjudicate", "Settings": "revsim.equity.settings",
          "RecordError": "revsim.records.errors", "read_records": "revsim.records.readers"}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'revsim' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)


class _Package(types.ModuleType):
    """The package, whose function ``adjudicate`` is not hidden by its submodule of that name once imported."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _HOMES and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
