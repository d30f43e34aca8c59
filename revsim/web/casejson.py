"""A case's JSON as the desk takes it (``POST /api/case``): read safely, or refused with what is wrong."""

from __future__ import annotations

import json
from typing import Any


class CaseJsonError(ValueError):
    """A case's JSON that cannot be taken; the desk answers it 400."""


MAX_DEPTH = 32
"""The deepest nesting a case's JSON may have (a case file's is four levels)."""
MAX_DIGITS = 18
"""The most digits a number in a case's JSON may have (a trick count needs two)."""


def case_json(body: bytes) -> Any:
    """A case's JSON, or CaseJsonError naming what is wrong: not UTF-8, not JSON, nested deeper than ``MAX_DEPTH``
    levels, a number of more than ``MAX_DIGITS`` digits, NaN or Infinity, or a lone surrogate in a string."""
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CaseJsonError(f"the case is not UTF-8 text (byte {error.start})") from None
    depth = _nesting(text)
    if depth > MAX_DEPTH:
        raise CaseJsonError(f"the case is nested {depth} levels deep; a case has at most {MAX_DEPTH}")

    def number(digits: str) -> int | float:
        if len(digits.lstrip("-").split(".")[0].split("e")[0].split("E")[0]) > MAX_DIGITS:
            raise CaseJsonError(f"the case holds a number of {len(digits):,} digits; a case's numbers have a few")
        return float(digits) if any(mark in digits for mark in ".eE") else int(digits)

    def constant(name: str) -> float:
        raise CaseJsonError(f"the case holds {name}, which is not a JSON number")

    try:
        case = json.loads(text, parse_int=number, parse_float=number, parse_constant=constant)
    except json.JSONDecodeError as error:
        raise CaseJsonError(f"the case is not JSON: {error}") from None
    bad = _lone_surrogate(case)
    if bad is not None:
        raise CaseJsonError(f"the case holds a lone surrogate (U+{ord(bad):04X}) in a string, which is not text")
    return case


def _nesting(text: str) -> int:
    """The deepest nesting of JSON arrays and objects in ``text`` (brackets inside strings not counted)."""
    depth = deepest = 0
    in_string = escaped = False
    for character in text:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth -= 1
    return deepest


def _lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate in the strings (keys too) of a parsed JSON value, or None."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found = next((character for character in item if 0xD800 <= ord(character) <= 0xDFFF), None)
            if found is not None:
                return found
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None
