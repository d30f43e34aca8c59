"""Text for a terminal, safe from what people typed: a line of readable output never carries a character that
moves the cursor, rings, hides text or reverses it.

Names, statements, events and file names come from people and files. A newline in a player's name could
print a line that looks like revsim's own "Ruling:", a carriage return could overwrite one, and a
right-to-left override could show a score backwards. Every readable line revsim prints passes through
``printable`` once, where it is finished; JSON, CSV and Parquet keep the text exactly as it was typed.
"""

from __future__ import annotations

import codecs
from typing import TextIO

BIDI_CONTROLS = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
LINE_SEPARATORS = (0x2028, 0x2029)
NAME_BYTES = tuple(range(0xDC80, 0xDD00))
"""The lone surrogates a file name's undecodable bytes become (``os.fsdecode``): shown as the byte, ``\\xHH``."""
UNSAFE = (*(code for code in range(0x20) if code != 0x09), 0x7F, *range(0x80, 0xA0), *BIDI_CONTROLS,
          *LINE_SEPARATORS, *NAME_BYTES)


def _escape(code: int) -> str:
    if code in range(0xDC80, 0xDD00):
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


_TABLE = {code: _escape(code) for code in UNSAFE}


def printable(line: str) -> str:
    r"""One line as a terminal may show it: control characters (C0 but the tab, DEL, C1), the bidirectional
    controls, the line separators and a file name's undecodable bytes written as escapes, so the line stays one
    line and reads as typed.

    Examples:
        >>> printable("West\nRuling: 7NT=")
        'West\\x0aRuling: 7NT='
        >>> printable("Smith\u202e001-")
        'Smith\\u202e001-'
    """
    return line.translate(_TABLE)


def printable_lines(lines: list[str]) -> str:
    """Lines joined into the text printed, each made ``printable`` first."""
    return "\n".join(printable(line) for line in lines)


def suits_fit(stream: TextIO | None) -> bool:
    """Whether ``stream`` can write the suit symbols ♠♥♦♣ (a UTF-8 terminal can; a Latin-1 or ASCII one cannot)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        codecs.encode("\u2660\u2665\u2666\u2663", encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
