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


def law64c2b_damaged(table: float, without_other: float) -> bool:
    """Law 64C2b (with Law 12B1): a side was damaged by the opponents' revoke when, in the world without the
    opponents' revokes in which its own revokes still stand (``without_other``), it would have done better
    than at the table (each argument is what a result is worth to the side). A side is never damaged by its
    own revoke."""
    return without_other > table


def law64c2b_result_for_side(table: float, without_other: float, without_any: float, without_own: float,
                             method: str, anyone_damaged: bool) -> str:
    """Law 64C2b for one side, both sides having revoked: which result it gets. Each argument is what a result
    is worth to this side: the table result (no transfers, Law 64B7), its world without the opponents'
    revokes (its own standing), the result had no revoke occurred, and its world without its own revokes (the
    opponents' standing).

    The Director adjusts only when "a contestant has been damaged" (``law64c2b_damaged``). When no contestant
    was, the table result stands for both (``"table"``). When one was:

    - ``separately`` (each revoke judged when it happened): a damaged side gets the result without the
      opponents' revoke (``"without-other"``); a side not damaged keeps the table result.
    - ``neither`` (as if neither side revoked): a damaged side gets the result had no revoke occurred
      (``"without-any"``), but never more than without the opponents' revokes: it is never compensated for
      what its own revoke cost it. A side not damaged gets the result had no revoke occurred when its
      advantage over it came through its own revoke (Law 12B1), never more than the table result; an
      advantage the opponents' revoke handed it stays with it (``"without-own"``), and one that did not come
      through its own revoke at all leaves it the table result.
    """
    if method not in ("neither", "separately"):
        raise ValueError(f"method must be neither or separately, not {method!r}")
    damaged = law64c2b_damaged(table, without_other)
    if not anyone_damaged:
        return "table"
    if method == "separately":
        return "without-other" if damaged else "table"
    if damaged:
        return "without-any" if without_any <= without_other else "without-other"
    if without_any >= table or without_own >= table:
        return "table"
    return "without-own" if without_own > without_any else "without-any"
