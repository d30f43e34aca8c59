"""Adjusted scores as a scorer enters them: one row per board whose ruling changes the table result.

The adjusted result is written as directors write it ("4S+1", or "70% of 4S=, 30% of 4S-1", most weight
first), for North-South and East-West separately when Law 12C1 or 64C2b gives the sides different
results, with North-South's score for each side's result.
"""

from __future__ import annotations

from typing import Any

from revsim.equity.ruling import BoardRuling
from revsim.outputs.weights import weighted_result
from revsim.scoring.points import result_text

ADJUSTMENT_COLUMNS: dict[str, str] = {
    "file": "string",
    "board": "string",
    "room": "string",
    "north": "string",
    "east": "string",
    "south": "string",
    "west": "string",
    "contract": "string",         # like 4S, with its declarer in the next column
    "declarer": "string",
    "vulnerable": "string",
    "table_result": "string",     # like 4S-1
    "table_score_ns": "Int64",    # North-South's score at the table
    "law": "string",              # the ruling's law path, like 64A+64C2a
    "adjusted_ns": "string",      # North-South's adjusted result, like "70% of 4S=, 30% of 4S-1"
    "adjusted_ew": "string",      # East-West's adjusted result (the same unless the sides' results differ)
    "score_ns": "Float64",        # North-South's expected score for North-South's result
    "score_ew": "Float64",        # North-South's expected score for East-West's result
}


def adjustment_row(ruling: BoardRuling, board: dict[str, Any]) -> dict[str, Any] | None:
    """The scorer's row of a ruling (``board``: its scan row, for the record's names), or None when the ruling
    leaves the table result as it is."""
    contract = ruling.record.contract
    assert contract is not None
    ns = [(o.tricks, round(o.weight, 6)) for o in ruling.ns]
    ew = [(o.tricks, round(o.weight, 6)) for o in ruling.ew]
    table = [(ruling.table_tricks, 1.0)]
    if ns == table and ew == table:
        return None
    row = {key: board.get(key) for key in ADJUSTMENT_COLUMNS}
    row.update(table_result=result_text(contract, ruling.table_tricks), table_score_ns=board["table_score"],
               adjusted_ns=weighted_result(contract, ns), adjusted_ew=weighted_result(contract, ew))
    return row
