"""Reading a record file's text, with a RecordError (not an exception) when the file cannot be read."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from revsim.records.errors import RecordError

Item = TypeVar("Item")


def read_source(path: str | Path, parse: Callable[[str, str], Iterator[Item]]) -> Iterator[Item | RecordError]:
    """Every item ``parse(text, source)`` yields from the file, or one RecordError if it cannot be read."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        yield RecordError(f"cannot read the file: {error.strerror or error}", source=source)
        return
    yield from parse(text, source)
