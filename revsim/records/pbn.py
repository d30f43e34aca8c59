"""Reading PBN 2.1 files into Records, one board at a time, with errors that name the line (the games come
from ``pbn_games``, the tokenizer).

The reader is our own rather than endplay's so that every error can name its line and so that
the known gaps of endplay's reader are closed: the [Play] seat is checked against declarer,
``-``/``+`` pads are not cards, tags a record omits are carried over from the previous record
(as tournament exports do), and the irregularity marks ``^R`` and ``^L`` are kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from revsim.cards import CARD_TOKENS, Card, Seat, next_seat, parse_pbn_deal, seat_from_letter, side_of
from revsim.records.auction import contract_from_auction
from revsim.records.errors import BoardRef, RecordError
from revsim.records.facts import Facts
from revsim.records.pbn_games import PbnGame, split_games
from revsim.records.record import Contract, PlayedCard, Record, parse_vulnerability
from revsim.records.source import sniff_encoding
from revsim.records.validation import complete_hands, validate_hands

_NOTE_REF = re.compile(r"^=\d+=$")
_NAG = re.compile(r"^\$\d+$")
_ANNOTATION_SUFFIX = re.compile(r"[!?]+$")
_INHERITED_TAGS = ("Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal")


def read_pbn(path: str | Path) -> Iterator[Record | RecordError]:
    """Every board of a PBN file, as a Record or as a RecordError naming what is wrong.

    The file is read line by line, so memory stays flat however many boards it holds.
    """
    source = str(path)
    try:
        encoding = sniff_encoding(path)
        handle = open(path, encoding=encoding, errors="replace")  # noqa: SIM115 - closed below
    except RecordError as error:
        yield error
        return
    except OSError as error:
        yield RecordError(f"cannot read the file: {error.strerror or error}", source=source)
        return
    with handle:
        yield from parse_pbn_lines((line.rstrip("\r\n") for line in handle), source)


def parse_pbn(text: str, source: str = "<pbn>") -> Iterator[Record | RecordError]:
    """Every board of PBN text, as a Record or a RecordError."""
    return parse_pbn_lines(text.splitlines(), source)


def parse_pbn_lines(lines: Iterable[str], source: str, first_line: int = 1,
                    first_ordinal: int = 1) -> Iterator[Record | RecordError]:
    """Every board of PBN lines (without their line ends); ``first_line`` and ``first_ordinal`` number a
    part of a file: the line of its first line, and the ordinal of its first game."""
    previous: dict[str, tuple[str, int]] = {}
    for ordinal, game in enumerate(split_games(lines, first_line), start=first_ordinal):
        for name in _INHERITED_TAGS:
            entry = game.tags.get(name)
            if (entry is None or entry[0] == "#") and name in previous:
                game.tags[name] = previous[name]
        previous = dict(game.tags)
        board = game.value("Board") or f"#{ordinal}"
        try:
            yield game_to_record(game, source, board)
        except RecordError as error:
            yield error.located(source=source, board=board, line=game.line)


def game_to_record(game: PbnGame, source: str, board: str) -> Record:
    """Check one game's tags and turn it into a Record; RecordError names the line of any problem."""
    where: BoardRef = {"source": source, "board": board}
    for problem, lineno in game.problems:
        raise RecordError(problem, line=lineno, **where)
    for name, lineno in game.duplicate_tags:
        if name in ("Deal", "Contract", "Declarer", "Play", "Auction", "Result", "Dealer", "Vulnerable"):
            raise RecordError(f"the [{name}] tag appears twice", line=lineno, **where)
    deal_text = game.value("Deal")
    has_play = game.value("Play") is not None and any(token != "*" for token, _ in game.sections.get("Play", []))
    if deal_text is None:
        if has_play:
            raise RecordError("no [Deal] tag: the cards are unknown", line=game.line, **where)
        deal_text = "N:- - - -"
    try:
        hands = complete_hands(parse_pbn_deal(deal_text))
        validate_hands(hands, cards_each=None if has_play else 0)
    except ValueError as error:
        raise RecordError(f"bad [Deal]: {error}", line=game.line_of("Deal"), **where) from None
    first_trick = 14 - len(hands[0])

    dealer = _optional_seat(game, "Dealer", where)
    vulnerability = "None"
    if game.value("Vulnerable") is not None:
        try:
            vulnerability = parse_vulnerability(game.value("Vulnerable") or "")
        except ValueError as error:
            raise RecordError(str(error), line=game.line_of("Vulnerable"), **where) from None

    contract = _contract(game, where)
    auction = [token for token, _ in game.sections.get("Auction", []) if _is_call_token(token)]
    mismatch = _cross_check_auction(game, auction, dealer, contract, where)

    notes = [*game.notes, *([mismatch] if mismatch else [])]
    stated_result = _result(game, contract, where)
    record = Record(
        source=source, board=board, line=game.line, hands=hands, contract=contract,
        dealer=dealer, vulnerability=vulnerability, auction=auction, first_trick=first_trick, notes=notes,
        info=_info(game), stated_result=stated_result, stated_score_ns=_score_ns(game, contract, notes),
    )
    play_tokens = game.sections.get("Play", [])
    if has_play:
        if contract is None:
            raise RecordError("a [Play] section without a contract", line=game.line_of("Play"), **where)
        first_seat = _optional_seat(game, "Play", where)
        if first_seat is not None and first_seat != contract.opening_leader:
            raise RecordError(
                f"[Play \"{game.value('Play')}\"] starts with the wrong seat: declarer's left-hand "
                f"opponent ({'NESW'[contract.opening_leader]}) leads against {contract.describe()}",
                line=game.line_of("Play"), **where,
            )
        play = play_rows(play_tokens, contract, where)
        record = replace(record, play=play)
        if len(play) < 52 and stated_result is not None:
            record = replace(record, claimed_total=stated_result, result_from="[Result]",
                             facts=Facts(lines={"claim": game.line_of("Result")}))
    return record


def play_rows(tokens: list[tuple[str, int]], contract: Contract, where: BoardRef) -> list[PlayedCard]:
    """PBN's fixed-column [Play] rows (opening leader's column first) as cards with seat and row.

    The replay orders each row from its leader (the previous winner, or a card marked ``^L``).
    ``-`` and ``+`` are cards not played (after a claim): a card after one is an error.
    """
    cells = _play_cells(tokens, where)
    first = contract.opening_leader
    seats = [next_seat(first, column) for column in range(4)]
    played: list[PlayedCard] = []
    ended_seats: set[Seat] = set()
    for index, cell in enumerate(cells):
        seat = seats[index % 4]
        if cell is None:
            ended_seats.add(seat)
            continue
        card, line, marked_revoke, led_out_of_turn = cell
        if ended_seats and seat in ended_seats:
            raise RecordError(
                f"a card for {'NESW'[seat]} after that seat's play had ended ('-' or '+')",
                line=line, trick=index // 4 + 1, card=str(card), **where,
            )
        played.append(PlayedCard(card, seat, line, index // 4 + 1, marked_revoke, led_out_of_turn))
    return played


_Cell = tuple[Card, int, bool, bool]
"""A [Play] cell: the card, its line, marked ``^R``, marked ``^L``."""


def _play_cells(tokens: list[tuple[str, int]], where: BoardRef) -> list[_Cell | None]:
    """The [Play] section as cells (a card with its marks, or None for ``-``/``+``), ``*`` ending it."""
    cells: list[_Cell | None] = []
    marks: set[str] = set()
    for token, lineno in tokens:
        known = CARD_TOKENS.get(token)
        if known is not None:
            cells.append((known, lineno, "R" in marks, "L" in marks) if marks else (known, lineno, False, False))
            if marks:
                marks = set()
            continue
        if token == "*":
            break
        if _NOTE_REF.match(token) or _NAG.match(token) or token in ("!", "?", "!!", "??", "!?", "?!"):
            continue
        while token.startswith("^") and len(token) >= 2:
            marks.add(token[1].upper())
            token = token[2:]
        if not token:
            continue
        if token.strip("-") == "" or token == "+":
            cells.append(None)
            marks = set()
            continue
        try:
            card = Card.parse(_ANNOTATION_SUFFIX.sub("", token))
        except ValueError:
            raise RecordError(f"{token!r} in [Play] is not a card", line=lineno, **where) from None
        cells.append((card, lineno, "R" in marks, "L" in marks))
        marks = set()
    if len(cells) > 52:
        raise RecordError("[Play] holds more than 13 tricks", line=tokens[0][1], **where)
    return cells


def _is_call_token(token: str) -> bool:
    return not (_NOTE_REF.match(token) or _NAG.match(token) or token in ("*", "!", "?", "+") or token.startswith("^"))


def _optional_seat(game: PbnGame, tag: str, where: BoardRef) -> Seat | None:
    text = game.value(tag)
    if text is None or text.strip() in ("", "?"):
        return None
    try:
        return seat_from_letter(text.lstrip("^"))
    except ValueError as error:
        raise RecordError(f"[{tag}]: {error}", line=game.line_of(tag), **where) from None


def _contract(game: PbnGame, where: BoardRef) -> Contract | None:
    text = game.value("Contract")
    if text is None or not text.strip():
        return None
    declarer_text = (game.value("Declarer") or "").lstrip("^")
    if text.strip().upper() in ("PASS", "AP"):
        return None
    if not declarer_text:
        raise RecordError(f"contract {text!r} without a [Declarer]", line=game.line_of("Contract"), **where)
    try:
        return Contract.parse(text, declarer_text)
    except ValueError as error:
        line = game.line_of("Declarer") if "seat" in str(error) else game.line_of("Contract")
        raise RecordError(str(error), line=line, **where) from None


def _cross_check_auction(game: PbnGame, auction: list[str], dealer: Seat | None,
                         contract: Contract | None, where: BoardRef) -> str | None:
    """Check the contract tag against the auction where both are given.

    A different strain is an error: a wrong trump suit misplays every trick. A different level,
    double or declarer is a note (exports often misplace the auction's first seat or drop a double);
    the [Play] seat is checked against the tag's declarer, and the tags are used.
    """
    if not auction or contract is None or any(token.startswith("^") for token, _ in game.sections.get("Auction", [])):
        return None
    start = _optional_seat(game, "Auction", where)
    if start is None:
        start = dealer
    if start is None:
        return None
    calls = [call for call in auction if call != "-"]
    skipped = len(auction) - len(calls)
    try:
        derived = contract_from_auction(calls, next_seat(start, skipped))
    except ValueError as error:
        if "not ended" in str(error):
            return None
        raise RecordError(f"[Auction]: {error}", line=game.line_of("Auction"), **where) from None
    if derived is None or derived.strain != contract.strain:
        found = "passed out" if derived is None else str(derived)
        raise RecordError(
            f"[Contract] says {contract} but the auction ends in {found}: the trump suit is in doubt",
            line=game.line_of("Contract"), **where,
        )
    if derived != contract:
        return (f"the auction ends in {derived.describe()}, the [Contract] and [Declarer] tags say "
                f"{contract.describe()}: the tags were used")
    return None


_INFO_TAGS = {"event": "Event", "date": "Date", "session": "Round", "table": "Table", "room": "Room", "scoring": "Scoring",
              "north": "North", "east": "East", "south": "South", "west": "West"}


def _info(game: PbnGame) -> dict[str, str]:
    """The event, date, room, form of scoring and players' names the tags give."""
    info = {key: game.value(tag) for key, tag in _INFO_TAGS.items()}
    return {key: value.strip() for key, value in info.items() if value and value.strip()}


def _score_ns(game: PbnGame, contract: Contract | None, notes: list[str]) -> int | None:
    """North-South's score from [Score]: ``NS 420``, ``EW -420``, ``NS 420 EW -420``, or a bare number
    (declarer's side's score). None when absent; a score that cannot be read is noted and ignored."""
    text = game.value("Score")
    if text is None or contract is None:
        return None
    words = text.split()
    try:
        if len(words) == 1:
            value = int(words[0])
            return value if side_of(contract.declarer) == 0 else -value
        pairs = dict(zip(words[0::2], (int(word) for word in words[1::2]), strict=False))
        return pairs["NS"] if "NS" in pairs else -pairs["EW"]
    except (ValueError, KeyError):
        notes.append(f"[Score] {text!r} is not a score in points: ignored")
        return None


def _result(game: PbnGame, contract: Contract | None, where: BoardRef) -> int | None:
    """Declarer's total tricks from [Result]: ``9``, ``^9``, ``NS 9 EW 4`` or ``EW 4``."""
    text = game.value("Result")
    if text is None or not text.strip() or contract is None:
        return None
    words = text.replace("^", "").split()
    try:
        if len(words) == 1:
            value = int(words[0])
        else:
            pairs = dict(zip(words[0::2], (int(word) for word in words[1::2]), strict=False))
            declarer_side = ("NS", "EW")[side_of(contract.declarer)]
            if declarer_side in pairs:
                value = pairs[declarer_side]
            else:
                value = 13 - pairs[("EW", "NS")[side_of(contract.declarer)]]
    except (ValueError, KeyError, IndexError):
        raise RecordError(f"[Result] {text!r} is not a number of tricks", line=game.line_of("Result"), **where) from None
    if not 0 <= value <= 13:
        raise RecordError(f"[Result] {text!r} is not between 0 and 13", line=game.line_of("Result"), **where)
    return value
