"""Law 63: when a revoke is established: by a play to the next trick (63A1), by a claim or concession,
or by agreeing to one (63A3, 63A4)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from revsim.cards import Seat, partner, side_of
from revsim.laws.clauses import Clause


def law63a1_established_by_next_trick(offender: Seat, next_trick_players: Iterable[Seat]) -> bool:
    """Law 63A1: the revoke is established once the offender or his partner plays to the next trick.

    ``next_trick_players`` are the seats that played to the trick after the revoke trick.
    """
    return any(seat in (offender, partner(offender)) for seat in next_trick_players)


def law63a2_established_by_designation(offender: Seat, designators: Iterable[Seat]) -> bool:
    """Law 63A2: the revoke is established once the offender or his partner names or designates a card to be
    played to the next trick (``designators``: who named a card for it before attention was drawn; declarer
    naming dummy's card counts as dummy's seat)."""
    return any(seat in (offender, partner(offender)) for seat in designators)


def law63a1_established_when_noticed(offender: Seat, revoke_trick: int, revoke_position: int,
                                     next_trick_players: Sequence[Seat], noticed_trick: int | None,
                                     noticed_cards: int | None) -> bool | None:
    """Law 63A1 with attention drawn during the play: whether the revoke was established before attention was
    first drawn, after ``noticed_cards`` cards (0-3) of trick ``noticed_trick`` (None: at some point during it).

    During the revoke trick, the offending side has not played to the next trick: not established. After N
    cards of the next trick: established when the offender or his partner played one of them. Returns None when
    the record decides as usual: attention drawn before this revoke was played, during the next trick with
    the cards not known, or later.
    """
    if noticed_trick is None:
        return None
    drawn_before = noticed_trick < revoke_trick or (
        noticed_trick == revoke_trick and noticed_cards is not None and noticed_cards <= revoke_position)
    if drawn_before:
        return None
    if noticed_trick == revoke_trick:
        return False
    if noticed_trick == revoke_trick + 1 and noticed_cards is not None:
        return law63a1_established_by_next_trick(offender, next_trick_players[:noticed_cards])
    return None


AGREEMENT_ESTABLISHED = ("after-next-call", "after-round")
"""Law 69A: when attention drawn this late, an agreement to a claim or concession was established (the
side that agreed raised no objection before calling on a later board, or before the round ended)."""


def law69a_agreement_established(noticed: str) -> bool:
    """Law 69A: agreement with a claim or concession is established when the side that agreed makes a
    call on a later board or the round ends, with no objection raised before."""
    return noticed in AGREEMENT_ESTABLISHED


def law63a3_a4_established_by_claim(offender: Seat, declarer: Seat, claimed: bool,
                                    claimed_by_declarer_side: bool = True, noticed: str = "end-of-play") -> Clause | None:
    """Laws 63A3 and 63A4: a claim or concession by a member of the offending side establishes the revoke
    (63A3); agreeing to the opponents' claim or concession establishes it (63A4) only once that agreement
    is established as Law 69A defines it (``law69a_agreement_established``).

    So a defender's revoke followed by declarer's claim that the defenders accepted, with attention drawn
    during or at the end of play, is not established: it is corrected (Law 62A) and the claim is ruled
    with the legal card in place. A PBN or LIN record shows that a claim was agreed, not who made it:
    declarer's side is then taken to have claimed; a case file can say who did. Returns the clause,
    or None when the claim does not establish the revoke.
    """
    if not claimed:
        return None
    claimer_side = side_of(declarer) if claimed_by_declarer_side else 1 - side_of(declarer)
    if side_of(offender) == claimer_side:
        return Clause.LAW_63A3
    return Clause.LAW_63A4 if law69a_agreement_established(noticed) else None
