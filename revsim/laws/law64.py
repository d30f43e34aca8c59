"""Law 64A and 64B: the automatic trick transfer after an established revoke, and when there is none."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from revsim.cards import Seat, partner, side_of
from revsim.laws.clauses import Clause


def law64a_automatic_transfer(revoker: Seat, revoke_trick_winner: Seat | None, offending_tricks_later: int) -> tuple[int, Clause]:
    """Law 64A: the tricks transferred after an established revoke, and the clause.

    64A1: the offending player won the revoke trick: that trick, plus one more if his side won
    any later trick. 64A2: he did not win it: one trick if his side won the revoke trick or any
    later trick. Declarer and dummy are separate players: a trick won in dummy is not won by declarer.
    ``revoke_trick_winner`` is None when the revoke trick was not completed (claimed during it);
    it then counts with the later tricks.
    """
    if revoke_trick_winner == revoker:
        return 1 + (1 if offending_tricks_later > 0 else 0), Clause.LAW_64A1
    partner_won = revoke_trick_winner is not None and side_of(revoke_trick_winner) == side_of(revoker)
    return (1 if partner_won or offending_tricks_later > 0 else 0), Clause.LAW_64A2


def law64a_several_revokes(amounts: Sequence[int], won_from: Sequence[int]) -> list[int]:
    """Law 64A with several established revokes by one side, each rectified on its own: a trick moves only
    once, and tricks won before a revoke never move for that revoke.

    ``amounts`` are each revoke's 64A amount and ``won_from`` the tricks the side won from each revoke's
    trick on, both in the order of play. Working from the last revoke back, each takes the smaller of
    its amount and the tricks its side won from its own trick on that later revokes have not already
    taken: for every revoke k the transfers for k and all later revokes together never exceed what the
    side won from k's trick on, and the total is the largest that allows.
    """
    transfers = [0] * len(amounts)
    taken = 0
    for index in reversed(range(len(amounts))):
        transfers[index] = max(0, min(amounts[index], won_from[index] - taken))
        taken += transfers[index]
    return transfers


def law64b1_no_trick_won(offending_tricks_from_revoke_on: int) -> bool:
    """Law 64B1: no transfer when the offending side won neither the revoke trick nor any later trick."""
    return offending_tricks_from_revoke_on == 0


def law64b2_repeated_revoke_same_suit(revoker: Seat, obligation_suit: int | None,
                                      earlier_established: Iterable[tuple[Seat, int | None]]) -> bool:
    """Law 64B2: no transfer for a later revoke in the same suit by the same player once his first
    revoke in that suit is established (Law 64C2a then restores equity).

    The suit is that of the obligation broken: the suit led for a failure to follow, the suit required
    or forbidden for a lead restriction. Two breaches of different restrictions are not a repeated revoke.
    """
    return (revoker, obligation_suit) in set(earlier_established)


def law64b3_dummy_or_penalty_card(revoker: Seat, declarer: Seat, penalty_card: bool = False) -> bool:
    """Law 64B3: no transfer for a failure to play a penalty card, or for any card belonging to dummy."""
    return penalty_card or revoker == partner(declarer)


def law64b4_noticed_after_next_call(noticed: str) -> bool:
    """Law 64B4: no transfer when attention was first drawn after a member of the non-offending
    side made a call on the next deal."""
    return noticed == "after-next-call"


def law64b5_noticed_after_round(noticed: str) -> bool:
    """Law 64B5: no transfer when attention was first drawn after the round ended."""
    return noticed == "after-round"


def law64b6_trick_12(trick: int) -> bool:
    """Law 64B6: no transfer for a revoke on trick 12 (one not corrected under Law 62D)."""
    return trick == 12


def law64b7_both_sides_revoked(established_offending_sides: Iterable[int]) -> bool:
    """Law 64B7: no transfer when both sides revoked on the board and both revokes were established."""
    return len(set(established_offending_sides)) == 2


def law64b8_corrected_under_62c3(corrected_by: str | None) -> bool:
    """Law 64B8: no transfer when the revoke was corrected because both sides revoked on the same trick
    and only one side had played to the next trick (Law 62C3)."""
    return corrected_by == Clause.LAW_62C3
