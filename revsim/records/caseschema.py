"""The case-file format, described once as data: every key, its type, whether it is required, its default.

``validate_board`` checks one board's TOML data against ``schema()`` before anything else reads it, and
names the key, the line and what was expected ("`claim.after_trick` must be a trick number 1-13, not
'five'"); unknown keys are errors with the closest known key suggested. ``reference_rows`` gives the
case-file reference table (docs/case-files.md), so the checks, the messages and the documentation come from one place.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import revsim.records.fact_specs as fact_specs
import revsim.records.setting_specs as setting_specs
from revsim.cards import SEAT_LETTERS, SUIT_LETTERS, Card, parse_pbn_deal
from revsim.records.auction import normalise_call
from revsim.records.claim import ACTIONS, CLAIM_STATUSES
from revsim.records.facts import NOTICED_WHEN, parse_noticed_at
from revsim.records.schema_key import Key

VULNERABILITIES = ("None", "NS", "EW", "All")
_SEATS = (*SEAT_LETTERS, "NORTH", "EAST", "SOUTH", "WEST")
_SUITS = (*SUIT_LETTERS, "SPADES", "HEARTS", "DIAMONDS", "CLUBS")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        Card.parse(value)
    except ValueError:
        return False
    return True


def _deal(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        parse_pbn_deal(value)
    except ValueError:
        return False
    return True


def _noticed_at(value: Any) -> bool:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return False
    try:
        parse_noticed_at(str(value))
    except ValueError:
        return False
    return True


def _calls(value: Any) -> bool:
    if not isinstance(value, list) or not all(isinstance(call, str) for call in value):
        return False
    try:
        for call in value:
            normalise_call(call)
    except ValueError:
        return False
    return True


KINDS: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "text": ("a string", lambda v: isinstance(v, str)),
    "name": ("a string or a number", lambda v: isinstance(v, str) or _is_int(v)),
    "deal": ('a PBN deal like "N:AKQ.JT9.876.5432 ..."', _deal),
    "contract": ('a contract like "4S", "3NTX" or "Pass"', lambda v: isinstance(v, str) and v.strip() != ""),
    "seat": ("a seat: N, E, S or W", lambda v: isinstance(v, str) and v.strip().upper() in _SEATS),
    "suit": ("a suit: S, H, D or C", lambda v: isinstance(v, str) and v.strip().upper() in _SUITS),
    "card": ('a card like "SK" or "H10"', _card),
    "trick": ("a trick number 1-13", lambda v: _is_int(v) and 1 <= v <= 13),
    "noticed-at": ('a trick, or a trick and the cards of it played, like 4 or "4.1"', _noticed_at),
    "tricks": ("a number of tricks 0-13", lambda v: _is_int(v) and 0 <= v <= 13),
    "choice": ("one of", lambda v: isinstance(v, str)),
    "tricks-played": ('a list of tricks, each a string of cards in the order played like "DK D4 D2 D3"',
                      lambda v: isinstance(v, list) and all(isinstance(t, str) for t in v)),
    "calls": ('a list of calls like ["1S", "P", "4S", "AP"]', _calls),
    "cards": ('a list of cards like ["SK", "H10"]', lambda v: isinstance(v, list) and all(_card(c) for c in v)),
    "cards-by-seat": ('a table of seats and cards like { N = ["H3"] }', lambda v: isinstance(v, dict)),
    "whole": ("a whole number", _is_int),
    "share": ('a share like "1/6", "20%" or 0.2', lambda v: isinstance(v, str | float) or _is_int(v)),
    "options": ('a table of option names and values like { level = "expert", seed = 1 }',
                lambda v: isinstance(v, dict) and all(isinstance(o, str) or _is_int(o) for o in v.values())),
    "table": ("a table", lambda v: isinstance(v, dict)),
    "flag": ("true or false", lambda v: isinstance(v, bool)),
    "steps": ('a list of steps, each a table like { do = "cash", cards = ["CA", "CK"] } (actions: '
              + ", ".join(ACTIONS) + ")",
              lambda v: isinstance(v, list) and all(isinstance(t, dict) for t in v)),
    "texts": ('a list of strings like ["East: I had no club", ...]',
              lambda v: isinstance(v, list) and all(isinstance(t, str) for t in v)),
    "players": ('a table of seats and names like { N = "Ann", E = "Bob" }',
                lambda v: isinstance(v, dict) and all(isinstance(k, str) and k.strip().upper() in _SEATS
                                                      and isinstance(n, str) for k, n in v.items())),
    "tables": ("an array of tables ([[...]])", lambda v: isinstance(v, list) and all(isinstance(t, dict) for t in v)),
}

SCHEMA: tuple[Key, ...] = (   # every key of a board but the settings table (``schema()`` adds it)
    Key("board", "name", "the board's name", default="#1, #2... in file order"),
    Key("deal", "deal", "the four hands as a PBN deal (or the cards left in an end position)", required=True),
    Key("contract", "contract", "level, strain, X or XX", required=True),
    Key("declarer", "seat", "declarer's seat", required=True),
    Key("vulnerable", "choice", "who is vulnerable", required=True, choices=VULNERABILITIES),
    Key("dealer", "seat", "the dealer's seat"),
    Key("event", "text", "the event"),
    Key("date", "text", "the date"),
    Key("session", "text", "the session or round"),
    Key("table", "name", "the table"),
    Key("players", "players", "the players' names by seat"),
    Key("director", "text", "the director who ruled"),
    Key("scoring", "text", "the event's form of scoring, as PBN's [Scoring] names it: IMP (teams) or MP (pairs)"),
    Key("statements", "texts", "what the players said, one a string"),
    Key("findings", "texts", "the director's findings of fact, one a string"),
    Key("auction", "calls", "the calls from the dealer on (read by the sd estimator's players)"),
    Key("play", "tricks-played", "each trick in the order played, leader first; the last may be unfinished",
        required=True),
    Key("start", "table", "an end position: where the given play starts", keys=(
        Key("trick", "trick", "the trick the play starts at", default="14 minus the cards in each hand"),
        Key("leader", "seat", "who leads it", default="declarer's left-hand opponent (required after trick 1)"),
        Key("declarer_tricks", "tricks", "declarer's side's tricks before it", default="0"),
    )),
    Key("claim", "table", "a claim or concession that ended the play", keys=(
        Key("declarer_tricks", "tricks", "declarer's total tricks, the table result", required=True),
        Key("after_trick", "trick", "the last trick played", default="the last trick of the play"),
        Key("by", "choice", "who claimed or conceded", default="declarer", choices=("declarer", "defenders")),
        Key("statement", "text", "what the claimer said, in his words (kept beside the steps)"),
        Key("status", "choice", "agreed by the opponents, contested (the director rules, Laws 70 and 71), withdrawn "
            "(Law 68D: the play went on), or conceded: a concession brought to the director within the correction "
            "period (Law 71)", default="agreed", choices=CLAIM_STATUSES),
        Key("claimer", "seat", "who claimed or conceded (a defenders' claim: which defender, for Law 70D2)",
            default="the claiming side's player who last played to the trick, else its next to play"),
        Key("steps", "steps", "the statement as a line of steps, each an action with the cards and suits it names "
            "(the director's guide lists the actions); required for a contested claim"),
        Key("any_order", "flag", "the steps may be taken in any order", default="false"),
    )),
    Key("facts", "table", "what the record cannot show"),   # its keys: ``facts_key()``
    Key("information", "table", "unauthorised information a player had from partner (Law 16B)", keys=(
        Key("trick", "trick", "the trick his card to it was chosen with the information", required=True),
        Key("player", "seat", "who had the information (dummy's seat: declarer's choice of dummy's card)", required=True),
        Key("source", "text", "where it came from, in the director's words (a question, a withdrawn card)"),
        Key("shows", "tables", "what it showed of the hands, one fact a table", keys=(
            Key("seat", "seat", "whose hand", required=True),
            Key("cards", "cards", "cards that hand holds (a withdrawn card, say)"),
            Key("suit", "suit", "a suit whose length it showed"),
            Key("at_least", "tricks", "the least cards of the suit the hand holds (its original hand)"),
            Key("at_most", "tricks", "the most cards of the suit the hand holds (its original hand)"),
        )),
        Key("penalty_tricks", "tricks", "the tricks it told declarer his side will get from the revoke laws (dummy's "
            "question about an established revoke, Law 64A): he needs that many fewer from the play", default="0"),
    )),
)


_NOTICED_KEYS = (
    Key("noticed", "choice", "when attention was first drawn", default="end-of-play", choices=NOTICED_WHEN),
    Key("noticed_at_trick", "trick", "attention drawn during the play, at this trick"),
    Key("noticed_at", "noticed-at", "attention drawn during the play: during trick T, or after N cards (0-3) of "
        "it, like 4 or \"4.1\" (instead of noticed_at_trick)"),
)

_JUDGEMENT = (
    Key("judgement", "tables", "the director's own judgement of a no-infraction world (Law 12C1c)", keys=(
        Key("world", "text", "tT: the world without the revoke on trick T (tTS: seat S's, when two revoked on "
            "trick T); none: the world with no revoke at all, when both sides revoked (Law 64C2b); ns or ew: "
            "that side's own weighted score, when both sides revoked",
            default="the world without the first revoke"),
        Key("outcomes", "text", "declarer's side's tricks and weights, like \"11:0.7,10:0.3\"", required=True),
    )),
)


def facts_key() -> Key:
    """The ``facts`` table: when attention was drawn, each kind of fact of ``records.fact_specs`` as the table holds
    them now, and the director's judgements."""
    return Key("facts", "table", "what the record cannot show",
               keys=(*_NOTICED_KEYS, *(spec.schema_key() for spec in fact_specs.FACT_SPECS), *_JUDGEMENT))


def settings_key() -> Key:
    """The ``settings`` table: how the board was ruled, its keys the estimator and the ruling settings' table
    (``records.setting_specs``)."""
    return Key("settings", "table", "how the board was ruled (the desk writes it): used where the command line or the "
               "desk chooses nothing else", keys=(
                   Key("estimator", "text", "the estimator, like sd or dd", default="sd"),
                   Key("estimator_options", "options", "the estimator's options, like { level = \"expert\", seed = 1 }"),
                   *(Key(spec.name, "text" if spec.kind == "choice" else spec.kind, spec.help, default=spec.written)
                     for spec in setting_specs.SETTING_SPECS)))


def schema() -> tuple[Key, ...]:
    """Every key of a board, the ``facts`` and ``settings`` tables' from the tables of facts and of ruling settings as
    they are now."""
    return (*(facts_key() if key.name == "facts" else key for key in SCHEMA), settings_key())


@dataclass(frozen=True)
class Problem:
    """What is wrong with a board's data: the message and the key path (for finding its line)."""

    message: str
    path: tuple[str, ...]


def validate_board(data: Any) -> Problem | None:
    """The first problem of one board's data against ``schema()``, or None when it fits."""
    if not isinstance(data, dict):
        return Problem(f"a board must be a table of keys, not {_show(data)}", ())
    return _check_table(data, schema(), ())


def _check_table(data: dict[str, Any], keys: tuple[Key, ...], path: tuple[str, ...]) -> Problem | None:
    known = {key.name: key for key in keys}
    for name in data:
        if name not in known:
            return Problem(_unknown(name, path, tuple(known)), (*path, name))
    for key in keys:
        if key.required and key.name not in data:
            return Problem(f"`{_dotted((*path, key.name))}` is required and missing ({key.meaning})", path)
    for key in keys:
        if key.name in data:
            problem = _check_value(data[key.name], key, (*path, key.name))
            if problem is not None:
                return problem
    return None


def _check_value(value: Any, key: Key, path: tuple[str, ...]) -> Problem | None:
    label, fits = KINDS[key.kind]
    if key.kind == "choice":
        if isinstance(value, str) and value.strip().lower() in (choice.lower() for choice in key.choices):
            return None
        return Problem(f"`{_dotted(path)}` must be one of {', '.join(key.choices)}, not {_show(value)}", path)
    if not fits(value):
        return Problem(f"`{_dotted(path)}` must be {label}, not {_show(value)}", path)
    if key.kind == "table":
        return _check_table(value, key.keys, path)
    if key.kind == "tables":
        for index, entry in enumerate(value, start=1):
            problem = _check_table(entry, key.keys, (*path[:-1], f"{path[-1]}[{index}]"))
            if problem is not None:
                return problem
    if key.kind == "cards-by-seat":
        for seat, cards in value.items():
            if seat.strip().upper() not in _SEATS:
                return Problem(f"`{_dotted(path)}`: {seat!r} is not a seat (N, E, S or W)", path)
            if not isinstance(cards, list) or not all(_card(card) for card in cards):
                return Problem(f"`{_dotted((*path, seat))}` must be a list of cards like [\"H3\"], not {_show(cards)}",
                               path)
    return None


def _unknown(name: str, path: tuple[str, ...], known: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    hint = f"did you mean `{close[0]}`?" if close else f"known keys here: {', '.join(known)}"
    return f"unknown key `{_dotted((*path, name))}`: {hint}"


def _dotted(path: tuple[str, ...]) -> str:
    return ".".join(path)


def _show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def reference_rows() -> list[tuple[str, str, str, str, str]]:
    """(key, type, required, default, meaning) for every key, tables first and their keys after them."""
    rows: list[tuple[str, str, str, str, str]] = []

    def add(keys: tuple[Key, ...], prefix: str) -> None:
        for key in keys:
            label = KINDS[key.kind][0] if key.kind != "choice" else "one of " + ", ".join(key.choices)
            rows.append((prefix + key.name, label, "yes" if key.required else "no", key.default, key.meaning))
            if key.keys:
                add(key.keys, f"{prefix}{key.name}{'[]' if key.kind == 'tables' else ''}.")

    add(schema(), "")
    return rows


def reference_table() -> str:
    """The reference table of the case-file format (docs/case-files.md), in Markdown."""
    lines = ["| key | type | required | default | meaning |", "|---|---|---|---|---|"]
    lines += [f"| `{key}` | {kind} | {required} | {default} | {meaning} |"
              for key, kind, required, default, meaning in reference_rows()]
    return "\n".join(lines)
