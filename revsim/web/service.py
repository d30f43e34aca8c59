"""What the director's desk asks of revsim, as plain functions on text and query parameters.

They run in the desk's worker process (``revsim.web.app``), never in the web server's threads, since
the solver must not run in two threads of one process. Each returns a ``Reply``: a status, a media type
and a body, so a problem with the input is a 4xx answer naming the file, the board, the line and what
is wrong, and nothing reaches the server as an exception.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from revsim.adjudicate import adjudicate, board_output
from revsim.cards import SEAT_LETTERS, deal_to_pbn
from revsim.equity.estimators import ESTIMATOR_NAMES
from revsim.equity.sd import LEVEL_NAMES
from revsim.equity.settings import BOTH_SIDES_METHODS, REGIMES, SUBSTITUTES, Settings, parse_outcomes
from revsim.outputs.casetoml import case_to_toml, record_to_case
from revsim.outputs.report import report_html
from revsim.records.errors import RecordError
from revsim.records.facts import NOTICED_WHEN, Facts, parse_hidden_card, parse_lead_restriction, parse_penalty_card, with_extra
from revsim.records.readers import parse_text
from revsim.records.record import Record

FORMATS = {"pbn": ".pbn", "lin": ".lin", "toml": ".toml"}
CHOICES: dict[str, tuple[str, ...]] = {
    "estimator": ESTIMATOR_NAMES, "level": LEVEL_NAMES, "noticed": NOTICED_WHEN, "substitute": SUBSTITUTES,
    "regime": REGIMES, "both_sides": BOTH_SIDES_METHODS, "claim_by": ("declarer", "defenders"),
}
REPEATABLE = ("penalty_card", "lead_restriction", "hidden")
OTHER = ("format", "name", "board", "record", "seed", "field", "outcomes")
Query = dict[str, list[str]]


@dataclass(frozen=True)
class Reply:
    """An answer: HTTP status, media type and body text."""

    status: int
    media_type: str
    body: str

    @classmethod
    def json(cls, data: Any, status: int = 200) -> Reply:
        return cls(status, "application/json", json.dumps(data, indent=2, ensure_ascii=False))

    @classmethod
    def problem(cls, status: int, message: str, **where: Any) -> Reply:
        """A 4xx answer: ``error`` is one sentence; the other keys say where."""
        return cls.json({"status": "error", "error": message, **where}, status)


class BadRequest(Exception):
    """A query parameter or body that cannot be used; becomes a 4xx reply."""

    def __init__(self, message: str, status: int = 400, **where: Any) -> None:
        super().__init__(message)
        self.status, self.where = status, where


def answer(handler: Callable[[str, Query], Reply], text: str, query: Query) -> Reply:
    """``handler(text, query)``, with a bad request or a bad record turned into its 4xx reply."""
    try:
        return handler(text, query)
    except BadRequest as error:
        return Reply.problem(error.status, str(error), **error.where)
    except RecordError as error:
        return Reply.problem(422, error.describe(), file=error.source, board=error.board, line=error.line,
                             trick=error.trick, problem=error.problem)


def adjudicate_text(text: str, query: Query) -> Reply:
    """``POST /api/adjudicate``: the same JSON array as ``revsim adjudicate --json``; 422 when a board
    selected cannot be read or replayed (every such board is listed)."""
    settings, field = _settings(query), _field(query)
    items = list(_selected(text, query))
    outputs = [board_output(item, settings, field) for item in items]
    failed = [output.result for output in outputs if output.failed]
    if failed:
        first = failed[0]
        return Reply.problem(422, first["error"], file=first["file"], board=first["board"], line=first["line"],
                             trick=first["trick"], errors=failed)
    return Reply.json([output.result for output in outputs])


def report_text(text: str, query: Query) -> Reply:
    """``POST /api/report``: the HTML report of one board (``board`` and ``record`` choose it)."""
    settings, field = _settings(query), _field(query)
    record = _one(text, query)
    ruling = adjudicate(record, settings)
    scores = field.get(None) if field else None
    return Reply(200, "text/html; charset=utf-8", report_html(ruling, settings, scores))


def load_text(text: str, query: Query) -> Reply:
    """``POST /api/load``: every board of a file as case data for the desk (a session file of deals without
    play is fine), with the boards that cannot be read listed as errors."""
    boards: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    for item in parse_text(text, _source(query)):
        if isinstance(item, RecordError):
            errors.append({"board": item.board, "line": item.line, "error": item.describe()})
            continue
        try:
            case = record_to_case(item) if item.contract is not None else _deal_only(item)
        except RecordError as error:
            errors.append({"board": item.board, "line": error.line, "error": error.describe()})
            continue
        boards.append(case)
    if not boards and errors:
        return Reply.problem(422, str(errors[0]["error"]), board=errors[0]["board"], line=errors[0]["line"], errors=errors)
    return Reply.json({"boards": boards, "errors": errors})


def case_text(text: str, query: Query) -> Reply:
    """``POST /api/case``: the desk's case (JSON, the case file's keys) as a TOML case file, read back
    once to check that ``revsim adjudicate`` takes it."""
    try:
        case = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadRequest(f"the case is not JSON: {error}") from None
    if not isinstance(case, dict):
        raise BadRequest("the case must be a JSON object with the case file's keys")
    try:
        toml = case_to_toml(case, "revsim case file, written by the director's desk")
        tomllib.loads(toml)
    except (ValueError, tomllib.TOMLDecodeError) as error:
        raise BadRequest(f"the case cannot be written as a case file: {error}") from None
    source = _source(query, "case.toml")
    for item in parse_text(toml, source):
        if isinstance(item, RecordError):
            raise item
    return Reply(200, "application/toml; charset=utf-8", toml)


def _deal_only(record: Record) -> dict[str, Any]:
    """A board of a session file with no contract yet: the deal, dealer and vulnerability."""
    case: dict[str, Any] = {"board": str(record.board), "deal": deal_to_pbn(record.hands),
                            "vulnerable": record.vulnerability, "play": []}
    if record.dealer is not None:
        case["dealer"] = SEAT_LETTERS[record.dealer]
    return case


def _source(query: Query, default: str | None = None) -> str:
    """The name errors give for the posted text, with the extension of its ``format``."""
    fmt = _one_value(query, "format") or "toml"
    if fmt not in FORMATS:
        raise BadRequest(f"format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    name = _one_value(query, "name") or default or f"posted{FORMATS[fmt]}"
    stem = name.rsplit("/", 1)[-1]
    return stem if stem.lower().endswith(FORMATS[fmt]) else f"{stem} ({fmt}){FORMATS[fmt]}"


def _one_value(query: Query, key: str) -> str | None:
    values = query.get(key, [])
    if len(values) > 1:
        raise BadRequest(f"{key} is given {len(values)} times; give it once")
    return values[0] if values else None


def _check_keys(query: Query) -> None:
    known = set(CHOICES) | set(REPEATABLE) | set(OTHER)
    for key in query:
        if key not in known:
            raise BadRequest(f"unknown parameter {key!r}; known: {', '.join(sorted(known))}")


def _settings(query: Query) -> Settings:
    _check_keys(query)
    chosen: dict[str, Any] = {}
    for key, allowed in CHOICES.items():
        value = _one_value(query, key)
        if value is not None and value not in allowed:
            raise BadRequest(f"{key} must be one of {', '.join(allowed)}, not {value!r}")
        chosen[key] = value
    seed = _one_value(query, "seed")
    try:
        seed_value = int(seed) if seed is not None else 1
    except ValueError:
        raise BadRequest(f"seed must be a whole number, not {seed!r}") from None
    defaults = Settings()
    outcomes_text = _one_value(query, "outcomes")
    try:
        outcomes = parse_outcomes(outcomes_text) if outcomes_text else None
    except ValueError as error:
        raise BadRequest(f"outcomes: {error}") from None
    return Settings(outcomes=outcomes, noticed=chosen["noticed"], substitute=chosen["substitute"] or defaults.substitute,
                    regime=chosen["regime"] or defaults.regime, both_sides=chosen["both_sides"] or defaults.both_sides,
                    estimator=chosen["estimator"] or defaults.estimator, level=chosen["level"] or defaults.level,
                    seed=seed_value)


def _extra_facts(query: Query) -> Facts:
    try:
        return Facts(penalty_cards=tuple(parse_penalty_card(t) for t in query.get("penalty_card", [])),
                     lead_restrictions=tuple(parse_lead_restriction(t) for t in query.get("lead_restriction", [])),
                     hidden_cards=tuple(parse_hidden_card(t) for t in query.get("hidden", [])),
                     claim_by=_one_value(query, "claim_by"))
    except ValueError as error:
        raise BadRequest(str(error)) from None


def _field(query: Query) -> dict[str | None, list[int]] | None:
    """``field=420,450,-50``: the other tables' North-South scores on this board."""
    text = _one_value(query, "field")
    if not text or not text.strip():
        return None
    try:
        return {None: [int(part) for part in text.replace(";", ",").replace("\n", ",").split(",") if part.strip()]}
    except ValueError:
        raise BadRequest(f"field must be North-South scores separated by commas, like 420,450,-50; not {text!r}") from None


def _selected(text: str, query: Query) -> Iterator[Record | RecordError]:
    board = _one_value(query, "board")
    extra = _extra_facts(query)
    found = False
    for item in parse_text(text, _source(query)):
        if board is not None and item.board != board:
            continue
        found = True
        if isinstance(item, Record):
            item.facts = with_extra(item.facts, extra)
        yield item
    if board is not None and not found:
        raise BadRequest(f"no board named {board!r} in the file", 404, board=board)


def _one(text: str, query: Query) -> Record:
    """The one record a report is about: ``board`` names it, ``record`` picks among tables of one board."""
    items = list(_selected(text, query))
    number = _one_value(query, "record")
    if number is not None:
        if not number.isdigit() or not 1 <= int(number) <= len(items):
            raise BadRequest(f"record must be 1-{len(items)} (the records selected), not {number!r}")
        items = [items[int(number) - 1]]
    playable = [i for i in items if isinstance(i, RecordError) or (i.contract is not None and i.play)]
    if not playable:
        raise BadRequest("no board selected has play: nothing to report", 422)
    if len(items) > 1:
        names = sorted({str(item.board) for item in items})
        raise BadRequest(f"the file holds {len(items)} records ({', '.join(names[:10])}): choose one with board= "
                         "(and record=K when several share a name)")
    item = playable[0]
    if isinstance(item, RecordError):
        raise item
    return item
