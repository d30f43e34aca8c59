"""The table of facts (``records.fact_specs``): every one-line form reads back what it writes, the command line,
the desk's API and a case file give the same fact, and a line that fits no form is refused naming its shape."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from revsim.cards import SEAT_LETTERS, Card
from revsim.records.fact_specs import FACT_SPECS, Entry, FactSpec, facts_from_lines
from revsim.web.capabilities import capabilities

LINE_SPECS = [spec for spec in FACT_SPECS if spec.forms]
CARDS = [str(Card(suit, rank)) for suit in range(4) for rank in range(2, 15)]


def _value(kind: str, choices: tuple[str, ...]) -> st.SearchStrategy[Any]:
    return {"seat": st.sampled_from(SEAT_LETTERS), "card": st.sampled_from(CARDS), "trick": st.integers(1, 13),
            "suit": st.sampled_from("SHDC"), "choice": st.sampled_from(choices)}[kind]


@st.composite
def entries(draw: st.DrawFn, spec: FactSpec) -> dict[str, Any]:
    """An entry one of the spec's forms writes: a value for each of its keys."""
    form = draw(st.sampled_from(spec.forms))
    keys = {key.name: key for key in spec.keys}
    return {name: draw(_value(keys[name].kind, keys[name].choices)) for name in form.keys}


def _fail(problem: str, line: int | None = None) -> Exception:
    return ValueError(problem)


@pytest.mark.parametrize("spec", LINE_SPECS, ids=[spec.table for spec in LINE_SPECS])
@given(data=st.data())
def test_every_line_form_reads_back_the_entry_it_writes_and_the_fact_it_stands_for(spec: FactSpec, data: st.DataObject
                                                                                   ) -> None:
    entry = data.draw(entries(spec))
    line = spec.to_line(entry)
    assert spec.from_line(line) == entry
    assert spec.from_line(line.lower()) == entry             # the desk and the command line take either case
    fact = spec.read(Entry(entry, None, _fail))
    assert spec.read(Entry(spec.entry(fact), None, _fail)) == fact


def test_a_card_named_for_a_trick_may_be_left_unnamed() -> None:
    """Law 63A2: a card designated for the next trick, where nobody knows which (``E:@4``)."""
    spec = next(spec for spec in FACT_SPECS if spec.table == "designated")
    assert spec.from_line("E:@4") == {"player": "E", "trick": 4} and spec.to_line({"player": "E", "trick": 4}) == "E:@4"
    [named] = facts_from_lines({"designated": ["E:@4"]}).designations
    assert named.card is None and named.trick == 4


def test_the_command_line_and_a_case_file_give_the_same_facts() -> None:
    from revsim.records.readers import parse_text

    lines = {"penalty_card": ["E:SJ@3"], "lead_restriction": ["W:!S@5"], "play_restriction": ["W:highest@11"],
             "designated": ["E:D3@4"], "lead_out_of_turn": ["E@3"], "correction": ["E:SJ>C4@3"], "hidden": ["N:H3"]}
    given_lines = facts_from_lines(lines)
    hands = Path(__file__).resolve().parent.parent / "hands"
    case = (hands / "duschek-too-late-b.toml").read_text().split("[facts]")[0] + """
[facts]
hidden_cards = { N = ["H3"] }

[[facts.correction]]
trick = 3
player = "E"
withdrawn = "SJ"
substituted = "C4"

[[facts.penalty_card]]
player = "E"
card = "SJ"
from_trick = 3

[[facts.lead_restriction]]
trick = 5
player = "W"
must_not_lead = "S"

[[facts.designated]]
trick = 4
player = "E"
card = "D3"

[[facts.play_restriction]]
trick = 11
player = "W"
play = "highest"

[[facts.lead_out_of_turn]]
trick = 3
player = "E"
"""
    [record] = parse_text(case, "case.toml")
    for spec in FACT_SPECS:
        if spec.forms:
            unlined = [replace(fact, line=None) for fact in record.facts.of_kind(spec.field)]
            assert unlined == list(given_lines.of_kind(spec.field)), spec.table


def test_a_line_that_fits_no_form_is_refused_naming_its_shape() -> None:
    with pytest.raises(ValueError, match=r"'E:SJ3' is not SEAT:CARD@TRICK, like E:SJ@3 \(penalty cards\)"):
        facts_from_lines({"penalty_card": ["E:SJ3"]})
    with pytest.raises(ValueError, match=r"'W:X@1' is not SEAT:\[!\]SUIT@TRICK, like W:H@1 or W:!S@5"):
        facts_from_lines({"lead_restriction": ["W:X@1"]})
    with pytest.raises(ValueError, match="claim_by must be one of declarer, defenders"):
        facts_from_lines({}, claim_by="dummy")


def test_the_desk_builds_its_fact_fields_from_the_table() -> None:
    """The desk's page names no kind of fact: its fields and their patterns come from /api/capabilities."""
    page = (Path(__file__).resolve().parent.parent / "revsim" / "web" / "static" / "desk.html").read_text()
    assert 'id="fact-fields"' in page
    assert not [spec.table for spec in FACT_SPECS if spec.forms and spec.examples[0][0] in page]
    offered = capabilities()["facts"]
    assert [entry["table"] for entry in offered] == [spec.table for spec in LINE_SPECS]
    lead = next(entry for entry in offered if entry["table"] == "lead_restriction")
    assert lead["numbers"] == ["trick"] and [form["keys"] for form in lead["forms"]] == [
        ["player", "must_lead", "trick"], ["player", "must_not_lead", "trick"]]
