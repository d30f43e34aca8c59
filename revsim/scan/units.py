"""The units of work of a scan: big files cut into parts of whole boards, other files whole.

A unit reads on its own, on any worker: a ``FilePart`` carries its text, and a ``WholeFile`` is read from
its path, or from the text it carries when it travels to a cluster (``carried``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from revsim.records.errors import RecordError
from revsim.records.formats import format_of
from revsim.records.readers import guarded, parse_text, read_records
from revsim.records.record import Record
from revsim.records.source import read_text
from revsim.scan.paths import expand_paths


@dataclass(frozen=True)
class FilePart:
    """Part of a big file, cut between boards: its text, the line it starts at and its first board's ordinal."""

    source: str
    first_line: int
    first_ordinal: int
    text: str

    def items(self) -> Iterator[Record | RecordError]:
        """The part's boards (or errors), numbered as in the whole file; an error where the part holds none, so a
        file of junk that looked like a tag still gets its row."""
        record_format = format_of(self.source)
        assert record_format is not None and record_format.parse_part is not None
        found = False
        for item in guarded(record_format.parse_part(self.text, self.source, self.first_line, self.first_ordinal),
                            self.source):
            found = True
            yield item
        if not found:
            what = (f"no board found: {record_format.not_this_format}" if self.first_line == 1
                    else "no board found in this part of the file")
            yield RecordError(what, source=self.source, line=self.first_line)


@dataclass(frozen=True)
class WholeFile:
    """A file read as a whole: from its path, or from ``text`` when it was read already (to travel)."""

    source: str
    text: str | None = None

    @property
    def first_line(self) -> int:
        return 1

    def items(self) -> Iterator[Record | RecordError]:
        """The file's boards (or errors), or one error saying why it cannot be read."""
        return read_records(self.source) if self.text is None else parse_text(self.text, self.source)


WorkUnit = FilePart | WholeFile


def work_units(paths: Iterable[str | Path], boards_per_unit: int) -> Iterator[WorkUnit | RecordError]:
    """Files cut into units the workers read and adjudicate on their own: big files (of a format that can be
    cut, PBN) in parts of about ``boards_per_unit`` boards, other files whole."""
    for path in expand_paths(paths):
        if isinstance(path, RecordError):
            yield path
            continue
        record_format = format_of(path)
        if record_format is None or record_format.parts is None or not path.is_file():
            yield WholeFile(str(path))
            continue
        parts = 0
        try:
            for first_line, first_ordinal, text in record_format.parts(path, boards_per_unit):
                parts += 1
                yield FilePart(str(path), first_line, first_ordinal, text)
        except (OSError, RecordError) as error:
            if parts:
                yield RecordError(f"reading stopped part-way: {error}", source=str(path))
                continue
        if not parts:
            yield WholeFile(str(path))  # read_records reports why as an error row


def unit_items(unit: WorkUnit | RecordError) -> Iterator[Record | RecordError]:
    """The boards (or errors) of one unit."""
    if isinstance(unit, RecordError):
        yield unit
    else:
        yield from unit.items()


def carried(unit: WholeFile) -> WholeFile | RecordError:
    """A whole file with its text, to travel to a worker that cannot read this machine's files; the error
    a worker would give when it cannot be read."""
    if unit.text is not None or format_of(unit.source) is None or not Path(unit.source).is_file():
        return unit
    try:
        return WholeFile(unit.source, read_text(unit.source))
    except RecordError as error:
        return error
