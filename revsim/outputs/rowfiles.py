"""Writing scan rows to CSV, JSON Lines or Parquet as they come, and reading them back as DataFrames.

A scan writes two files: the boards to the file named, the revokes beside it
(``scan.csv`` and ``scan.revokes.csv``). Each is written under a hidden partial name beside it and renamed
when closed (the partial file is created anew under an unpredictable name, so a file or link laid there in
advance is never opened), so an interrupted scan leaves valid files with every row written so far (``close``), a scan
that cannot finish (a full disk) leaves nothing half-written (``abort``), and an earlier output is replaced
only by a complete one.
"""

from __future__ import annotations

import contextlib
import csv
import glob
import json
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any, Protocol

from revsim.outputs.adjustments import ADJUSTMENT_COLUMNS
from revsim.outputs.columns import BOARD_COLUMNS, REVOKE_COLUMNS
from revsim.outputs.filenames import json_safe, name_text, without_surrogates

FORMATS = (".csv", ".jsonl", ".parquet")

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


def spreadsheet_safe(value: Any) -> Any:
    """A CSV cell that a spreadsheet will not run (OWASP's "CSV injection"): a text cell beginning with ``=``,
    ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'``, so a name or statement typed as
    ``=HYPERLINK(...)`` reads as text. Numbers, and text that is a plain number like ``-100``, stay as they are.

    Examples:
        >>> spreadsheet_safe("=1+2"), spreadsheet_safe("-100"), spreadsheet_safe(-100), spreadsheet_safe("4S-1")
        ("'=1+2", '-100', -100, '4S-1')
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def spreadsheet_text(value: Any) -> Any:
    """A CSV cell read back: the ``'`` that ``spreadsheet_safe`` put before a formula's first character taken off."""
    if isinstance(value, str) and value.startswith("'") and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value


def text_cells(row: dict[str, Any]) -> dict[str, Any]:
    """A row as CSV and Parquet cells hold it: the ``file`` name through ``name_text`` (read back exactly by
    ``read_rows``), any other text with an undecodable byte of a name (an error row's message) as ``\\xHH``."""
    return {key: name_text(value) if key == "file" and isinstance(value, str) else
            without_surrogates(value) if isinstance(value, str) else value for key, value in row.items()}


class RowWriter(Protocol):
    """Writes rows of a fixed set of columns: ``close`` completes the output, ``abort`` removes what was written."""

    def write(self, row: dict[str, Any]) -> None: ...

    def close(self) -> None: ...

    def abort(self) -> None: ...


PARTIAL_SUFFIX = ".partial"


def _read_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def create_partial(path: Path) -> tuple[int, Path]:
    """A new file where an output is written until it is complete: beside it, hidden (``.NAME.RANDOM.partial``),
    created exclusively (``tempfile.mkstemp``: O_CREAT|O_EXCL, so neither a file nor a link laid there in advance
    is opened) and open for writing (the descriptor is returned)."""
    descriptor, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=PARTIAL_SUFFIX, dir=path.parent)
    return descriptor, Path(name)


def create_partial_folder(path: Path) -> Path:
    """A new hidden folder beside ``path`` for a dataset being written (``tempfile.mkdtemp``)."""
    return Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=PARTIAL_SUFFIX, dir=path.parent))


def partials_of(path: Path) -> list[Path]:
    """The partial files of an output left in its folder (an interrupted writer's, or one still writing)."""
    return sorted(path.parent.glob(f".{glob.escape(path.name)}.*{PARTIAL_SUFFIX}"))


def publish(partial: Path, path: Path) -> None:
    """Rename a complete partial file into place, with the permissions a new file gets (mkstemp makes it private)."""
    os.chmod(partial, 0o666 & ~_UMASK)
    os.replace(partial, path)


def write_whole(path: str | Path, text: str) -> None:
    """Write a page to read under its partial name and rename it into place: a full disk leaves no truncated page
    (the partial file is removed, an earlier page stands) and OSError says why. A file name's undecodable bytes are
    written ``\\xHH`` (``filenames.without_surrogates``)."""
    path = Path(path)
    descriptor, partial = create_partial(path)
    try:
        with open(descriptor, "w", encoding="utf-8") as handle:
            handle.write(without_surrogates(text))
        publish(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


class _TextFile:
    """A text output written under its partial name and renamed into place when closed."""

    def __init__(self, path: Path, newline: str | None = None) -> None:
        descriptor, self._partial = create_partial(path)
        self._path = path
        self._file = open(descriptor, "w", newline=newline, encoding="utf-8")  # noqa: SIM115 - closed below

    def close(self) -> None:
        self._file.close()
        publish(self._partial, self._path)

    def abort(self) -> None:
        with contextlib.suppress(OSError):
            self._file.close()
        self._partial.unlink(missing_ok=True)


class CsvWriter(_TextFile):
    """Rows as CSV with a header; missing values as empty fields; text a spreadsheet would run as a formula
    neutralised (``spreadsheet_safe``)."""

    def __init__(self, path: Path, columns: dict[str, str]) -> None:
        super().__init__(path, newline="")
        self._writer = csv.DictWriter(self._file, fieldnames=list(columns))
        self._writer.writeheader()

    def write(self, row: dict[str, Any]) -> None:
        self._writer.writerow({key: "" if value is None else spreadsheet_safe(value)
                               for key, value in text_cells(row).items()})


class JsonLinesWriter(_TextFile):
    """One JSON object per line."""

    def __init__(self, path: Path, columns: dict[str, str]) -> None:
        super().__init__(path)
        self._columns = list(columns)

    def write(self, row: dict[str, Any]) -> None:
        self._file.write(json_safe(json.dumps({key: row.get(key) for key in self._columns}, ensure_ascii=False)) + "\n")


class ParquetWriter:
    """Rows as Parquet, written in row groups as they fill."""

    GROUP = 2000

    def __init__(self, path: Path, columns: dict[str, str]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        self._schema = arrow_schema(columns)
        descriptor, self._partial = create_partial(path)
        self._path = path
        self._handle = open(descriptor, "wb")  # noqa: SIM115 - closed below
        try:
            self._writer = pq.ParquetWriter(self._handle, self._schema)
        except OSError:  # a full disk at the first bytes: nothing is left behind
            self._handle.close()
            self._partial.unlink(missing_ok=True)
            raise
        self._rows: list[dict[str, Any]] = []
        self._pa = pa

    def write(self, row: dict[str, Any]) -> None:
        self._rows.append(text_cells(row))
        if len(self._rows) >= self.GROUP:
            self._flush()

    def _flush(self) -> None:
        if self._rows:
            self._writer.write_table(self._pa.Table.from_pylist(self._rows, schema=self._schema))
            self._rows = []

    def close(self) -> None:
        self._flush()
        self._writer.close()
        self._handle.close()
        publish(self._partial, self._path)

    def abort(self) -> None:
        with contextlib.suppress(Exception):  # the file may be half-written on a full disk: it is removed anyway
            self._writer.close()
        with contextlib.suppress(OSError):
            self._handle.close()
        self._partial.unlink(missing_ok=True)


class ParquetDatasetWriter:
    """Rows as a partitioned Parquet dataset: a folder of part files (``part-00000.parquet``...), each a
    ``ParquetWriter`` file of up to ``PART_ROWS`` rows in order, that pandas, pyarrow and dask.dataframe read
    as one table."""

    PART_ROWS = 20_000

    def __init__(self, folder: Path, columns: dict[str, str], own_folder: bool = False) -> None:
        """``own_folder``: the folder is revsim's own (the revoke rows beside the board rows), so a link found
        where it goes is replaced by a folder, never followed (the user's own folder may be a link he made)."""
        self._target = folder
        self._own = own_folder
        folder.parent.mkdir(parents=True, exist_ok=True)
        self._folder = create_partial_folder(folder)
        self._columns = columns
        self._part: ParquetWriter | None = None
        self._parts = 0
        self._rows_in_part = 0

    def write(self, row: dict[str, Any]) -> None:
        if self._part is None:
            self._open_part()
        assert self._part is not None
        self._part.write(row)
        self._rows_in_part += 1
        if self._rows_in_part >= self.PART_ROWS:
            self._part.close()
            self._part = None

    def _open_part(self) -> None:
        self._part = ParquetWriter(self._folder / f"part-{self._parts:05d}.parquet", self._columns)
        self._parts += 1
        self._rows_in_part = 0

    def close(self) -> None:
        if self._part is None and not self._parts:
            self._open_part()  # an empty dataset still has one part, so that it reads with its columns
        if self._part is not None:
            self._part.close()
            self._part = None
        if self._own and self._target.is_symlink():
            self._target.unlink()   # the link itself; nothing it points to is touched
        self._target.mkdir(parents=True, exist_ok=True)
        for old in self._target.glob("part-*.parquet"):
            old.unlink()
        for part in sorted(self._folder.glob("part-*.parquet")):
            os.replace(part, self._target / part.name)
        self._folder.rmdir()

    def abort(self) -> None:
        if self._part is not None:
            self._part.abort()
            self._part = None
        shutil.rmtree(self._folder, ignore_errors=True)


def arrow_schema(columns: dict[str, str]) -> Any:
    """The pyarrow schema of scan rows with the documented pandas dtypes."""
    import pyarrow as pa

    types = {"string": pa.string(), "Int64": pa.int64(), "Float64": pa.float64(), "boolean": pa.bool_()}
    return pa.schema([(name, types[dtype]) for name, dtype in columns.items()])


def is_dataset(path: str | Path) -> bool:
    """Whether an output names a folder (a partitioned Parquet dataset): it ends in / or is a folder."""
    return str(path).endswith(("/", "\\")) or Path(path).is_dir()


def revokes_path(path: str | Path) -> Path:
    """Where the revoke rows go beside the board rows: ``scan.csv`` -> ``scan.revokes.csv``."""
    path = Path(path)
    return path.with_name(path.stem + ".revokes" + path.suffix)


def open_writers(path: str | Path) -> tuple[RowWriter, RowWriter]:
    """Writers for the board rows (at ``path``) and the revoke rows (beside it), by the file's extension; a
    folder named like ``scan.parquet/`` gets a partitioned Parquet dataset (``scan.revokes.parquet/`` beside)."""
    if is_dataset(path):
        folder = Path(path)
        if folder.suffix.lower() != ".parquet":
            raise ValueError(f"{path}: a folder output is a Parquet dataset and must be named like scan.parquet/")
        return (ParquetDatasetWriter(folder, BOARD_COLUMNS),
                ParquetDatasetWriter(revokes_path(folder), REVOKE_COLUMNS, own_folder=True))
    path = Path(path)
    return open_file_writer(path, BOARD_COLUMNS), open_file_writer(revokes_path(path), REVOKE_COLUMNS)


def open_file_writer(path: str | Path, columns: dict[str, str]) -> RowWriter:
    """A writer of rows with ``columns`` to one .csv, .jsonl or .parquet file, by its extension."""
    path = Path(path)
    kinds: dict[str, type[CsvWriter] | type[JsonLinesWriter] | type[ParquetWriter]] = {
        ".csv": CsvWriter, ".jsonl": JsonLinesWriter, ".parquet": ParquetWriter}
    kind = kinds.get(path.suffix.lower())
    if kind is None:
        raise ValueError(f"{path}: the output must end in {', '.join(FORMATS)}")
    return kind(path, columns)


def _header(path: Path) -> list[str] | None:
    """The column names of a scan output file, or None when they cannot be read."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".csv":
            with open(path, newline="", encoding="utf-8") as handle:
                return next(csv.reader(handle), None)
        if suffix == ".jsonl":
            with open(path, encoding="utf-8") as handle:
                first = handle.readline()
            return list(json.loads(first)) if first.strip() else None
        if suffix == ".parquet" and path.is_file():
            import pyarrow.parquet as pq

            return list(pq.read_schema(path).names)
    except (OSError, ValueError):
        return None
    return None


def read_rows(path: str | Path, revokes: bool = False) -> Any:
    """A scan output file read back as a DataFrame with the documented dtypes. A ``file`` whose name is not UTF-8
    is held as ``filenames.name_text`` writes it (``filenames.name_of_text`` gives the name itself). ``revokes``: the revoke rows
    beside a board file (``scan.csv`` -> ``scan.revokes.csv``); a revoke file named directly is read as one;
    a scorer's file (``--adjustments``) is read with its own columns."""
    import pandas as pd

    path = Path(path)
    if path.name.endswith(tuple(f".revokes{suffix}" for suffix in FORMATS)):
        revokes, path = True, path
    elif revokes:
        path = revokes_path(path)
    columns = REVOKE_COLUMNS if revokes else BOARD_COLUMNS
    if not revokes and _header(path) == list(ADJUSTMENT_COLUMNS):
        columns = ADJUSTMENT_COLUMNS   # a scorer's file (--adjustments) reads back with its own columns
    suffix = path.suffix.lower()
    if suffix == ".csv":
        frame = pd.read_csv(path, dtype=dict.fromkeys(columns, "string"), keep_default_na=False, na_values=[""])
        for name, dtype in columns.items():
            if dtype == "string" and name in frame:
                frame[name] = frame[name].map(spreadsheet_text, na_action="ignore").astype("string")
        for name, dtype in columns.items():
            if dtype == "boolean":
                frame[name] = frame[name].map({"True": True, "False": False}, na_action="ignore")
    elif suffix == ".jsonl":
        with open(path, encoding="utf-8") as lines:
            frame = pd.DataFrame([text_cells(json.loads(line)) for line in lines if line.strip()],
                                 columns=list(columns))
    elif suffix == ".parquet":
        frame = pd.read_parquet(path)  # a file, or a dataset folder read as one table
    else:
        raise ValueError(f"{path}: not a scan output ({', '.join(FORMATS)})")
    frame = frame.reindex(columns=list(columns))
    return frame.astype(columns)
