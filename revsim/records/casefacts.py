"""Reading the ``[facts]`` table of a director's case file: when attention was drawn, each kind of fact of
``records.fact_specs`` (corrections, penalty cards, restrictions...), the director's judgements, and who claimed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

import revsim.records.fact_specs as fact_specs
from revsim.records.fact_specs import FactSpec, facts_of_entries
from revsim.records.facts import NOTICED_WHEN, Facts, parse_noticed_at
from revsim.records.judgement import Outcomes, judgement_key, parse_judgement

MAX_FACT_ROWS = 200
"""The most rows a kind of fact may have on one board: a board has 52 cards, and a real case a handful of facts; a
file with more is a slip (or a file built to be slow) and is refused, its line named."""


class CaseLines(Protocol):
    """Where keys and facts are in the case file's text (``casefile._Lines``)."""

    def key(self, name: str) -> int | None: ...

    def fact(self, table: str, index: int) -> int | None: ...

    def locate(self, path: tuple[str, ...]) -> int | None: ...


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
        rows = data.get(table, [])
        if isinstance(rows, list) and len(rows) > MAX_FACT_ROWS:
            raise fail(f"facts: {len(rows):,} {table} rows on one board, more than any case holds (at most "
                       f"{MAX_FACT_ROWS}); the row past the limit is here", line=lines.fact(table, MAX_FACT_ROWS))
        for index, entry in enumerate(rows):
            yield entry, lines.fact(table, index)

    def spec_entries(spec: FactSpec) -> list[tuple[dict[str, Any], int | None]]:
        if not spec.by_seat:
            return list(entries(spec.table))
        line = lines.key(spec.table) or lines.fact(spec.table, 0)
        return [(entry, line) for entry in spec.file_entries(data.get(spec.table, {}))]

    kinds = facts_of_entries({spec.table: spec_entries(spec) for spec in fact_specs.FACT_SPECS}, fail)
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

    line_of = {"claim": lines.key("claim") or lines.locate(("claim",)) or 0,
               **{judgement_key(name): found for name, found in judged_at.items() if found},
               "noticed": lines.key("noticed_at") or lines.key("noticed_at_trick") or lines.key("noticed") or 0}
    return Facts(noticed=noticed, noticed_trick=int(noticed_trick) if noticed_trick is not None else None,
                 noticed_cards=noticed_cards, claim_by=claim_by, claim_statement=statement, judgements=tuple(judgements),
                 lines={key: value for key, value in line_of.items() if value}, **kinds)
