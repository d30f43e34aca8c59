"""Whole numbers typed by people (the desk's query parameters, estimator options), read strictly: ASCII digits
only, and not too many of them. ``str.isdigit`` accepts "²" and "①", which ``int`` then refuses, and ``int``
refuses a string of more than 4,300 digits with its own words; neither reaches a user here."""

from __future__ import annotations

import re

MOST_DIGITS = 18
"""The longest whole number read: any count, seed or record number fits in it."""

_WHOLE = re.compile(r"[+-]?[0-9]+")


def whole_number(value: object, most_digits: int = MOST_DIGITS) -> int:
    """``value`` as a whole number (an int, or text of ASCII digits with an optional sign, spaces around it
    allowed); ValueError saying what it is not.

    Examples:
        >>> whole_number(" 42 "), whole_number(-3)
        (42, -3)
        >>> whole_number("²")
        Traceback (most recent call last):
        ...
        ValueError: '²' is not a whole number written in the digits 0-9
    """
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value)
    elif isinstance(value, str):
        text = value.strip()
    else:
        raise ValueError(f"{shown(value)} is not a whole number")
    if not _WHOLE.fullmatch(text):
        raise ValueError(f"{shown(value)} is not a whole number written in the digits 0-9")
    if len(text.lstrip("+-")) > most_digits:
        raise ValueError(f"a number of {len(text.lstrip('+-')):,} digits is too long (at most {most_digits})")
    return int(text)


def shown(value: object, most: int = 24) -> str:
    """A value as a message quotes it: its repr, cut short when long."""
    text = repr(value)
    return text if len(text) <= most else f"{text[:most]}... ({len(str(value)):,} characters)"
