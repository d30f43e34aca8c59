"""Law 45D: dummy places a card declarer did not name (Kooijman's question; hands/law45d-dummy-places-a-card-not-
named.toml). Noticed in time, the named card is dummy's and a defender's card played to the wrong one is taken back
without penalty: the revokes are found on the play as corrected. Too late, the card placed stands, and both dummy's
failure to follow and the defender's are revokes."""

from __future__ import annotations

import pytest

from revsim.adjudicate import Settings, adjudicate
from revsim.cards import Card
from revsim.outputs.casetoml import case_to_toml, record_to_case
from revsim.outputs.text import ruling_to_text
from revsim.records.casefile import parse_case
from revsim.records.errors import RecordError
from revsim.records.facts import DummyCard
from revsim.records.law45 import law45d_card_that_counts
from revsim.records.record import Record
from tests.conftest import HANDS

FILE = HANDS / "law45d-dummy-places-a-card-not-named.toml"
TOO_LATE_PLAY = ["H7 D3 D8 HK", "SA S5 S2 S8", "SK S6 S3 S9", "SQ S7 S4 H8", "SJ H6 H3 H9", "ST D6 H4 D9",
                 "DA D7 D4 DT", "DK C6 D5 DJ", "C5 C7 C4 CK", "HQ H2 C8 H5", "DQ D2 C9 CQ", "HJ C2 CT HA",
                 "CA HT C3 CJ"]


def _case(text: str) -> Record:
    [record] = list(parse_case(text, str(FILE)))
    assert isinstance(record, Record), str(record)
    return record


def _too_late() -> str:
    text = FILE.read_text(encoding="utf-8")
    start, end = text.index("play = ["), text.index("]\n", text.index("play = [")) + 2
    play = "play = [\n" + "".join(f'  "{trick}",\n' for trick in TOO_LATE_PLAY) + "]\n"
    text = text[:start] + play + text[end:]
    fact = 'in_time = true\nchanges = [{ player = "E", withdrawn = "D8", substituted = "H8" }]'
    return text.replace(fact, "in_time = false")


def test_law45d_the_card_that_counts() -> None:
    named, placed = Card.parse("H3"), Card.parse("D3")
    assert law45d_card_that_counts(DummyCard(1, named, placed, True)) == named
    assert law45d_card_that_counts(DummyCard(1, named, placed, False)) == placed


def test_law45d_noticed_in_time_the_named_card_is_dummys_and_no_card_is_a_revoke() -> None:
    record = _case(FILE.read_text(encoding="utf-8"))
    assert [str(played.card) for played in record.play[:4]] == ["H7", "H3", "H8", "HK"]
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert not ruling.revokes and ruling.law == "none" and [o.tricks for o in ruling.ns] == [10]
    text = ruling_to_text(ruling)
    assert "the ♥3 is dummy's card (Law 45D)" in text and "taken back without penalty" in text


def test_law45d_a_record_already_showing_the_corrected_trick_is_read_the_same() -> None:
    text = FILE.read_text(encoding="utf-8").replace('"H7 D3 D8 HK"', '"H7 H3 H8 HK"')
    assert _case(text).play == _case(FILE.read_text(encoding="utf-8")).play


def test_law45d_noticed_too_late_the_card_placed_stands_and_both_failures_to_follow_are_revokes() -> None:
    ruling = adjudicate(_case(_too_late()), Settings(estimator="dd"))
    found = [(r.trick, "NESW"[r.seat], str(r.card), r.law) for r in ruling.revokes]
    assert found == [(1, "N", "D3", "64B7"), (1, "E", "D8", "64B7")]   # East held hearts too: both sides revoked
    assert ruling.law == "64C2b"                          # each side judged without the other's revoke
    assert "the ♦3 stands (Law 45D)" in ruling_to_text(ruling)


def test_law45d_a_trick_holding_neither_card_is_named_with_its_line() -> None:
    text = FILE.read_text(encoding="utf-8").replace('named = "H3"\nplaced = "D3"', 'named = "H5"\nplaced = "D5"')
    [error] = list(parse_case(text, str(FILE)))
    assert isinstance(error, RecordError)
    assert "dummy_card: trick 1 holds neither the D5 nor the H5" in str(error) and "line" in str(error)


def test_law45d_the_fact_is_kept_when_the_case_is_written_back() -> None:
    record = _case(FILE.read_text(encoding="utf-8"))
    again = _case(case_to_toml(record_to_case(record)))
    def kept(one: Record) -> list[tuple[object, ...]]:
        return [(d.trick, d.named, d.placed, d.in_time, [(c.player, c.withdrawn, c.substituted) for c in d.changes])
                for d in one.facts.dummy_cards]

    assert kept(again) == kept(record) and [p.card for p in again.play] == [p.card for p in record.play]


@pytest.mark.parametrize("value", ['"yes"', "1"])
def test_law45d_in_time_must_be_true_or_false(value: str) -> None:
    text = FILE.read_text(encoding="utf-8").replace("in_time = true", f"in_time = {value}")
    [error] = list(parse_case(text, str(FILE)))
    assert isinstance(error, RecordError) and "dummy_card" in str(error)
