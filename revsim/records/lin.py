"""Reading BBO LIN files (single boards and vugraph files with ``qx|``) into Records.

Keys used: ``md`` (dealer and hands), ``sv`` (vulnerability), ``mb`` (calls), ``pc`` (cards in play
order), ``mc`` (claim: declarer's total tricks), ``ah`` and ``qx`` (board names), ``pn`` (players),
``up`` (undo the last card). The contract comes from the auction; the result comes from the play and
the claim, never from a trick count of endplay's (wrong without ``mc``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from revsim.cards import RANK_LETTERS, SUIT_LETTERS, Card, Hand, next_seat
from revsim.records.auction import contract_from_auction, normalise_call
from revsim.records.errors import BoardRef, RecordError
from revsim.records.record import PlayedCard, Record, parse_vulnerability
from revsim.records.source import read_source
from revsim.records.validation import complete_hands, validate_hands

_LIN_DEALER = {"1": 2, "2": 3, "3": 0, "4": 1}  # LIN's 1=S 2=W 3=N 4=E as seat indices (N=0)


@dataclass
class _LinBoard:
    line: int
    name: str | None = None
    deal: tuple[str, int] | None = None
    vulnerability: tuple[str, int] | None = None
    calls: list[tuple[str, int]] = field(default_factory=list)
    cards: list[tuple[str, int]] = field(default_factory=list)
    claim: tuple[str, int] | None = None
    players: str | None = None
    event: str | None = None
    pairs: int = 0


def read_lin(path: str | Path) -> Iterator[Record | RecordError]:
    """Every board of a LIN file, as a Record or a RecordError naming what is wrong."""
    return read_source(path, parse_lin)


def parse_lin(text: str, source: str = "<lin>") -> Iterator[Record | RecordError]:
    """Every board of LIN text, as a Record or a RecordError (reading stops at text no LIN record holds)."""
    boards = _split_boards(text)
    ordinal = 0
    while True:
        try:
            board = next(boards)
        except StopIteration:
            return
        except RecordError as error:
            yield error.located(source=source)
            return
        ordinal += 1
        name = board.name or f"#{ordinal}"
        try:
            yield _to_record(board, source, name)
        except RecordError as error:
            yield error.located(source=source, board=name, line=board.line)


MAX_VALUE_CHARACTERS = 65_536
"""The longest value a LIN pair may have (a whole board's play is a few hundred characters)."""

MAX_BOARD_PAIRS = 2_000
"""The most pairs one LIN board may have."""


def _pairs(text: str) -> Iterator[tuple[str, str, int]]:
    """``key|value|`` pairs with the line each key is on, found one at a time (the text is never split
    whole, so memory stays near the text's own size); RecordError for a value longer than any LIN has."""
    line, position = 1, 0
    while True:
        bar = text.find("|", position)
        if bar < 0:
            return
        end = text.find("|", bar + 1)
        if end < 0:
            return
        key, value = text[position:bar], text[bar + 1:end]
        line += key.count("\n")
        if len(value) > MAX_VALUE_CHARACTERS or len(key) > MAX_VALUE_CHARACTERS:
            raise RecordError(f"a LIN value of {max(len(key), len(value)):,} characters: longer than any LIN record "
                              f"has (at most {MAX_VALUE_CHARACTERS:,})", line=line)
        yield key.strip().lower(), value, line
        line += value.count("\n")
        position = end + 1


def _split_boards(text: str) -> Iterator[_LinBoard]:
    board: _LinBoard | None = None
    players = event = None
    for key, value, line in _pairs(text):
        if key == "pn":
            players = value
        elif key == "vg":
            event = value
        starts_board = key == "qx" or (key == "md" and board is not None and board.deal is not None)
        if starts_board:
            if board is not None and board.deal is not None:
                yield board
            board = _LinBoard(line=line, players=players, event=event)
            if key == "qx":
                board.name = value.strip() or None
        if board is None:
            if key not in ("md", "ah", "sv", "mb", "pc"):
                continue
            board = _LinBoard(line=line, players=players, event=event)
        board.pairs += 1
        if board.pairs > MAX_BOARD_PAIRS:
            raise RecordError(f"a LIN board of more than {MAX_BOARD_PAIRS:,} pairs: larger than any real board (a "
                              "deal, an auction and 52 cards take about 120)", line=board.line)
        if key == "md":
            board.deal = (value, line)
        elif key == "ah":
            board.name = value.replace("Board", "").strip() or board.name
        elif key == "sv":
            board.vulnerability = (value, line)
        elif key == "mb":
            board.calls.append((value, line))
        elif key == "pc":
            board.cards.append((value, line))
        elif key == "up" and board.cards:
            board.cards.pop()
        elif key == "mc":
            board.claim = (value, line)
        elif key == "pn":
            board.players = value
        elif key == "vg":
            board.event = value
    if board is not None and board.deal is not None:
        yield board


def _hand(text: str) -> Hand:
    cards: set[Card] = set()
    suit = None
    for char in text.strip().upper():
        if char in SUIT_LETTERS:
            suit = SUIT_LETTERS.index(char)
        elif char in RANK_LETTERS and suit is not None:
            cards.add(Card(suit, RANK_LETTERS.index(char) + 2))
        else:
            raise ValueError(f"{text!r} is not a LIN hand")
    return frozenset(cards)


def _info(board: _LinBoard) -> dict[str, str]:
    """Players' names from ``pn|`` (South, West, North, East) and the event from ``vg|`` (its first field)."""
    info: dict[str, str] = {}
    if board.players:
        names = [name.strip() for name in board.players.split(",")]
        for key, name in zip(("south", "west", "north", "east"), names, strict=False):
            if name:
                info[key] = name
    if board.event and board.event.split(",")[0].strip():
        info["event"] = board.event.split(",")[0].strip()
    return info


def _to_record(board: _LinBoard, source: str, name: str) -> Record:
    where: BoardRef = {"source": source, "board": name}
    assert board.deal is not None
    deal_text, deal_line = board.deal
    if not deal_text or deal_text[0] not in _LIN_DEALER:
        raise RecordError(f"md|{deal_text}| does not start with a dealer digit 1-4", line=deal_line, **where)
    dealer = _LIN_DEALER[deal_text[0]]
    hands: list[Hand] = [frozenset()] * 4
    try:
        for offset, part in enumerate(deal_text[1:].split(",")[:4]):
            hands[next_seat(2, offset)] = _hand(part)  # S, W, N, E
        full = complete_hands((hands[0], hands[1], hands[2], hands[3]))
        validate_hands(full, cards_each=13 if board.cards else 0)
    except ValueError as error:
        raise RecordError(f"bad md| deal: {error}", line=deal_line, **where) from None
    vulnerability = "None"
    if board.vulnerability is not None:
        try:
            vulnerability = parse_vulnerability(board.vulnerability[0])
        except ValueError as error:
            raise RecordError(str(error), line=board.vulnerability[1], **where) from None
    calls = []
    for value, line in board.calls:
        try:
            calls.append(normalise_call(value))
        except ValueError as error:
            raise RecordError(f"mb|{value}|: {error}", line=line, **where) from None
    contract = None
    try:
        contract = contract_from_auction(calls, dealer) if calls else None
    except ValueError as error:
        if board.cards:
            raise RecordError(f"the auction: {error}", line=board.calls[-1][1] if board.calls else board.line, **where) from None
    record = Record(source=source, board=name, line=board.line, hands=full, contract=contract,
                    dealer=dealer, vulnerability=vulnerability, auction=calls)
    for index, (value, line) in enumerate(board.cards):
        try:
            record.play.append(PlayedCard(Card.parse(value), line=line))  # the record's own list, being built
        except ValueError:
            raise RecordError(f"pc|{value}| is not a card", line=line, trick=index // 4 + 1, card=value,
                              **where) from None
    if board.claim is not None:
        try:
            claimed = int(board.claim[0].strip())
        except ValueError:
            raise RecordError(f"mc|{board.claim[0]}| is not a number of tricks", line=board.claim[1], **where) from None
        record = replace(record, claimed_total=claimed, stated_result=claimed, result_from="mc")
    record = replace(record, info=_info(board))
    if board.cards and contract is None:
        raise RecordError("cards are played but the auction gives no contract", line=board.cards[0][1], **where)
    return record
