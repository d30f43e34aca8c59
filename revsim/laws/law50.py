"""Law 50: penalty cards. 50B: a single card below honour rank exposed inadvertently is a minor penalty card; any
other, or any card of a defender who has two or more penalty cards, is major. (50D, how a major penalty card is
played, is in ``likely.penalty``: it decides plays, not revokes.)"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from revsim.records.facts import PenaltyCard


def law50b_penalty_cards(cards: Iterable[PenaltyCard]) -> list[PenaltyCard]:
    """Law 50B: the major penalty cards in force: every major card, and a minor one from the trick its holder has
    a second penalty card on (from then all his penalty cards are major). A minor card alone binds nothing here:
    50C's restriction on the holder's other low cards of its suit is left to the director."""
    cards = list(cards)
    major: list[PenaltyCard] = []
    for card in cards:
        if not card.minor:
            major.append(card)
            continue
        others = [other.from_trick for other in cards if other.player == card.player and other is not card]
        if others:
            since = max(card.from_trick, min(others))
            major.append(replace(card, minor=False, from_trick=since,
                                 why=(card.why + "; " if card.why else "") + f"major from trick {since}: a second "
                                     "penalty card (Law 50B)"))
    return major
