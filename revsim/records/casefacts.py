"""Reading the ``[facts]`` table of a director's case file: when attention was drawn, corrections, penalty
cards, lead restrictions, leads out of turn, hidden cards, the director's judgements, and who claimed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from revsim.cards import Card, Seat, seat_from_letter
from revsim.records.facts import (
    NOTICED_WHEN,
    PLAY_CHOICES,
    CardChange,
    Correction,
    Designation,
    DummyCard,
    Facts,
    HiddenCard,
    LeadOutOfTurn,
    LeadRestriction,
    PenaltyCard,
    PlayRestriction,
    parse_noticed_at,
)
from revsim.records.judgement import Outcomes, parse_judgement


class CaseLines(Protocol):
    """Where keys and facts are in the case file's text (``casefile._Lines``)."""

    def key(self, name: str) -> int | None: ...

    def fact(self, table: str, index: int) -> int | None: ...


def facts_of_case(data: dict[str, Any], claim: Any, lines: CaseLines, fail: Any) -> Facts:
    """The ``[facts]`` table of a case file (with the claim's ``by`` and ``statement``) as Facts; ``fail(problem,
    line=...)`` makes the RecordError naming the line of a fact that cannot be read."""
    noticed = data.get("noticed")
    noticed = next((when for when in NOTICED_WHEN if when == str(noticed).strip().lower()), None) if noticed else None
    noticed_trick = data.get("noticed_at_trick")
    noticed_cards = None
    if "noticed_at" in data:
        if noticed_trick is not None:
            raise fail("facts: give noticed_at or noticed_at_trick, not both", line=lines.key("noticed_at"))
        try:
            noticed_trick, noticed_cards = parse_noticed_at(str(data["noticed_at"]))
        except ValueError as error:
            raise fail(f"facts: noticed_at {error}", line=lines.key("noticed_at")) from None
    def entries(table: str) -> Iterator[tuple[dict[str, Any], int | None]]:
        for index, entry in enumerate(data.get(table, [])):
            yield entry, lines.fact(table, index)

    def seat(entry: dict[str, Any], line: int | None, key: str = "player") -> Seat:
        try:
            return seat_from_letter(str(entry[key]))
        except (KeyError, ValueError):
            raise fail(f"facts: '{key}' must be N, E, S or W", line=line) from None

    def card(entry: dict[str, Any], key: str, line: int | None) -> Card:
        try:
            return Card.parse(str(entry[key]))
        except (KeyError, ValueError):
            raise fail(f"facts: '{key}' must be a card like SK or H10", line=line) from None

    def suit(text: Any, line: int | None) -> int:
        letter = str(text).strip().upper()[:1]
        if letter not in "SHDC" or not letter:
            raise fail(f"facts: {text!r} is not a suit (S, H, D or C)", line=line)
        return "SHDC".index(letter)

    corrections = []
    for entry, line in entries("correction"):
        changes = tuple(CardChange(seat(change, line), card(change, "withdrawn", line), card(change, "substituted", line),
                                   line) for change in entry.get("changes", []))
        corrections.append(Correction(int(entry.get("trick", 0)), seat(entry, line), card(entry, "withdrawn", line),
                                      card(entry, "substituted", line), changes, line, entry.get("dummy_asked") is True))
    penalties = [PenaltyCard(seat(entry, line), card(entry, "card", line), int(entry.get("from_trick", 1)),
                             str(entry.get("why", "")), line, entry.get("minor") is True)
                 for entry, line in entries("penalty_card")]
    restrictions = []
    for entry, line in entries("lead_restriction"):
        if ("must_lead" in entry) == ("must_not_lead" in entry):
            raise fail("facts: a lead restriction needs must_lead or must_not_lead (one of them)", line=line)
        restrictions.append(LeadRestriction(
            int(entry.get("trick", 0)), seat(entry, line),
            suit(entry["must_lead"], line) if "must_lead" in entry else None,
            suit(entry["must_not_lead"], line) if "must_not_lead" in entry else None,
            str(entry.get("why", "")), line))
    leads = [LeadOutOfTurn(int(entry.get("trick", 0)), seat(entry, line), line)
             for entry, line in entries("lead_out_of_turn")]
    hidden = []
    hidden_line = lines.key("hidden_cards") or lines.fact("hidden_cards", 0)
    for holder, cards in data.get("hidden_cards", {}).items():
        for text in cards:
            hidden.append(HiddenCard(seat({"player": holder}, hidden_line), card({"c": text}, "c", hidden_line),
                                     hidden_line))
    claim_by = None
    statement = ""
    if isinstance(claim, dict):
        by = claim.get("by")
        if by is not None:
            if str(by) in ("declarer", "defenders"):
                claim_by = str(by)
            else:
                raise fail("claim: 'by' must be declarer or defenders", "claim")
        statement = str(claim.get("statement", ""))
    judgements: list[tuple[str | None, Outcomes]] = []
    judged_at: dict[str | None, int | None] = {}
    for entry, line in entries("judgement"):
        try:
            world = str(entry["world"]) if "world" in entry else None
            text = f"{world}={entry['outcomes']}" if world is not None else str(entry["outcomes"])
            judgements.append(parse_judgement(text))
        except (KeyError, ValueError) as error:
            raise fail(f"facts: judgement: {error}", line=line) from None
        name = judgements[-1][0]
        if name in judged_at:
            raise fail(f"facts: judgement: the world {name or 'without the first revoke (no world named)'} is judged "
                       f"twice, at lines {judged_at[name]} and {line}; keep one", line=line)
        judged_at[name] = line

    designations = [Designation(int(entry.get("trick", 0)), seat(entry, line),
                                card(entry, "card", line) if "card" in entry else None, line)
                    for entry, line in entries("designated")]
    plays = []
    for entry, line in entries("play_restriction"):
        if ("play" in entry) == ("suit" in entry):
            raise fail("facts: a play restriction needs play (highest or lowest) or suit (one of them)", line=line)
        play = str(entry["play"]).strip().lower() if "play" in entry else None
        if play is not None and play not in PLAY_CHOICES:
            raise fail(f"facts: a play restriction's play is highest or lowest, not {entry['play']!r}", line=line)
        plays.append(PlayRestriction(int(entry.get("trick", 0)), seat(entry, line), play,
                                     suit(entry["suit"], line) if "suit" in entry else None,
                                     str(entry.get("why", "")), line))
    dummy_cards = []
    for entry, line in entries("dummy_card"):
        swaps = [CardChange(seat(change, line), card(change, "withdrawn", line), card(change, "substituted", line), line)
                 for change in entry.get("changes", [])]
        in_time = entry.get("in_time", True)
        if not isinstance(in_time, bool):
            raise fail("facts: a dummy_card's in_time is true or false", line=line)
        dummy_cards.append(DummyCard(int(entry.get("trick", 0)), card(entry, "named", line), card(entry, "placed", line),
                                     in_time, tuple(swaps), line))
    line_of = {"claim": lines.key("claim") or 0,
               "noticed": lines.key("noticed_at") or lines.key("noticed_at_trick") or lines.key("noticed") or 0}
    return Facts(noticed, int(noticed_trick) if noticed_trick is not None else None, noticed_cards,
                 tuple(corrections), tuple(penalties), tuple(restrictions), tuple(leads), tuple(hidden), claim_by,
                 statement, tuple(judgements), lines={key: value for key, value in line_of.items() if value},
                 designations=tuple(designations), play_restrictions=tuple(plays), dummy_cards=tuple(dummy_cards))
