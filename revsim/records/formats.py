"""The record formats revsim reads, one entry each: what a new format adds is its module and one line here.

Every format module has the same functions (as endplay's ``parsers`` do): ``parse_X(text, source)``
yields every board of the text as a Record or a RecordError; ``read_X(path)`` the same from a file.
A format whose big files can be cut into parts of whole boards (PBN) also gives ``parts`` and
``parse_part``, so that a scan sends the parts to its workers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from revsim.records.casefile import parse_case, read_case
from revsim.records.errors import RecordError
from revsim.records.lin import parse_lin, read_lin
from revsim.records.pbn import parse_pbn, parse_pbn_lines, read_pbn
from revsim.records.pbn_games import pbn_parts
from revsim.records.record import Record

Items = Iterator[Record | RecordError]


@dataclass(frozen=True)
class RecordFormat:
    """One format: its name (the API's ``format=``), file suffix, title, reader and parser, and what to say
    when a file of it holds no board; ``parts`` and ``parse_part`` where big files can be cut for scans."""

    name: str
    suffix: str
    title: str
    read: Callable[[str | Path], Items]
    parse: Callable[[str, str], Items]
    not_this_format: str
    parts: Callable[[str | Path, int], Iterator[tuple[int, int, str]]] | None = None
    parse_part: Callable[[str, str, int, int], Items] | None = None


def _parse_pbn_part(text: str, source: str, first_line: int, first_ordinal: int) -> Items:
    return parse_pbn_lines(text.splitlines(), source, first_line, first_ordinal)


FORMATS: dict[str, RecordFormat] = {entry.suffix: entry for entry in (
    RecordFormat("pbn", ".pbn", "PBN", read_pbn, parse_pbn, "not a PBN file (no [Tag \"value\"] line)",
                 pbn_parts, _parse_pbn_part),
    RecordFormat("lin", ".lin", "LIN", read_lin, parse_lin, "not a LIN file (no md| deal)"),
    RecordFormat("toml", ".toml", "case file", read_case, parse_case, "not a case file (no board)"),
)}
"""The formats by file suffix (lower case, with its dot)."""


def format_of(path: str | Path) -> RecordFormat | None:
    """The format of a file by its suffix, or None for a suffix revsim does not read."""
    return FORMATS.get(Path(path).suffix.lower())


def format_named(name: str) -> RecordFormat | None:
    """The format of that name (``pbn``, ``lin``, ``toml``), or None."""
    return next((entry for entry in FORMATS.values() if entry.name == name), None)


def known_formats() -> str:
    """The suffixes revsim reads, for messages: ".pbn, .lin and .toml"."""
    suffixes = list(FORMATS)
    return ", ".join(suffixes[:-1]) + " and " + suffixes[-1]
