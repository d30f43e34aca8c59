"""Every error names its line, and no board of a session file is lost to another board's fault: a withdrawn
claim, the director's weights from the case file, a board that is not TOML, and random damage to one board of a
session (a property: every board is read or reported, the others as if nothing happened)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.adjudicate import Settings, board_output
from revsim.cli import main
from revsim.outputs.rowfiles import read_rows
from revsim.records.casefile import parse_case
from revsim.records.errors import RecordError
from revsim.records.record import Record
from tests.conftest import HANDS

ENDING = ('[[board]]\nboard = "{name}"\ndeal = "N:Q.6.7.2 K2.8..3 T.53..K ..A9.87"\ncontract = "2S"\n'
          'declarer = "S"\nvulnerable = "None"\nstart = {{ trick = 10, leader = "N", declarer_tricks = 6 }}\n'
          'play = ["H6 S2 H3 C7", "SK ST C8 SQ", "H8 H5 D9 D7", "C3 CK DA C2"]\n')
"""A four-trick ending (East's revoke at trick 10, established): rules in a fraction of a second."""


def _line(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def _error(text: str, settings: Settings | None = None) -> RecordError:
    [item] = list(parse_case(text, "case.toml"))
    output = board_output(item, settings or Settings(estimator="dd"))
    assert output.failed, output.text
    problem = output.result["error"].split(": ", 1)[1]   # after "file, board, line: "
    return RecordError(problem, line=output.result["line"])


def test_a_withdrawn_claim_whose_play_stops_is_named_at_the_claims_line() -> None:
    """The claim was withdrawn, so the play went on; a record that stops there has no result. The error says so,
    at the claim's own line, never the board's first line."""
    text = (HANDS / "kooijman-wrong-claim.toml").read_text(encoding="utf-8")
    table = text[text.index("[claim]"):]
    withdrawn = text.replace(table, re.sub(r'status = "\w+"', 'status = "withdrawn"', table))
    assert withdrawn != text
    error = _error(withdrawn)
    assert error.line == _line(withdrawn, "[claim]") != 1
    assert "the claim was withdrawn and the play went on, but it stops at trick" in error.problem


def test_a_case_files_weights_that_play_cannot_reach_are_named_at_the_judgements_line() -> None:
    """Law 12C1c weights from ``[[facts.judgement]]`` are named as the case file's, at their line (not
    ``--outcomes`` at line 1)."""
    text = ENDING.format(name="7").replace("[[board]]\n", "") + '[[facts.judgement]]\noutcomes = "13:0.6,12:0.4"\n'
    error = _error(text)
    assert error.problem.startswith("facts: judgement: 13, 12 tricks cannot be reached")
    assert error.line == _line(text, "[[facts.judgement]]")


def test_a_case_files_judgement_of_a_world_with_no_revoke_is_named_at_its_line() -> None:
    text = (ENDING.format(name="7").replace("[[board]]\n", "") + '\n[[facts.judgement]]\nworld = "t12"\n'
            'outcomes = "9:1"\n')
    error = _error(text)
    assert error.problem.startswith("facts: judgement t12: no revoke was played on trick 12")
    assert error.line == _line(text, "[[facts.judgement]]")


def test_the_command_lines_weights_are_still_named_as_the_option() -> None:
    text = ENDING.format(name="7").replace("[[board]]\n", "")
    error = _error(text, Settings(estimator="dd", outcomes=((13, 1.0),)))
    assert error.problem.startswith("--outcomes: 13 tricks cannot be reached") and error.line == 1


def test_a_board_that_is_not_toml_loses_no_other_board_of_its_session() -> None:
    """A syntax error in one board (an unclosed string) is that board's error at its line; the boards before and
    after it are read as if it were not there."""
    broken = ENDING.format(name="2").replace('contract = "2S"', 'contract = "2S')
    text = "# a session\n" + ENDING.format(name="1") + broken + ENDING.format(name="3")
    items = list(parse_case(text, "session.toml"))
    assert [type(item).__name__ for item in items] == ["Record", "RecordError", "Record"]
    error = items[1]
    assert isinstance(error, RecordError) and error.board == "2"
    assert error.line == text.splitlines().index('contract = "2S') + 1
    assert "not a valid TOML case file" in error.problem and "at line" not in error.problem
    clean = list(parse_case("# a session\n" + ENDING.format(name="1") + ENDING.format(name="3"), "session.toml"))
    assert [_what_is_ruled(item) for item in (items[0], items[2]) if isinstance(item, Record)] == \
        [_what_is_ruled(item) for item in clean if isinstance(item, Record)]


def test_text_before_the_first_board_of_a_broken_session_is_reported_and_every_board_read() -> None:
    broken = ENDING.format(name="2").replace('contract = "2S"', "contract = ")
    text = "event = \"club\"\n" + ENDING.format(name="1") + broken
    items = list(parse_case(text, "session.toml"))
    assert [getattr(item, "board", None) for item in items] == [None, "1", "2"]
    assert isinstance(items[0], RecordError) and "`event` is outside every [[board]] table" in items[0].problem
    assert isinstance(items[1], Record) and isinstance(items[2], RecordError)
    assert items[2].line == text.splitlines().index("contract = ") + 1


def test_a_poisoned_board_in_a_session_is_one_error_row_and_every_other_board_is_ruled(tmp_path: Path) -> None:
    """The acceptance case: a session file with a poisoned board in the middle (a key holding a bracket and a
    string never closed). ``adjudicate`` rules every other board and exits non-zero; ``scan`` writes one row a
    board, the poisoned one an error row naming its line."""
    poisoned = ENDING.format(name="3") + '[board.facts]\n"corre[ction" = "1\n'
    boards = [ENDING.format(name=str(n)) for n in (1, 2)] + [poisoned] + [ENDING.format(name=str(n)) for n in (4, 5)]
    session = tmp_path / "session.toml"
    session.write_text("\n".join(boards), encoding="utf-8")
    line = session.read_text().splitlines().index('"corre[ction" = "1') + 1
    runner = CliRunner()
    result = runner.invoke(main, ["adjudicate", str(session), "--estimator", "dd", "--json"])
    assert result.exit_code != 0
    rulings = json.loads(result.stdout)
    assert [entry.get("board") for entry in rulings] == ["1", "2", "3", "4", "5"]
    assert [("error" in entry) for entry in rulings] == [False, False, True, False, False]
    assert rulings[2]["line"] == line
    out = tmp_path / "rows.csv"
    scanned = runner.invoke(main, ["scan", str(session), "--jobs", "1", "--estimator", "dd", "--out", str(out),
                                   "--quiet"])
    assert scanned.exception is None or isinstance(scanned.exception, SystemExit), scanned.output
    rows = read_rows(out)
    assert list(rows.board.astype(str)) == ["1", "2", "3", "4", "5"]
    assert list(rows.status) == ["ok", "ok", "error", "ok", "ok"] and f"line {line}" in rows.error[2]


def _session_of_hands() -> tuple[str, list[str]]:
    """The hands/ case files as one session file (each board a ``[[board]]``, its tables under ``board.``)."""
    boards, names = [], []
    for path in sorted(HANDS.glob("*.toml"))[:12]:
        text = path.read_text(encoding="utf-8")
        body = re.sub(r"^\[(\[?)\s*", r"[\1board.", text, flags=re.MULTILINE)
        boards.append("[[board]]\n" + body)
        names.append(re.search(r'^board = "([^"]+)"', text, re.MULTILINE).group(1))  # type: ignore[union-attr]
    return "\n".join(boards), names


def _what_is_ruled(record: Record) -> tuple[object, ...]:
    """A record's deal, contract, cards, claim and facts' counts (its line numbers move when a line is doubled)."""
    facts = record.facts
    return (record.hands, record.contract, [item.card for item in record.play], record.claimed_total,
            facts.claim.status if facts.claim else None, len(facts.corrections), len(facts.penalty_cards),
            facts.judgements, facts.information is not None)


SESSION, NAMES = _session_of_hands()
CLEAN = {item.board: item for item in parse_case(SESSION, "session.toml") if isinstance(item, Record)}
DAMAGE = "[]{}=\"',#\n1xS"


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(NAMES) - 1), st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_random_damage_to_one_board_of_a_session_loses_no_board(target: int, seed: int, cuts: int) -> None:
    """Damage one board of a session (characters inserted, deleted or changed, lines doubled or dropped; never its
    ``[[board]]`` line): every board is still read or reported, the damaged one at most as one error, and each
    other board reads exactly as undamaged."""
    assert len(CLEAN) == len(NAMES), "every undamaged board reads"
    rng = random.Random(seed)
    lines = SESSION.split("\n")
    headers = [n for n, line in enumerate(lines) if line == "[[board]]"]
    first = headers[target] + 1
    last = headers[target + 1] - 1 if target + 1 < len(headers) else len(lines) - 1
    for _ in range(cuts):
        at = rng.randint(first, last)
        line, kind = lines[at], rng.randrange(5)
        place = rng.randint(0, len(line))
        if kind == 0:
            lines[at] = line[:place] + rng.choice(DAMAGE) + line[place:]
        elif kind == 1:
            lines[at] = line[:place] + line[place + 1:]
        elif kind == 2:
            lines[at] = line[:place] + rng.choice(DAMAGE) + line[place + 1:]
        elif kind == 3:
            lines[at] = line + "\n" + line
        else:
            lines[at] = ""
    items = list(parse_case("\n".join(lines), "session.toml"))
    read = {item.board: item for item in items if isinstance(item, Record)}
    reported = [item for item in items if isinstance(item, RecordError)]
    others = [name for index, name in enumerate(NAMES) if index != target]
    for name in others:
        assert name in read, f"board {name} lost: {[str(error) for error in reported]}"
        assert _what_is_ruled(read[name]) == _what_is_ruled(CLEAN[name])
    assert len(items) <= len(NAMES) + 1
    assert len(read) + len([error for error in reported if error.board is not None]) >= len(NAMES)
    assert all(error.line is not None for error in reported), [str(error) for error in reported]
