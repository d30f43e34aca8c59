"""The positions the solver has solved, kept by relative rank (the solver module asks and tells; nothing here
talks to DDS).

A position's double-dummy values depend on the order of the cards still in play, not on their ranks: with the
SK played, a hand's SQ is as good as the SK was. So a position is kept with each card named by its rank among
the cards of its suit still in play (the hands and the trick in progress): positions that differ only in which
of two touching cards remains are one position, solved once. Its values are kept the same way and read back
onto the cards of the position that asks.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping

from revsim.cards import Card, Seat

_CARDS = {suit << 4 | rank: Card(suit, rank) for suit in range(4) for rank in range(2, 15)}
Codes = dict[Card, int]
"""Each card in play as ``suit << 4 | r``, ``r`` its rank among the cards of its suit still in play (0 the lowest)."""


def relative_codes(hands: Iterable[Iterable[Card]], trick: Iterable[tuple[Seat, Card]]) -> Codes:
    """Each card of the hands and of the trick in progress by its relative rank (``Codes``)."""
    live = [card for hand in hands for card in hand]
    live += [card for _, card in trick]
    suits = [0, 0, 0, 0]
    for card in live:
        suits[card.suit] |= 1 << card.rank
    return {card: card.suit << 4 | (suits[card.suit] & ((1 << card.rank) - 1)).bit_count() for card in live}


def position_key(hands: Iterable[Iterable[Card]], leader: Seat, trick: Iterable[tuple[Seat, Card]], trump: int,
                 codes: Codes) -> tuple[int, ...]:
    """A position as it is kept, in a few small integers: each hand as one bit mask of its cards' codes (16 bits a
    suit), trump, the leader and the trick in progress (each card's code)."""
    masks = [sum(1 << codes[card] for card in hand) for hand in hands]
    return (*masks, trump, leader, *(codes[card] for _, card in trick))


_MASKS: dict[frozenset[Card], tuple[int, int, int, int]] = {}
_MASKS_SIZE = 65536


def hand_masks(hand: frozenset[Card]) -> tuple[int, int, int, int]:
    """A hand as DDS takes it: a bit mask of its ranks in each suit (kept for the hands met again, which in a
    search are most of them)."""
    found = _MASKS.get(hand)
    if found is None:
        masks = [0, 0, 0, 0]
        for card in hand:
            masks[card.suit] |= 1 << card.rank
        found = (masks[0], masks[1], masks[2], masks[3])
        if len(_MASKS) >= _MASKS_SIZE:
            _MASKS.clear()
        _MASKS[hand] = found
    return found


def exact_key(hands: Iterable[frozenset[Card]], leader: Seat, trick: Iterable[tuple[Seat, Card]],
              trump: int) -> tuple[int, ...]:
    """A position by its own cards, in a few small integers: each hand's ranks as one bit mask (16 bits a suit),
    trump, the leader and the trick in progress (each card as ``suit << 4 | rank``)."""
    packed = [masks[0] | masks[1] << 16 | masks[2] << 32 | masks[3] << 48 for masks in map(hand_masks, hands)]
    return (*packed, trump, leader, *(card.suit << 4 | card.rank for _, card in trick))


class SolvedPositions:
    """The solved positions, at most ``size`` of them, the least recently used dropped first (a few hundred bytes
    each): a ruling meets the same positions again in its worlds, its candidates and its play-outs."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[int, ...], bytes] = OrderedDict()
        self._exact: OrderedDict[tuple[int, ...], bytes] = OrderedDict()
        """The same values by the position's own cards (``exact_key``): a position met again is found without working
        out its relative ranks (a dozen times the cost of its own key)."""

    def __len__(self) -> int:
        """The positions kept (each by its own cards; the large ones by relative rank too)."""
        return len(self._exact)

    def clear(self) -> None:
        self._kept.clear()
        self._exact.clear()

    def recall_exact(self, key: tuple[int, ...]) -> dict[Card, int] | None:
        """The values of the position with the exact key ``key``, or None."""
        found = self._exact.get(key)
        if found is None:
            return None
        self._exact.move_to_end(key)
        return {_CARDS[found[index]]: found[index + 1] for index in range(0, len(found), 2)}

    def remember_exact(self, key: tuple[int, ...], values: Mapping[Card, int]) -> None:
        self._exact[key] = bytes(byte for card, tricks in values.items() for byte in (card.suit << 4 | card.rank, tricks))
        if len(self._exact) > self.size:
            self._exact.popitem(last=False)

    def recall(self, key: tuple[int, ...], codes: Codes) -> dict[Card, int] | None:
        """The values of the position kept under ``key`` (``position_key``), on the cards ``codes`` names, or None."""
        found = self._kept.get(key)
        if found is None:
            return None
        self._kept.move_to_end(key)
        cards = {code: card for card, code in codes.items()}
        return {cards[found[index]]: found[index + 1] for index in range(0, len(found), 2)}

    def remember(self, key: tuple[int, ...], values: Mapping[Card, int], codes: Codes) -> None:
        """``values`` kept under ``key``, each card by its code."""
        self._kept[key] = bytes(byte for card, tricks in values.items() for byte in (codes[card], tricks))
        if len(self._kept) > self.size:
            self._kept.popitem(last=False)
