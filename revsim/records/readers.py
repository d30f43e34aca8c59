"""Reading any supported record file by its format (``formats.FORMATS``: PBN, LIN or a TOML case file)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from revsim.records.errors import RecordError
from revsim.records.facts import Facts, with_extra
from revsim.records.formats import FORMATS, RecordFormat, format_of, known_formats
from revsim.records.record import Record

__all__ = ["FORMATS", "guarded", "parse_text", "read_records", "select_boards"]


def read_records(path: str | Path) -> Iterator[Record | RecordError]:
    """Every board of a record file, as a Record or a RecordError; one error if the file is unusable.

    Examples:
        >>> [error] = read_records("no-such-file.pbn")
        >>> error.describe()
        'no-such-file.pbn: no such file'
    """
    record_format = format_of(path)
    if record_format is None:
        suffix = Path(path).suffix.lower()
        yield RecordError(f"unknown file type {suffix or '(none)'!r}: revsim reads {known_formats()} files",
                          source=str(path))
        return
    if not Path(path).is_file():
        broken = Path(path).is_symlink() and not Path(path).exists()
        yield RecordError("a broken link: the file it points to does not exist" if broken else "no such file",
                          source=str(path))
        return
    yield from _or_no_board(record_format.read(path), record_format, str(path))


def parse_text(text: str, source: str, record_format: RecordFormat | None = None) -> Iterator[Record | RecordError]:
    """Every board of a record file's text (read already), in ``record_format`` or else by ``source``'s
    suffix, as ``read_records`` gives them: one error when no board is found.

    Examples:
        >>> case = '''
        ... board = "7"
        ... deal = "N:Q.6.7.2 K2.8..3 T.53..K ..A9.87"
        ... contract = "2S"
        ... declarer = "S"
        ... vulnerable = "None"
        ... start = { trick = 10, leader = "N", declarer_tricks = 6 }
        ... play = ["H6 S2 H3 C7", "SK ST C8 SQ", "H8 H5 D9 D7", "C3 CK DA C2"]
        ... '''
        >>> [record] = parse_text(case, "case.toml")
        >>> record.board, str(record.contract), record.first_trick, len(record.play)
        ('7', '2S', 10, 16)
        >>> [error] = parse_text("not a record", "notes.pbn")
        >>> error.describe()
        'notes.pbn: no board found: not a PBN file (no [Tag "value"] line)'
    """
    record_format = record_format or format_of(source)
    if record_format is None:
        yield RecordError(f"unknown file type: revsim reads {known_formats()} files", source=source)
        return
    yield from _or_no_board(record_format.parse(text, source), record_format, source)


def select_boards(items: Iterable[Record | RecordError], boards: Collection[str], extra: Facts
                  ) -> Iterator[Record | RecordError]:
    """The items of the boards named (all when none are), each record with the ``extra`` facts added."""
    for item in items:
        if boards and item.board not in boards:
            continue
        if isinstance(item, Record):
            item = replace(item, facts=with_extra(item.facts, extra))
        yield item


def guarded(items: Iterator[Record | RecordError], source: str) -> Iterator[Record | RecordError]:
    """The items as they come; an unexpected fault of a reader becomes one last error naming the file (what came
    before it stands), so that no file can stop a run with a traceback."""
    try:
        yield from items
    except RecordError as error:
        yield error.located(source=source)
    except Exception as error:  # noqa: BLE001 - any fault of a reader is reported, never raised
        yield RecordError(f"internal error while reading the file ({type(error).__name__}: {error}); the rest of "
                          "the file was not read. Please report it with the file", source=source)


def _or_no_board(items: Iterator[Record | RecordError], record_format: RecordFormat, source: str
                 ) -> Iterator[Record | RecordError]:
    """The items as they come, or one error saying no board was found in a file of this format."""
    found = False
    for item in guarded(items, source):
        found = True
        yield item
    if not found:
        yield RecordError(f"no board found: {record_format.not_this_format}", source=source)
