"""Checks on deals: every card once, the right number of cards in every hand."""

from __future__ import annotations

from revsim.cards import SEAT_NAMES, Hand, full_pack, sort_hand


def complete_hands(hands: tuple[Hand, Hand, Hand, Hand]) -> tuple[Hand, Hand, Hand, Hand]:
    """Fill in the one hand a deal leaves out (``-``) when the other three hold 13 cards each."""
    empty = [seat for seat, hand in enumerate(hands) if not hand]
    if len(empty) != 1 or any(len(hand) != 13 for hand in hands if hand):
        return hands
    rest = full_pack().difference(*hands)
    filled = list(hands)
    filled[empty[0]] = frozenset(rest)
    return filled[0], filled[1], filled[2], filled[3]


def validate_hands(hands: tuple[Hand, ...], cards_each: int | None = 13) -> None:
    """Raise ValueError if a card is in two hands or a hand holds the wrong number of cards.

    ``cards_each=13``: a full deal. ``None``: hands to be played from, all the same size
    (13 for a full deal, fewer for an end position). ``0``: a deal with no play, where hands may
    be unknown (empty) but none holds more than 13 cards.
    """
    sizes = [len(hand) for hand in hands]
    if len(hands[0].union(*hands[1:])) != sum(sizes):
        seen: dict[object, int] = {}
        for seat, hand in enumerate(hands):
            for card in hand:
                if card in seen:
                    raise ValueError(f"the {card} is in both {SEAT_NAMES[seen[card]]}'s and {SEAT_NAMES[seat]}'s hands")
                seen[card] = seat
    if cards_each is None and sizes[0] == sizes[1] == sizes[2] == sizes[3] > 0:
        return
    counts = ", ".join(f"{SEAT_NAMES[s][0]} {n}" for s, n in enumerate(sizes))
    if cards_each == 0:
        for seat, size in enumerate(sizes):
            if size > 13:
                raise ValueError(f"{SEAT_NAMES[seat]} holds {size} cards, more than 13 ({counts})")
        return
    if cards_each is None and 0 in sizes:
        unknown = [SEAT_NAMES[seat] for seat, size in enumerate(sizes) if size == 0]
        raise ValueError(f"the deal gives no cards for {' and '.join(unknown)}: the play cannot be checked")
    expected = cards_each if cards_each is not None else max(sizes)
    for seat, size in enumerate(sizes):
        if size != expected:
            missing = ""
            if expected == 13:
                absent = sort_hand(full_pack().difference(*hands))
                if absent:
                    missing = f" (missing from the deal: {' '.join(map(str, absent[:8]))}{' ...' if len(absent) > 8 else ''})"
            raise ValueError(f"{SEAT_NAMES[seat]} holds {size} cards, not {expected} ({counts}){missing}")
