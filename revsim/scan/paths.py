"""The files a scan reads: files, folders (searched recursively) and glob patterns, in order."""

from __future__ import annotations

import glob
from collections.abc import Iterable, Iterator
from pathlib import Path

from revsim.records.errors import RecordError
from revsim.records.readers import FORMATS, read_records
from revsim.records.record import Record


def expand_paths(paths: Iterable[str | Path]) -> Iterator[Path | RecordError]:
    """Files, folders (searched recursively for the files of every record format) and glob patterns, in order.

    A path that matches nothing gives a RecordError, so that it shows as an error row.
    """
    for entry in paths:
        text = str(entry)
        if any(char in text for char in "*?[") and not Path(text).exists():
            matches = sorted(glob.glob(text, recursive=True))
            if not matches:
                yield RecordError("no file matches this pattern", source=text)
            for match in matches:
                yield from expand_paths([match])
        elif Path(text).is_dir():
            found = sorted(path for path in Path(text).rglob("*") if path.suffix.lower() in FORMATS and
                           (path.is_file() or path.is_symlink()))
            for path in found:
                if path.is_symlink() and not path.exists():
                    yield RecordError("a broken link: the file it points to does not exist", source=str(path))
                else:
                    yield path
        elif Path(text).exists():
            yield Path(text)
        else:
            yield RecordError("no such file or folder", source=text)


def iter_items(paths: Iterable[str | Path]) -> Iterator[Record | RecordError]:
    """Every board (or error) of every file, in order."""
    for path in expand_paths(paths):
        if isinstance(path, RecordError):
            yield path
        else:
            yield from read_records(path)
