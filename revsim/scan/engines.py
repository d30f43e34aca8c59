"""A scan from paths to rows, on the engine asked for, and into two pandas DataFrames."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from revsim.equity.settings import SCAN_ESTIMATOR, Settings
from revsim.scan.cluster import dask_rows
from revsim.scan.local import local_rows
from revsim.scan.rows import BoardRows, frames
from revsim.scan.units import work_units

ENGINES = ("processes", "dask")


def scan_rows(paths: Iterable[str | Path], settings: Settings | None = None, jobs: int = 1,
              games_per_unit: int = 16, engine: str = "processes", scheduler: str | None = None,
              connection: tuple[Any, Any] | None = None) -> Iterator[BoardRows]:
    """The rows of every board, in input order, read and adjudicated in ``jobs`` processes.

    Files are cut into units (big PBN files into parts of ``games_per_unit`` games) that the workers
    read and adjudicate. Without ``settings``, the estimator is ``dd`` (``SCAN_ESTIMATOR``), as on the
    command line. ``engine="dask"`` sends the same units to a dask.distributed cluster
    (``revsim.scan.cluster``): the one at ``scheduler``, or a LocalCluster of ``jobs`` workers; the rows
    are the same. ``connection``: a cluster connected already (``cluster.connect``), used and closed.
    """
    settings = settings or Settings(estimator=SCAN_ESTIMATOR)
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    units = work_units(paths, games_per_unit)
    if engine == "dask":
        yield from dask_rows(units, settings, scheduler, jobs, connection)
    else:
        yield from local_rows(units, settings, jobs)


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
