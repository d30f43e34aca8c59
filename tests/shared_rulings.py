"""Rulings of hands/ files made once a test run and shared by every process of it (the xdist workers).

Several test modules read the same sd ruling of a file with the same settings (the committee's reports, the golden
written rulings, the directors' form on the law cases). Each is made by whichever process asks first and kept,
pickled, in the run's own temporary folder; a process that asks for one another process is making waits for it
(a file lock) instead of making it again. The folder is the run's (``use_folder``, set by ``conftest``), so no
ruling outlives the run whose code made it.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
from pathlib import Path

from revsim.adjudicate import adjudicate
from revsim.equity.settings import Settings
from revsim.equity.steps import BoardRuling
from revsim.records.readers import read_records
from revsim.records.record import Record

_folder: list[Path] = []
_made: dict[str, BoardRuling] = {}


def use_folder(folder: Path) -> None:
    """Keep this run's shared rulings in ``folder`` (made when first needed)."""
    _folder[:] = [folder]


def ruling_of(path: Path, settings: Settings, index: int = 0) -> BoardRuling:
    """The ruling of the ``index``-th board of ``path`` with ``settings``: made once a run (by any process), then read."""
    key = hashlib.sha256(path.read_bytes() + f"\0{settings!r}\0{index}".encode()).hexdigest()[:32]
    if key in _made:
        return _made[key]
    if not _folder:
        _made[key] = _rule(path, settings, index)
        return _made[key]
    folder = _folder[0]
    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / f"{key}.pickle"
    with open(folder / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if kept.exists():
            ruling: BoardRuling = pickle.loads(kept.read_bytes())
        else:
            ruling = _rule(path, settings, index)
            partial = folder / f"{key}.{os.getpid()}.part"
            partial.write_bytes(pickle.dumps(ruling))
            partial.replace(kept)
    _made[key] = ruling
    return ruling


def _rule(path: Path, settings: Settings, index: int) -> BoardRuling:
    records = [item for item in read_records(path) if isinstance(item, Record)]
    return adjudicate(records[index], settings)
