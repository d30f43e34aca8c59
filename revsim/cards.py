"""Cards, suits, seats and deals: the plain-Python vocabulary every other module uses.

Indices follow endplay's enums so the solver module can convert without tables:
suits 0-3 are spades, hearts, diamonds, clubs (4 is notrump as a strain);
seats 0-3 are North, East, South, West.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import NamedTuple

SUIT_LETTERS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
STRAIN_LETTERS = ("S", "H", "D", "C", "NT")
NOTRUMP = 4
RANK_LETTERS = "23456789TJQKA"
SEAT_LETTERS = "NESW"
SEAT_NAMES = ("North", "East", "South", "West")
SUIT_SYMBOLS = "♠♥♦♣"
_SYMBOL_TO_LETTER = dict(zip(SUIT_SYMBOLS, SUIT_LETTERS, strict=True)) | dict(zip("♤♡♢♧", SUIT_LETTERS, strict=True))

Seat = int
Hand = frozenset["Card"]
Layout = tuple[Hand, Hand, Hand, Hand]
"""The cards each seat holds (North, East, South, West): a deal, or a layout a player deals of the hands he
cannot see."""


class Card(NamedTuple):
    """A playing card: ``suit`` 0-3 (S, H, D, C) and ``rank`` 2-14 (ace high)."""

    suit: int
    rank: int

    def __str__(self) -> str:
        return SUIT_LETTERS[self.suit] + RANK_LETTERS[self.rank - 2]

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read a card such as ``SJ``, ``s10``, ``HT`` or ``♠Q``; raise ValueError otherwise.

        Examples:
            >>> Card.parse("s10"), str(Card.parse("♠Q"))
            (Card(suit=0, rank=10), 'SQ')
        """
        known = CARD_TOKENS.get(text)
        if known is not None:
            return known
        token = text.strip()
        if len(token) < 2:
            raise ValueError(f"{text!r} is not a card")
        suit_char = _SYMBOL_TO_LETTER.get(token[0], token[0].upper())
        rank_text = token[1:].upper()
        if rank_text == "10":
            rank_text = "T"
        if suit_char not in SUIT_LETTERS or len(rank_text) != 1 or rank_text not in RANK_LETTERS:
            raise ValueError(f"{text!r} is not a card")
        return cls(SUIT_LETTERS.index(suit_char), RANK_LETTERS.index(rank_text) + 2)


DECK: tuple[tuple[Card, ...], ...] = tuple(
    tuple(Card(suit, rank) for rank in range(15)) for suit in range(4)
)
"""``DECK[suit][rank]``: one shared Card object per card (ranks 2-14; 0 and 1 unused)."""

CARD_TOKENS: dict[str, Card] = {}
for _suit in range(4):
    for _rank in range(2, 15):
        _letter, _rank_char = SUIT_LETTERS[_suit], RANK_LETTERS[_rank - 2]
        for _token in (_letter + _rank_char, (_letter + _rank_char).lower(), _letter + _rank_char.lower()):
            CARD_TOKENS[_token] = DECK[_suit][_rank]
    CARD_TOKENS[SUIT_LETTERS[_suit] + "10"] = DECK[_suit][10]
_RANK_INDEX = {char: index + 2 for index, char in enumerate(RANK_LETTERS)} | {
    char.lower(): index + 2 for index, char in enumerate(RANK_LETTERS)}


def seat_from_letter(letter: str) -> Seat:
    """The seat index of ``N``, ``E``, ``S`` or ``W`` (case-insensitive)."""
    upper = letter.strip().upper()[:1]
    if not upper or upper not in SEAT_LETTERS:
        raise ValueError(f"{letter!r} is not a seat (N, E, S or W)")
    return SEAT_LETTERS.index(upper)


def next_seat(seat: Seat, steps: int = 1) -> Seat:
    """The seat ``steps`` places clockwise from ``seat``."""
    return (seat + steps) % 4


def partner(seat: Seat) -> Seat:
    """The partner of ``seat``."""
    return (seat + 2) % 4


def side_of(seat: Seat) -> int:
    """0 for North-South, 1 for East-West."""
    return seat % 2


SIDE_NAMES = ("North-South", "East-West")


def full_pack() -> frozenset[Card]:
    """All 52 cards."""
    return frozenset(Card(suit, rank) for suit in range(4) for rank in range(2, 15))


def sort_hand(cards: frozenset[Card] | set[Card] | list[Card]) -> list[Card]:
    """Cards by suit (S, H, D, C), high to low."""
    return sorted(cards, key=lambda card: (card.suit, -card.rank))


def hand_to_pbn(cards: frozenset[Card] | set[Card] | list[Card]) -> str:
    """A hand as PBN ``AKQ.JT9..5432`` (spades first)."""
    by_suit = ["", "", "", ""]
    for card in sort_hand(cards):
        by_suit[card.suit] += RANK_LETTERS[card.rank - 2]
    return ".".join(by_suit)


def parse_pbn_hand(text: str) -> frozenset[Card]:
    """A PBN hand ``AKQ.JT9..5432`` (``-`` for an unknown hand gives an empty set)."""
    if text in ("-", ""):
        return frozenset()
    suits = text.split(".")
    if len(suits) != 4:
        raise ValueError(f"hand {text!r} does not have four suits separated by dots")
    cards: list[Card] = []
    for suit, ranks in enumerate(suits):
        if "10" in ranks:
            ranks = ranks.replace("10", "T")
        row = DECK[suit]
        for rank_char in ranks:
            rank = _RANK_INDEX.get(rank_char)
            if rank is None:
                raise ValueError(f"hand {text!r}: {rank_char!r} is not a rank")
            cards.append(row[rank])
    hand = frozenset(cards)
    if len(hand) != len(cards):
        twice = next(card for card in cards if cards.count(card) > 1)
        raise ValueError(f"hand {text!r} holds the {twice} twice")
    return hand


def parse_pbn_deal(text: str) -> tuple[Hand, Hand, Hand, Hand]:
    """A PBN deal ``N:hand hand hand hand`` as four hands indexed by seat (N, E, S, W)."""
    text = text.strip()
    if len(text) < 2 or text[1] != ":":
        raise ValueError(f"deal {text!r} does not start with a seat and a colon (like 'N:')")
    first = seat_from_letter(text[0])
    parts = text[2:].split()
    if len(parts) != 4:
        raise ValueError(f"deal {text!r} does not have four hands")
    hands: list[Hand] = [frozenset()] * 4
    for offset, part in enumerate(parts):
        hands[next_seat(first, offset)] = parse_pbn_hand(part)
    return hands[0], hands[1], hands[2], hands[3]


def deal_to_pbn(hands: tuple[Hand, ...] | list[Hand], first: Seat = 0) -> str:
    """Four hands (indexed by seat) as a PBN deal string starting with ``first``."""
    return SEAT_LETTERS[first] + ":" + " ".join(
        hand_to_pbn(hands[next_seat(first, offset)]) for offset in range(4)
    )


def high_card_points(hand: Iterable[Card]) -> int:
    """Milton Work's count: ace 4, king 3, queen 2, jack 1."""
    return sum(max(card.rank - 10, 0) for card in hand)


def card_with_symbol(card: Card) -> str:
    """A card as the pages and the statement's words write it: ``♠J``, ``♥T``."""
    return SUIT_SYMBOLS[card.suit] + RANK_LETTERS[card.rank - 2]


_CARD_IN_WORDS = re.compile(r"(?<![\w/.:-])([SHDC])(10|[AKQJT2-9])(?![\w-])")
_QUOTED = re.compile("(\u201c[^\u201d]*\u201d)")


def cards_in_words(text: str, write: Callable[[Card], str] = card_with_symbol) -> str:
    """The cards in revsim's own words (``the S2``) each written by ``write``; words quoted as people said them
    (in \u201c \u201d) are left exactly as said.

    Examples:
        >>> cards_in_words("East played the S2 to trick 10 (\u201cS2 is mine\u201d)")
        'East played the ♠2 to trick 10 (\u201cS2 is mine\u201d)'
    """
    parts = _QUOTED.split(text)
    return "".join(part if index % 2 else _CARD_IN_WORDS.sub(
        lambda found: write(Card.parse(found.group(1) + found.group(2))), part) for index, part in enumerate(parts))


def trick_winner(cards: list[tuple[Seat, Card]], trump: int) -> Seat:
    """The seat that wins a trick: ``cards`` in the order played; ``trump`` 0-3, or 4 for notrump."""
    best_seat, best = cards[0]
    for seat, card in cards[1:]:
        if card.suit == best.suit and card.rank > best.rank:
            best_seat, best = seat, card
        elif card.suit == trump and best.suit != trump:
            best_seat, best = seat, card
    return best_seat
