"""The likely result from any point of a recorded play: declarer's side's final tricks after K tricks.

The estimate reads the deal, the auction and the play up to trick K, nothing else: the record is cut
before it is replayed, so its later cards and its result cannot change it (nor make it an error).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from revsim.likely.estimators import Options, make_estimator
from revsim.likely.evidence import Evidence
from revsim.play.replay import Replay
from revsim.play.table import replay_cards
from revsim.records.errors import RecordError
from revsim.records.record import Record


@dataclass(frozen=True)
class Prediction:
    """Declarer's side's final tricks from the position after ``after_trick`` tricks, with the time taken."""

    after_trick: int
    outcomes: tuple[tuple[int, float], ...]
    seconds: float
    evidence: Evidence | None = None


def cut_record(record: Record, after_trick: int) -> Record:
    """The record with its play cut after ``after_trick`` completed tricks, and no result or claim."""
    if record.contract is None:
        raise RecordError("no contract: nothing was played", **record.where())
    if after_trick < record.first_trick - 1:
        raise RecordError(f"the record starts at trick {record.first_trick}: it cannot be read after trick "
                          f"{after_trick}", **record.where())
    rows = after_trick - record.first_trick + 1
    if record.play and record.play[0].row is not None:
        kept = [item for item in record.play if item.row is not None and item.row <= rows]
    else:
        kept = record.play[: 4 * rows]
    if len(kept) < 4 * rows:
        raise RecordError(f"the play stops before trick {after_trick} is complete", **record.where())
    return replace(record, play=kept, claimed_total=None, stated_result=None, stated_score_ns=None,
                   result_from=None, notes=[])


def position_after(record: Record, after_trick: int) -> Replay:
    """The replay of the record's first ``after_trick`` tricks."""
    return replay_cards(cut_record(record, after_trick))


def predict(record: Record, after_trick: int, estimator: str = "dd", options: Options | None = None) -> Prediction:
    """The distribution of declarer's side's final tricks from the position after ``after_trick`` tricks, by the
    estimator of that name (``estimators.ESTIMATORS``) with its ``options``: double dummy (one result), or the
    single-dummy play-outs of a level, seeded; with what the estimator read (``evidence``)."""
    started = time.perf_counter()
    likely = make_estimator(estimator, record, options)   # ValueError for an unknown estimator or option
    position = position_after(record, after_trick)
    assert record.contract is not None
    likelihood = likely.likely(position, record.contract.declarer)
    return Prediction(after_trick, likelihood.outcomes, time.perf_counter() - started, likelihood.evidence)
