"""Scoring a result against the field: matchpoints (percent) and IMPs, cross-IMPs and against a datum.

A field file is a CSV of the other tables' North-South scores on the board: a column ``ns_score``
(or the only column), and optionally ``board`` to hold several boards in one file.
Weighted results are scored at the level of the scoring method: each outcome is matchpointed or
IMPed, then the figures are weighted (Law 12C1c).
"""

from __future__ import annotations

import csv
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from revsim.records.errors import RecordError

IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
             1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(difference: int) -> int:
    """The IMPs for a difference in points (WBF scale), signed."""
    size = abs(difference)
    won = sum(1 for step in IMP_STEPS if size >= step)
    return won if difference >= 0 else -won


def matchpoint_percent(score: int, field: list[int]) -> float:
    """Matchpoints of ``score`` against each field score (2 a beat, 1 a tie), as a percentage of the top."""
    if not field:
        raise ValueError("an empty field")
    points = sum(2 if score > other else 1 if score == other else 0 for other in field)
    return 100.0 * points / (2 * len(field))


def cross_imps(score: int, field: list[int]) -> float:
    """The average of the IMPs of ``score`` against each field score."""
    return sum(imps(score - other) for other in field) / len(field)


def datum(field: list[int]) -> int:
    """The datum: the mean of the field scores, leaving out the top and the bottom when there are five
    or more, rounded to the nearest 10 points, a half away from zero as directors round (185 -> 190,
    -185 -> -190)."""
    scores = sorted(field)
    if len(scores) >= 5:
        scores = scores[1:-1]
    mean = sum(scores) / len(scores)
    tens = math.floor(abs(mean) / 10.0 + 0.5)
    return int(math.copysign(tens * 10, mean)) if tens else 0


@dataclass(frozen=True)
class FieldScore:
    """A side's weighted result against the field, from that side's point of view."""

    matchpoints: float
    imps_cross: float
    imps_datum: float
    datum: int
    tables: int


def score_against_field(ns_outcomes: list[tuple[int, float]], field: list[int], for_ns: bool) -> FieldScore:
    """Weight the matchpoints and IMPs of each (North-South score, weight) outcome; ``for_ns`` picks the view."""
    sign = 1 if for_ns else -1
    mp = sum(weight * matchpoint_percent(sign * score, [sign * other for other in field]) for score, weight in ns_outcomes)
    cross = sum(weight * cross_imps(score, field) for score, weight in ns_outcomes) * sign
    level = datum(field)
    vs_datum = sum(weight * imps(score - level) for score, weight in ns_outcomes) * sign
    return FieldScore(round(mp, 2), round(cross, 2), round(vs_datum, 2), level, len(field))


def imps_against_the_table(ns_outcomes: list[tuple[int, float]], table_score: int, for_ns: bool) -> float:
    """Without a field: a weighted result's IMPs against the table result, each outcome IMPed against the table's
    North-South score and the IMPs weighted (Law 12C1c), from ``for_ns``'s point of view: what the ruling changes
    for a side at teams."""
    sign = 1 if for_ns else -1
    return round(sign * sum(weight * imps(score - table_score) for score, weight in ns_outcomes), 2)


Field = dict[str | None, list[int]]
"""The other tables' North-South scores by board (key None when they are not named by board)."""


def load_field(path: str | Path) -> Field:
    """The field of a file, read by the source its suffix names (``FIELD_SOURCES``; a CSV unless told)."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise RecordError(f"cannot read the field file: {reason}", source=source) from None
    kind = FIELD_SUFFIXES.get(Path(path).suffix.lower(), "csv")
    return FIELD_SOURCES[kind].parse(text, source)


def parse_field_csv(text: str, source: str) -> Field:
    """A CSV of North-South scores: a column ``ns_score`` (or the only column), and optionally ``board``."""
    rows = list(csv.reader(text.splitlines()))
    rows = [row for row in rows if row and any(cell.strip() for cell in row)]
    if not rows:
        raise RecordError("the field file holds no scores", source=source)
    header = [cell.strip().lower() for cell in rows[0]]
    has_header = not _is_number(rows[0][-1])
    board_column = header.index("board") if has_header and "board" in header else None
    if has_header:
        scores_named = [index for index, name in enumerate(header) if name != "board"]
        if "ns_score" in header:
            score_column = header.index("ns_score")
        elif len(scores_named) == 1:
            score_column = scores_named[0]
        else:
            raise RecordError(f"no ns_score column (the columns are {', '.join(header)}): name the column of "
                              "North-South scores ns_score", source=source, line=1)
        body = rows[1:]
        first_line = 2
        if not body:
            raise RecordError("the field file has a header but no scores", source=source, line=1)
    else:
        score_column, body, first_line = len(rows[0]) - 1, rows, 1
    field: dict[str | None, list[int]] = {}
    for number, row in enumerate(body, start=first_line):
        try:
            score = int(row[score_column].strip())
        except (ValueError, IndexError):
            raise RecordError(f"{','.join(row)!r} has no North-South score in points", source=source, line=number) from None
        key = row[board_column].strip() if board_column is not None else None
        field.setdefault(key, []).append(score)
    return field


def parse_score_list(text: str, source: str) -> Field:
    """North-South scores separated by commas, semicolons or new lines, like ``420, 450, -50`` (the desk's
    field, pasted), for the board being ruled."""
    parts = [part.strip() for part in text.replace(";", ",").replace("\n", ",").split(",") if part.strip()]
    if not parts:
        raise RecordError("the field holds no scores", source=source)
    try:
        return {None: [int(part) for part in parts]}
    except ValueError:
        raise RecordError(f"the field must be North-South scores separated by commas, like 420,450,-50; not "
                          f"{text!r}", source=source) from None


@dataclass(frozen=True)
class FieldSource:
    """A way the other tables' scores are given: its name, what it looks like, and its parser (text, source)."""

    name: str
    looks_like: str
    parse: Callable[[str, str], Field]


FIELD_SOURCES: dict[str, FieldSource] = {source.name: source for source in (
    FieldSource("csv", "a CSV with a column ns_score (or only one column) and optionally board", parse_field_csv),
    FieldSource("list", "North-South scores separated by commas, like 420, 450, -50", parse_score_list),
)}
"""The field sources by name: what a new source adds is its parser and one entry here."""

FIELD_SUFFIXES = {".csv": "csv", ".txt": "list"}
"""The source a field file's suffix names (a CSV for any other)."""


def field_for_board(field: dict[str | None, list[int]], board: str) -> list[int]:
    """The field scores that apply to ``board`` (all of them when the file names no boards)."""
    if None in field:
        return field[None]
    return field.get(board, [])


def _is_number(text: str) -> bool:
    try:
        int(text.strip())
    except ValueError:
        return False
    return True
