"""A scan's rows, made from each board's ruling: the board row, its revoke rows, the scorer's row of an
adjusted board, and the line a scan lists for a board with revokes or an error; DataFrames of them.

Columns: ``BOARD_COLUMNS`` and ``REVOKE_COLUMNS`` (names and pandas dtypes, documented in docs/archives.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from revsim.adjudicate import adjudicate, internal_error
from revsim.cards import SEAT_LETTERS, SUIT_LETTERS
from revsim.claims.audit import law70_audit_of_a_recorded_claim
from revsim.equity.ruling import BoardRuling
from revsim.equity.settings import Settings
from revsim.equity.steps import expected
from revsim.laws.detection import Revoke
from revsim.likely.budget import BudgetSpent, time_budget
from revsim.outputs.adjustments import adjustment_row
from revsim.outputs.columns import BOARD_COLUMNS, REVOKE_COLUMNS
from revsim.outputs.weights import weighted_tricks
from revsim.records.errors import RecordError
from revsim.records.record import INFO_KEYS, Record
from revsim.scoring.points import ns_score

__all__ = ["BOARD_COLUMNS", "REVOKE_COLUMNS", "BoardRows", "board_rows", "error_row", "frames"]

Row = dict[str, Any]


@dataclass(frozen=True)
class BoardRows:
    """What a scan writes for one board: its row, its revoke rows, the scorer's row when the ruling changes
    the table result, and the line listed for it (a board with revokes, or an error) when no file is written."""

    board: Row
    revokes: list[Row] = field(default_factory=list)
    adjustment: Row | None = None
    listed: str | None = None


def board_rows(item: Record | RecordError, settings: Settings) -> BoardRows:
    """The rows of one record (or error)."""
    if isinstance(item, RecordError):
        return error_rows(item)
    row = _blank_row(item)
    if item.contract is None or not item.play:
        row.update(status="no-play", error="passed out or no contract" if item.contract is None else "no play recorded")
        return BoardRows(row)
    try:
        ruling = adjudicate(item, settings)
        suspect = ruling.suspect
        row.update(_ruling_columns(ruling), suspect=";".join(sorted({sign for reasons in suspect.values()
                                                                     for sign in reasons.split(";")})) or None)
        if settings.audit_claims:
            row.update(_claim_audit_columns(ruling, settings))
        revokes = [_revoke_row(ruling, revoke, suspect.get(revoke.order)) for revoke in ruling.revokes]
        return BoardRows(row, revokes, adjustment_row(ruling, row), _listed(ruling, row) if revokes else None)
    except RecordError as error:
        return error_rows(error, item)
    except Exception as fault:  # noqa: BLE001 - one board's fault is its error row, never the scan's end
        return error_rows(internal_error(fault, item), item)


def _ruling_columns(ruling: BoardRuling) -> Row:
    record = ruling.record
    assert record.contract is not None
    return dict(
        status="ok",
        table_tricks=ruling.table_tricks,
        claimed=ruling.table.claimed,
        claim_status=str(record.facts.claim.status) if record.facts.claim is not None else None,
        claim_tricks=(ruling.claim.claimed if ruling.claim is not None else
                      record.claimed_total if ruling.table.claimed else None),
        claim_ruled=ruling.claim.ruled if ruling.claim is not None else None,
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
        table_score=ns_score(record.contract, ruling.table_tricks, record.vulnerability),
        notes=" | ".join(record.notes) or None,
    )


def _claim_audit_columns(ruling: BoardRuling, settings: Settings) -> Row:
    """The audit of the claim the record ends with (``claims.audit``): none where the play ended otherwise, where a
    director already ruled the claim, or where a revoke's transfer is in the table result (its claim is the
    revoke laws'); where the audit runs past the time budget, a note says so."""
    table, record = ruling.table, ruling.record
    if not table.claimed or ruling.claim is not None or ruling.revokes or record.contract is None:
        return {}
    try:
        with time_budget(settings.time_budget):
            audit = law70_audit_of_a_recorded_claim(table.replay, record.contract.declarer, ruling.table_tricks,
                                                    settings.claim_standard())
    except (BudgetSpent, ValueError) as problem:   # past the time budget, or a statement no line can follow
        return {"notes": " | ".join([*record.notes, f"claim not audited: {problem}"])}
    return {"audit_ruled": audit.ruled, "audit_reduced": audit.reduced, "audit_horizon": audit.horizon}


def _revoke_row(ruling: BoardRuling, revoke: Revoke, suspect: str | None) -> Row:
    return {
        "file": ruling.record.source, "board": ruling.record.board, "trick": revoke.trick,
        "player": SEAT_LETTERS[revoke.seat], "card": str(revoke.card),
        "suit_led": SUIT_LETTERS[revoke.suit_led] if revoke.suit_led is not None else None,
        "kind": str(revoke.kind), "established": revoke.established, "established_by": revoke.establishment,
        "law": str(revoke.law), "transfer": revoke.transfer, "suspect": suspect,
    }


def _listed(ruling: BoardRuling, row: Row) -> str:
    """The line a scan without ``--out`` lists for a board with revokes."""
    ns = weighted_tricks([(o.tricks, o.weight) for o in ruling.ns])
    ew = weighted_tricks([(o.tricks, o.weight) for o in ruling.ew])
    result = ns if ns == ew else f"North-South {ns}, East-West {ew}"
    return (f"{row['file']}, board {row['board']}: {row['contract']} by {row['declarer']}, revokes "
            f"{row['revokers']}, transfer {row['transfer']}, ruling {row['law']}: {result}")


def _blank_row(record: Record) -> Row:
    row: Row = dict.fromkeys(BOARD_COLUMNS)
    row.update(file=record.source, board=record.board, line=record.line, vulnerable=record.vulnerability)
    row.update({key: record.info.get(key) for key in INFO_KEYS})
    if record.contract is not None:
        row.update(contract=str(record.contract), declarer=SEAT_LETTERS[record.contract.declarer])
    return row


def error_row(error: RecordError, record: Record | None = None) -> Row:
    """The board row of a board (or file) that could not be adjudicated."""
    row = _blank_row(record) if record is not None else dict.fromkeys(BOARD_COLUMNS)
    row.update(file=error.source, board=error.board, status="error", error=error.describe(), line=error.line)
    return row


def error_rows(error: RecordError, record: Record | None = None) -> BoardRows:
    """The rows of a board (or file) that could not be adjudicated: its error row, listed."""
    return BoardRows(error_row(error, record), listed=f"ERROR {error.describe()}")


def frames(rows: Iterable[BoardRows]) -> tuple[Any, Any]:
    """Two DataFrames (boards, revokes) with the documented columns and dtypes."""
    import pandas as pd

    boards: list[Row] = []
    revokes: list[Row] = []
    for rows_of_board in rows:
        boards.append(rows_of_board.board)
        revokes.extend(rows_of_board.revokes)
    board_frame = pd.DataFrame(boards, columns=list(BOARD_COLUMNS)).astype(BOARD_COLUMNS)
    revoke_frame = pd.DataFrame(revokes, columns=list(REVOKE_COLUMNS)).astype(REVOKE_COLUMNS)
    return board_frame, revoke_frame
