"""Reading a record file's text: the encoding sniffed (UTF-8, with or without a byte-order mark, else
Latin-1), and a RecordError (not an exception) for a file that is empty, binary or UTF-16."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from revsim.records.errors import RecordError

Item = TypeVar("Item")

SNIFF_BYTES = 1 << 16


def sniff_encoding(path: str | Path) -> str:
    """The encoding to read ``path`` with (``utf-8-sig`` or ``latin-1``); RecordError when the file cannot
    be read, is empty, or is not text revsim reads."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            head = handle.read(SNIFF_BYTES)
            more = bool(handle.read(1))
    except OSError as error:
        raise RecordError(f"cannot read the file: {error.strerror or error}", source=source) from None
    if not head.strip() and not more:
        raise RecordError("no board found: the file is empty", source=source)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or head[1:2] == b"\x00" or head[:1] == b"\x00":
        raise RecordError("not UTF-8 or Latin-1 text: the file looks like UTF-16; save it as UTF-8", source=source)
    if b"\x00" in head:
        raise RecordError("not a text file: it holds binary data (NUL bytes)", source=source)
    text = head if not more else head[: head.rfind(b"\n") + 1] or head
    try:
        text.decode("utf-8")
    except UnicodeDecodeError as error:
        if more and error.start >= len(text) - 3:
            return "utf-8-sig"
        return "latin-1"
    return "utf-8-sig"


def read_text(path: str | Path) -> str:
    """The whole text of a record file (see ``sniff_encoding``); RecordError when it cannot be read."""
    encoding = sniff_encoding(path)
    try:
        return Path(path).read_text(encoding=encoding, errors="replace")
    except OSError as error:
        raise RecordError(f"cannot read the file: {error.strerror or error}", source=str(path)) from None


def read_source(path: str | Path, parse: Callable[[str, str], Iterator[Item]]) -> Iterator[Item | RecordError]:
    """Every item ``parse(text, source)`` yields from the file, or one RecordError if it cannot be read."""
    try:
        text = read_text(path)
    except RecordError as error:
        yield error
        return
    yield from parse(text, str(path))
