"""PBN text cut into games: the tokenizer (tags, section tokens and their lines; comments, ``%`` lines and
escapes dropped), and a file cut into parts of whole games that read the same on their own (for scans).

``pbn.py`` builds Records from the games; this module knows nothing of cards or contracts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from revsim.records.source import sniff_encoding

TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"([^"\\]*(?:\\.[^"\\]*)*)"\s*\]')
"""A tag: ``[Name "value"]``, the value's escapes kept (written unrolled, so a long value is matched in one pass
without a backtracking point a character)."""

MAX_LINE_CHARACTERS = 65_536
"""The longest line revsim reads in a PBN file; a longer one is refused (no record has one)."""


@dataclass
class PbnGame:
    """The tags and section tokens of one PBN game, with line numbers."""

    line: int
    tags: dict[str, tuple[str, int]] = field(default_factory=dict)
    sections: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    duplicate_tags: list[tuple[str, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    ended: bool = False
    problems: list[tuple[str, int]] = field(default_factory=list)

    def value(self, name: str) -> str | None:
        """A tag's value, or None when absent, empty or unknown (``?``)."""
        entry = self.tags.get(name)
        if entry is None or entry[0].strip() in ("", "?"):
            return None
        return entry[0]

    def add_tag(self, name: str, raw_value: str, line: int) -> str:
        """Record a tag (a repeated one is kept as a duplicate); its section follows. Returns the name."""
        value = raw_value.replace('\\"', '"').replace("\\\\", "\\") if "\\" in raw_value else raw_value
        if name in self.tags and name != "Note":
            self.duplicate_tags.append((name, line))
        else:
            self.tags[name] = (value, line)
        self.sections.setdefault(name, [])
        return name

    def line_of(self, name: str) -> int:
        """The line of a tag (the game's first line when absent)."""
        entry = self.tags.get(name)
        return entry[1] if entry else self.line


def split_games(lines: Iterable[str], first_line: int = 1) -> Iterator[PbnGame]:
    """Split PBN lines into games: tags, section tokens and their lines; comments and escapes dropped."""
    game: PbnGame | None = None
    current_section: str | None = None
    in_brace_comment = False
    for lineno, raw in enumerate(lines, start=first_line):
        if len(raw) > MAX_LINE_CHARACTERS:
            game = game or PbnGame(line=lineno)
            game.problems.append((f"a line of {len(raw):,} characters: longer than any PBN record has (at most "
                                  f"{MAX_LINE_CHARACTERS:,}); it was not read", lineno))
            continue
        line = raw
        if in_brace_comment:
            end = line.find("}")
            if end < 0:
                continue
            line = line[end + 1 :]
            in_brace_comment = False
        elif line.startswith("%"):
            continue
        elif not line.strip():
            if game is not None and (game.tags or game.problems):
                yield game
                game, current_section = None, None
            continue
        if game is not None and current_section is not None and "{" not in line and ";" not in line \
                and "[" not in line:
            tokens = game.sections[current_section]
            for token in line.split():
                tokens.append((token, lineno))
                game.ended = game.ended or (token == "*" and current_section == "Play")
            continue
        if line.startswith("[") and "{" not in line and ";" not in line:
            match = TAG.fullmatch(line.rstrip())
            if match:
                if game is not None and _opens_a_game(game, match.group(1)):
                    yield game
                    game = PbnGame(line=lineno)
                    game.notes.append(f"a new game starts at line {lineno} without the blank line that separates "
                                      "PBN games (files joined together?)")
                game = game or PbnGame(line=lineno)
                current_section = game.add_tag(match.group(1), match.group(2), lineno)
                continue
        position = 0
        while position < len(line):
            char = line[position]
            if char.isspace():
                position += 1
                continue
            if char == ";":
                break
            if char == "{":
                end = line.find("}", position + 1)
                if end < 0:
                    in_brace_comment = True
                    break
                position = end + 1
                continue
            if char == "[":
                match = TAG.match(line, position)
                if match:
                    game = game or PbnGame(line=lineno)
                    current_section = game.add_tag(match.group(1), match.group(2), lineno)
                    position = match.end()
                    continue
            end = position
            while end < len(line) and not line[end].isspace() and line[end] not in "{;":
                end += 1
            if game is not None and current_section is not None:
                game.sections[current_section].append((line[position:end], lineno))
                game.ended = game.ended or (line[position:end] == "*" and current_section == "Play")
            position = end
    if game is not None and (game.tags or game.problems):
        yield game


def _opens_a_game(game: PbnGame, tag: str) -> bool:
    """A tag that can only open a new game: [Event] after the game's [Play] section (or its ``*``), or a
    second [Board] or [Deal] after it."""
    after_play = game.ended or "Play" in game.tags
    return after_play and (tag == "Event" or (tag in ("Board", "Deal") and tag in game.tags))


def pbn_parts(path: str | Path, games_per_part: int) -> Iterator[tuple[int, int, str]]:
    """Cut a PBN file into parts of about ``games_per_part`` games that read the same on their own:
    (first line, first game's ordinal, text). A part starts only at a game with its own [Deal] and
    [Board] (records that omit them take them from the game before) and never inside a comment.
    Nothing for a file without a single tag; RecordError if the file cannot be read or is not text."""
    part: list[str] = []
    part_line, part_ordinal, games_in_part = 1, 1, 0
    block: list[str] = []
    block_line, ordinal = 1, 0
    has_tags = has_deal = has_board = in_comment = any_tags = False
    with open(path, encoding=sniff_encoding(path), errors="replace") as handle:
        for lineno, line in enumerate(handle, start=1):
            if not block:
                block_line = lineno
            block.append(line)
            if in_comment:
                in_comment = "}" not in line
                continue
            first = line[:1]
            if first == "[":
                has_tags = any_tags = True
                has_deal = has_deal or line.startswith("[Deal ")
                has_board = has_board or line.startswith("[Board ")
            if "{" in line and first != "%" and "}" not in line[line.rindex("{"):]:
                in_comment = True
            if not line.isspace():
                continue
            if has_tags:
                ordinal += 1
                if has_deal and has_board and games_in_part >= games_per_part:
                    yield part_line, part_ordinal, "".join(part)
                    part, part_line, part_ordinal, games_in_part = [], block_line, ordinal, 0
                games_in_part += 1
            if not part:
                part_line = block_line
            part.extend(block)
            block = []
            has_tags = has_deal = has_board = False
    part.extend(block)
    if part and any_tags:
        yield part_line, part_ordinal, "".join(part)
