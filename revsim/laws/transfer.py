"""Law 64A and its exceptions 64B: the automatic trick transfer for each established revoke."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from revsim.cards import SEAT_NAMES, SIDE_NAMES, Seat, side_of
from revsim.laws.clauses import Clause, RevokeKind
from revsim.laws.detection import Revoke
from revsim.laws.law62 import law62b_withdrawn_card_becomes_penalty_card, law62d_trick12_must_be_corrected
from revsim.laws.law64 import (
    law64a_automatic_transfer,
    law64a_several_revokes,
    law64b1_no_trick_won,
    law64b2_repeated_revoke_same_suit,
    law64b3_dummy_or_penalty_card,
    law64b4_noticed_after_next_call,
    law64b5_noticed_after_round,
    law64b6_trick_12,
    law64b7_both_sides_revoked,
    law64b8_corrected_under_62c3,
)
from revsim.play.table import TablePlay


def offending_tricks_from(table: TablePlay, side: int, trick: int) -> int:
    """Tricks ``side`` won from ``trick`` on, claimed tricks included (Law 64A counts them at the end of play)."""
    played = sum(1 for done in table.replay.tricks if done.number >= trick and side_of(done.winner) == side)
    return played + table.claim_tricks[side]


RECTIFIED_BY_64A = (Clause.LAW_64A1, Clause.LAW_64A2, Clause.LAW_64B1)
"""The clauses of a revoke that Law 64A rectifies (64B1: it would, had its side won a trick from it on)."""


def apply_law64(revokes: list[Revoke], table: TablePlay, noticed: str) -> list[Revoke]:
    """The revokes with their clause, transfer and reason decided (Laws 62, 64A, 64B), in the same order.

    Exceptions are checked in this order: corrected (Law 62, 64B8 for 62C3), not established (corrected,
    62A), 62D at trick 12, 64B6 (trick 12), 64B4/64B5 (noticed too late), 64B7 (both sides), 64B3 (dummy,
    penalty card), 64B2 (repeated in one suit), 64B1 (no trick won), then 64A1/64A2. Several revokes
    by one side share the side's tricks by ``law64a_several_revokes``.
    """
    assert table.record.contract is not None
    declarer = table.record.contract.declarer
    established_sides = [revoke.side for revoke in revokes if revoke.established]
    earlier: list[tuple[int, int | None]] = []
    decided: list[Revoke] = []
    for revoke in revokes:
        law, transfer, reason = _decide(revoke, noticed, declarer, established_sides, earlier)
        decided.append(replace(revoke, law=law, transfer=transfer, reason=reason))
        if revoke.established:
            earlier.append((revoke.seat, revoke.obligation_suit))
    for side in (0, 1):
        rectified = [revoke for revoke in decided if revoke.side == side and revoke.law == Clause.LAW_64A]
        amounts = law64a_in_play(rectified, table.replay.winner_of, lambda s, trick: offending_tricks_from(table, s, trick))
        for revoke, (amount, clause, transfer, later) in zip(rectified, amounts, strict=True):
            ruled = replace(revoke, law=clause, transfer=transfer)
            reason = _transfer_reason(ruled, table.replay.winner_of(revoke.trick), later, amount)
            decided[decided.index(revoke)] = replace(ruled, reason=reason + _not_repeated(ruled, decided))
    return decided


def law64a_in_play(rectified: list[Revoke], winner_of: Callable[[int], Seat | None],
                   won_from: Callable[[int, int], int]) -> list[tuple[int, Clause, int, int]]:
    """Law 64A for one side's rectified revokes (in order of play) in a play, at the table or in a world
    where a later revoke did not occur: for each, (64A amount, clause, transfer, later tricks won).

    ``winner_of(trick)`` is the trick's winner (None when not known in that play), ``won_from(side, trick)``
    the tricks ``side`` won from ``trick`` on. Transfers follow ``law64a_several_revokes``.
    """
    decided = []
    for revoke in rectified:
        winner = winner_of(revoke.trick)
        from_revoke = won_from(revoke.side, revoke.trick)
        later = from_revoke - (1 if winner is not None and side_of(winner) == revoke.side else 0)
        if law64b1_no_trick_won(from_revoke):
            decided.append((0, Clause.LAW_64B1, from_revoke, later))
        else:
            amount, clause = law64a_automatic_transfer(revoke.seat, winner, later)
            decided.append((amount, clause, from_revoke, later))
    transfers = law64a_several_revokes([amount for amount, *_ in decided], [won for _, _, won, _ in decided])
    return [(amount, clause, transfer, later) for (amount, clause, _, later), transfer in zip(decided, transfers, strict=True)]


def _not_repeated(revoke: Revoke, revokes: list[Revoke]) -> str:
    """Why a second revoke by the same player is rectified on its own: its obligation is in another suit."""
    earlier = [r for r in revokes if r.seat == revoke.seat and r.established and r.order < revoke.order]
    if not earlier:
        return ""
    return (f"; not a repeated revoke: {SEAT_NAMES[revoke.seat]}'s earlier revoke broke an obligation in another "
            "suit (the suit led, or the suit a lead restriction named), so Law 64B2 does not apply")


def _transfer_reason(revoke: Revoke, winner: Seat | None, later: int, amount: int) -> str:
    side = SIDE_NAMES[revoke.side]
    if revoke.law == Clause.LAW_64B1:
        return f"{side} won neither the revoke trick nor any later trick: no transfer (Law 64B1)"
    won_by = ("nobody (the trick was claimed)" if winner is None else
              "the revoker" if winner == revoke.seat else
              "the revoker's partner" if side_of(winner) == revoke.side else "the non-offending side")
    reason = (f"the revoke trick was won by {won_by} and {side} won {later} later trick{'s' if later != 1 else ''}: "
              f"{amount} trick{'s' if amount != 1 else ''} transferred (Law {revoke.law})")
    if revoke.transfer < amount:
        reason += (f", limited to {revoke.transfer}: a trick moves only once, and the transfers for later revokes "
                   f"already took {side}'s tricks from this one on (Law 64A, several revokes)")
    return reason


def _decide(revoke: Revoke, noticed: str, declarer: int, established_sides: list[int],
            earlier: list[tuple[int, int | None]]) -> tuple[Clause, int, str]:
    """The clause of one revoke; the 64A clauses are settled for all the side's revokes together."""
    who = SEAT_NAMES[revoke.seat]
    if law64b8_corrected_under_62c3(revoke.corrected_by):
        return Clause.LAW_64B8, 0, ("both sides revoked on this trick and both revokes were corrected (Law 62C3): "
                           "no transfer (Law 64B8)")
    if revoke.corrected_by == Clause.LAW_62B1:
        return Clause.LAW_62B1, 0, (f"noticed before it was established and corrected (Law 62A); {who}'s withdrawn "
                           f"{revoke.card} became a major penalty card (Law 62B1)")
    if revoke.corrected_by == Clause.LAW_62B2:
        return Clause.LAW_62B2, 0, "noticed before it was established and corrected; the card was simply replaced (Law 62B2)"
    penalty = (f"; {who}'s {revoke.card} becomes a major penalty card (Law 62B1)"
               if law62b_withdrawn_card_becomes_penalty_card(revoke.seat, declarer) else "")
    if revoke.both_sides_corrected:
        return Clause.LAW_62C3, 0, (f"{revoke.not_established}: both revokes are corrected, a legal card in each "
                                    f"one's place (Law 62C3), with no transfer (Law 64B8){penalty}")
    if not revoke.established:
        return Clause.LAW_62A, 0, (f"{revoke.not_established}: it is corrected, a legal card in its place, "
                          f"with no transfer (Law 62A){penalty}")
    if law62d_trick12_must_be_corrected(revoke.trick, noticed):
        return Clause.LAW_62D, 0, ("a revoke on trick 12 noticed before the hands were returned to the board "
                          "must be corrected (Law 62D): the last two tricks are played again with the legal card")
    if law64b6_trick_12(revoke.trick):
        return Clause.LAW_64B6, 0, "a revoke on trick 12, too late to correct under Law 62D: no transfer (Law 64B6)"
    if law64b4_noticed_after_next_call(noticed):
        return Clause.LAW_64B4, 0, "attention was first drawn after a call on the next deal: no transfer (Law 64B4)"
    if law64b5_noticed_after_round(noticed):
        return Clause.LAW_64B5, 0, "attention was first drawn after the round ended: no transfer (Law 64B5)"
    if law64b7_both_sides_revoked(established_sides):
        return Clause.LAW_64B7, 0, "both sides revoked on the board and both revokes were established: no transfer (Law 64B7)"
    if law64b3_dummy_or_penalty_card(revoke.seat, declarer, penalty_card=revoke.kind == RevokeKind.PENALTY_CARD):
        what = "a failure to play a penalty card" if revoke.kind == RevokeKind.PENALTY_CARD else "the card belonged to dummy"
        return Clause.LAW_64B3, 0, f"{what}: no transfer (Law 64B3)"
    if law64b2_repeated_revoke_same_suit(revoke.seat, revoke.obligation_suit, earlier):
        return Clause.LAW_64B2, 0, (f"{who} had already revoked in this suit and that revoke was established: "
                           "no transfer for this one (Law 64B2)")
    return Clause.LAW_64A, 0, ""
