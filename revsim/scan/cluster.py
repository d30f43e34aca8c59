"""Scans on a dask.distributed cluster: the process engine's units of work, sent to the cluster's workers.

A running cluster (``--scheduler tcp://host:8786``) or a LocalCluster of single-threaded worker processes
on this machine. Units carry their text (files are read on this machine), so workers need revsim but not
the files. Rows come back in input order, a few units per worker in flight, so the client's memory stays
flat. A worker that dies loses nothing: the scheduler runs its units elsewhere; a unit that keeps failing
becomes an error row naming the file and the line where its part starts. Closing the generator (Ctrl-C)
cancels every unit still queued. dask is an optional dependency: ``pip install -e '.[cluster]'``.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections import deque
from collections.abc import Iterable, Iterator
from importlib import metadata
from typing import Any

from revsim.equity.settings import Settings
from revsim.extras import install_command
from revsim.records.errors import RecordError
from revsim.scan.local import unit_rows
from revsim.scan.rows import BoardRows, error_rows
from revsim.scan.units import FilePart, WholeFile, WorkUnit, carried

CONNECT_TIMEOUT = "15s"
"""How long to try to reach a running scheduler."""

RETRIES = 2
"""How often a unit whose task raised is run again before it becomes an error row (a dead worker's units
are rescheduled by the scheduler on its own, up to its ``allowed-failures``)."""


class ClusterError(Exception):
    """The cluster cannot be used: dask missing, the scheduler unreachable, a worker without revsim."""


def dask_rows(units: Iterable[WorkUnit | RecordError], settings: Settings, scheduler: str | None = None,
              workers: int = 1, connection: tuple[Any, Any] | None = None) -> Iterator[BoardRows]:
    """The rows of every unit, in input order, adjudicated on a dask cluster.

    ``scheduler`` is a running scheduler's address; None starts a LocalCluster of ``workers`` processes
    with one thread each. ClusterError when the cluster cannot be used.
    """
    client, cluster = connection or connect(scheduler, workers)
    pending: deque[tuple[FilePart | WholeFile, Any] | list[BoardRows]] = deque()
    run = uuid.uuid4().hex[:8]
    try:
        window = 3 * max(1, len(client.scheduler_info()["workers"]))
        for number, unit in enumerate(units):
            travelling = carried(unit) if isinstance(unit, WholeFile) else unit
            if isinstance(travelling, RecordError) or (isinstance(travelling, WholeFile) and travelling.text is None):
                pending.append(unit_rows(travelling, settings))   # what cannot travel is made here, as locally
            else:
                pending.append((travelling, client.submit(unit_rows, travelling, settings, retries=RETRIES,
                                                          pure=False, key=f"revsim-{run}-{number}")))
            while len(pending) >= window:
                yield from _collect(pending.popleft())
        while pending:
            yield from _collect(pending.popleft())
    finally:
        queued = [entry[1] for entry in pending if isinstance(entry, tuple)]
        if queued:
            client.cancel(queued)
        close_connection((client, cluster))


def close_connection(connection: tuple[Any, Any] | None) -> None:
    """Close a client and the LocalCluster it owns (if any)."""
    if connection is None:
        return
    client, cluster = connection
    client.close()
    if cluster is not None:
        cluster.close()


def connect(scheduler: str | None, workers: int) -> tuple[Any, Any]:
    """A dask client (and the LocalCluster it owns, or None), its workers checked."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(f"the dask engine needs dask.distributed: {install_command('cluster')}") from None
    cluster = None
    try:
        if scheduler:
            checked_address(scheduler)
            client = _client_within(Client, scheduler, float(CONNECT_TIMEOUT.rstrip("s")))
        else:
            # ":0": the scheduler's HTTP server (which runs even without a dashboard) on a free port, not on 8787,
            # where another cluster on this machine may be
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                                   worker_dashboard_address=None, silence_logs=logging.ERROR)
            client = Client(cluster, set_as_default=False)
    except ClusterError:
        raise
    except (OSError, TimeoutError) as error:
        raise ClusterError(f"cannot reach the dask scheduler at {scheduler}: {error}") from None
    except Exception as error:  # noqa: BLE001 - a malformed address, or any other refusal of distributed's
        raise ClusterError(f"cannot use the dask scheduler address {scheduler!r} ({type(error).__name__}: {error}); "
                           "give one like tcp://HOST:8786") from None
    try:
        check_workers(client)
    except ClusterError:
        client.close()
        if cluster is not None:
            cluster.close()
        raise
    return client, cluster


def checked_address(address: str) -> None:
    """A scheduler's address that names a host and a port (``tcp://HOST:8786``); ClusterError otherwise, before any
    client is made (a client made from a malformed address is left half-built, and closing it at exit hangs for half
    a minute and prints distributed's traceback)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except (ValueError, TypeError) as error:
        raise ClusterError(f"cannot use the dask scheduler address {address!r} ({error}); give one like "
                           "tcp://HOST:8786") from None


def _client_within(client_class: Any, address: str, seconds: float) -> Any:
    """A client of the scheduler at ``address``, or ClusterError when it has not answered within ``seconds`` (and
    a few more): distributed's own timeout does not cover a port that accepts the connection and never speaks
    dask. The attempt runs in a daemon thread, so a hung one never keeps revsim from exiting. The client is never
    this process's default (``set_as_default=False``): revsim submits to it by name, and a program that scans from
    Python keeps its own dask scheduler, even when an attempt hangs on after revsim gave up on it."""
    made: dict[str, Any] = {}

    def attempt() -> None:
        try:
            made["client"] = client_class(address, timeout=f"{seconds:g}s", set_as_default=False)
        except BaseException as error:  # noqa: BLE001 - handed back to the caller's thread
            made["error"] = error

    thread = threading.Thread(target=attempt, name="revsim-dask-connect", daemon=True)
    thread.start()
    thread.join(seconds + 5)
    if thread.is_alive():
        raise ClusterError(f"the dask scheduler at {address} did not answer within {seconds + 5:g} s: is a dask "
                           "scheduler listening there?")
    if "error" in made:
        raise made["error"]
    return made["client"]


def check_workers(client: Any, timeout: float = 30.0) -> None:
    """Every worker has the same revsim as this machine; ClusterError naming each one that does not."""
    try:
        client.wait_for_workers(1, timeout=timeout)
    except TimeoutError:
        raise ClusterError(f"the dask scheduler has no worker (waited {timeout:g} s): start one with "
                           "`dask worker ADDRESS --nthreads 1`") from None
    mine = metadata.version("revsim")
    versions = client.run(metadata.version, "revsim", on_error="return")
    problems = []
    for worker, version in sorted(versions.items()):
        if isinstance(version, BaseException):
            problems.append(f"{worker} has no revsim installed")
        elif version != mine:
            problems.append(f"{worker} has revsim {version}, this machine {mine}")
    if problems:
        raise ClusterError("; ".join(problems) + f": install revsim {mine} on every worker "
                           f"(as on this machine: {install_command('cluster')})")


def _collect(entry: tuple[FilePart | WholeFile, Any] | list[BoardRows]) -> list[BoardRows]:
    """A unit's rows, waiting for its future; an error row when the cluster could not run it."""
    if isinstance(entry, list):
        return entry
    unit, future = entry
    try:
        return list(future.result())
    except Exception as error:  # the task kept failing, or its workers kept dying (KilledWorker)
        problem = (f"this part of the file (from line {unit.first_line}) could not be scanned on the cluster: "
                   f"{type(error).__name__}: {error}")
        return [error_rows(RecordError(problem, source=unit.source, line=unit.first_line))]
