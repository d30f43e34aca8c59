"""Attention drawn at a card (Law 63A1: --noticed-at T.N, facts.noticed_at), the director's own weights for
any world (Law 12C1c: --outcomes tT=, tTS=, facts.judgement), and what the table said at a claim, on the
command line, in case files and through the desk's API."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from revsim.adjudicate import Settings, adjudicate
from revsim.cli import main
from revsim.laws.law63 import law63a1_established_when_noticed
from revsim.outputs.casetoml import case_to_toml, record_to_case
from revsim.outputs.report import report_html
from revsim.outputs.text import ruling_to_text
from revsim.records.casefile import parse_case
from revsim.records.errors import RecordError
from revsim.records.facts import noticed_at_text, parse_noticed_at
from revsim.records.judgement import parse_judgement, split_judgements
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS

TOO_LATE = HANDS / "duschek-too-late-a.pbn"        # East revokes on trick 3, wins it, and leads trick 4
REPEATED = HANDS / "duschek-repeated-3nt.pbn"      # East revokes on tricks 3 and 4 (64A2, then 64B2)
AT_A_CARD = HANDS / "law63a1-attention-drawn-at-a-card.toml"
LATER_WORLD = HANDS / "law12c1c-judgement-of-a-later-world.toml"


def _json(*args: str) -> dict:
    result = CliRunner().invoke(main, ["adjudicate", *args, "--estimator", "dd", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)[0]


def _record(path: Path) -> Record:
    record = next(read_records(path))
    assert isinstance(record, Record), str(record)
    return record


# --- Law 63A1: attention drawn at a card ------------------------------------------------------------

def test_63a1_established_when_noticed() -> None:
    east, north, west = 1, 0, 3
    # during the revoke trick: not established, whatever the cards
    assert law63a1_established_when_noticed(east, 3, 2, [east, 2, west, north], 3, None) is False
    assert law63a1_established_when_noticed(east, 3, 2, [east, 2, west, north], 3, 3) is False
    # before the revoke card itself: attention was drawn to something else; the record decides
    assert law63a1_established_when_noticed(east, 3, 2, [east, 2, west, north], 3, 2) is None
    # the next trick: established once the offender or his partner has played to it
    assert law63a1_established_when_noticed(east, 3, 2, [east, 2, west, north], 4, 0) is False
    assert law63a1_established_when_noticed(east, 3, 2, [east, 2, west, north], 4, 1) is True
    assert law63a1_established_when_noticed(east, 3, 2, [north, east, 2, west], 4, 1) is False
    assert law63a1_established_when_noticed(east, 3, 2, [north, east, 2, west], 4, 2) is True
    assert law63a1_established_when_noticed(east, 3, 2, [2, west, north, east], 4, 2) is True   # partner West
    # during the next trick, cards not known, or later: the record decides
    assert law63a1_established_when_noticed(east, 3, 2, [north, east, 2, west], 4, None) is None
    assert law63a1_established_when_noticed(east, 3, 2, [north, east, 2, west], 6, 0) is None
    assert law63a1_established_when_noticed(east, 3, 2, [north, east, 2, west], None, None) is None


@pytest.mark.parametrize(("noticed_at", "law", "transfer", "tricks"), [
    ("4.0", "62A", 0, 10),   # before East's lead to trick 4: corrected, no transfer
    ("4.1", "64A", 2, 11),   # after East's lead: established, two tricks (64A1)
    ("4", "64A", 2, 11),     # during trick 4: the record shows East led to it
    ("3", "62A", 0, 10),     # during the revoke trick
])
def test_63a1_noticed_at_a_card_on_the_lecture_board(noticed_at: str, law: str, transfer: int, tricks: int) -> None:
    board = _json(str(TOO_LATE), "--noticed-at", noticed_at)
    assert (board["ruling"]["law"], board["transfer"], board["ruling"]["ns"][0]["tricks"]) == (law, transfer, tricks)
    assert board["settings"]["noticed_at"] == noticed_at and board["settings"]["noticed"] == "during-play"
    assert board["revokes"][0]["law"] == ("62A" if law == "62A" else "64A1")


def test_63a2_a_card_named_for_the_next_trick_establishes_the_revoke() -> None:
    """Attention drawn after North's lead to trick 4 leaves East's revoke unestablished (62A) - unless East had
    already named his card for trick 4 (63A2): then it is established, and one trick is transferred (64A2)."""
    text = AT_A_CARD.read_text() + '\n[[facts.designated]]\ntrick = 4\nplayer = "E"\ncard = "D3"\n'
    [record] = list(parse_case(text, "designated.toml"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert [(r.establishment, r.law, r.transfer) for r in ruling.revokes] == [("63A2", "64A2", 1)]
    assert [o.tricks for o in ruling.ns] == [11]
    assert "East named or designated the ♦3 for trick 4 (Law 63A2)" in ruling_to_text(ruling)
    [again] = list(parse_case(case_to_toml(record_to_case(record)), "again.toml"))
    assert isinstance(again, Record) and again.facts.designations == tuple(
        replace(d, line=again.facts.designations[0].line) for d in record.facts.designations)
    west = text.replace('player = "E"\ncard = "D3"', 'player = "S"\ncard = "DK"')   # an opponent's: no effect
    [other] = list(parse_case(west, "designated.toml"))
    assert isinstance(other, Record)
    assert [r.law for r in adjudicate(other, Settings(estimator="dd")).revokes] == ["62A"]


def test_63a1_attention_drawn_at_a_card_case_file() -> None:
    ruling = adjudicate(_record(AT_A_CARD), Settings(estimator="dd"))
    revoke = ruling.revokes[0]
    assert (revoke.law, revoke.establishment, ruling.law, ruling.ns[0].tricks) == ("62A", None, "62A", 10)
    assert "attention was drawn after 1 card of trick 4, before East or partner played to trick 4" in revoke.reason \
        or "after 1 card of trick 4" in ruling_to_text(ruling)
    later = adjudicate(_record(AT_A_CARD), Settings(estimator="dd", noticed_at="4.2"))
    assert (later.revokes[0].law, later.revokes[0].establishment, later.transfer) == ("64A2", "63A1", 1)
    assert later.ns[0].tricks == 11
    assert any("as the settings say" in note for note in later.record.notes)   # the file said 4.1


def test_63a1_noticed_at_round_trips_through_the_case_writer() -> None:
    record = _record(AT_A_CARD)
    case = record_to_case(record)
    assert case["facts"]["noticed_at"] == "4.1" and "noticed_at_trick" not in case["facts"]
    [again] = list(parse_case(case_to_toml(case), "again.toml"))
    assert isinstance(again, Record)
    assert (again.facts.noticed_trick, again.facts.noticed_cards) == (4, 1)


@pytest.mark.parametrize(("args", "problem"), [
    (["--noticed-at", "3.1"], "before any revoke had been played"),
    (["--noticed-at", "4.5"], "0-3"),
    (["--noticed-at", "four"], "is not T or T.N"),
    (["--noticed-at", "14"], "1-13"),
    (["--noticed-at", "4.1", "--noticed", "after-round"], "give one of them"),
])
def test_63a1_noticed_at_refuses_what_cannot_be(args: list[str], problem: str) -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(TOO_LATE), "--estimator", "dd", *args])
    assert result.exit_code != 0 and problem in result.output and "Traceback" not in result.output


def test_63a1_noticed_at_beyond_the_cards_played_names_the_board() -> None:
    text = AT_A_CARD.read_text().replace('[facts]\nnoticed_at = "4.1"', '[facts]\nnoticed_at = "5.2"')
    [record] = list(parse_case(text, "late.toml"))
    assert isinstance(record, Record)
    with pytest.raises(RecordError, match="trick 5, which was never played"):
        adjudicate(record, Settings(estimator="dd"))
    both = AT_A_CARD.read_text().replace('[facts]\nnoticed_at = "4.1"', '[facts]\nnoticed_at = "4.1"\nnoticed_at_trick = 4')
    [problem] = list(parse_case(both, "both.toml"))
    assert isinstance(problem, RecordError) and "not both" in str(problem)


@given(st.integers(1, 13), st.one_of(st.none(), st.integers(0, 3)))
def test_63a1_noticed_at_text_round_trips(trick: int, cards: int | None) -> None:
    assert parse_noticed_at(noticed_at_text(trick, cards)) == (trick, cards)


# --- Law 12C1c: the director's judgement of any world -----------------------------------------------

def test_12c1c_directors_judgement_of_the_repeated_revokes_world() -> None:
    board = _json(str(REPEATED), "--outcomes", "t4=11:0.7,10:0.3")
    ruling = board["ruling"]
    # the lecturers' ruling: the world without East's second revoke, the first one's trick transferred in it
    assert ruling["law"] == "64A+64C2a" and ruling["written"] == "70% of 3NT+3, 30% of 3NT+2"
    assert [(o["tricks"], o["percent"]) for o in ruling["ns"]] == [(12, "70%"), (11, "30%")]
    assert board["settings"]["outcomes_t4"] == "11:0.7,10:0.3"
    assert board["no_infraction"]["estimator"] == "director" and board["no_infraction"]["revoke"]["trick"] == 4
    # plain --outcomes keeps its meaning: the first world
    plain = _json(str(REPEATED), "--outcomes", "11:0.7,10:0.3")
    assert plain["settings"]["outcomes"] == "11:0.7,10:0.3" and "outcomes_t4" not in plain["settings"]


def test_12c1c_directors_judgement_from_the_case_file() -> None:
    ruling = adjudicate(_record(LATER_WORLD), Settings(estimator="dd"))
    judged = [e for e in ruling.estimates.values() if e.estimator == "director"]
    assert [(e.trick, e.outcomes) for e in judged] == [(8, ((11, 0.6), (10, 0.4)))]
    assert ruling.law == "64A+64C2a" and [(o.tricks, o.weight) for o in ruling.ns] == [(12, 1.0)]
    assert _json(str(LATER_WORLD))["settings"]["outcomes_t8"] == "11:0.6,10:0.4"   # the JSON says what was used
    # the command line's weights for the same world win over the file's
    mine = adjudicate(_record(LATER_WORLD), Settings(estimator="dd", world_outcomes=(("t8", ((9, 1.0),)),)))
    assert [e.outcomes for e in mine.estimates.values() if e.estimator == "director"] == [((9, 1.0),)]


def test_12c1c_world_names_for_two_revokes_on_one_trick() -> None:
    with pytest.raises(RecordError, match="East and West both revoked on trick 6: name the world t6E or t6W"):
        adjudicate(_record(LATER_WORLD), Settings(estimator="dd", world_outcomes=(("t6", ((11, 1.0),)),)))
    with pytest.raises(RecordError, match="no revoke was played on trick 9"):
        adjudicate(_record(LATER_WORLD), Settings(estimator="dd", world_outcomes=(("t9", ((11, 1.0),)),)))
    west = adjudicate(_record(LATER_WORLD), Settings(estimator="dd", world_outcomes=(("t6W", ((10, 1.0),)),)))
    assert any(e.estimator == "director" and e.seat == 3 for e in west.estimates.values())


def test_12c1c_two_judgements_of_one_world_are_an_error_naming_both() -> None:
    """The plain weights judge the world without the first established revoke (East's on trick 6): naming that
    world again would let the order of the judgements decide, so the ruling is an error naming both. One world
    named twice in a case file is an error naming both lines when it is read."""
    text = LATER_WORLD.read_text()
    plain = text.replace('world = "t8"', 'world = "t6E"') + '\n[[facts.judgement]]\noutcomes = "11:0.5,10:0.5"\n'
    [record] = list(parse_case(plain, "twice.toml"))
    assert isinstance(record, Record)
    with pytest.raises(RecordError) as raised:
        adjudicate(record, Settings(estimator="dd"))
    message = raised.value.describe()
    assert "judge one world twice" in message and "twice.toml" in message and "board" in message
    assert "11:0.5,10:0.5 (no world named" in message and "t6E=11:0.6,10:0.4" in message
    assert "without East's revoke on trick 6" in message
    [error] = list(parse_case(text + '\n[[facts.judgement]]\nworld = "t8"\noutcomes = "9:1"\n', "twice.toml"))
    assert isinstance(error, RecordError)
    assert "the world t8 is judged twice, at lines 27 and 31" in error.describe() and error.line == 31


def test_12c1c_unused_weights_are_noted() -> None:
    no_revoke = AT_A_CARD.read_text().replace('"C4 S8 H3 C8"', '"C4 S8 CJ C8"').replace('[facts]\nnoticed_at = "4.1"', "")
    [record] = list(parse_case(no_revoke, "none.toml"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd", outcomes=((10, 1.0),)))
    assert any("were not used" in note for note in ruling.record.notes)


@pytest.mark.parametrize(("text", "expected"), [
    ("12:0.7,11:0.3", (None, ((12, 0.7), (11, 0.3)))),
    ("t4=11:70,10:30", ("t4", ((11, 0.7), (10, 0.3)))),
    ("T5e = 6:1", ("t5E", ((6, 1.0),))),
])
def test_12c1c_parse_judgement(text: str, expected: tuple) -> None:
    name, outcomes = parse_judgement(text)
    assert name == expected[0] and [t for t, _ in outcomes] == [t for t, _ in expected[1]]
    assert [w for _, w in outcomes] == pytest.approx([w for _, w in expected[1]])


@pytest.mark.parametrize(("texts", "problem"), [
    (["t0=1:1"], "1-13"), (["x4=1:1"], "a world is named"), (["12:1", "11:1"], "given twice"),
    (["t4=12:0.5"], "sum to"), (["t4=12:1", "t4=11:1"], "the world t4 is judged twice"),
])
def test_12c1c_split_judgements_refuses(texts: list[str], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        split_judgements(texts)


# --- what the table said --------------------------------------------------------------------------

def test_the_claim_statement_is_shown_in_text_json_and_report() -> None:
    path = HANDS / "law63a4-claim-agreed.toml"
    ruling = adjudicate(_record(path), Settings(estimator="dd"))
    said = "I lose a trump trick"
    assert f"Claim: Declarer claimed: declarer's side 9 tricks in all; what was said: \u201c{said}\u201d." \
        in ruling_to_text(ruling)
    board = _json(str(path))
    assert board["claim"]["statement"] == said and board["claim"]["by"] == "declarer"
    assert board["claim"]["declarer_tricks"] == 9 and said in board["claim"]["text"]
    assert said in report_html(ruling)
    unclaimed = _json(str(HANDS / "kooijman-belgium-both-sides.toml"))
    assert unclaimed["claim"] is None


def test_12c1c_a_bad_judgement_in_a_case_file_names_its_line() -> None:
    text = LATER_WORLD.read_text().replace('outcomes = "11:0.6,10:0.4"', 'outcomes = "11:0.6"')
    [problem] = list(parse_case(text, "bad.toml"))
    assert isinstance(problem, RecordError)
    assert "judgement" in str(problem) and "sum to" in str(problem) and problem.line is not None
