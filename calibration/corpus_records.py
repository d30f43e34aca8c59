"""The real records the benchmarks fit and score on (../shared/corpus), by level, and their split by event:
a stable hash of the event puts each event on the fitting side or the scoring side, never both."""

from __future__ import annotations

import json
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from revsim.play.table import TablePlay, replay_record
from revsim.records.errors import RecordError
from revsim.records.readers import read_records
from revsim.records.record import Record

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
SOURCES = {
    "expert": ["endplay-tests/example3.pbn", "endplay-tests/example2.pbn", "bridge-bots/usbf_sf_14502.lin",
               "hammond-vugraph"],
    "club": ["bbo-club-2017"],
}


def require_corpus() -> None:
    """Stop with a clear message when ../shared/corpus is not beside the project."""
    if not CORPUS.exists():
        sys.exit(f"{CORPUS} is not there: this benchmark reads ../shared/corpus")


def level_records(level: str) -> Iterator[tuple[Path, int, Record]]:
    """Every readable record of the level's corpora with a contract: its file, its index in the file, itself."""
    for name in SOURCES[level]:
        path = CORPUS / name
        files = sorted(path.rglob("*.lin")) + sorted(path.rglob("*.pbn")) if path.is_dir() else [path]
        for file in files:
            for index, item in enumerate(read_records(file)):
                if isinstance(item, Record) and item.contract is not None:
                    yield file, index, item


def clean_replay(record: Record) -> TablePlay | None:
    """The record's play replayed, when every card is held and played in turn and no one revoked; else None."""
    try:
        table = replay_record(record)
    except RecordError:
        return None
    return None if any(play.failed_to_follow for play in table.replay.plays) else table


def event_of(file: Path, record: Record) -> str:
    """The event a record belongs to: the PBN file and its Event tag, or a LIN file's folder."""
    return f"{file.name}:{record.info.get('event', '')}" if file.suffix == ".pbn" else str(file.parent.name)


def is_fitting(event: str) -> bool:
    """Whether an event is on the fitting side of the split."""
    return zlib.crc32(event.encode()) % 2 == 0


SHIPPED = ("levels.json",)
"""Fitted parameters revsim ships (``revsim/likely/``); the others (``leads.json``, ``carding.json``) are
calibration's own models, kept beside their code in ``calibration/`` (``player_models.py``)."""


def _fitted_path(name: str) -> Path:
    return ROOT / "revsim" / "likely" / name if name in SHIPPED else ROOT / "calibration" / name


def read_fitted(name: str) -> dict[str, Any]:
    """The fitted parameters in ``name`` (shipped, or calibration's own), one entry per level."""
    fitted: dict[str, Any] = json.loads(_fitted_path(name).read_text())
    return fitted


def write_fitted(name: str, fitted: dict[str, Any]) -> None:
    """Keep parameters fitted by a benchmark in ``name`` (shipped, or calibration's own), one entry per level."""
    path = _fitted_path(name)
    path.write_text(json.dumps(fitted, indent=2) + "\n")
    print(f"\nwritten: {path.relative_to(ROOT)}")
