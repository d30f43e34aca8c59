"""Law 63: when a revoke is established: by a play to the next trick (63A1), by a claim or concession,
or by agreeing to one (63A3, 63A4)."""

from __future__ import annotations

from collections.abc import Iterable

from revsim.cards import Seat, partner, side_of


def law63a1_established_by_next_trick(offender: Seat, next_trick_players: Iterable[Seat]) -> bool:
    """Law 63A1: the revoke is established once the offender or his partner plays to the next trick.

    ``next_trick_players`` are the seats that played to the trick after the revoke trick.
    """
    return any(seat in (offender, partner(offender)) for seat in next_trick_players)


def law63a3_a4_established_by_claim(offender: Seat, declarer: Seat, claimed: bool,
                                    claimed_by_declarer_side: bool = True) -> str | None:
    """Laws 63A3 and 63A4: a claim or concession by the offending side (63A3), or agreeing to the
    opponents' claim or concession (63A4), establishes the revoke.

    A PBN or LIN record shows that a claim was agreed, not who made it: declarer's side is then taken
    to have claimed. A case file can say who did. Returns the clause, or None when there was no claim.
    """
    if not claimed:
        return None
    claimer_side = side_of(declarer) if claimed_by_declarer_side else 1 - side_of(declarer)
    return "63A3" if side_of(offender) == claimer_side else "63A4"
