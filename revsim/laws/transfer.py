"""Law 64A and its exceptions 64B: the automatic trick transfer for each established revoke."""

from __future__ import annotations

from revsim.cards import SEAT_NAMES, SIDE_NAMES, side_of
from revsim.laws.detection import PENALTY_CARD, Revoke
from revsim.laws.law62 import law62d_trick12_must_be_corrected
from revsim.laws.law64 import (
    law64a_automatic_transfer,
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


def apply_law64(revokes: list[Revoke], table: TablePlay, noticed: str) -> int:
    """Decide each revoke's clause and transfer (Laws 62D, 64A, 64B) in place; return the total transfer.

    Exceptions are checked in this order: not established (corrected, Law 62), 62D at trick 12,
    64B6 (trick 12), 64B4/64B5 (noticed too late), 64B7 (both sides), 64B3 (dummy, penalty card),
    64B2 (repeated in one suit), 64B1 (no trick won), then 64A1/64A2. Revokes corrected before
    establishment (from the facts) get their Law 62 clause, or 64B8 when both sides' were corrected
    (62C3). Transfers for one side never exceed the tricks that side won from the revoke trick on, together.
    """
    assert table.record.contract is not None
    declarer = table.record.contract.declarer
    established_sides = [revoke.side for revoke in revokes if revoke.established]
    earlier: list[tuple[int, int | None]] = []
    transferred = [0, 0]
    for revoke in revokes:
        revoke.law, revoke.transfer, revoke.reason = _decide(
            revoke, table, noticed, declarer, established_sides, earlier, transferred
        )
        transferred[revoke.side] += revoke.transfer
        if revoke.established:
            earlier.append((revoke.seat, revoke.suit_led))
    return sum(transferred)


def _decide(revoke: Revoke, table: TablePlay, noticed: str, declarer: int, established_sides: list[int],
            earlier: list[tuple[int, int | None]], transferred: list[int]) -> tuple[str, int, str]:
    who = SEAT_NAMES[revoke.seat]
    side = SIDE_NAMES[revoke.side]
    if law64b8_corrected_under_62c3(revoke.corrected_by):
        return "64B8", 0, ("both sides revoked on this trick and both revokes were corrected (Law 62C3): "
                           "no transfer (Law 64B8)")
    if revoke.corrected_by == "62B1":
        return "62B1", 0, (f"noticed before it was established and corrected (Law 62A); {who}'s withdrawn "
                           f"{revoke.card} became a major penalty card (Law 62B1)")
    if revoke.corrected_by == "62B2":
        return "62B2", 0, "noticed before it was established and corrected; the card was simply replaced (Law 62B2)"
    if not revoke.established:
        return "62A", 0, (f"{who}'s revoke was not established (neither {who} nor partner played to the next "
                          "trick and no claim was made): it is corrected, with no transfer (Law 62A)")
    if law62d_trick12_must_be_corrected(revoke.trick, noticed):
        return "62D", 0, ("a revoke on trick 12 noticed before the hands were returned to the board "
                          "must be corrected (Law 62D): the last two tricks are played again with the legal card")
    if law64b6_trick_12(revoke.trick):
        return "64B6", 0, "a revoke on trick 12, too late to correct under Law 62D: no transfer (Law 64B6)"
    if law64b4_noticed_after_next_call(noticed):
        return "64B4", 0, "attention was first drawn after a call on the next deal: no transfer (Law 64B4)"
    if law64b5_noticed_after_round(noticed):
        return "64B5", 0, "attention was first drawn after the round ended: no transfer (Law 64B5)"
    if law64b7_both_sides_revoked(established_sides):
        return "64B7", 0, "both sides revoked on the board and both revokes were established: no transfer (Law 64B7)"
    if law64b3_dummy_or_penalty_card(revoke.seat, declarer, penalty_card=revoke.kind == PENALTY_CARD):
        what = "a failure to play a penalty card" if revoke.kind == PENALTY_CARD else "the card belonged to dummy"
        return "64B3", 0, f"{what}: no transfer (Law 64B3)"
    if law64b2_repeated_revoke_same_suit(revoke.seat, revoke.suit_led, earlier):
        return "64B2", 0, (f"{who} had already revoked in this suit and that revoke was established: "
                           "no transfer for this one (Law 64B2)")
    from_revoke = offending_tricks_from(table, revoke.side, revoke.trick)
    if law64b1_no_trick_won(from_revoke):
        return "64B1", 0, f"{side} won neither the revoke trick nor any later trick: no transfer (Law 64B1)"
    winner = table.replay.winner_of(revoke.trick)
    later = offending_tricks_from(table, revoke.side, revoke.trick + 1)
    if winner is None:
        later = from_revoke
    amount, clause = law64a_automatic_transfer(revoke.seat, winner, later)
    capped = max(0, min(amount, from_revoke - transferred[revoke.side]))
    won_by = ("nobody (the trick was claimed)" if winner is None else
              "the revoker" if winner == revoke.seat else
              "the revoker's partner" if side_of(winner) == revoke.side else "the non-offending side")
    reason = (f"the revoke trick was won by {won_by} and {side} won {later} later trick{'s' if later != 1 else ''}: "
              f"{amount} trick{'s' if amount != 1 else ''} transferred (Law {clause})")
    if capped < amount:
        reason += f", limited to {capped} because earlier transfers already took {side}'s other tricks"
    return clause, capped, reason
