"""File names that are not UTF-8, kept exactly. A name read from the disk whose bytes do not decode (a Latin-1
``résultats.pbn`` unpacked from an old zip, a stray 0x9B) reaches Python with each such byte as a lone surrogate
(``os.fsdecode``, PEP 383). No text output can hold a lone surrogate, so each writes it in its own way:

- CSV, Parquet and the DataFrames ``read_rows`` gives: ``name_text`` writes the byte as ``\\xHH`` (and, in such a
  name, a backslash as ``\\\\``); ``name_of_text`` gives the very name back (``os.fsencode`` of it opens the file).
  A name that decodes is written as it is;
- JSON: the standard ``\\udcHH`` escape (``json_safe``), which ``json.loads`` reads back as the same name;
- the terminal and HTML: the byte as ``\\xHH`` (``without_surrogates``), a name to read, not to read back.
"""

from __future__ import annotations

import re

from revsim.outputs.terminal import UNSAFE

_SURROGATE = re.compile("[\udc80-\udcff]")
_JSON_RAW = re.compile("[" + "".join(re.escape(chr(code)) for code in UNSAFE if code >= 0x7F) + "]")
"""What ``printable`` escapes and JSON leaves raw (JSON escapes the C0 controls itself)."""
_ESCAPED = re.compile(r"\\\\|\\x([89a-f][0-9a-f])")
_NAME_BYTE = re.compile(r"(?<!\\)(\\\\)*\\x[89a-f][0-9a-f]")


def _byte(match: re.Match[str]) -> str:
    return f"\\x{ord(match.group()) - 0xDC00:02x}"


def without_surrogates(text: str) -> str:
    r"""Text that any UTF-8 output can hold: each undecodable byte of a name written ``\xHH``.

    Examples:
        >>> without_surrogates("r\udce9sultats.pbn")
        'r\\xe9sultats.pbn'
    """
    return _SURROGATE.sub(_byte, text)


def name_text(name: str) -> str:
    r"""A file name as CSV and Parquet cells hold it: a name that decodes as it is; one that does not with each
    undecodable byte as ``\xHH`` and a backslash doubled, so that ``name_of_text`` gives the name back exactly.

    Examples:
        >>> name_text("a\\b\udc9b.pbn")
        'a\\\\b\\x9b.pbn'
        >>> name_of_text(name_text("a\\b\udc9b.pbn")) == "a\\b\udc9b.pbn"
        True
    """
    if not _SURROGATE.search(name):
        return name
    return without_surrogates(name.replace("\\", "\\\\"))


def name_of_text(text: str) -> str:
    """The file name a ``name_text`` cell holds: the text itself unless it holds an escaped byte of 0x80 or more (a
    name that decodes and itself holds such an escape, ``\\x9b`` typed in a name, is read as that byte)."""
    if not _NAME_BYTE.search(text):
        return text
    return _ESCAPED.sub(lambda match: "\\" if match.group(1) is None else chr(0xDC00 + int(match.group(1), 16)), text)


def json_safe(document: str) -> str:
    r"""A JSON document written with ``ensure_ascii=False`` made writable as UTF-8 and safe on a terminal: each lone
    surrogate, and each character ``terminal.printable`` escapes that JSON leaves raw (C1 controls, the
    bidirectional controls, the line separators), written as JSON's own ``\uHHHH`` escape, which ``json.loads``
    reads back as the same character.

    Examples:
        >>> import json
        >>> json.loads(json_safe(json.dumps("r\udce9s", ensure_ascii=False))) == "r\udce9s"
        True
    """
    return _JSON_RAW.sub(lambda match: f"\\u{ord(match.group()):04x}", document)
