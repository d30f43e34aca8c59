"""Unauthorised information from partner (Law 16B), as data: the decision it bore on (a player's card to a trick),
where it came from (a question, a remark, a withdrawn card) and what it showed, as facts about the hands that the
layouts a player imagines can be checked against: a hand holds these cards, or this many cards of a suit."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from revsim.cards import SEAT_LETTERS, SEAT_NAMES, SUIT_LETTERS, Card, Seat, partner, seat_from_letter

SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")

SOURCES = ("question", "remark", "hesitation", "withdrawn card", "explanation", "other")
"""Where unauthorised information comes from, as the desk offers it (the case file's ``source`` begins with one, the
director's words after a colon: ``hesitation: West thought for a minute before passing``)."""

SHOWN_FORMS: tuple[tuple[str, str], ...] = (
    ("void", r"^([NESW])\s*:?\s*void\s+(?:in\s+)?([SHDC])$"),
    ("at-least", r"^([NESW])\s*:?\s*at\s+least\s+(\d{1,2})\s+([SHDC])$"),
    ("at-most", r"^([NESW])\s*:?\s*at\s+most\s+(\d{1,2})\s+([SHDC])$"),
    ("exactly", r"^([NESW])\s*:?\s*(?:exactly\s+)?(\d{1,2})\s+([SHDC])$"),
    ("between", r"^([NESW])\s*:?\s*(\d{1,2})\s*-\s*(\d{1,2})\s+([SHDC])$"),
    ("cards", r"^([NESW])\s*:?\s*(?:holds\s+)?((?:[SHDC](?:10|[2-9TJQKA])[\s,]*)+)$"),
)
"""The one-line forms of one thing the information showed, read case-insensitively by Python and by the desk's
JavaScript alike: ``W: void in S``, ``S: at least 6 D``, ``N: at most 2 H``, ``E: 3 C`` (exactly), ``N: 2-4 H``,
``E: SK HQ`` (cards the hand holds)."""

SHOWN_EXAMPLES = ("W: void in S", "S: at least 6 D", "N: at most 2 H", "E: 3 C", "E: SK")


@dataclass(frozen=True)
class Shown:
    """One thing the information showed of ``seat``'s original hand: it holds ``cards``, or holds at least
    ``at_least`` and at most ``at_most`` cards of ``suit``."""

    seat: Seat
    cards: tuple[Card, ...] = ()
    suit: int | None = None
    at_least: int | None = None
    at_most: int | None = None

    def fits(self, hand: Iterable[Card]) -> bool:
        """Whether a whole original hand fits what was shown."""
        held = set(hand)
        if any(card not in held for card in self.cards):
            return False
        if self.suit is None:
            return True
        length = sum(1 for card in held if card.suit == self.suit)
        return (self.at_least is None or length >= self.at_least) and (self.at_most is None or length <= self.at_most)

    @property
    def form(self) -> str:
        """Which of ``SHOWN_FORMS`` this fact takes: ``cards``, ``void``, ``exactly``, ``at-least``, ``at-most`` or
        ``between`` (the one classification its words and its line are both written from)."""
        if self.cards:
            return "cards"
        if self.at_most == 0:
            return "void"
        if self.at_least is not None and self.at_least == self.at_most:
            return "exactly"
        if self.at_most is None:
            return "at-least"
        return "at-most" if self.at_least is None else "between"

    def describe(self) -> str:
        who, form = SEAT_NAMES[self.seat], self.form
        if form == "cards":
            return f"{who} holds the {' '.join(str(card) for card in self.cards)}"
        assert self.suit is not None
        words = {"void": f"is void in {SUIT_WORDS[self.suit]}",
                 "exactly": f"holds {_count(self.at_least or 0, self.suit)}",
                 "at-least": f"holds at least {_count(self.at_least or 0, self.suit)}",
                 "at-most": f"holds at most {_count(self.at_most or 0, self.suit)}",
                 "between": f"holds {self.at_least} to {self.at_most} {SUIT_WORDS[self.suit]}"}
        return f"{who} {words[form]}"

    def as_line(self) -> str:
        """The one-line form (``SHOWN_FORMS``) that reads back to this fact."""
        who, form = SEAT_LETTERS[self.seat], self.form
        if form == "cards":
            return f"{who}: {' '.join(str(card) for card in self.cards)}"
        assert self.suit is not None
        suit = SUIT_LETTERS[self.suit]
        lines = {"void": f"void in {suit}", "exactly": f"{self.at_least} {suit}",
                 "at-least": f"at least {self.at_least or 0} {suit}", "at-most": f"at most {self.at_most} {suit}",
                 "between": f"{self.at_least}-{self.at_most} {suit}"}
        return f"{who}: {lines[form]}"

    def as_table(self) -> dict[str, Any]:
        table: dict[str, Any] = {"seat": SEAT_LETTERS[self.seat]}
        if self.cards:
            table["cards"] = [str(card) for card in self.cards]
        if self.suit is not None:
            table["suit"] = SUIT_LETTERS[self.suit]
        if self.at_least is not None:
            table["at_least"] = self.at_least
        if self.at_most is not None:
            table["at_most"] = self.at_most
        return table


@dataclass(frozen=True)
class Information:
    """Unauthorised information ``player`` had from partner before his card to ``trick`` (Law 16B): ``source`` in
    the director's words, ``shows`` what it told him about the hands."""

    trick: int
    player: Seat
    shows: tuple[Shown, ...]
    source: str = ""
    line: int | None = None
    penalty_tricks: int = 0
    """The tricks it told declarer his side will get from the revoke laws (dummy's question about an established
    revoke: a penalty trick to come, Law 64A), so that he needs that many fewer from the play."""

    @property
    def law(self) -> str:
        """The law that makes it unauthorised: 16D for a withdrawn card, else 16B (information from partner)."""
        return "16D" if self.source.startswith("withdrawn card") else "16B"

    def describe(self, declarer: Seat | None = None) -> str:
        """In words; with ``declarer``, a card of dummy's is declarer's decision, and said so."""
        source = f" ({self.source})" if self.source else ""
        who = who_decided(self.player, declarer)
        return (f"{who} had unauthorised information from partner before the card to trick {self.trick}{source}: "
                f"it {self.told()}")

    def told(self) -> str:
        """What it told, in words: ``showed that East holds ...``, ``told of 1 penalty trick to come``."""
        parts = [f"showed that {'; '.join(shown.describe() for shown in self.shows)}"] if self.shows else []
        if self.penalty_tricks:
            parts.append(f"told of {self.penalty_tricks} penalty trick{'s' if self.penalty_tricks > 1 else ''} to come "
                         "(Law 64A)")
        return " and ".join(parts)

    def as_table(self) -> dict[str, Any]:
        table: dict[str, Any] = {"trick": self.trick, "player": SEAT_LETTERS[self.player]}
        if self.source:
            table["source"] = self.source
        table["shows"] = [shown.as_table() for shown in self.shows]
        if self.penalty_tricks:
            table["penalty_tricks"] = self.penalty_tricks
        return table


def who_decided(player: Seat, declarer: Seat | None) -> str:
    """Who chose ``player``'s card, in words: declarer where it was dummy's (``South, playing dummy's card,``)."""
    if declarer is not None and player == partner(declarer):
        return f"{SEAT_NAMES[declarer]}, playing dummy's card,"
    return SEAT_NAMES[player]


def _count(number: int, suit: int) -> str:
    """``1 club``, ``3 clubs``."""
    word = SUIT_WORDS[suit]
    return f"{number} {word[:-1] if number == 1 else word}"


def information_of(table: dict[str, Any], line: int | None) -> Information:
    """A case file's ``[information]`` table; ValueError naming what is wrong."""
    try:
        player = seat_from_letter(str(table.get("player", "")))
    except ValueError:
        raise ValueError("information: `player` must be N, E, S or W (the player who had the information)") from None
    shows = []
    for number, entry in enumerate(table.get("shows", []), start=1):
        where = f"information: shows[{number}]"
        try:
            seat = seat_from_letter(str(entry.get("seat", "")))
        except ValueError:
            raise ValueError(f"{where}: `seat` must be N, E, S or W") from None
        cards = tuple(_card(text, where) for text in entry.get("cards", ()))
        suit = None
        if "suit" in entry:
            letter = str(entry["suit"]).strip().upper()[:1]
            if not letter or letter not in SUIT_LETTERS:
                raise ValueError(f"{where}: `suit` must be S, H, D or C")
            suit = SUIT_LETTERS.index(letter)
        least, most = entry.get("at_least"), entry.get("at_most")
        if suit is None and not cards:
            raise ValueError(f"{where} needs `cards` (held by the seat) or a `suit` with at_least or at_most")
        if suit is not None and least is None and most is None:
            raise ValueError(f"{where}: a suit needs at_least or at_most (how many cards of it the seat holds)")
        shows.append(Shown(seat, cards, suit, None if least is None else int(least), None if most is None else int(most)))
    penalty_tricks = table.get("penalty_tricks", 0)
    if isinstance(penalty_tricks, bool) or not isinstance(penalty_tricks, int) or not 0 <= penalty_tricks <= 13:
        raise ValueError("information: `penalty_tricks` must be a whole number of tricks from 0 to 13")
    if not shows and not penalty_tricks:
        raise ValueError("information needs what it showed: one or more [[information.shows]], or penalty_tricks")
    return Information(int(table.get("trick", 0)), player, tuple(shows), str(table.get("source", "")), line,
                       penalty_tricks)


def _card(text: Any, where: str) -> Card:
    try:
        return Card.parse(str(text))
    except ValueError:
        raise ValueError(f"{where}: {text!r} is not a card like SK or H10") from None


def shown_from_line(text: str) -> Shown:
    """One thing the information showed, from its one-line form (``SHOWN_FORMS``); ValueError naming the forms."""
    line = text.strip()
    for kind, pattern in SHOWN_FORMS:
        found = re.match(pattern, line, re.IGNORECASE)
        if found is None:
            continue
        groups = found.groups()
        seat = seat_from_letter(groups[0].upper())
        if kind == "cards":
            return Shown(seat, tuple(Card.parse(card) for card in re.findall(r"[SHDC](?:10|[2-9TJQKA])", groups[1],
                                                                             re.IGNORECASE)))
        suit = SUIT_LETTERS.index(groups[-1].upper())
        if kind == "void":
            return Shown(seat, (), suit, None, 0)
        if kind == "between":
            return Shown(seat, (), suit, int(groups[1]), int(groups[2]))
        number = int(groups[1])
        return Shown(seat, (), suit, number if kind in ("at-least", "exactly") else None,
                     number if kind in ("at-most", "exactly") else None)
    raise ValueError(f"{text!r} is not what a hand was shown to hold, like {', '.join(SHOWN_EXAMPLES)}")
