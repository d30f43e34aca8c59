"""What the director's desk asks of revsim, as plain functions on a posted body and query parameters.

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

import revsim.records.fact_specs as fact_specs
import revsim.records.setting_specs as setting_specs
from revsim.adjudicate import adjudicate, board_output, settings_as_ruled
from revsim.equity.settings import DEFAULT_ESTIMATOR, Settings, with_values
from revsim.likely.budget import time_budget
from revsim.likely.estimators import ESTIMATORS, all_options
from revsim.outputs.casetoml import case_to_toml, cases_to_toml, record_to_case
from revsim.outputs.dicts import error_to_dict
from revsim.outputs.report import report_html
from revsim.records.choice import NotOneRecord, OptionNames, no_board_named, one_record
from revsim.records.errors import OverBudget, RecordError
from revsim.records.fact_specs import facts_from_lines
from revsim.records.facts import Facts, parse_noticed_at
from revsim.records.formats import FORMATS as RECORD_FORMATS
from revsim.records.judgement import split_judgements
from revsim.records.numbers import shown, whole_number
from revsim.records.readers import parse_text, select_boards
from revsim.records.record import Record
from revsim.records.source import decode_text
from revsim.scoring.field import FIELD_SOURCES, Field
from revsim.web.casejson import CaseJsonError, case_json
from revsim.web.progress import tell_case, told

FORMATS = {entry.name: entry.suffix for entry in RECORD_FORMATS.values()}
SETTINGS = ("estimator", "noticed", "noticed_at")
"""Query parameters that are ``Settings`` fields of the same name (checked by ``Settings`` itself); the ruling
settings of ``records.setting_specs`` are query parameters of their own names too."""
ESTIMATOR_OPTIONS = tuple(all_options())
"""Query parameters that are options of an estimator (``level``, ``seed``...), from its registry entry."""


def repeatable() -> tuple[str, ...]:
    """The query parameters that may be given more than once: each kind of fact with a one-line form
    (``records.fact_specs``) and the director's weights."""
    return (*(spec.parameter for spec in fact_specs.FACT_SPECS if spec.option), "outcomes")


OTHER = ("format", "name", "board", "record", "field", "claim_by", "time_budget", "request")
Query = dict[str, list[str]]
Handler = Callable[[bytes, Query], "Reply"]


@dataclass(frozen=True)
class Reply:
    """An answer: HTTP status, media type and body text."""

    status: int
    media_type: str
    body: str

    @classmethod
    def json(cls, data: Any, status: int = 200) -> Reply:
        text = json.dumps(data, indent=2, ensure_ascii=False)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:   # a lone surrogate from the input, quoted back: escaped, so the body is UTF-8
            text = json.dumps(data, indent=2, ensure_ascii=True)
        return cls(status, "application/json", text)

    @classmethod
    def problem(cls, status: int, message: str, **where: Any) -> Reply:
        """A 4xx answer: ``error`` is one sentence; the other keys say where."""
        return cls.json({"status": "error", "error": message, **where}, status)


class BadRequest(Exception):
    """A query parameter or body that cannot be used; becomes a 4xx reply."""

    def __init__(self, message: str, status: int = 400, **where: Any) -> None:
        super().__init__(message)
        self.status, self.where = status, where


def answer(handler: Handler, body: bytes, query: Query) -> Reply:
    """``handler(body, query)``, with a bad request or a bad record turned into its 4xx reply."""
    try:
        with told():
            return handler(body, query)
    except BadRequest as error:
        return Reply.problem(error.status, str(error), **error.where)
    except OverBudget as error:
        return over_budget_reply(error_to_dict(error))
    except RecordError as error:
        return record_problem(error)
    except Exception as fault:  # noqa: BLE001 - the desk answers JSON whatever happens
        return Reply.problem(500, f"internal error ({type(fault).__name__}: {fault}); please report it with the file")


def over_budget_reply(result: dict[str, Any]) -> Reply:
    """The 503 answer to a ruling stopped by the request's time budget: the desk is well, the work too long for it."""
    return Reply.problem(503, str(result.get("error")), file=result.get("file"), board=result.get("board"),
                         line=result.get("line"), kind="over-budget")


def record_problem(error: RecordError) -> Reply:
    """The 422 answer to a record that cannot be read or replayed."""
    return Reply.problem(422, error.describe(), file=error.source, board=error.board, line=error.line,
                         trick=error.trick, problem=error.problem)


def adjudicate_text(body: bytes, query: Query) -> Reply:
    """``POST /api/adjudicate``: the same JSON array as ``revsim adjudicate --json``; 422 when a board
    selected cannot be read or replayed (every such board is listed)."""
    settings, field = _settings(query), _field(query)
    items = _bounded(_selected(body, query), MAX_RULINGS, "rules", "choose one with board=, or rule the file with "
                     "revsim adjudicate")
    outputs = []
    with time_budget(settings.time_budget):   # the request's: every board of it within one budget
        for item in items:
            if isinstance(item, Record):
                tell_case(item, settings.estimator)
            outputs.append(board_output(item, settings, field))
    spent = next((output.result for output in outputs if output.result.get("kind") == "over-budget"), None)
    if spent is not None:
        return over_budget_reply(spent)
    failed = [output.result for output in outputs if output.failed]
    if failed:
        first = failed[0]
        return Reply.problem(422, first["error"], file=first["file"], board=first["board"], line=first["line"],
                             trick=first["trick"], errors=failed)
    return Reply.json([output.result for output in outputs])


def rule_text(body: bytes, query: Query) -> Reply:
    """``POST /api/rule``: one board ruled once, answered with its JSON (as ``/api/adjudicate`` gives it) and its
    HTML report together (``board`` and ``record`` choose it): what the desk's Rule button asks."""
    settings, field = _settings(query), _field(query)
    record = _one(body, query)
    tell_case(record, settings.estimator)
    output = board_output(record, settings, field)
    if output.result.get("kind") == "over-budget":
        return over_budget_reply(output.result)
    if output.failed or output.ruling is None:
        result = output.result
        return Reply.problem(422, str(result.get("error") or result.get("reason")), file=result.get("file"),
                             board=result.get("board"), line=result.get("line"), trick=result.get("trick"))
    scores = field.get(None) if field else None
    return Reply.json({"board": output.result, "report": report_html(output.ruling, scores)})


def report_text(body: bytes, query: Query) -> Reply:
    """``POST /api/report``: the HTML report of one board (``board`` and ``record`` choose it)."""
    settings, field = _settings(query), _field(query)
    record = _one(body, query)
    tell_case(record, settings.estimator)
    ruling = adjudicate(record, settings)
    scores = field.get(None) if field else None
    return Reply(200, "text/html; charset=utf-8", report_html(ruling, scores))


def load_text(body: bytes, query: Query) -> Reply:
    """``POST /api/load``: every board of a file as case data for the desk (a session file of deals without
    play is fine), with the boards that cannot be read listed as errors."""
    boards: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    for item in _bounded(_records(body, query), MAX_CASES, "loads", "split the session, or scan it with revsim scan"):
        if isinstance(item, RecordError):
            errors.append({"board": item.board, "line": item.line, "error": item.describe()})
            continue
        try:
            case = record_to_case(item)
        except RecordError as error:
            errors.append({"board": item.board, "line": error.line, "error": error.describe()})
            continue
        boards.append(case)
    if not boards and errors:
        return Reply.problem(422, str(errors[0]["error"]), board=errors[0]["board"], line=errors[0]["line"], errors=errors)
    return Reply.json({"boards": boards, "errors": errors})


def case_text(body: bytes, query: Query) -> Reply:
    """``POST /api/case``: the desk's case (JSON, the case file's keys) as a TOML case file, or a list of
    cases (a session) as one case file of ``[[board]]`` tables; read back once to check that
    ``revsim adjudicate`` takes it."""
    case = _case_json(body)
    if not (isinstance(case, dict) or (isinstance(case, list) and case and all(isinstance(item, dict) for item in case))):
        raise BadRequest("the case must be a JSON object with the case file's keys, or a list of them")
    if isinstance(case, list) and len(case) > MAX_CASES:
        raise BadRequest(f"the session holds {len(case):,} cases; the desk saves at most {MAX_CASES} at a time", 413)
    try:
        if isinstance(case, list):
            toml = cases_to_toml(case, "revsim session: the director's cases, written by the director's desk")
        else:
            toml = case_to_toml(case, "revsim case file, written by the director's desk")
        tomllib.loads(toml)
    except (ValueError, TypeError, tomllib.TOMLDecodeError) as error:
        raise BadRequest(f"the case cannot be written as a case file: {error}") from None
    source = _source(query, "case.toml")
    for item in parse_text(toml, source):
        if isinstance(item, RecordError):
            raise item
        settings_as_ruled(item, Settings(chosen=frozenset()))   # a setting that cannot be read: named now
    return Reply(200, "application/toml; charset=utf-8", toml)


MAX_CASES = 200
"""The most cases a session the desk saves or loads at once may hold; ``revsim scan`` takes archives."""
MAX_RULINGS = 40
"""The most boards one ``/api/adjudicate`` request may rule (a session is about 30): the work a request may hold
the worker for is bounded, and the command line takes whole files."""
TIME_BUDGET = 90.0
"""The seconds one request may hold the desk's worker (``time_budget=`` chooses another; 0: no limit): every board of
a session's ``/api/adjudicate`` within it. A ruling past it is answered 503, saying what was still being searched."""


def _bounded(items: Iterator[Record | RecordError], most: int, verb: str, instead: str) -> list[Record | RecordError]:
    """The items, or a 413 BadRequest as soon as there are more than ``most`` (read no further than that)."""
    kept: list[Record | RecordError] = []
    for item in items:
        if len(kept) == most:
            raise BadRequest(f"the file holds more than {most} boards; the desk {verb} at most {most} at a time: "
                             f"{instead}", 413)
        kept.append(item)
    return kept


def _case_json(body: bytes) -> Any:
    """``casejson.case_json``, its refusal a 400."""
    try:
        return case_json(body)
    except CaseJsonError as error:
        raise BadRequest(str(error)) from None


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
    known = set(SETTINGS) | set(setting_specs.setting_names()) | set(ESTIMATOR_OPTIONS) | set(repeatable()) | set(OTHER)
    for key in query:
        if key not in known:
            raise BadRequest(f"unknown parameter {key!r}; known: {', '.join(sorted(known))}")


def _settings(query: Query) -> Settings:
    _check_keys(query)
    chosen: dict[str, Any] = {key: value for key in SETTINGS if (value := _one_value(query, key)) is not None}
    estimator = chosen.get("estimator", DEFAULT_ESTIMATOR)
    options = {key: value for key in ESTIMATOR_OPTIONS if (value := _one_value(query, key)) is not None}
    own = ESTIMATORS[estimator].options if estimator in ESTIMATORS else ()
    chosen["estimator_options"] = {key: value for key, value in options.items() if key in {o.name for o in own}}
    values = {}
    for spec in setting_specs.SETTING_SPECS:
        text = _one_value(query, spec.name)
        try:
            if text is not None:
                values[spec.name] = spec.parse(text)
        except ValueError as error:
            raise BadRequest(str(error)) from None
    try:
        chosen["outcomes"], chosen["world_outcomes"] = split_judgements(o for o in query.get("outcomes", []) if o)
    except ValueError as error:
        raise BadRequest(f"outcomes: {error}") from None
    try:
        if "noticed_at" in chosen:
            parse_noticed_at(chosen["noticed_at"])
    except ValueError as error:
        raise BadRequest(f"noticed_at: {error}") from None
    given = {key for key in query if key in SETTINGS or key in ESTIMATOR_OPTIONS or key in values}
    budget = _one_value(query, "time_budget")
    try:
        seconds = TIME_BUDGET if budget is None else float(budget)
    except ValueError:
        raise BadRequest(f"time_budget is a number of seconds, 0 or more (0: no limit), not {budget!r}") from None
    try:
        return with_values(Settings(chosen=frozenset(given), time_budget=seconds, **chosen), values)
    except ValueError as error:
        raise BadRequest(str(error)) from None


def _extra_facts(query: Query) -> Facts:
    try:
        return facts_from_lines({spec.parameter: query.get(spec.parameter, []) for spec in fact_specs.FACT_SPECS},
                                _one_value(query, "claim_by"))
    except ValueError as error:
        raise BadRequest(str(error)) from None


def _field(query: Query) -> Field | None:
    """``field=420,450,-50``: the other tables' North-South scores on this board (``FIELD_SOURCES["list"]``)."""
    text = _one_value(query, "field")
    if not text or not text.strip():
        return None
    try:
        return FIELD_SOURCES["list"].parse(text, "field")
    except RecordError as error:
        raise BadRequest(error.problem) from None


def _records(body: bytes, query: Query) -> Iterator[Record | RecordError]:
    """Every board of a posted record file, its bytes read as ``revsim`` reads a file (UTF-8 or Latin-1;
    an empty, binary or UTF-16 body is a RecordError)."""
    source = _source(query)
    return parse_text(decode_text(body, source), source)


def _selected(body: bytes, query: Query) -> Iterator[Record | RecordError]:
    board = _one_value(query, "board")
    extra = _extra_facts(query)  # a bad parameter is answered before the body is read
    found = False
    for item in select_boards(_records(body, query), [board] if board is not None else [], extra):
        found = True
        yield item
    if board is not None and not found:
        raise BadRequest(no_board_named([board], _records(body, query)), 404, board=board)


def _one(body: bytes, query: Query) -> Record:
    """The one record a report is about (``records.choice.one_record``): ``board`` names it, ``record`` picks
    among tables of one board."""
    number = _one_value(query, "record")
    try:
        which = whole_number(number) if number is not None else None
    except ValueError:
        raise BadRequest(f"record must be a whole number (the K-th record selected), not {shown(number)}") from None
    board = _one_value(query, "board")
    try:
        item = one_record(list(_selected(body, query)), [board] if board is not None else [],
                          which, OptionNames("board=", "record=K"))
    except NotOneRecord as error:
        raise BadRequest(str(error), 422 if error.kind == "no-play" else 400) from None
    if isinstance(item, RecordError):
        raise item
    return item
