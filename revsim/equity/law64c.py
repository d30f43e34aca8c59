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
