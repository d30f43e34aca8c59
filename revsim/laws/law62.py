"""Law 62: correcting a revoke before it is established: the withdrawn card (62B), later cards changed
(62C), and the trick-12 revoke that must be corrected even when established (62D)."""

from __future__ import annotations

from collections.abc import Iterable

from revsim.cards import Seat, partner, side_of
from revsim.play.replay import Play


def law62b_withdrawn_card_becomes_penalty_card(offender: Seat, declarer: Seat) -> bool:
    """Law 62B1: a revoke card withdrawn from a defender's unfaced hand becomes a major penalty card;
    declarer's or dummy's card is replaced without further rectification (62B2)."""
    return offender not in (declarer, partner(declarer))


def law62c1_cards_that_may_be_withdrawn(plays: Iterable[Play], trick: int, offender: Seat) -> list[Play]:
    """Law 62C1: once a revoke is corrected, each member of the non-offending side may withdraw a card he played
    to the revoke trick after the revoke and substitute another, without penalty; these are those cards, in the
    order played (the corrected play chooses them again)."""
    in_trick = [play for play in plays if play.trick == trick]
    after = next((index for index, play in enumerate(in_trick) if play.seat == offender), len(in_trick)) + 1
    return [play for play in in_trick[after:] if side_of(play.seat) != side_of(offender)]


def law62c2_partner_card_stands(plays: Iterable[Play], trick: int, offender: Seat, declarer: Seat) -> Play | None:
    """Law 62C2: the card a defender's partner played to the revoke trick after the revoke, which stands in the
    corrected play unless a non-offender withdraws his first (and is then a major penalty card if changed). None
    where the partner played before the revoke, or the offenders are declarer's side (whose cards the corrected
    play lets change freely)."""
    if not law62c2_partner_card_becomes_penalty_card(offender, declarer):
        return None
    in_trick = [play for play in plays if play.trick == trick]
    after = next((index for index, play in enumerate(in_trick) if play.seat == offender), len(in_trick)) + 1
    return next((play for play in in_trick[after:] if play.seat == partner(offender)), None)


def law62c2_partner_card_becomes_penalty_card(player: Seat, declarer: Seat) -> bool:
    """Law 62C2: after a non-offender withdraws a card, the offending side's player next in rotation may
    withdraw his card, which becomes a penalty card if he is a defender."""
    return player not in (declarer, partner(declarer))


def law62c3_both_sides_corrected(revoking_sides: Iterable[int], sides_played_to_next: Iterable[int]) -> bool:
    """Law 62C3: both sides revoked on the same trick and only one side has played to the next trick when
    attention is drawn: both revokes are corrected, the one already established too (and Law 64B8: no transfer).

    ``revoking_sides`` are the sides that revoked on the trick; ``sides_played_to_next`` the sides of the cards
    played to the next trick before attention was drawn."""
    return set(revoking_sides) == {0, 1} and len(set(sides_played_to_next)) == 1


def law62d_trick12_must_be_corrected(trick: int, noticed: str) -> bool:
    """Law 62D: a revoke on trick 12, even if established, must be corrected if it is discovered
    before all four hands have been returned to the board."""
    return trick == 12 and noticed in ("during-play", "end-of-play")


def law62d2_partner_restricted(offender: Seat, declarer: Seat, partner_to_play: bool,
                               partner_suits: Iterable[int]) -> bool:
    """Law 62D2: when a defender's revoke on trick 12 is corrected and his partner has yet to play to that trick
    holding cards of two suits, the partner may not choose the card the revoke could have suggested.

    ``partner_to_play``: the partner's card to trick 12 comes after the legal card; ``partner_suits`` the suits of
    the cards he holds then."""
    defender = law62b_withdrawn_card_becomes_penalty_card(offender, declarer)
    return defender and partner_to_play and len(set(partner_suits)) >= 2
