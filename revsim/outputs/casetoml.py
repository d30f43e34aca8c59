"""Writing a board as a director's case file (TOML), so a case entered or loaded anywhere is archived in the
one format a director can read, edit and give back to ``revsim adjudicate``.

``record_to_case`` turns a Record (from a PBN, LIN or case file) into the case file's data: plain
dictionaries and lists, the keys of ``caseschema.schema()``. ``case_to_toml`` writes such data as TOML
(``cases_to_toml`` several boards as one session file); ``parse_case`` reads it back to the same board.
"""

from __future__ import annotations

import json
from typing import Any

import revsim.records.fact_specs as fact_specs
from revsim.cards import SEAT_LETTERS, deal_to_pbn
from revsim.play.table import replay_cards
from revsim.records.claim import ClaimStatus
from revsim.records.facts import Facts, noticed_at_text
from revsim.records.judgement import outcomes_text
from revsim.records.record import CASE_EVENT_KEYS, PLAYER_KEYS, Record

_ORDER = ("board", "event", "date", "session", "table", "players", "director", "scoring", "deal", "contract", "declarer",
          "vulnerable", "dealer", "auction", "play", "start", "claim", "information", "statements", "findings", "settings",
          "facts")


def _fact_tables() -> tuple[str, ...]:
    """The facts written as arrays of tables (``[[facts.penalty_card]]``), in the order of the table of facts."""
    return (*(spec.table for spec in fact_specs.FACT_SPECS if not spec.by_seat), "judgement")


def record_to_case(record: Record) -> dict[str, Any]:
    """The case file's data for one board: the deal, the contract, the play in the order played (as the
    replay puts it: a PBN record lists its tricks by seat), an end position's start, the claim and the
    facts. A board of a session file with no contract yet gives its deal, dealer and vulnerability and an
    empty play. A play that cannot be replayed raises its RecordError."""
    contract = record.contract
    case: dict[str, Any] = {"board": str(record.board), "deal": deal_to_pbn(record.hands)}
    case.update({key: record.info[key] for key in CASE_EVENT_KEYS if key in record.info})
    players = {seat: record.info[name] for seat, name in zip("NESW", PLAYER_KEYS, strict=True)
               if name in record.info}
    if players:
        case["players"] = players
    if record.facts.statements:
        case["statements"] = list(record.facts.statements)
    if record.facts.findings:
        case["findings"] = list(record.facts.findings)
    if contract is not None:
        case.update(contract=str(contract), declarer=SEAT_LETTERS[contract.declarer])
    case["vulnerable"] = record.vulnerability
    if record.dealer is not None:
        case["dealer"] = SEAT_LETTERS[record.dealer]
    if record.auction:
        case["auction"] = list(record.auction)
    tricks: dict[int, list[str]] = {}
    for play in replay_cards(record).plays if contract is not None else []:
        tricks.setdefault(play.trick, []).append(str(play.card))
    case["play"] = [" ".join(cards) for _, cards in sorted(tricks.items())]
    if record.first_trick != 1:
        case["start"] = {"trick": record.first_trick, "leader": SEAT_LETTERS[record.opening_leader],
                         "declarer_tricks": record.tricks_before[0]}
    claim = claim_to_case(record)
    if claim:
        case["claim"] = claim
    if record.facts.information is not None:
        case["information"] = record.facts.information.as_table()
    if record.ruled_with:
        case["settings"] = dict(record.ruled_with)
    facts = facts_to_case(record.facts)
    if facts:
        case["facts"] = facts
    return case


def claim_to_case(record: Record) -> dict[str, Any]:
    """The ``claim`` table of a case file: the tricks claimed, who claimed, the words, where it was made, and a
    statement's status and steps (a withdrawn claim too: the play went on after it). Empty without a claim."""
    structured = record.facts.claim
    total = record.claimed_total if record.claimed_total is not None else structured.tricks if structured else None
    if total is None:
        return {}
    claim: dict[str, Any] = {"declarer_tricks": total}
    if record.facts.claim_by is not None:
        claim["by"] = record.facts.claim_by
    if record.facts.claim_statement:
        claim["statement"] = record.facts.claim_statement
    cards = structured.after_cards if structured is not None and structured.after_cards is not None else len(record.play)
    if cards:
        claim["after_trick"] = record.first_trick + (cards + 3) // 4 - 1
    if structured is not None:
        if structured.status != ClaimStatus.AGREED:
            claim["status"] = str(structured.status)
        if structured.steps:
            claim["steps"] = [step.as_table() for step in structured.steps]
        if structured.any_order:
            claim["any_order"] = True
    return claim


def facts_to_case(facts: Facts) -> dict[str, Any]:
    """The ``[facts]`` table of a case file (empty when there are none)."""
    out: dict[str, Any] = {}
    if facts.noticed is not None:
        out["noticed"] = facts.noticed
    if facts.noticed_trick is not None and facts.noticed_cards is not None:
        out["noticed_at"] = noticed_at_text(facts.noticed_trick, facts.noticed_cards)
    elif facts.noticed_trick is not None:
        out["noticed_at_trick"] = facts.noticed_trick
    for spec in fact_specs.FACT_SPECS:
        found = facts.of_kind(spec.field)
        if found:
            out[spec.table] = spec.case_entries(found)
    judgements = [({"world": name} if name is not None else {}) | {"outcomes": outcomes_text(outcomes)}
                  for name, outcomes in facts.judgements]
    if judgements:
        out["judgement"] = judgements
    return out


def case_to_toml(case: dict[str, Any], comment: str = "") -> str:
    """A case file's data written as TOML, keys in the order of the case-file reference (docs/case-files.md); ``comment`` becomes
    the opening ``#`` lines."""
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    return "\n".join(lines + _board_lines(case, "")) + "\n"


def cases_to_toml(cases: list[dict[str, Any]], comment: str = "") -> str:
    """Several cases as one case file, each in its ``[[board]]`` table (a session of a director's cases)."""
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    for case in cases:
        lines += ["", "[[board]]", *_board_lines(case, "board.")]
    return "\n".join(lines) + "\n"


def _board_lines(case: dict[str, Any], prefix: str) -> list[str]:
    """One board's keys, then its ``[facts]`` (``[board.facts]`` in a session) and their tables."""
    lines = []
    facts = case.get("facts") or {}
    if not isinstance(facts, dict):
        raise ValueError(f"`facts` must be a table of facts, not {facts!r}")
    for key in _ORDER:
        if key not in case or key == "facts":
            continue
        value = case[key]
        if key == "play" and isinstance(value, list):
            lines.append("play = [" + "".join(f"\n  {_value(trick)}," for trick in value) + ("\n]" if value else "]"))
        else:
            lines.append(f"{key} = {_value(value)}")
    unknown = sorted(set(case) - set(_ORDER))
    if unknown:
        raise ValueError(f"unknown case keys: {', '.join(unknown)}")
    if facts:
        lines += ["", f"[{prefix}facts]"]
        tables = _fact_tables()
        lines += [f"{key} = {_value(value)}" for key, value in facts.items() if key not in tables]
        for table in tables:
            entries = facts.get(table, [])
            if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
                raise ValueError(f"`facts.{table}` must be a list of tables, one a {table.replace('_', ' ')}, "
                                 f"not {entries!r}")
            for entry in entries:
                lines += ["", f"[[{prefix}facts.{table}]]"]
                lines += [f"{key} = {_value(value)}" for key, value in entry.items()]
    return lines


def _value(value: Any) -> str:
    """One TOML value: a string, an integer, a list, or an inline table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):  # JSON's escapes are TOML's, but for DEL, which TOML also wants escaped
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(key)} = {_value(item)}" for key, item in value.items()) + " }"
    raise ValueError(f"cannot write {value!r} in a case file")


def _key(name: str) -> str:
    return name if name.replace("_", "").isalnum() else json.dumps(name)
