"""Scans of whole archives: paths -> units of work -> one row per board, in input order, into pandas.

``paths`` expands files, folders and globs; ``units`` cuts files into the units of work the engines send
out (parts of big PBN files, whole files); ``rows`` makes a board's rows from its ruling; ``local`` runs
the units in processes on this machine and ``cluster`` on a dask.distributed cluster; ``engines`` picks
one and collects DataFrames. The package imports from every layer of revsim and from ``revsim.adjudicate``;
nothing in revsim but the front ends (``cli``) imports it.
"""

from revsim.scan.cluster import ClusterError
from revsim.scan.engines import ENGINES, default_jobs, scan, scan_rows
from revsim.scan.rows import BOARD_COLUMNS, REVOKE_COLUMNS, BoardRows, frames

__all__ = ["BOARD_COLUMNS", "ENGINES", "REVOKE_COLUMNS", "BoardRows", "ClusterError", "default_jobs", "frames",
           "scan", "scan_rows"]
