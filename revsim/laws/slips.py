"""Recording slips: the signatures of an operator's typing error, told apart from revokes.

Vugraph and club records are typed as the play goes; a slip can look like a revoke. A revoke that shows
one of these signatures is marked ``suspect`` with the signature's name, so an analyst can set it aside
(``scan --exclude-suspect``); it is still ruled on as recorded, because the record is all revsim has.

- ``same-rank``: the card is of the rank the player held in the suit led (the H7 for the S7: a suit typed
  wrong);
- ``several-in-trick``: two or more players "failed to follow" in one trick (a wrong lead typed);
- ``many-revokes``: more revokes on one board than real play has (more than three);
- ``swapped``: the player's next card is of the suit he "failed to follow", to a trick led in the revoke
  card's suit, so the two cards fit each other's tricks (recorded in the wrong order).
"""

from __future__ import annotations

from collections import Counter

from revsim.cards import Card
from revsim.laws.clauses import RevokeKind
from revsim.laws.detection import Revoke
from revsim.play.replay import Play, Replay

MANY_REVOKES = 3
"""More revokes than this on one board is a slip's signature: real play has one, rarely two or three."""


def suspect_reasons(replay: Replay, revokes: list[Revoke]) -> dict[int, str]:
    """For each revoke (by its ``order``) that shows a slip's signature, the signatures' names joined by ``;``."""
    held = _holdings_before(replay)
    failures = Counter(r.trick for r in revokes if r.kind == RevokeKind.FOLLOW_SUIT and r.corrected_by is None)
    found: dict[int, str] = {}
    for revoke in revokes:
        signs = []
        if revoke.kind == RevokeKind.FOLLOW_SUIT and revoke.suit_led is not None:
            hand = held.get((revoke.trick, revoke.seat), frozenset())
            if Card(revoke.suit_led, revoke.card.rank) in hand:
                signs.append("same-rank")
            if failures[revoke.trick] >= 2:
                signs.append("several-in-trick")
            if _swapped(replay.plays, revoke):
                signs.append("swapped")
        if len(revokes) > MANY_REVOKES:
            signs.append("many-revokes")
        if signs:
            found[revoke.order] = ";".join(signs)
    return found


def _holdings_before(replay: Replay) -> dict[tuple[int, int], frozenset[Card]]:
    """What each player held just before each of his plays: (trick, seat) -> hand."""
    hands = [set(hand) for hand in replay.initial_hands]
    before = {}
    for play in replay.plays:
        before[(play.trick, play.seat)] = frozenset(hands[play.seat])
        hands[play.seat].discard(play.card)
    return before


def _swapped(plays: list[Play], revoke: Revoke) -> bool:
    """The player's next card follows the suit he failed to follow, to a trick led in the revoke card's suit."""
    later = [play for play in plays if play.seat == revoke.seat and play.trick > revoke.trick]
    if not later:
        return False
    following = later[0]
    return (following.card.suit == revoke.suit_led and following.led_suit == revoke.card.suit)
