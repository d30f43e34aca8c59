"""The facts a record cannot show, declared once: each kind of fact with its case-file keys, how one entry is read and
written, and the one-line form the command line, the desk and the desk's API take.

A case file's ``[[facts.TABLE]]`` entries (``records.casefacts``), their schema and reference
(``records.caseschema``), the case file written back (``outputs.casetoml``), the command line's options
(``cli.options``), the desk's fields (``web.capabilities``, ``facts.js``) and the API's parameters (``web.service``)
are made from ``FACT_SPECS``; the fact itself is a class of ``records.facts``. A new kind of fact is its class and
one entry here (a field of its own in ``Facts`` where it deserves one, else ``Facts.others`` keeps it). When
attention was drawn, the claim, the director's judgements and Law 16B's information have keys of their own
(``records.caseschema``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from revsim.cards import SEAT_LETTERS, SUIT_LETTERS, Card, Seat, seat_from_letter
from revsim.records.facts import (
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
)
from revsim.records.schema_key import Key

Fail = Callable[..., Exception]
"""Makes the error for a fact that cannot be read: ``fail(problem, line=...)`` (a case file's names its line)."""

NUMBER_KINDS = ("trick", "tricks", "whole")
"""The schema kinds whose values are whole numbers (a line's digits are read as one)."""


class Entry:
    """One entry of a fact (a case file's table, or a line read into one), read with errors naming where it is."""

    def __init__(self, data: Mapping[str, Any], line: int | None, fail: Fail) -> None:
        self.data, self.line, self._fail = data, line, fail

    def fail(self, problem: str) -> Exception:
        return self._fail(f"facts: {problem}", line=self.line)

    def has(self, key: str) -> bool:
        return key in self.data

    def seat(self, key: str = "player") -> Seat:
        try:
            return seat_from_letter(str(self.data[key]))
        except (KeyError, ValueError):
            raise self.fail(f"'{key}' must be N, E, S or W") from None

    def card(self, key: str) -> Card:
        try:
            return Card.parse(str(self.data[key]))
        except (KeyError, ValueError):
            raise self.fail(f"'{key}' must be a card like SK or H10") from None

    def optional_card(self, key: str) -> Card | None:
        return self.card(key) if key in self.data else None

    def suit(self, key: str) -> int | None:
        """The suit under ``key`` (None where it is not given)."""
        if key not in self.data:
            return None
        text = self.data[key]
        letter = str(text).strip().upper()[:1]
        if not letter or letter not in SUIT_LETTERS:
            raise self.fail(f"{text!r} is not a suit (S, H, D or C)")
        return SUIT_LETTERS.index(letter)

    def trick(self, key: str = "trick", default: int = 0) -> int:
        return int(self.data.get(key, default))

    def text(self, key: str) -> str:
        return str(self.data.get(key, ""))

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(f"'{key}' must be true or false")
        return value

    def changes(self, key: str = "changes") -> tuple[CardChange, ...]:
        """Later cards of the trick taken back and replaced (Law 62C, 45D)."""
        return tuple(CardChange(entry.seat(), entry.card("withdrawn"), entry.card("substituted"), self.line)
                     for entry in (Entry(change, self.line, self._fail) for change in self.data.get(key, [])))


@dataclass(frozen=True)
class LineForm:
    """One way to write a fact in one line: ``pattern``, a regular expression both Python and the desk's JavaScript
    read (matched against the line upper-cased), whose groups fill the entry's ``keys`` in order (an empty group
    leaves its key out); ``template`` writes an entry back (``{key}`` for each value)."""

    pattern: str
    keys: tuple[str, ...]
    template: str


@dataclass(frozen=True)
class FactSpec:
    """One kind of fact.

    ``table``: its case-file key under ``[facts]``; ``field``: the ``Facts`` field that holds them; ``meaning`` and
    ``keys``: the schema of one entry; ``read`` makes the fact of one entry, ``entry`` the entry of one fact (the keys
    in the reference's order). ``by_seat``: the case file writes them as ``{ N = ["H3"] }`` (each entry a ``player``
    and a ``card``). ``forms``: its one-line forms (none: only a case file gives it); ``option``: the command line's
    ``--option`` and the API's parameter (with underscores); ``shape``: the line's parts, for ``--help`` and errors
    (``SEAT:CARD@TRICK``); ``label``, ``noun`` and ``examples`` (a line and what it says): the desk's words and
    ``--help``'s."""

    table: str
    field: str
    meaning: str
    keys: tuple[Key, ...]
    read: Callable[[Entry], Any]
    entry: Callable[[Any], dict[str, Any]]
    forms: tuple[LineForm, ...] = ()
    option: str = ""
    shape: str = ""
    label: str = ""
    noun: str = ""
    examples: tuple[tuple[str, str], ...] = ()
    by_seat: bool = False

    @property
    def parameter(self) -> str:
        """The desk API's query parameter: the option with underscores (``penalty_card``)."""
        return self.option.replace("-", "_")

    @property
    def number_keys(self) -> tuple[str, ...]:
        """The keys whose values are whole numbers (a line's digits are read as one)."""
        return tuple(key.name for key in self.keys if key.kind in NUMBER_KINDS)

    @property
    def lower_keys(self) -> tuple[str, ...]:
        """The keys whose values are the words of a choice, written in lower case."""
        return tuple(key.name for key in self.keys if key.kind == "choice")

    @property
    def help(self) -> str:
        """What ``--help`` says of the option: the label and the examples."""
        said = "; ".join(f"{example} ({meaning})" for example, meaning in self.examples)
        return f"{self.label}, like {said}; repeatable."

    def schema_key(self) -> Key:
        """The case-file schema's key for these facts."""
        if self.by_seat:
            return Key(self.table, "cards-by-seat", self.meaning)
        return Key(self.table, "tables", self.meaning, keys=self.keys)

    def case_entries(self, facts: Iterable[Any]) -> Any:
        """The case file's value for these facts: a list of tables, or cards by seat."""
        entries = [self.entry(fact) for fact in facts]
        if not self.by_seat:
            return entries
        by_seat: dict[str, list[str]] = {}
        for entry in entries:
            by_seat.setdefault(entry["player"], []).append(entry["card"])
        return by_seat

    def file_entries(self, value: Any) -> list[dict[str, Any]]:
        """The case file's value (``case_entries``) as a list of entries."""
        if not self.by_seat:
            return list(value)
        return [{"player": seat, "card": card} for seat, cards in value.items() for card in cards]

    def from_line(self, text: str) -> dict[str, Any]:
        """The entry a line gives (``forms``); ValueError naming the forms otherwise."""
        for form in self.forms:
            match = re.match(form.pattern, text.strip().upper())
            if match is None:
                continue
            entry: dict[str, Any] = {}
            for key, value in zip(form.keys, match.groups(), strict=True):
                if value:
                    entry[key] = int(value) if key in self.number_keys else \
                        value.lower() if key in self.lower_keys else value
            return entry
        like = " or ".join(example for example, _ in self.examples)
        raise ValueError(f"{text!r} is not {self.shape}, like {like} ({self.noun})")

    def to_line(self, entry: Mapping[str, Any]) -> str:
        """An entry in the first one-line form that holds all its keys."""
        written = {key for form in self.forms for key in form.keys} & set(entry)
        form = next(form for form in self.forms if written <= set(form.keys))
        return re.sub(r"\{(\w+)\}", lambda m: str(entry.get(m.group(1), "")), form.template)


def _change_entry(change: CardChange) -> dict[str, str]:
    return {"player": SEAT_LETTERS[change.player], "withdrawn": str(change.withdrawn),
            "substituted": str(change.substituted)}


_CHANGE = (
    Key("player", "seat", "who took back a card", required=True),
    Key("withdrawn", "card", "the card taken back", required=True),
    Key("substituted", "card", "the card played instead, as it stands in the play", required=True),
)


def _lead_restriction(entry: Entry) -> LeadRestriction:
    if entry.has("must_lead") == entry.has("must_not_lead"):
        raise entry.fail("a lead restriction needs must_lead or must_not_lead (one of them)")
    return LeadRestriction(entry.trick(), entry.seat(), entry.suit("must_lead"), entry.suit("must_not_lead"),
                           entry.text("why"), entry.line)


def _play_restriction(entry: Entry) -> PlayRestriction:
    if sum(entry.has(key) for key in ("play", "suit", "forbid")) != 1:
        raise entry.fail("a play restriction needs play (highest or lowest), suit (a card of that suit required) or "
                         "forbid (a card of that suit forbidden): one of them")
    play = entry.text("play").strip().lower() if entry.has("play") else None
    if play is not None and play not in PLAY_CHOICES:
        raise entry.fail(f"a play restriction's play is highest or lowest, not {entry.data['play']!r}")
    return PlayRestriction(entry.trick(), entry.seat(), play, entry.suit("suit"), entry.text("why"), entry.line,
                           entry.suit("forbid"))


def _play_restriction_entry(rule: PlayRestriction) -> dict[str, object]:
    chosen: dict[str, object] = ({"play": rule.play} if rule.play else
                                 {"forbid": SUIT_LETTERS[rule.forbid]} if rule.forbid is not None else
                                 {"suit": SUIT_LETTERS[rule.suit or 0]})
    return {"trick": rule.trick, "player": SEAT_LETTERS[rule.player]} | chosen | _why(rule.why)


def _dummy_card(entry: Entry) -> DummyCard:
    return DummyCard(entry.trick(), entry.card("named"), entry.card("placed"), entry.flag("in_time", True),
                     entry.changes(), entry.line)


def _why(why: str) -> dict[str, str]:
    return {"why": why} if why else {}


FACT_SPECS: tuple[FactSpec, ...] = (
    FactSpec("hidden_cards", "hidden_cards", "cards hidden or missing during the play",
             (Key("player", "seat", "whose card", required=True), Key("card", "card", "the card", required=True)),
             lambda e: HiddenCard(e.seat(), e.card("card"), e.line),
             lambda h: {"player": SEAT_LETTERS[h.player], "card": str(h.card)},
             (LineForm(r"^([NESW]):(\S+)$", ("player", "card"), "{player}:{card}"),),
             "hidden", "SEAT:CARD", "Hidden or missing cards", "hidden cards", (("N:H3", "dummy's H3 not on the table"),),
             by_seat=True),
    FactSpec("correction", "corrections", "a revoke corrected before it was established (Law 62)", (
        Key("trick", "trick", "the revoke trick", required=True),
        Key("player", "seat", "the offender", required=True),
        Key("withdrawn", "card", "the revoke card", required=True),
        Key("substituted", "card", "the legal card, as it stands in the play", required=True),
        Key("changes", "tables", "later cards of the trick changed (62C1, 62C2)", keys=_CHANGE),
        Key("dummy_asked", "flag", "declarer's revoke, corrected because dummy, having forfeited his rights, "
            "asked first (Law 43B2b): Law 64 applies as if it had been established", default="false")),
        lambda e: Correction(e.trick(), e.seat(), e.card("withdrawn"), e.card("substituted"), e.changes(), e.line,
                             e.flag("dummy_asked")),
        lambda c: {"trick": c.trick, "player": SEAT_LETTERS[c.player], "withdrawn": str(c.withdrawn),
                   "substituted": str(c.substituted)} | ({"dummy_asked": True} if c.dummy_asked else {})
        | ({"changes": [_change_entry(change) for change in c.changes]} if c.changes else {}),
        (LineForm(r"^([NESW]):(\S+)>(\S+)@(\d+)$", ("player", "withdrawn", "substituted", "trick"),
                  "{player}:{withdrawn}>{substituted}@{trick}"),),
        "correction", "SEAT:CARD>CARD@TRICK", "Corrected revokes (Law 62)", "corrected revokes",
        (("E:SJ>C4@3", "East's SJ taken back, the C4 played, trick 3"),)),
    FactSpec("penalty_card", "penalty_cards", "a penalty card (Law 50)", (
        Key("player", "seat", "who holds it", required=True),
        Key("card", "card", "the card", required=True),
        Key("from_trick", "trick", "the first trick it must be played to", default="1"),
        Key("why", "text", "how it came about"),
        Key("minor", "flag", "a minor penalty card (50B: a single card below honour rank exposed "
            "inadvertently): major once its holder has a second penalty card", default="false")),
        lambda e: PenaltyCard(e.seat(), e.card("card"), e.trick("from_trick", 1), e.text("why"), e.line,
                              e.flag("minor")),
        lambda p: {"player": SEAT_LETTERS[p.player], "card": str(p.card), "from_trick": p.from_trick}
        | _why(p.why) | ({"minor": True} if p.minor else {}),
        (LineForm(r"^([NESW]):(\S+)@(\d+)$", ("player", "card", "from_trick"), "{player}:{card}@{from_trick}"),),
        "penalty-card", "SEAT:CARD@TRICK", "Major penalty cards", "penalty cards", (("E:SJ@3", "East's SJ, from trick 3 on"),)),
    FactSpec("lead_restriction", "lead_restrictions", "a lead restriction (after a lead out of turn or a penalty card)", (
        Key("trick", "trick", "the trick", required=True),
        Key("player", "seat", "the player on lead", required=True),
        Key("must_lead", "suit", "the suit he must lead (or must_not_lead)"),
        Key("must_not_lead", "suit", "the suit he must not lead (or must_lead)"),
        Key("why", "text", "how it came about")),
        _lead_restriction,
        lambda r: {"trick": r.trick, "player": SEAT_LETTERS[r.player]}
        | ({"must_lead": SUIT_LETTERS[r.must_lead]} if r.must_lead is not None else {})
        | ({"must_not_lead": SUIT_LETTERS[r.must_not_lead]} if r.must_not_lead is not None else {}) | _why(r.why),
        (LineForm(r"^([NESW]):([SHDC])@(\d+)$", ("player", "must_lead", "trick"), "{player}:{must_lead}@{trick}"),
         LineForm(r"^([NESW]):!([SHDC])@(\d+)$", ("player", "must_not_lead", "trick"),
                  "{player}:!{must_not_lead}@{trick}")),
        "lead-restriction", "SEAT:[!]SUIT@TRICK", "Lead restrictions", "lead restrictions",
        (("W:H@1", "West must lead a heart at trick 1"), ("W:!S@5", "must not lead a spade at trick 5"))),
    FactSpec("designated", "designations", "a card named or designated for a trick before attention was drawn "
             "(63A2: it establishes a revoke of the player's side on the trick before)", (
                 Key("trick", "trick", "the trick the card was named for", required=True),
                 Key("player", "seat", "who named it (declarer naming dummy's card: dummy's seat)", required=True),
                 Key("card", "card", "the card named, where known")),
             lambda e: Designation(e.trick(), e.seat(), e.optional_card("card"), e.line),
             lambda d: {"trick": d.trick, "player": SEAT_LETTERS[d.player]} | ({"card": str(d.card)} if d.card else {}),
             (LineForm(r"^([NESW]):(\S*)@(\d+)$", ("player", "card", "trick"), "{player}:{card}@{trick}"),),
             "designated", "SEAT:CARD@TRICK", "Cards named for the next trick before attention was drawn (Law 63A2)",
             "cards named for the next trick", (("E:D3@4", "East named the D3 for trick 4"),)),
    FactSpec("dummy_card", "dummy_cards", "dummy placed a card declarer did not name (Law 45D); the play may show the "
             "card placed or the one named", (
                 Key("trick", "trick", "the trick", required=True),
                 Key("named", "card", "the card declarer named", required=True),
                 Key("placed", "card", "the card dummy put in the played position", required=True),
                 Key("in_time", "flag", "attention was drawn before each side had played to the next trick: the "
                     "named card is dummy's", default="true"),
                 Key("changes", "tables", "defenders' cards played after the error, taken back without penalty",
                     keys=_CHANGE)),
             _dummy_card,
             lambda d: {"trick": d.trick, "named": str(d.named), "placed": str(d.placed)}
             | ({} if d.in_time else {"in_time": False})
             | ({"changes": [_change_entry(change) for change in d.changes]} if d.changes else {})),
    FactSpec("play_restriction", "play_restrictions", "a play declarer required after a premature play (Law 57A)", (
        Key("trick", "trick", "the trick", required=True),
        Key("player", "seat", "the offender's partner", required=True),
        Key("play", "choice", "his highest or lowest card of the suit led (57A1, 57A2; or suit, or forbid)",
            choices=PLAY_CHOICES),
        Key("suit", "suit", "a card of this other suit required (57A3; or play, or forbid)"),
        Key("forbid", "suit", "a card of this suit, not the suit led, forbidden (57A4; or play, or suit)"),
        Key("why", "text", "how it came about")),
        _play_restriction,
        _play_restriction_entry,
        (LineForm(r"^([NESW]):(HIGHEST|LOWEST)@(\d+)$", ("player", "play", "trick"), "{player}:{play}@{trick}"),
         LineForm(r"^([NESW]):([SHDC])@(\d+)$", ("player", "suit", "trick"), "{player}:{suit}@{trick}"),
         LineForm(r"^([NESW]):!([SHDC])@(\d+)$", ("player", "forbid", "trick"), "{player}:!{forbid}@{trick}")),
        "play-restriction", "SEAT:HIGHEST|LOWEST|[!]SUIT@TRICK",
        "Play restrictions after a premature play (Law 57A)", "play restrictions",
        (("W:highest@11", "West's highest card of the suit led to trick 11"), ("W:lowest@11", "his lowest"),
         ("W:H@11", "a heart, when void in the suit led"), ("W:!H@11", "no heart (forbidden)"))),
    FactSpec("lead_out_of_turn", "leads_out_of_turn", "an accepted lead out of turn", (
        Key("trick", "trick", "the trick", required=True),
        Key("player", "seat", "who led it", required=True)),
        lambda e: LeadOutOfTurn(e.trick(), e.seat(), e.line),
        lambda lead: {"trick": lead.trick, "player": SEAT_LETTERS[lead.player]},
        (LineForm(r"^([NESW])@(\d+)$", ("player", "trick"), "{player}@{trick}"),),
        "lead-out-of-turn", "SEAT@TRICK", "Accepted leads out of turn", "leads out of turn", (("E@3", "East led trick 3"),)),
)
"""Every kind of fact with a class of its own, in the order the case-file reference, the desk and ``--help`` show
them."""


def fact_spec(table: str) -> FactSpec:
    """The kind of fact of that case-file table (KeyError for one not in the table)."""
    for spec in FACT_SPECS:
        if spec.table == table:
            return spec
    raise KeyError(table)


def facts_of_entries(entries: Mapping[str, Iterable[tuple[Mapping[str, Any], int | None]]], fail: Fail) -> dict[str, Any]:
    """The ``Facts`` fields the entries of each table give (``entries[table]``: each entry with its line); a kind with no
    field of its own goes into ``Facts.others``."""
    found = {spec.field: tuple(spec.read(Entry(entry, line, fail)) for entry, line in entries.get(spec.table, ()))
             for spec in FACT_SPECS}
    own = {item.name for item in fields(Facts)}
    return {name: value for name, value in found.items() if name in own} | {
        "others": {name: value for name, value in found.items() if name not in own and value}}


def _value_error(problem: str, line: int | None = None) -> Exception:
    return ValueError(problem.removeprefix("facts: "))


def facts_from_lines(lines: Mapping[str, Iterable[str]], claim_by: str | None = None, why: str = "") -> Facts:
    """The facts given one a line, by the command line or the desk's API (``lines[parameter]``: ``E:SJ@3``...), with
    who claimed; ``why`` is how each came about where it has a ``why``. ValueError naming the line that cannot be
    read."""
    if claim_by is not None and claim_by not in ("declarer", "defenders"):
        raise ValueError(f"claim_by must be one of declarer, defenders, not {claim_by!r}")
    entries: dict[str, list[tuple[Mapping[str, Any], int | None]]] = {}
    for spec in FACT_SPECS:
        has_why = any(key.name == "why" for key in spec.keys)
        for text in lines.get(spec.parameter, ()):
            entry = spec.from_line(text) | ({"why": why} if why and has_why else {})
            entries.setdefault(spec.table, []).append((entry, None))
    return Facts(**facts_of_entries(entries, _value_error), claim_by=claim_by)
