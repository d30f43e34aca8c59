"""Bad input as a new user brings it: every file and board gets a clear error naming the file, the board, the
line and what is wrong, or a row in a scan; never a traceback, never silence. Tests are named after what the
user saw."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from revsim.adjudicate import Settings, adjudicate
from revsim.cli import main
from revsim.outputs.explain import explanation
from revsim.outputs.rowfiles import read_rows
from revsim.records.casefile import parse_case
from revsim.records.errors import RecordError
from revsim.records.pbn import parse_pbn
from revsim.records.readers import read_records
from revsim.records.record import Record
from revsim.scan import scan
from tests.conftest import HANDS

CASE = (HANDS / "duschek-too-late-b.toml").read_text(encoding="utf-8")
PBN = (HANDS / "duschek-too-late-a.pbn").read_text(encoding="utf-8")


def _case_error(text: str) -> RecordError:
    items = list(parse_case(text, "case.toml"))
    assert len(items) == 1
    assert isinstance(items[0], RecordError), "expected an error"
    return items[0]


def _line(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def _invoke(*args: str):
    return CliRunner().invoke(main, list(args))


# --- case files with wrong types: an error naming the key and the line, never a traceback -------------------

WRONG_TYPES = [
    ("penalty_card_as_a_string", '[facts]\nnoticed = "after-round"', '[facts]\nnoticed = "after-round"\npenalty_card = "E:S2@3"',
     "penalty_card = ", "`facts.penalty_card` must be an array of tables ([[...]]), not 'E:S2@3'"),
    ("after_trick_five", "after_trick = 5", 'after_trick = "five"', "claim =",
     "`claim.after_trick` must be a trick number 1-13, not 'five'"),
    ("declarer_tricks_nine", "declarer_tricks = 9", 'declarer_tricks = "nine"', "claim =",
     "`claim.declarer_tricks` must be a number of tricks 0-13, not 'nine'"),
    ("declarer_tricks_nine_and_a_half", "declarer_tricks = 9", "declarer_tricks = 9.5", "claim =",
     "`claim.declarer_tricks` must be a number of tricks 0-13, not 9.5"),
    ("hidden_cards_as_a_list", "[facts]\n", '[facts]\nhidden_cards = ["H3"]\n', "hidden_cards",
     "`facts.hidden_cards` must be a table of seats and cards"),
    ("hidden_cards_card_not_in_a_list", "[facts]\n", '[facts]\nhidden_cards = {N="H3"}\n', "hidden_cards",
     "`facts.hidden_cards.N` must be a list of cards like [\"H3\"], not 'H3'"),
    ("start_as_a_string", "play = [", 'start = "trick 3"\nplay = [', "start =", "`start` must be a table, not 'trick 3'"),
    ("start_trick_as_a_string", "play = [", 'start = { trick = "one", leader = "W" }\nplay = [', "start =",
     "`start.trick` must be a trick number 1-13, not 'one'"),
    ("board_as_a_list", 'board = "duschek-too-late-b"', 'board = ["7"]', "board =",
     "`board` must be a string or a number, not a list"),
    ("noticed_at_trick_as_a_string", 'noticed = "after-round"', 'noticed_at_trick = "three"', "noticed_at_trick",
     "`facts.noticed_at_trick` must be a trick number 1-13, not 'three'"),
    ("facts_none", '[facts]\nnoticed = "after-round"', 'facts = "none"', "facts =", "`facts` must be a table, not 'none'"),
    ("play_as_one_string", None, None, "play =", "`play` must be a list of tricks"),
    ("lead_restriction_trick_as_a_string", '[facts]\nnoticed = "after-round"',
     '[facts]\n[[facts.lead_restriction]]\ntrick = "one"\nplayer = "W"\nmust_lead = "H"', 'trick = "one"',
     "`facts.lead_restriction[1].trick` must be a trick number 1-13, not 'one'"),
    ("lead_out_of_turn_trick_as_a_string", '[facts]\nnoticed = "after-round"',
     '[facts]\n[[facts.lead_out_of_turn]]\ntrick = "2"\nplayer = "E"', 'trick = "2"',
     "`facts.lead_out_of_turn[1].trick` must be a trick number 1-13, not '2'"),
    ("changes_none", '[facts]\nnoticed = "after-round"',
     '[facts]\n[[facts.correction]]\ntrick = 3\nplayer = "E"\nwithdrawn = "SJ"\nsubstituted = "CJ"\nchanges = "none"',
     "changes =", "`facts.correction[1].changes` must be an array of tables ([[...]]), not 'none'"),
]


@pytest.mark.parametrize(("name", "old", "new", "line_of", "message"), WRONG_TYPES, ids=[case[0] for case in WRONG_TYPES])
def test_case_file_with_a_wrong_type_names_the_key_and_the_line(name, old, new, line_of, message) -> None:
    if name == "play_as_one_string":
        text = re.sub(r"play = \[.*?\]\n", 'play = "CA C7 C5 C2"\n', CASE, flags=re.S)
    else:
        assert old in CASE
        text = CASE.replace(old, new, 1)
    error = _case_error(text)
    assert message in error.problem
    assert error.line == _line(text, line_of) and error.board in ("duschek-too-late-b", "#1")
    assert error.source == "case.toml"


@pytest.mark.parametrize(("old", "new", "expected"), [
    ('vulnerable = "None"', 'vulnerble = "All"', "unknown key `vulnerble`: did you mean `vulnerable`?"),
    ('dealer = "S"', 'dealer = "S"\nresult = 9', "unknown key `result`"),
    ('by = "declarer"', 'claimant = "E"', "unknown key `claim.claimant`"),
    ('noticed = "after-round"', 'notice = "after-round"', "unknown key `facts.notice`: did you mean `noticed`?"),
])
def test_case_file_misspelt_key_is_an_error_with_the_closest_key(old: str, new: str, expected: str) -> None:
    text = CASE.replace(old, new, 1)
    error = _case_error(text)
    assert expected in error.problem and error.line == _line(text, new.splitlines()[-1].split("=")[0].strip())


@pytest.mark.parametrize(("key", "pattern"), [("vulnerable", r'vulnerable = "None"\n'), ("play", r"play = \[.*?\]\n"),
                                              ("deal", r'deal = ".*?"\n'), ("contract", r'contract = ".*?"\n')])
def test_case_file_missing_required_key_says_it_is_missing(key: str, pattern: str) -> None:
    error = _case_error(re.sub(pattern, "", CASE, flags=re.S))
    assert f"`{key}` is required and missing" in error.problem


def test_one_bad_board_of_a_multi_board_case_file_loses_only_that_board() -> None:
    board = CASE.replace('board = "duschek-too-late-b"', '[[board]]\nboard = "NAME"').replace("[facts]", "[board.facts]")
    text = "\n".join([board.replace("NAME", "a"), board.replace("NAME", "b").replace("after_trick = 5", 'after_trick = "x"'),
                      board.replace("NAME", "c")])
    items = list(parse_case(text, "multi.toml"))
    assert [type(item).__name__ for item in items] == ["Record", "RecordError", "Record"]
    error = items[1]
    assert isinstance(error, RecordError) and error.board == "b" and error.line == _line(text, 'after_trick = "x"')


def test_case_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + CASE.encode())
    [record] = list(read_records(path))
    assert isinstance(record, Record) and adjudicate(record, Settings(estimator="dd")).law == "64C1"


# --- files that are empty, binary, UTF-16, missing: an error and a row, never silence ------------------------

@pytest.mark.parametrize(("name", "content", "message"), [
    ("empty.pbn", b"", "no board found: the file is empty"),
    ("blank.lin", b"\n\n  \n", "no board found: the file is empty"),
    ("binary.pbn", bytes(range(256)) * 4, "not a text file"),
    ("binary.lin", b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "not a text file"),
    ("utf16.pbn", PBN.encode("utf-16"), "not UTF-8 or Latin-1 text"),
    ("utf16-no-bom.pbn", PBN.encode("utf-16-le"), "not UTF-8 or Latin-1 text"),
    ("words.pbn", b"this is not a bridge record\n", "no board found: not a PBN file"),
    ("words.lin", b"hello|world|\n", "no board found: not a LIN file"),
])
def test_empty_binary_or_utf16_file_is_an_error_with_exit_status_1_and_a_scan_row(tmp_path: Path, name: str,
                                                                                  content: bytes, message: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    result = _invoke("adjudicate", str(path))
    assert result.exit_code == 1 and message in result.output and "Traceback" not in result.output
    as_json = _invoke("adjudicate", str(path), "--json")
    [entry] = json.loads(as_json.stdout)
    assert entry["status"] == "error" and message in entry["error"]
    boards, _ = scan([path], jobs=1)
    assert len(boards) == 1 and boards.status[0] == "error" and message in boards.error[0]


def test_pbn_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.pbn"
    path.write_bytes(b"\xef\xbb\xbf" + PBN.encode())
    [record] = list(read_records(path))
    assert isinstance(record, Record) and record.board == "duschek-too-late-a"


def test_latin1_pbn_is_read(tmp_path: Path) -> None:
    path = tmp_path / "latin1.pbn"
    path.write_bytes(PBN.replace('[Event "revsim seed cases"]', '[Event "Championnat de Liège"]').encode("latin-1"))
    [record] = list(read_records(path))
    assert isinstance(record, Record) and record.info["event"] == "Championnat de Liège"


def test_broken_link_in_a_scanned_folder_gets_a_row(tmp_path: Path) -> None:
    (tmp_path / "good.pbn").write_text(PBN, encoding="utf-8")
    (tmp_path / "gone.pbn").symlink_to(tmp_path / "nowhere.pbn")
    boards, _ = scan([tmp_path], jobs=1)
    gone = boards[boards.file.str.endswith("gone.pbn")]
    assert len(boards) == 2 and len(gone) == 1 and "a broken link" in gone.error.iloc[0]


def test_report_to_a_missing_folder_says_it_cannot_write(tmp_path: Path) -> None:
    result = _invoke("report", str(HANDS / "duschek-too-late-a.pbn"), "-o", str(tmp_path / "missing" / "x.html"))
    assert result.exit_code == 1 and "cannot write" in result.output and "No such file or directory" in result.output
    assert "Traceback" not in result.output


# --- --field problems are said, not dropped ----------------------------------------------------------------


# --- records from the wild ------------------------------------------------------------------------------------

def _stopped_without_claim(score_tag: str) -> str:
    """The lecture's 4S record with its play stopped after trick 4, no [Result], and ``score_tag``."""
    lines = [line for line in PBN.splitlines() if not line.startswith(("[Result", "S2", "-"))]
    return "\n".join(lines).replace("[Play", f"{score_tag}\n[Play") + "\n"


def test_play_stopped_without_claim_takes_declarers_tricks_from_the_score() -> None:
    [record] = list(parse_pbn(_stopped_without_claim('[Score "NS -50"]'), "s.pbn"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.table_tricks == 9 and ruling.table.claimed
    assert any("[Score] NS -50 gives declarer 9 tricks" in note for note in ruling.record.notes)
    assert record.claimed_total is None and not record.notes  # the record given is not changed
    [declarer_view] = list(parse_pbn(_stopped_without_claim('[Score "-50"]'), "s.pbn"))
    assert adjudicate(declarer_view, Settings(estimator="dd")).table_tricks == 9


def test_play_stopped_with_a_score_that_does_not_fit_the_contract_says_so() -> None:
    [record] = list(parse_pbn(_stopped_without_claim('[Score "NS 55"]'), "s.pbn"))
    with pytest.raises(RecordError, match=r"\[Score\] NS \+55 is not a score of 4S"):
        adjudicate(record, Settings(estimator="dd"))


def test_files_joined_without_a_blank_line_read_as_separate_games() -> None:
    text = PBN.rstrip("\n") + "\n" + PBN.replace("duschek-too-late-a", "second")
    items = list(parse_pbn(text, "joined.pbn"))
    assert [item.board for item in items] == ["duschek-too-late-a", "second"]
    assert all(isinstance(item, Record) for item in items)
    assert any("without the blank line" in note for note in items[1].notes)


def test_bad_pbn_result_is_not_called_a_claim() -> None:
    text = _stopped_without_claim('[Result "13"]')
    [record] = list(parse_pbn(text, "r.pbn"))
    with pytest.raises(RecordError) as caught:
        adjudicate(record, Settings(estimator="dd"))
    assert caught.value.problem.startswith("[Result] gives declarer 13 tricks") and "claim" not in caught.value.problem
    assert caught.value.trick == 5


def test_lin_error_gives_the_trick_and_the_card() -> None:
    from revsim.records.lin import parse_lin

    text = ("pn|a,b,c,d|md|3SAKQJHAKQJDAKQJC2,S2345H2345D2345C3,S6789H6789D6789C4,|sv|o|"
            "mb|1N|mb|p|mb|p|mb|p|pc|S2|pc|SZ|")
    [error] = list(parse_lin(text, "x.lin"))
    assert isinstance(error, RecordError) and error.trick == 1 and error.card == "SZ"


# --- smaller things a user noticed ---------------------------------------------------------------------------

def test_read_rows_reads_a_revoke_file_named_directly(tmp_path: Path) -> None:
    out = tmp_path / "scan.csv"
    assert _invoke("scan", str(HANDS), "--out", str(out), "--quiet", "--jobs", "1").exit_code == 0
    revokes = read_rows(tmp_path / "scan.revokes.csv")
    assert "claimed" not in revokes.columns and len(revokes) > 0
    assert read_rows(out, revokes=True).equals(revokes)


def test_scan_listing_shows_both_sides_and_weighted_results(tmp_path: Path) -> None:
    result = _invoke("scan", str(HANDS / "duschek-both-sides.pbn"), "--quiet", "--jobs", "1", "--both-sides", "separately")
    assert "North-South 10 tricks, East-West 4 tricks" in result.output
    uniform = _invoke("scan", str(HANDS / "duschek-repeated-3nt.pbn"), "--quiet", "--jobs", "1", "--substitute", "uniform")
    assert uniform.exit_code == 0 and "tricks" in uniform.output


def test_scan_strict_exits_1_on_error_rows(tmp_path: Path) -> None:
    (tmp_path / "empty.pbn").write_bytes(b"")
    assert _invoke("scan", str(tmp_path), "--quiet", "--jobs", "1").exit_code == 0
    assert _invoke("scan", str(tmp_path), "--quiet", "--jobs", "1", "--strict").exit_code == 1


def test_one_board_one_table_are_singular(tmp_path: Path) -> None:
    field = tmp_path / "field.csv"
    field.write_text("ns_score\n420\n", encoding="utf-8")
    result = _invoke("adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--field", str(field))
    assert "(1 table, datum" in result.output
    bad = _invoke("adjudicate", str(HANDS / "duschek-trick12-a.toml"), "--board", "duschek-trick12-a",
                  "--noticed", "during-play")
    assert "1 boards" not in bad.output


def test_report_record_counts_every_record_and_names_the_shared_board(tmp_path: Path) -> None:
    passed_out = "\n".join(line for line in PBN.splitlines() if line.startswith(("[Event", "[Board", "[Dealer",
                                                                                 "[Vulnerable", "[Deal")))
    text = PBN + "\n" + passed_out + '\n[Contract "Pass"]\n'

    path = tmp_path / "two.pbn"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "r.html"
    both = _invoke("report", str(path), "--board", "duschek-too-late-a", "-o", str(out))
    assert both.exit_code == 2 and "2 records share board duschek-too-late-a" in both.output
    second = _invoke("report", str(path), "--board", "duschek-too-late-a", "--record", "2", "-o", str(out))
    assert second.exit_code == 2 and "the record chosen has no play" in second.output
    first = _invoke("report", str(path), "--board", "duschek-too-late-a", "--record", "1", "-o", str(out))
    assert first.exit_code == 0 and out.is_file()


def test_json_carries_table_score_result_strings_dealer_auction_and_players(tmp_path: Path) -> None:
    text = PBN.replace('[Dealer "S"]', '[Dealer "S"]\n[North "Ann"]\n[East "Bob"]\n[South "Cat"]\n[West "Dan"]\n'
                                       '[Room "Open"]\n[Date "2026.11.01"]')
    path = tmp_path / "named.pbn"
    path.write_text(text, encoding="utf-8")
    [board] = json.loads(_invoke("adjudicate", str(path), "--json").stdout)
    assert board["players"] == {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}
    assert (board["room"], board["date"], board["event"]) == ("Open", "2026.11.01", "revsim seed cases")
    assert board["table_score"] == -50 and board["table_result"] == "4S-1" and board["ruling"]["ns"][0]["result"] == "4S+1"
    text_out = _invoke("adjudicate", str(path)).output
    assert "N Ann, E Bob, S Cat, W Dan" in text_out
    boards, _ = scan([path], jobs=1)
    assert (boards.north[0], boards.room[0], boards.event[0]) == ("Ann", "Open", "revsim seed cases")


def test_adjudicate_streams_json_one_board_at_a_time(tmp_path: Path) -> None:
    from revsim.synthetic import write_archive

    path = tmp_path / "many.pbn"
    write_archive(str(path), seed=3, boards=40, revoke_share=0.1)
    result = _invoke("adjudicate", str(path), "--json")
    boards = json.loads(result.stdout)
    assert len(boards) == 40 and result.stdout.startswith("[\n{") and result.stdout.rstrip().endswith("}\n]")


def test_adjusted_score_equal_to_the_table_result_is_not_called_in_favour_of_the_offenders() -> None:
    text = '''board = "eq"
deal = "N:.65.3.A 42..2.K A.7.A9. K.9.5.6"
contract = "4C"
declarer = "S"
vulnerable = "None"
start = { trick = 10, leader = "W", declarer_tricks = 7 }
play = ["H9 H5 S4 D9", "C6 CA CK DA", "H6 S2 H7 D5", "SA SK D3 D2"]

[facts]
noticed = "after-round"
'''
    [record] = list(parse_case(text, "eq.toml"))
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.revokes[0].law == "64B5" and ruling.law == "64B5"  # named, never "none"
    assert ruling.no_infraction.most_likely == ruling.table_tricks == 10
    assert "no better for the non-offending side than the table result" in explanation(ruling)
    assert "favour the offenders" not in explanation(ruling)


def test_scan_goes_on_after_a_case_file_with_a_wrong_type(tmp_path: Path) -> None:
    (tmp_path / "a-bad.toml").write_text(CASE.replace("after_trick = 5", 'after_trick = "five"'), encoding="utf-8")
    (tmp_path / "b-good.pbn").write_text(PBN, encoding="utf-8")
    result = _invoke("scan", str(tmp_path), "--jobs", "1", "--out", str(tmp_path / "out.csv"), "--quiet")
    assert result.exit_code == 0, result.output
    boards = read_rows(tmp_path / "out.csv")
    assert list(boards.status) == ["error", "ok"] and "`claim.after_trick`" in boards.error[0]


def test_report_on_a_case_file_with_a_wrong_type_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(CASE.replace("declarer_tricks = 9", 'declarer_tricks = "nine"'), encoding="utf-8")
    result = _invoke("report", str(bad), "-o", str(tmp_path / "r.html"))
    assert result.exit_code == 1 and "`claim.declarer_tricks` must be a number of tricks 0-13, not 'nine'" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_malformed_key_in_one_board_loses_no_other_board() -> None:
    """A quoted key holding a bracket under [facts] (``"corre[ction" = 1``) is that board's error, named at its own
    line; the boards before and after it are read and ruled, and ``adjudicate`` exits non-zero."""
    board = ('[[board]]\nboard = "{name}"\ndeal = "N:Q.6.7.2 K2.8..3 T.53..K ..A9.87"\ncontract = "2S"\n'
             'declarer = "S"\nvulnerable = "None"\nstart = {{ trick = 10, leader = "N", declarer_tricks = 6 }}\n'
             'play = ["H6 S2 H3 C7", "SK ST C8 SQ", "H8 H5 D9 D7", "C3 CK DA C2"]\n')
    poisoned = board.format(name="2") + '[board.facts]\n"corre[ction" = 1\n'
    text = board.format(name="1") + "\n" + poisoned + "\n" + board.format(name="3")
    items = list(parse_case(text, "session.toml"))
    assert [type(item).__name__ for item in items] == ["Record", "RecordError", "Record"]
    error = items[1]
    assert isinstance(error, RecordError) and error.board == "2" and "corre[ction" in error.problem
    assert error.line == text.splitlines().index('"corre[ction" = 1') + 1


def test_a_fact_table_of_more_rows_than_any_case_holds_is_refused_at_the_row_past_the_limit() -> None:
    """Thousands of ``[[facts.play_restriction]]`` rows: one error naming the kind, the count, the limit and the line
    of the first row past it (reading finds every row's line once, so it takes time in proportion to the file)."""
    from revsim.records.casefacts import MAX_FACT_ROWS

    base = (HANDS / "law61a-play-restriction-after-a-premature-play.toml").read_text()
    head = base[:base.index("[[facts.play_restriction]]")]
    rows = '[[facts.play_restriction]]\ntrick = 11\nplayer = "W"\nplay = "highest"\n\n' * 3000
    [item] = list(parse_case(head + rows, "many.toml"))
    assert isinstance(item, RecordError)
    assert f"3,000 play_restriction rows on one board, more than any case holds (at most {MAX_FACT_ROWS})" in item.problem
    assert item.line == head.count("\n") + 1 + 5 * MAX_FACT_ROWS
    few = head + rows[:len(rows) // 3000 * MAX_FACT_ROWS]
    [record] = list(parse_case(few, "few.toml"))
    assert not isinstance(record, RecordError), record
