"""Batch analysis of archives: every board of many files as a row, in parallel processes, in order.

``scan_rows`` streams (board row, revoke rows) pairs in the order of the input, whatever the number of
jobs; ``scan`` collects them into two pandas DataFrames. Every board read gives exactly one row: a bad
board is an error row, and so is a file that cannot be read at all. Columns: BOARD_COLUMNS and
REVOKE_COLUMNS (names and pandas dtypes, documented in README.md).
"""

from __future__ import annotations

import glob
import json
import os
import signal
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from revsim.adjudicate import adjudicate
from revsim.cards import SEAT_LETTERS, SUIT_LETTERS
from revsim.equity.ruling import expected
from revsim.equity.settings import SCAN_ESTIMATOR, Settings
from revsim.outputs.columns import BOARD_COLUMNS, REVOKE_COLUMNS
from revsim.records.errors import RecordError
from revsim.records.pbn import parse_pbn_lines, pbn_parts
from revsim.records.readers import READERS, read_records
from revsim.records.record import INFO_KEYS, Record
from revsim.scoring.points import ns_score

__all__ = ["BOARD_COLUMNS", "REVOKE_COLUMNS", "scan", "scan_rows"]

Rows = tuple[dict[str, Any], list[dict[str, Any]]]


def expand_paths(paths: Iterable[str | Path]) -> Iterator[Path | RecordError]:
    """Files, folders (searched recursively for .pbn, .lin and .toml files) and glob patterns, in order.

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
            found = sorted(path for path in Path(text).rglob("*") if path.suffix.lower() in READERS and
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


Unit = tuple[str, int, int, str | None]
"""A piece of work: (file, first line, first game's ordinal, text) for part of a PBN file, or text None for
a whole file."""


def work_units(paths: Iterable[str | Path], games_per_unit: int) -> Iterator[Unit | RecordError]:
    """Files cut into units the workers read and adjudicate on their own: big PBN files in parts of games."""
    for path in expand_paths(paths):
        if isinstance(path, RecordError):
            yield path
        elif path.suffix.lower() == ".pbn" and path.is_file():
            parts = 0
            try:
                for first_line, first_ordinal, text in pbn_parts(path, games_per_unit):
                    parts += 1
                    yield str(path), first_line, first_ordinal, text
            except (OSError, RecordError) as error:
                if parts:
                    yield RecordError(f"reading stopped part-way: {error}", source=str(path))
                    continue
            if not parts:
                yield str(path), 1, 1, None  # read_records reports why as an error row
        else:
            yield str(path), 1, 1, None


def unit_items(unit: Unit | RecordError) -> Iterator[Record | RecordError]:
    """The boards (or errors) of one unit."""
    if isinstance(unit, RecordError):
        yield unit
        return
    source, first_line, first_ordinal, text = unit
    if text is None:
        yield from read_records(source)
    else:
        yield from parse_pbn_lines(text.splitlines(), source, first_line, first_ordinal)


def board_rows(item: Record | RecordError, settings: Settings) -> Rows:
    """The board row and revoke rows of one record (or error)."""
    if isinstance(item, RecordError):
        return error_row(item), []
    row = _blank_row(item)
    if item.contract is None or not item.play:
        row.update(status="no-play", error="passed out or no contract" if item.contract is None else "no play recorded")
        return row, []
    try:
        ruling = adjudicate(item, settings)
    except RecordError as error:
        return error_row(error, item), []
    contract = item.contract
    row.update(
        status="ok",
        table_tricks=ruling.table_tricks,
        claimed=ruling.table.claimed,
        revokes=len(ruling.revokes),
        revokers=";".join(SEAT_LETTERS[r.seat] for r in ruling.revokes) or None,
        transfer=ruling.transfer,
        law=ruling.law,
        tricks_ns=expected(ruling.ns, "tricks"),
        tricks_ew=expected(ruling.ew, "tricks"),
        outcomes_ns=json.dumps([[o.tricks, round(o.weight, 6)] for o in ruling.ns]),
        outcomes_ew=json.dumps([[o.tricks, round(o.weight, 6)] for o in ruling.ew]),
        score_ns=expected(ruling.ns, "score"),
        score_ew=expected(ruling.ew, "score"),
        table_score=ns_score(contract, ruling.table_tricks, item.vulnerability),
        notes=" | ".join(item.notes) or None,
    )
    revokes = [{
        "file": item.source, "board": item.board, "trick": r.trick, "player": SEAT_LETTERS[r.seat],
        "card": str(r.card), "suit_led": SUIT_LETTERS[r.suit_led] if r.suit_led is not None else None,
        "kind": r.kind, "established": r.established, "established_by": r.establishment, "law": r.law,
        "transfer": r.transfer,
    } for r in ruling.revokes]
    return row, revokes


def _blank_row(record: Record) -> dict[str, Any]:
    row: dict[str, Any] = dict.fromkeys(BOARD_COLUMNS)
    row.update(file=record.source, board=record.board, line=record.line, vulnerable=record.vulnerability)
    row.update({key: record.info.get(key) for key in INFO_KEYS})
    if record.contract is not None:
        row.update(contract=str(record.contract), declarer=SEAT_LETTERS[record.contract.declarer])
    return row


def error_row(error: RecordError, record: Record | None = None) -> dict[str, Any]:
    row = _blank_row(record) if record is not None else dict.fromkeys(BOARD_COLUMNS)
    row.update(file=error.source, board=error.board, status="error", error=error.describe(), line=error.line)
    return row


def _unit_rows(unit: Unit | RecordError, settings: Settings) -> list[Rows]:
    return [board_rows(item, settings) for item in unit_items(unit)]


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


ENGINES = ("processes", "dask")


def scan_rows(paths: Iterable[str | Path], settings: Settings | None = None, jobs: int = 1,
              games_per_unit: int = 16, engine: str = "processes", scheduler: str | None = None) -> Iterator[Rows]:
    """(board row, revoke rows) for every board, in input order, read and adjudicated in ``jobs`` processes.

    Files are cut into units (big PBN files into parts of ``games_per_unit`` games) that the workers
    read and adjudicate; at most a few units per job are in flight, so memory stays flat on any archive.
    Without ``settings``, the estimator is ``dd`` (``SCAN_ESTIMATOR``), as on the command line.
    The solver's wrappers are not thread-safe: parallel work uses processes, never threads.
    ``engine="dask"`` sends the same units to a dask.distributed cluster (``revsim.cluster``): the one at
    ``scheduler``, or a LocalCluster of ``jobs`` workers; the rows are the same.
    """
    settings = settings or Settings(estimator=SCAN_ESTIMATOR)
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if engine == "dask":
        from revsim.cluster import dask_rows

        yield from dask_rows(paths, settings, scheduler, jobs, games_per_unit)
        return
    units = work_units(paths, games_per_unit)
    if jobs <= 1:
        for unit in units:
            for item in unit_items(unit):
                yield board_rows(item, settings)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    pending: deque[Future[list[Rows]]] = deque()
    try:
        for unit in units:
            pending.append(pool.submit(_unit_rows, unit, settings))
            while len(pending) >= 3 * jobs:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def frames(rows: Iterable[Rows]) -> tuple[Any, Any]:
    """Two DataFrames (boards, revokes) with the documented columns and dtypes."""
    import pandas as pd

    boards: list[dict[str, Any]] = []
    revokes: list[dict[str, Any]] = []
    for board, board_revokes in rows:
        boards.append(board)
        revokes.extend(board_revokes)
    board_frame = pd.DataFrame(boards, columns=list(BOARD_COLUMNS)).astype(BOARD_COLUMNS)
    revoke_frame = pd.DataFrame(revokes, columns=list(REVOKE_COLUMNS)).astype(REVOKE_COLUMNS)
    return board_frame, revoke_frame


def scan(paths: Iterable[str | Path] | str | Path, settings: Settings | None = None, jobs: int = 1,
         engine: str = "processes", scheduler: str | None = None) -> tuple[Any, Any]:
    """Scan files, folders and globs; return (boards, revokes) DataFrames, one board row per board read."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    return frames(scan_rows(paths, settings, jobs, engine=engine, scheduler=scheduler))


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
