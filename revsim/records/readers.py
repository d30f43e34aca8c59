"""Reading any supported record file by its extension: ``.pbn``, ``.lin`` or a ``.toml`` case file."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from pathlib import Path

from revsim.records.casefile import parse_case, read_case
from revsim.records.errors import RecordError
from revsim.records.facts import Facts, with_extra
from revsim.records.lin import parse_lin, read_lin
from revsim.records.pbn import parse_pbn, read_pbn
from revsim.records.record import Record

READERS = {".pbn": read_pbn, ".lin": read_lin, ".toml": read_case}
PARSERS = {".pbn": parse_pbn, ".lin": parse_lin, ".toml": parse_case}
NOT_THIS_FORMAT = {
    ".pbn": "not a PBN file (no [Tag \"value\"] line)",
    ".lin": "not a LIN file (no md| deal)",
    ".toml": "not a case file (no board)",
}


def read_records(path: str | Path) -> Iterator[Record | RecordError]:
    """Every board of a record file, as a Record or a RecordError; one error if the file is unusable."""
    suffix = Path(path).suffix.lower()
    reader = READERS.get(suffix)
    if reader is None:
        yield RecordError(f"unknown file type {suffix or '(none)'!r}: revsim reads .pbn, .lin and .toml case files",
                          source=str(path))
        return
    if not Path(path).is_file():
        broken = Path(path).is_symlink() and not Path(path).exists()
        yield RecordError("a broken link: the file it points to does not exist" if broken else "no such file",
                          source=str(path))
        return
    yield from _or_no_board(reader(path), suffix, str(path))


def parse_text(text: str, source: str) -> Iterator[Record | RecordError]:
    """Every board of a record file's text (read already), by ``source``'s extension, as ``read_records``
    gives them: one error when no board is found."""
    suffix = Path(source).suffix.lower()
    yield from _or_no_board(PARSERS[suffix](text, source), suffix, source)


def select_boards(items: Iterable[Record | RecordError], boards: Collection[str], extra: Facts
                  ) -> Iterator[Record | RecordError]:
    """The items of the boards named (all when none are), each record with the ``extra`` facts added."""
    for item in items:
        if boards and item.board not in boards:
            continue
        if isinstance(item, Record):
            item.facts = with_extra(item.facts, extra)
        yield item


def _or_no_board(items: Iterator[Record | RecordError], suffix: str, source: str) -> Iterator[Record | RecordError]:
    """The items as they come, or one error saying no board was found in a file of this format."""
    found = False
    for item in items:
        found = True
        yield item
    if not found:
        yield RecordError(f"no board found: {NOT_THIS_FORMAT[suffix]}", source=source)
