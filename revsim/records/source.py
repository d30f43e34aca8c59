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
    return _encoding_of(head, more, source)


def _encoding_of(head: bytes, more: bool, source: str) -> str:
    """The encoding of a file that starts with ``head`` (``more``: it goes on), or RecordError."""
    if not head.strip() and not more:
        raise RecordError("no board found: the file is empty", source=source)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or _looks_like_utf16(head):
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


def _looks_like_utf16(head: bytes) -> bool:
    """UTF-16 text without a byte-order mark: every other byte of mostly ASCII text is NUL."""
    sample = head[:512]
    if len(sample) < 8:
        return False
    for offset in (0, 1):
        nuls = sample[offset::2].count(0)
        others = sample[1 - offset::2]
        if nuls >= 0.9 * len(sample[offset::2]) and sum(32 <= b < 127 or b in (9, 10, 13) for b in others) >= 0.9 * len(others):
            return True
    return False


def read_text(path: str | Path) -> str:
    """The whole text of a record file, read once (see ``sniff_encoding``); RecordError when it cannot be read."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise RecordError(f"cannot read the file: {error.strerror or error}", source=str(path)) from None
    return decode_text(data, str(path))


def decode_text(data: bytes, source: str) -> str:
    """A record file's bytes as text (see ``sniff_encoding``); RecordError naming ``source`` when they are
    empty or not text revsim reads."""
    encoding = _encoding_of(data[:SNIFF_BYTES], len(data) > SNIFF_BYTES, source)
    return data.decode(encoding, errors="replace")


def read_source(path: str | Path, parse: Callable[[str, str], Iterator[Item]]) -> Iterator[Item | RecordError]:
    """Every item ``parse(text, source)`` yields from the file, or one RecordError if it cannot be read."""
    try:
        text = read_text(path)
    except RecordError as error:
        yield error
        return
    yield from parse(text, str(path))
