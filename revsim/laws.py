"""The revoke laws as pure functions: Laws 61, 62D, 63 and 64A/64B (WBF Laws of Duplicate Bridge 2017).

Each function applies one clause and names it in its docstring; ``transfer.py`` puts them together.
Seats are 0-3 (N, E, S, W); sides are 0 (North-South) and 1 (East-West).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Set

from .cards import Card, Seat, partner, side_of

NOTICED_WHEN = ("during-play", "end-of-play", "hands-returned", "after-next-call", "after-round")
"""When attention was first drawn to the revoke, earliest first.

``during-play``: during the play, after the revoke was established;
``end-of-play``: before the hands were returned to the board (the default);
``hands-returned``: after the hands were returned, before a call on the next deal;
``after-next-call``: after a member of the non-offending side called on the next deal (64B4);
``after-round``: after the round ended (64B5).
"""


def law61_failed_to_follow(hand: Set[Card], led_suit: int | None, card: Card) -> bool:
    """Law 61A: playing ``card`` from ``hand`` to a trick led in ``led_suit`` fails to follow suit when able."""
    if led_suit is None or card.suit == led_suit:
        return False
    return any(held.suit == led_suit for held in hand)


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


def law61a2_penalty_card_not_played(penalty_cards: Set[Card], hand: Set[Card], led_suit: int | None, card: Card) -> bool:
    """Laws 61A and 50D1: a major penalty card must be played at the first legal opportunity (leading,
    following suit, discarding or trumping); playing another card when one could be played is a revoke."""
    if card in penalty_cards:
        return False
    held = [penalty for penalty in penalty_cards if penalty in hand]
    if not held:
        return False
    if led_suit is None:
        return True
    can_follow = any(other.suit == led_suit for other in hand)
    return any(penalty.suit == led_suit or not can_follow for penalty in held)


def law61a2_lead_restriction_broken(hand: Set[Card], card: Card, must_lead: int | None, must_not_lead: int | None) -> bool:
    """Law 61A: failing, when able, to comply with a lead restriction (a suit required or forbidden,
    after a lead out of turn or a penalty card) is a revoke."""
    if must_lead is not None:
        return card.suit != must_lead and any(held.suit == must_lead for held in hand)
    if must_not_lead is not None:
        return card.suit == must_not_lead and any(held.suit != must_not_lead for held in hand)
    return False


def law62d_trick12_must_be_corrected(trick: int, noticed: str) -> bool:
    """Law 62D: a revoke on trick 12, even if established, must be corrected if it is discovered
    before all four hands have been returned to the board."""
    return trick == 12 and noticed in ("during-play", "end-of-play")


def law64a_automatic_transfer(revoker: Seat, revoke_trick_winner: Seat | None, offending_tricks_later: int) -> tuple[int, str]:
    """Law 64A: the tricks transferred after an established revoke, and the clause.

    64A1: the offending player won the revoke trick: that trick, plus one more if his side won
    any later trick. 64A2: he did not win it: one trick if his side won the revoke trick or any
    later trick. Declarer and dummy are separate players: a trick won in dummy is not won by declarer.
    ``revoke_trick_winner`` is None when the revoke trick was not completed (claimed during it);
    it then counts with the later tricks.
    """
    if revoke_trick_winner == revoker:
        return 1 + (1 if offending_tricks_later > 0 else 0), "64A1"
    partner_won = revoke_trick_winner is not None and side_of(revoke_trick_winner) == side_of(revoker)
    return (1 if partner_won or offending_tricks_later > 0 else 0), "64A2"


def law64b1_no_trick_won(offending_tricks_from_revoke_on: int) -> bool:
    """Law 64B1: no transfer when the offending side won neither the revoke trick nor any later trick."""
    return offending_tricks_from_revoke_on == 0


def law64b2_repeated_revoke_same_suit(revoker: Seat, suit_led: int | None,
                                      earlier_established: Iterable[tuple[Seat, int | None]]) -> bool:
    """Law 64B2: no transfer for a later revoke in the same suit by the same player once his first
    revoke in that suit is established (Law 64C2a then restores equity)."""
    return (revoker, suit_led) in set(earlier_established)


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


def law64b8_corrected_under_62c3(corrected_by: str | None) -> bool:
    """Law 64B8: no transfer when the revoke was corrected because both sides revoked on the same trick
    and only one side had played to the next trick (Law 62C3)."""
    return corrected_by == "62C3"


def law62b_withdrawn_card_becomes_penalty_card(offender: Seat, declarer: Seat) -> bool:
    """Law 62B1: a revoke card withdrawn from a defender's unfaced hand becomes a major penalty card;
    declarer's or dummy's card is replaced without further rectification (62B2)."""
    return offender not in (declarer, partner(declarer))


def law62c2_partner_card_becomes_penalty_card(player: Seat, declarer: Seat) -> bool:
    """Law 62C2: after a non-offender withdraws a card, the offending side's player next in rotation may
    withdraw his card, which becomes a penalty card if he is a defender."""
    return player not in (declarer, partner(declarer))


def law64b7_both_sides_revoked(established_offending_sides: Iterable[int]) -> bool:
    """Law 64B7: no transfer when both sides revoked on the board and both revokes were established."""
    return len(set(established_offending_sides)) == 2


# --- Law 64C and Law 12C1: equity ---------------------------------------------------------

LIKELY = 1 / 3
"""Non-weighted regime: a result at least this probable is 'likely' (for the non-offending side)."""
AT_ALL_PROBABLE = 1 / 6
"""Non-weighted regime: a result at least this probable is 'at all probable' (for the offending side)."""


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


def law12c1c_weighted(outcomes: Iterable[tuple[int, float]]) -> list[tuple[int, float]]:
    """Law 12C1c: a weighted adjusted score: each result reachable by legal play with its weight;
    equal results merged, weights normalised to sum to 1, most likely first."""
    merged: dict[int, float] = {}
    for tricks, weight in outcomes:
        merged[tricks] = merged.get(tricks, 0.0) + weight
    total = sum(merged.values())
    if total <= 0:
        raise ValueError("a weighted score needs a positive total weight")
    return sorted(((tricks, weight / total) for tricks, weight in merged.items()), key=lambda o: (-o[1], -o[0]))


def law12c1e_non_weighted(outcomes: Iterable[tuple[int, float]], better_for_side: Callable[[int], float],
                          offending: bool) -> int:
    """Law 12C1e (non-weighted): the non-offending side gets the most favourable result that was likely
    (probability at least LIKELY); the offending side the most unfavourable result that was at all
    probable (at least AT_ALL_PROBABLE). ``better_for_side`` rates a trick count for the side being scored.

    When no result reaches the threshold, the most probable results are the pool.
    """
    weighted = law12c1c_weighted(outcomes)
    threshold = AT_ALL_PROBABLE if offending else LIKELY
    pool = [tricks for tricks, weight in weighted if weight >= threshold - 1e-12]
    if not pool:
        top = weighted[0][1]
        pool = [tricks for tricks, weight in weighted if abs(weight - top) < 1e-12]
    return min(pool, key=better_for_side) if offending else max(pool, key=better_for_side)
