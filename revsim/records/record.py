"""A recorded board: the deal, the contract and the play, whatever file format it came from."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from revsim.cards import NOTRUMP, STRAIN_LETTERS, Card, Hand, Seat, next_seat, seat_from_letter
from revsim.records.errors import RecordRef
from revsim.records.facts import Facts

VULNERABILITIES = ("None", "NS", "EW", "All")
_VUL_ALIASES = {
    "none": "None", "love": "None", "-": "None", "o": "None", "0": "None",
    "ns": "NS", "n": "NS", "ew": "EW", "e": "EW",
    "all": "All", "both": "All", "b": "All",
}
_CONTRACT = re.compile(r"^([1-7])(NT|N|S|H|D|C)(XX|X|R)?$")


def parse_vulnerability(text: str) -> str:
    """``None``, ``NS``, ``EW`` or ``All`` from PBN or LIN spellings; ValueError otherwise."""
    try:
        return _VUL_ALIASES[text.strip().lower()]
    except KeyError:
        raise ValueError(f"vulnerability {text!r} is not one of None, NS, EW, All") from None


@dataclass(frozen=True)
class Contract:
    """A contract: level 1-7, strain 0-4 (S, H, D, C, NT), doubled 0-2, declarer seat."""

    level: int
    strain: int
    doubled: int
    declarer: Seat

    def __str__(self) -> str:
        return f"{self.level}{STRAIN_LETTERS[self.strain]}{'X' * self.doubled}"

    @property
    def trump(self) -> int:
        """The trump suit 0-3, or 4 at notrump."""
        return self.strain

    @property
    def opening_leader(self) -> Seat:
        """Declarer's left-hand opponent."""
        return next_seat(self.declarer)

    @property
    def tricks_needed(self) -> int:
        """Declarer's tricks needed to make the contract."""
        return self.level + 6

    def describe(self) -> str:
        """Like ``3NTX by South``."""
        return f"{self} by {('North', 'East', 'South', 'West')[self.declarer]}"

    @classmethod
    def parse(cls, text: str, declarer: str | Seat) -> "Contract | None":
        """A contract such as ``4S``, ``3NTX``, ``6HXX`` (``Pass`` gives None); ValueError otherwise."""
        cleaned = text.strip().upper().replace(" ", "")
        if cleaned in ("PASS", "P", "AP", ""):
            return None
        match = _CONTRACT.match(cleaned)
        if not match:
            raise ValueError(f"contract {text!r} is not a level, a strain and X or XX (like 4S, 3NTX)")
        level, strain_text, double_text = match.groups()
        strain = NOTRUMP if strain_text in ("N", "NT") else "SHDC".index(strain_text)
        doubled = {None: 0, "X": 1, "XX": 2, "R": 2}[double_text]
        seat = declarer if isinstance(declarer, int) else seat_from_letter(declarer)
        return cls(int(level), strain, doubled, seat)


class PlayedCard(NamedTuple):
    """One card of the recorded play, in the order played.

    ``seat`` and ``row`` (the trick's line of the record, from 1) are known for PBN, whose
    [Play] gives each trick in fixed columns; the replay then orders each row from its leader.
    For LIN both are None and the cards come in the order played. ``marked_revoke`` and
    ``led_out_of_turn`` carry PBN's ``^R`` and ``^L``.
    """

    card: Card
    seat: Seat | None = None
    line: int | None = None
    row: int | None = None
    marked_revoke: bool = False
    led_out_of_turn: bool = False


@dataclass(frozen=True)
class Record:
    """A board as recorded: where it came from, the deal, the contract and the play.

    ``hands`` are the cards each seat (N, E, S, W) held when the given play starts.
    ``claimed_total`` is declarer's total tricks agreed after a claim or
    concession (None when all cards were played or the record says nothing).
    ``first_trick`` and ``tricks_before`` (declarer's side, defenders) describe end positions.
    ``result_from`` says where ``claimed_total`` came from (``claim``, ``[Result]``, ``mc``, ``[Score]``);
    ``stated_score_ns`` is North-South's score as recorded ([Score]), used when nothing else gives the
    result. ``info`` holds what the record says about the event and the players: ``event``, ``date``,
    ``room``, ``scoring`` (the event's form of scoring), ``north``, ``east``, ``south``, ``west``. ``ruled_with``
    is a case file's ``settings`` table, how the board was ruled (``equity.settings.settings_for_case`` applies
    it). Frozen: a changed record is a new one
    (``dataclasses.replace``), so nothing that reads a record can change it for another.
    """

    source: str
    board: str
    line: int | None
    hands: tuple[Hand, Hand, Hand, Hand]
    contract: Contract | None
    dealer: Seat | None = None
    vulnerability: str = "None"
    auction: list[str] = field(default_factory=list)
    play: list[PlayedCard] = field(default_factory=list)
    claimed_total: int | None = None
    stated_result: int | None = None
    first_trick: int = 1
    leader: Seat | None = None
    tricks_before: tuple[int, int] = (0, 0)
    notes: list[str] = field(default_factory=list)
    facts: Facts = field(default_factory=Facts)
    result_from: str | None = None
    stated_score_ns: int | None = None
    info: dict[str, str] = field(default_factory=dict)
    ruled_with: dict[str, Any] = field(default_factory=dict)

    @property
    def opening_leader(self) -> Seat:
        """Who leads the first trick of the given play."""
        if self.leader is not None:
            return self.leader
        assert self.contract is not None
        return self.contract.opening_leader

    def where(self) -> RecordRef:
        """Location fields for a RecordError about this record."""
        return {"source": self.source, "board": self.board, "line": self.line}


EVENT_KEYS = ("event", "date", "session", "table", "room", "director", "scoring")
"""The keys of ``Record.info`` that say where and how the board was played and ruled."""
PLAYER_KEYS = ("north", "east", "south", "west")
"""The keys of ``Record.info`` that name the players, seat by seat (N, E, S, W)."""
INFO_KEYS = EVENT_KEYS + PLAYER_KEYS
"""The keys of ``Record.info``, in the order outputs show them."""
CASE_EVENT_KEYS = tuple(key for key in EVENT_KEYS if key != "room")
"""The event keys a case file has as keys of its own (the room is a PBN tag only)."""
