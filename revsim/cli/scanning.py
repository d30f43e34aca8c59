"""``revsim scan``'s run: the cluster checked before any output is opened, the rows written as they come, and
every way a scan can stop: to the end, Ctrl-C or SIGTERM (a valid output with every row so far), a full disk
(one message, nothing half-written), a cluster that cannot run (exit 2, the earlier output untouched)."""

from __future__ import annotations

import errno
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click

from revsim.cli.messages import show, warn
from revsim.cli.signals import interrupted_status, raise_if_stopped
from revsim.equity.settings import Settings
from revsim.outputs.adjustments import ADJUSTMENT_COLUMNS
from revsim.outputs.progress import Progress
from revsim.outputs.rowfiles import RowWriter, open_file_writer, open_writers
from revsim.records.errors import plural
from revsim.scan import ClusterError, scan_rows
from revsim.scan.cluster import close_connection, connect


@dataclass(frozen=True)
class ScanRequest:
    """What the scan command was asked: the paths, the settings, where the work runs, and where rows go."""

    paths: tuple[str, ...]
    settings: Settings
    jobs: int
    engine: str
    scheduler: str | None
    out_path: str | None
    adjustments_path: str | None
    quiet: bool
    strict: bool
    exclude_suspect: bool = False


DISK_ERRORS = (errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG, errno.EROFS)


class OutputError(Exception):
    """An output that cannot be written (a full disk, a folder gone): the scan stops and removes it."""

    def __init__(self, path: str, error: OSError) -> None:
        super().__init__(f"cannot write {path}: {error.strerror or error}")


class Outputs:
    """The scan's writers: the board and revoke rows (``--out``) and the scorer's rows (``--adjustments``)."""

    def __init__(self, out_path: str | None, adjustments_path: str | None) -> None:
        self.paths: list[str] = []
        self.writers: list[RowWriter] = []
        self._open(out_path, "--out", open_writers)
        self._open(adjustments_path, "--adjustments",
                   lambda path: (open_file_writer(path, ADJUSTMENT_COLUMNS),))
        self.rows = self.writers[0] if out_path else None
        self.revokes = self.writers[1] if out_path else None
        self.adjustments = self.writers[-1] if adjustments_path else None

    def _open(self, path: str | None, option: str, opener: Callable[[str], tuple[RowWriter, ...]]) -> None:
        """Open the writers of one output: a name revsim cannot write to is the option's usage error (exit 2), a
        disk that refuses the first bytes an OutputError (exit 1); either way nothing is left behind."""
        if not path:
            return
        try:
            writers = opener(path)
        except ValueError as error:
            self.abort()
            raise click.BadParameter(str(error), param_hint=option) from None
        except OSError as error:
            self.abort()
            if error.errno in DISK_ERRORS:
                raise OutputError(path, error) from None
            raise click.BadParameter(f"cannot write {path}: {error.strerror or error}", param_hint=option) from None
        for writer in writers:
            self.paths.append(path)
            self.writers.append(writer)

    def write(self, writer: RowWriter | None, row: dict[str, Any]) -> None:
        if writer is None:
            return
        try:
            writer.write(row)
        except OSError as error:
            raise OutputError(self.paths[self.writers.index(writer)], error) from None

    def close(self) -> None:
        """Complete every output; OutputError (and every output removed) when one cannot be completed."""
        for index, writer in enumerate(self.writers):
            try:
                writer.close()
            except OSError as error:
                for rest in self.writers[index:]:
                    rest.abort()
                raise OutputError(self.paths[index], error) from None

    def abort(self) -> None:
        for writer in self.writers:
            writer.abort()


def run_scan(request: ScanRequest) -> int:
    """Run a scan as the command line asked; the exit status."""
    connection = None
    if request.engine == "dask":
        try:
            connection = connect(request.scheduler, request.jobs)  # before any output is opened
        except ClusterError as error:
            warn(f"the dask engine cannot run: {error}")
            return 2
    try:
        outputs = Outputs(request.out_path, request.adjustments_path)
    except click.BadParameter:
        close_connection(connection)
        raise
    except OutputError as error:
        close_connection(connection)
        warn(f"the scan stopped: {error}; nothing was written")
        return 1
    progress = Progress(enabled=not request.quiet and sys.stderr.isatty())
    listed: list[str] = []
    status = 0
    try:
        for rows in scan_rows(request.paths, request.settings, request.jobs, engine=request.engine,
                              scheduler=request.scheduler, connection=connection):
            progress.add(rows.board, len(rows.revokes))
            if rows.adjustment is not None and not (request.exclude_suspect and rows.board.get("suspect")):
                outputs.write(outputs.adjustments, rows.adjustment)
            outputs.write(outputs.rows, rows.board)
            for revoke in rows.revokes:
                outputs.write(outputs.revokes, revoke)
            if outputs.rows is None and rows.listed is not None:
                listed.append(rows.listed)
            raise_if_stopped()
    except KeyboardInterrupt as stop:
        status = interrupted_status(stop)
    except (OutputError, ClusterError) as error:
        outputs.abort()
        progress.finish()
        warn(f"the scan stopped: {error}" + ("; no output was left half-written" if outputs.writers else ""))
        return 1 if isinstance(error, OutputError) else 2
    except Exception:
        outputs.abort()   # an error of revsim's own (reported by the command line): nothing is left half-written
        raise
    try:
        outputs.close()
    except OutputError as error:
        progress.finish()
        warn(f"the scan stopped: {error}; no output was left half-written")
        return 1
    progress.finish()
    for line in listed:
        show(line)
    if not request.quiet or status:
        warn(progress.summary(request.jobs, request.out_path))
    if status:
        warn(f"interrupted after {plural(progress.boards, 'board')} (last: {progress.last}); the output holds "
                   "every row so far")
        return status
    return 1 if request.strict and progress.errors else 0
