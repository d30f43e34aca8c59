"""The estimators of the likely result (Law 64C), by name; each implements ``worlds.Estimator``.

``dd``: double dummy from the corrected position. ``sd``: play-outs by simulated players who see only
what they would see at the table, at a level (its fitted parameters), seeded.
"""

from __future__ import annotations

from revsim.equity.dd import DoubleDummyEstimator
from revsim.equity.sd import SingleDummyEstimator, load_level
from revsim.equity.view import read_auction
from revsim.equity.worlds import Estimator
from revsim.records.record import Record

ESTIMATOR_NAMES = ("dd", "sd")


def make_estimator(name: str, record: Record, level: str = "expert", seed: int = 1) -> Estimator:
    """The estimator ``name`` for one board (``sd`` reads its auction)."""
    if name == "dd":
        return DoubleDummyEstimator()
    if name == "sd":
        return SingleDummyEstimator(load_level(level), seed, read_auction(record.auction, record.dealer))
    raise ValueError(f"estimator must be one of {', '.join(ESTIMATOR_NAMES)}, not {name!r}")
