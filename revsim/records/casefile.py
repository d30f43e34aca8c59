"""Reading a director's case file (TOML) into Records: the deal, the play in the order played, and the facts.

A case file holds one board at the top level, or several as ``[[board]]`` tables. See docs/case-files.md
and the examples in hands/. Every error names the file, the board, the line and
the fact that is wrong.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from revsim.cards import Card, parse_pbn_deal, seat_from_letter
from revsim.records.auction import normalise_call
from revsim.records.casefacts import facts_of_case
from revsim.records.caseschema import validate_board
from revsim.records.claim import ClaimStatus, claim_of
from revsim.records.errors import RecordError, plural
from revsim.records.facts import (
    Facts,
)
from revsim.records.information import information_of
from revsim.records.law45 import law45d_play_as_corrected
from revsim.records.record import CASE_EVENT_KEYS, Contract, PlayedCard, Record, parse_vulnerability
from revsim.records.source import read_source
from revsim.records.validation import validate_hands

MAX_CASE_CHARACTERS = 1_000_000
"""The largest case file revsim reads: a case of a few boards is a few kilobytes, and TOML read whole takes
about fifty times its size in memory."""


def read_case(path: str | Path) -> Iterator[Record | RecordError]:
    """Every board of a case file, as a Record or a RecordError naming the line and the fact."""
    return read_source(path, parse_case)


def parse_case(text: str, source: str = "<case>") -> Iterator[Record | RecordError]:
    """Every board of case-file text; one error for a file too large or too deeply nested to be a case."""
    if len(text) > MAX_CASE_CHARACTERS:
        yield RecordError(f"a case file of {len(text):,} characters: larger than any case a director writes (at most "
                          f"{MAX_CASE_CHARACTERS:,}); split it into files of a few boards", source=source)
        return
    data = _toml(text, source)
    lines = _Lines(text)
    if isinstance(data, RecordError):
        yield from _each_board_alone(text, source, lines) if len(lines.board_starts()) > 1 else [data]
        return
    boards = data.get("board")
    if isinstance(boards, list) and boards and all(isinstance(entry, dict) for entry in boards):
        others = [key for key in data if key != "board"]
        if others:
            yield RecordError(f"`{others[0]}` is outside every [[board]] table: put it inside one", source=source,
                              line=lines.top_level(others[0]))
        for index, entry in enumerate(boards):
            yield _safe_board(entry, source, lines, index)
    else:
        yield _safe_board(data, source, lines, None)


def _toml(text: str, source: str, offset: int = 0, board: str | None = None) -> dict[str, Any] | RecordError:
    """The TOML table of ``text`` (the file's lines from ``offset + 1``), or the error naming where it is not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        line = int(match.group(1)) if match else (len(text.splitlines()) if "end of document" in str(error) else None)
        problem = re.sub(r"\(at line \d+, column (\d+)\)", r"(column \1)", str(error)) if offset else str(error)
        return RecordError(f"not a valid TOML case file: {problem}", source=source, board=board,
                           line=line + offset if line is not None else None)
    except RecursionError:
        return RecordError("not a case file: its arrays or tables are nested hundreds of levels deep", source=source,
                           board=board, line=offset + 1 if board else None)
    except ValueError as error:  # tomllib: an integer of more digits than Python converts
        return RecordError(f"not a valid TOML case file: {error}", source=source, board=board,
                           line=offset + 1 if board else None)


def _each_board_alone(text: str, source: str, lines: _Lines) -> Iterator[Record | RecordError]:
    """A session file that is not TOML as a whole: each ``[[board]]`` read on its own, so a board with a syntax
    error is that board's error (at its line) and every other board is still read and ruled."""
    split, starts = text.splitlines(keepends=True), lines.board_starts()
    preamble = _toml("".join(split[:starts[0] - 1]), source)
    if isinstance(preamble, RecordError):
        yield preamble
    elif preamble:
        key = next(iter(preamble))
        yield RecordError(f"`{key}` is outside every [[board]] table: put it inside one", source=source,
                          line=lines.top_level(key))
    for index, first in enumerate(starts):
        end = starts[index + 1] - 1 if index + 1 < len(starts) else len(split)
        chunk = "".join(split[first - 1:end])
        name = re.search(r'^\s*board\s*=\s*"?([^"\n]*)"?\s*$', chunk, re.MULTILINE)
        board = name.group(1).strip() if name else f"#{index + 1}"
        data = _toml(chunk, source, first - 1, board)
        if isinstance(data, RecordError):
            yield data
            continue
        entries = data.get("board")
        if not (isinstance(entries, list) and len(entries) == 1 and isinstance(entries[0], dict)):
            yield RecordError("not one [[board]] table here", source=source, board=board, line=first)
            continue
        yield _safe_board(entries[0], source, lines, index)


def _safe_board(data: dict[str, Any], source: str, lines: _Lines, index: int | None) -> Record | RecordError:
    """One board (the ``index``-th ``[[board]]``, or the whole file when None), or the error it raised.

    The board is checked against the case-file schema first, so every later step reads well-typed data.
    """
    raw_name = data.get("board")
    name = str(raw_name) if isinstance(raw_name, (str, int)) and not isinstance(raw_name, bool) \
        else f"#{(index or 0) + 1}"
    first = lines.board_start(index)
    end = lines.board_start(index + 1) if index is not None else None
    within = lines.within(first, end)
    try:
        problem = validate_board(data)
        if problem is not None:
            return RecordError(problem.message, source=source, board=name, line=within.locate(problem.path) or first)
        return _board(data, source, name, within)
    except RecordError as error:
        return error.located(source=source, board=name, line=first)
    except Exception as fault:  # noqa: BLE001 - one board's fault is that board's error; the next boards are read
        return RecordError(f"internal error while reading this board ({type(fault).__name__}: {fault}); the other "
                           "boards are read. Please report it with the file", source=source, board=name, line=first)


class _Lines:
    """Finds the line of a key or a fact in the case file text (tomllib gives no positions)."""

    def __init__(self, text: str, start: int = 1, end: int | None = None, split: list[str] | None = None) -> None:
        self.text = text
        self.all = text.splitlines() if split is None else split
        self.start, self.end = start, end if end is not None else len(self.all) + 1
        self._boards: list[int] | None = None
        self._facts: dict[str, list[int]] = {}
        """Each fact table's ``[[facts.table]]`` lines in this range, found once (reading is linear in the rows)."""

    def within(self, start: int, end: int | None) -> _Lines:
        return _Lines(self.text, start, end, self.all)

    def board_starts(self) -> list[int]:
        """The lines of the file's ``[[board]]`` headers."""
        if self._boards is None:
            self._boards = [n for n, line in enumerate(self.all, 1) if re.match(r"\s*\[\[\s*board\s*\]\]", line)]
        return self._boards

    def board_start(self, index: int | None) -> int:
        if index is None:
            return 1
        found = self.board_starts()
        return found[index] if index < len(found) else len(self.all) + 1

    def _range(self) -> Iterator[tuple[int, str]]:
        for number in range(self.start, min(self.end, len(self.all) + 1)):
            yield number, self.all[number - 1]

    def top_level(self, name: str) -> int | None:
        """The line that sets the file's top-level key ``name``: ``name = ...``, ``[name]``, ``[name.table]``."""
        quoted = rf"[\"']?{re.escape(name)}[\"']?"
        pattern = re.compile(rf"^\s*({quoted}\s*=|\[\[?\s*{quoted}\s*[.\]])")
        return next((n for n, line in self._range() if pattern.match(line)), None)

    def key(self, name: str) -> int | None:
        """The line of ``name = ...`` (the first one in this board)."""
        pattern = re.compile(rf"^\s*{re.escape(name)}\s*=")
        return next((n for n, line in self._range() if pattern.match(line)), None)

    def locate(self, path: tuple[str, ...]) -> int | None:
        """The line of a key path like ("claim", "after_trick") or ("facts", "penalty_card[2]", "card")."""
        line: int | None = None
        start = self.start
        for position, part in enumerate(path):
            indexed = re.fullmatch(r"(.+)\[(\d+)\]", part)   # a list's entry, like penalty_card[2]; any other
            if indexed:                                      # bracket is part of a key's own (quoted) name
                name, number = indexed.group(1), int(indexed.group(2))
                found = self.fact(name, number - 1) if "facts" in path[:position] else self.key(name)
            else:
                found = self._key_from(part, start)
            if found is not None:
                line = start = found
        return line

    def _key_from(self, name: str, start: int) -> int | None:
        """The first line from ``start`` that sets ``name`` (``name =``, inline ``{ name = }``) or opens
        the table ``[name]``."""
        pattern = re.compile(rf"(^|[{{,\s.\[])([\"']?){re.escape(name)}\2\s*(=|\]\s*$)")   # bare or quoted
        return next((n for n, line in self._range() if n >= start and pattern.search(line.split("#", 1)[0])), None)

    def fact(self, table: str, index: int) -> int | None:
        """The line of the ``index``-th ``[[facts.table]]`` (or of the ``table = [...]`` key)."""
        found = self._facts.get(table)
        if found is None:
            pattern = re.compile(rf"^\s*\[\[\s*(board\.)?facts\.{re.escape(table)}\s*\]\]")
            found = self._facts[table] = [n for n, line in self._range() if pattern.match(line)]
        if index < len(found):
            return found[index]
        return self.key(table)

    def steps_after(self, name: str) -> list[int]:
        """The lines of the steps (``do = ...``) of the array ``name = [ { do = ... }, ... ]``, in order."""
        start = self.key(name)
        if start is None:
            return []
        numbers: list[int] = []
        depth = 0
        for number in range(start, min(self.end, len(self.all) + 1)):
            text = self.all[number - 1].split("#", 1)[0]
            numbers += [number] * len(re.findall(r"\bdo\s*=", text))
            depth += text.count("[") - text.count("]")
            if depth <= 0:
                break
        return numbers

    def strings_after(self, name: str) -> list[int]:
        """The lines of the string literals of the array ``name = [ "...", ... ]``, in order."""
        start = self.key(name)
        if start is None:
            return []
        numbers: list[int] = []
        depth, opened = 0, False
        for number in range(start, min(self.end, len(self.all) + 1)):
            text = self.all[number - 1].split("#", 1)[0]
            if number == start:
                text = text.split("=", 1)[1]
            numbers += [number] * len(re.findall(r'"[^"]*"', text))
            depth += text.count("[") - text.count("]")
            opened = opened or "[" in text
            if opened and depth <= 0:
                break
        return numbers


def _settings_lines(table: object, lines: _Lines) -> dict[str, int]:
    """The lines of the ``settings`` table and of each of its keys (``settings.defence``...), where found: a
    setting that cannot be read is reported at its own line."""
    keys = list(table) if isinstance(table, dict) else []
    found = {"settings": lines.locate(("settings",))} | {f"settings.{key}": lines.locate(("settings", key)) for key in keys}
    return {name: line for name, line in found.items() if line}


def _case_info(data: dict[str, Any]) -> dict[str, str]:
    """What the case says of the event, the table, the director and the players (``Record.info``)."""
    info: dict[str, str] = {key: str(data[key]).strip() for key in CASE_EVENT_KEYS if key in data}
    seats = {"N": "north", "E": "east", "S": "south", "W": "west"}
    for seat, name in data.get("players", {}).items():
        info[seats[seat.strip().upper()[0]]] = str(name).strip()
    return {key: value for key, value in info.items() if value}


def _board(data: dict[str, Any], source: str, name: str, lines: _Lines) -> Record:
    def fail(problem: str, key: str | None = None, line: int | None = None, **extra: Any) -> RecordError:
        return RecordError(problem, source=source, board=name, line=line or (lines.key(key) if key else lines.start),
                           **extra)

    try:
        hands = parse_pbn_deal(str(data["deal"]))
        validate_hands(hands, cards_each=None)
    except ValueError as error:
        raise fail(f"deal: {error}", "deal") from None
    try:
        contract = Contract.parse(str(data["contract"]), str(data["declarer"]))
    except ValueError as error:
        raise fail(f"contract: {error}", "contract") from None
    if contract is None:
        raise fail("the contract is a pass: nothing was played", "contract")
    try:
        vulnerability = parse_vulnerability(str(data["vulnerable"]))
        dealer = seat_from_letter(str(data["dealer"])) if "dealer" in data else None
    except ValueError as error:
        raise fail(str(error), "vulnerable") from None

    size = len(hands[0])
    start = data.get("start", {})
    first_trick = int(start.get("trick", 14 - size))
    if first_trick != 14 - size:
        raise fail(f"start: trick {first_trick} does not fit hands of {size} cards (trick {14 - size})", "start")
    declarer_before = int(start.get("declarer_tricks", 0))
    if not 0 <= declarer_before <= first_trick - 1:
        raise fail(f"start: declarer cannot have won {declarer_before} of the first {first_trick - 1} tricks", "start")
    try:
        leader = seat_from_letter(str(start["leader"])) if "leader" in start else None
    except ValueError as error:
        raise fail(f"start: {error}", "start") from None
    if leader is None and first_trick != 1:
        raise fail("start: an end position needs the leader of its first trick", "start")

    if data.get("auction") and dealer is None:
        raise fail("an auction needs its dealer", "auction")
    auction = [normalise_call(call) for call in data.get("auction", [])]
    facts = facts_of_case(data.get("facts", {}), data.get("claim"), lines, fail)
    if "information" in data:
        line = lines.key("information") or lines.locate(("information",))
        try:
            facts = replace(facts, information=information_of(data["information"], line))
        except ValueError as error:
            raise fail(str(error), line=line) from None
    play = _play(data["play"], lines, facts, first_trick, fail)
    for dummy_card in facts.dummy_cards:
        try:
            play = law45d_play_as_corrected(play, dummy_card, first_trick)
        except ValueError as error:
            raise fail(str(error), line=dummy_card.line, trick=dummy_card.trick) from None
    facts = replace(facts, statements=tuple(data.get("statements", ())), findings=tuple(data.get("findings", ())),
                    lines=facts.lines | _settings_lines(data.get("settings", {}), lines))
    record = Record(source=source, board=name, line=lines.start, hands=hands, contract=contract, dealer=dealer,
                    vulnerability=vulnerability, auction=auction, play=play, first_trick=first_trick, leader=leader,
                    tricks_before=(declarer_before, first_trick - 1 - declarer_before), facts=facts,
                    info=_case_info(data), ruled_with=dict(data.get("settings", {})))
    claim = data.get("claim")
    if claim is not None:
        record = _claim(claim, record, lines, fail)
    return record


def _play(tricks: list[Any], lines: _Lines, facts: Facts, first_trick: int, fail: Any) -> list[PlayedCard]:
    trick_lines = lines.strings_after("play")
    out_of_turn = {lead.trick: lead.player for lead in facts.leads_out_of_turn}
    played: list[PlayedCard] = []
    for index, trick in enumerate(tricks):
        line = trick_lines[index] if index < len(trick_lines) else lines.key("play")
        number = first_trick + index
        tokens = str(trick).split()
        if not 1 <= len(tokens) <= 4:
            raise fail(f"play: trick {number} has {plural(len(tokens), 'card')}", line=line, trick=number)
        if len(tokens) < 4 and index != len(tricks) - 1:
            raise fail(f"play: trick {number} has only {plural(len(tokens), 'card')} but the play goes on", line=line,
                       trick=number)
        for position, token in enumerate(tokens):
            try:
                card = Card.parse(token)
            except ValueError:
                raise fail(f"play: {token!r} is not a card", line=line, trick=number) from None
            leads_out_of_turn = position == 0 and number in out_of_turn
            played.append(PlayedCard(card, out_of_turn[number] if leads_out_of_turn else None, line,
                                     led_out_of_turn=leads_out_of_turn))
    if first_trick + len(tricks) - 1 > 13:
        raise fail("play: more than 13 tricks", "play")
    return played


def _claim(claim: dict[str, Any], record: Record, lines: _Lines, fail: Any) -> Record:
    """The record with the claim that ended its play (a withdrawn claim ends nothing: the play went on)."""
    line = record.facts.lines.get("claim")   # found once, with the facts (``casefacts``)
    total = int(claim["declarer_tricks"])
    last_trick = record.first_trick + (len(record.play) + 3) // 4 - 1
    after = int(claim.get("after_trick", last_trick))
    try:
        structured = claim_of(claim, record.facts.claim_by or "declarer", total, lines.steps_after("steps"), line)
    except ValueError as error:
        raise fail(str(error), line=getattr(error, "line", None) or line) from None
    withdrawn = structured.status == ClaimStatus.WITHDRAWN
    if not withdrawn and after != last_trick or withdrawn and not record.first_trick <= after <= last_trick:
        raise fail(f"claim: after trick {after}, but the play goes to trick {last_trick}", line=line, trick=after)
    if not 0 <= total <= 13:
        raise fail(f"claim: {total} tricks is not a number of tricks", line=line)
    cards = min(len(record.play), 4 * (after - record.first_trick + 1)) if withdrawn else len(record.play)
    facts = replace(record.facts, claim=replace(structured, after_cards=cards))
    if withdrawn:
        return replace(record, facts=facts)
    return replace(record, claimed_total=total, stated_result=total, result_from="claim", facts=facts)
