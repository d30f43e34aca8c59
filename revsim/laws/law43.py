"""Law 43: dummy's limitations. 43B2b: dummy who has forfeited his rights (by looking at declarer's hand, say) and is
then first to ask declarer whether he has revoked: declarer must correct the revoke, but it is rectified as if it had
been established (Law 64)."""

from __future__ import annotations

from collections.abc import Iterable

from revsim.cards import Seat
from revsim.records.facts import Correction


def law43b2b_rectified_as_established(dummy_asked: bool, offender: Seat, declarer: Seat) -> bool:
    """Law 43B2b: whether a corrected revoke is rectified as if established: declarer's, corrected because dummy,
    after forfeiting his rights, was first to ask. The substituted card stands in the play, so it may win the
    revoke trick (64A1 can then move two tricks)."""
    return dummy_asked and offender == declarer


def law43b2b_misapplied(corrections: Iterable[Correction], declarer: Seat) -> Correction | None:
    """The first correction that says dummy asked (43B2b) of a revoke that is not declarer's: dummy asks declarer
    only, so it cannot be; None where there is none."""
    return next((c for c in corrections if c.dummy_asked and c.player != declarer), None)
