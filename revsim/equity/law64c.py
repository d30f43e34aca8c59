"""Law 64C: equity after an established revoke, when the transfer does not compensate the non-offending side."""

from __future__ import annotations


def law64c1_adjust(transfer_value_for_non_offenders: float, adjusted_value_for_non_offenders: float) -> bool:
    """Law 64C1: after an established revoke the Director assigns an adjusted score when the non-offending
    side is insufficiently compensated by the transfer: transfer OR adjusted score, whichever is better
    for the non-offenders, never both, and never an adjustment in favour of the offenders.

    Returns True when the adjusted score is strictly better for the non-offending side.
    """
    return adjusted_value_for_non_offenders > transfer_value_for_non_offenders


def law64c2a_repeated_revoke_result(world_declarer_tricks: int, first_transfer: int, offenders_declared: bool) -> int:
    """Law 64C2a: for a repeated revoke, the transfer for the first revoke applied to the likely result
    of the world in which the later revokes did not occur (declarer's side's tricks)."""
    return world_declarer_tricks - first_transfer if offenders_declared else world_declarer_tricks + first_transfer


def law64c2b_result_for_side(table: float, without_other: float, without_any: float, method: str) -> str:
    """Law 64C2b for one side, both sides having revoked: which result it gets, from its own point of view
    (each argument is what a result is worth to this side).

    The Director adjusts "if a contestant has been damaged": the side was damaged when, had the other
    side's revoke not occurred (its own earlier revokes standing), it would have done better than at the
    table; otherwise it keeps the table result (``"table"``). A damaged side gets, under ``separately``,
    the result without the other side's revoke (``"without-other"``); under ``neither``, the result had no
    revoke occurred (``"without-any"``), but never more than without the other side's revoke: it is never
    compensated for what its own revoke cost it. Under ``neither`` both sides are offenders, so a side
    that was not damaged still keeps no advantage over the result had no revoke occurred (Law 12B1).
    """
    if method not in ("neither", "separately"):
        raise ValueError(f"method must be neither or separately, not {method!r}")
    if without_other > table:
        if method == "separately" or without_any > without_other:
            return "without-other"
        return "without-any"
    if method == "neither" and without_any < table:
        return "without-any"
    return "table"
