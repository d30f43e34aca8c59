"""Law cases on boards of our own (hands/law-*.toml, rulings in hands/law-cases.json, with the lectures' two Law 16B
boards): several revokes on one
board, claims, trick-12 corrections beside other revokes, penalty cards, 64C2b damage, Law 12C1e, and the
facts that must agree with the ruling. Each board's file says, in its comments, why the ruling is what it is."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from revsim.adjudicate import Settings, adjudicate
from revsim.equity.law12 import law12c1e_non_weighted
from revsim.laws.law64 import law64a_several_revokes
from revsim.outputs.dicts import ruling_to_dict, settings_to_dict
from revsim.outputs.explain import explanation, step_texts
from revsim.outputs.report import report_html
from revsim.outputs.text import ruling_to_text
from revsim.records.casefile import parse_case
from revsim.records.errors import RecordError
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS, dd_ruling, hands_record

CASES = json.loads((HANDS / "law-cases.json").read_text(encoding="utf-8"))


def _revokes(ruling) -> list[tuple[int, str, str, str, int]]:
    return [(r.trick, "NESW"[r.seat], str(r.card), r.law, r.transfer) for r in ruling.revokes]


@pytest.mark.parametrize("name", sorted(CASES))
def test_law_case_golden_ruling(name: str) -> None:
    case = CASES[name]
    ruling = dd_ruling(name, **case["settings"])
    expected = case["expected"]
    assert ruling.table_tricks == case["table_declarer_tricks"]
    assert ruling.law == expected["law"]
    assert [[o.tricks, o.weight] for o in ruling.ns] == expected["ns"]
    assert [[o.tricks, o.weight] for o in ruling.ew] == expected["ew"]
    assert [list(r) for r in _revokes(ruling)] == expected["revokes"]
    text = ruling_to_text(ruling)
    clause = case["clause"]
    assert f"Law {clause}" in text or f"Laws {clause}" in text, "the clause is explained in a sentence"


def test_law_cases_each_have_a_file_and_a_reason() -> None:
    assert len(CASES) >= 10
    for name, case in CASES.items():
        assert (HANDS / case["file"]).is_file(), name
        assert len(case["expected"]["why"]) > 60


# --- Law 64A: several revokes by one side ----------------------------------------------------------

def test_64a_several_revokes_each_rectified_on_its_own() -> None:
    ruling = dd_ruling("law64a-several-revokes")
    # East-West won 3 tricks from trick 8 on (8, 12, 13) and 2 from trick 10 on: 2 + 1 = 3 move, not 2
    assert _revokes(ruling) == [(8, "E", "S2", "64A1", 2), (10, "W", "D5", "64A2", 1)]
    assert ruling.transfer == 3 and ruling.ns[0].tricks == 13


def test_64a_several_revokes_worked_from_the_last_back() -> None:
    assert law64a_several_revokes([2, 1], [3, 2]) == [2, 1]      # enough tricks for both
    assert law64a_several_revokes([2, 2], [3, 2]) == [1, 2]      # the later takes its two, the earlier what is left
    assert law64a_several_revokes([2, 2], [2, 2]) == [0, 2]      # tricks before a revoke never move for it
    assert law64a_several_revokes([1, 1, 1], [1, 1, 1]) == [0, 0, 1]
    assert law64a_several_revokes([], []) == []


def test_64a_limited_transfer_says_why() -> None:
    ruling = dd_ruling("law64b2-different-restrictions")
    first = ruling.revokes[0]
    assert first.transfer == 1 and "a trick moves only once" in first.reason


# --- Law 64B2: the suit of the obligation -----------------------------------------------------------

def test_64b2_different_lead_restrictions_are_not_a_repeated_revoke() -> None:
    ruling = dd_ruling("law64b2-different-restrictions")
    assert [r.obligation_suit for r in ruling.revokes] == [1, 2]   # hearts required, diamonds forbidden
    assert [r.law for r in ruling.revokes] == ["64A1", "64A1"] and ruling.transfer == 3


def test_64b2_the_same_lead_restriction_broken_twice_is_a_repeated_revoke() -> None:
    ruling = dd_ruling("law64b2-same-restriction")
    assert [r.law for r in ruling.revokes] == ["64A1", "64B2"] and ruling.transfer == 2
    assert "Law 64C2a, West's revoke on trick 9" in "\n".join(step_texts(ruling))


# --- Law 64C with several revokes --------------------------------------------------------------------

def test_64c1_a_later_revoke_never_wipes_out_an_earlier_transfer() -> None:
    ruling = dd_ruling("law64c1-several-revokes")
    assert ruling.law == "64A+64C1" and ruling.ns[0].tricks == 8
    estimate = ruling.no_infraction
    assert (estimate.trick, "NESW"[estimate.seat]) == (9, "N") and estimate.most_likely == 7
    steps = "\n".join(step_texts(ruling))
    assert "with 1 trick transferred for the earlier revokes in that play" in steps     # written once, there
    assert "declarer's side takes the results written above for that play" in explanation(ruling, True)
    assert "worked out in that play" in explanation(ruling)     # the desk's panel and the JSON: standing alone


def test_64c2a_another_revokes_transfer_is_worked_out_in_the_world() -> None:
    ruling = dd_ruling("law64c2a-with-another-revoke")
    assert ruling.law == "64A+64C2a"
    assert ruling.no_infraction.most_likely == 11
    table_transfers = sum(r.transfer for r in ruling.revokes[:2])
    assert table_transfers == 2 and ruling.ns[0].tricks == 12   # one trick moves in that world, not two


# --- Law 62D beside other revokes ------------------------------------------------------------------

def test_62d_corrected_then_law_64_on_the_corrected_play() -> None:
    ruling = dd_ruling("law62d-beside-another-revoke")
    assert ruling.law == "62D+64A" and ruling.corrected_tricks == 4 and ruling.ns[0].tricks == 3
    assert [r.law for r in ruling.revokes] == ["64B3", "64A2", "62D"] and ruling.transfer == 1
    assert any(step.startswith("Law 62D: with North's revoke on trick 12 corrected") and "on the corrected play" in step
               for step in step_texts(ruling))


def test_law64b1_a_62d_correction_that_takes_away_the_later_trick_leaves_no_transfer() -> None:
    ruling = dd_ruling("law62d-corrected-play-leaves-no-transfer")
    assert ruling.law == "62D" and ruling.ns[0].tricks == 10 and ruling.transfer == 0
    assert [r.law for r in ruling.revokes] == ["64B1", "62D"]
    text = ruling_to_text(ruling)
    assert "worked out on the play corrected at trick 12: no trick transferred (Law 64B1)" in text
    assert "Transfer: 0" in text and "Transfer: 1" not in text
    assert [r["transfer"] for r in ruling_to_dict(ruling)["revokes"]] == [0, 0]


# --- Law 63A4 with Law 69A -----------------------------------------------------------------------

@pytest.mark.parametrize("noticed", ["end-of-play", "hands-returned"])
def test_63a4_agreeing_to_a_claim_does_not_establish_before_69a(noticed: str) -> None:
    ruling = dd_ruling("law63a4-claim-agreed", noticed=noticed)
    [revoke] = ruling.revokes
    assert revoke.establishment is None and revoke.law == "62A" and ruling.law == "62A"
    assert "Laws 63A4, 69A" in revoke.reason and "major penalty card (Law 62B1)" in revoke.reason
    assert ruling.no_infraction.most_likely == 10 and ruling.ns[0].tricks == 9   # no more than claimed (Law 70)


@pytest.mark.parametrize(("noticed", "law"), [("after-round", "64B5"), ("after-next-call", "64B4")])
def test_63a4_agreement_established_once_the_side_called_or_the_round_ended(noticed: str, law: str) -> None:
    ruling = dd_ruling("law63a4-claim-agreed", noticed=noticed)
    [revoke] = ruling.revokes
    assert revoke.establishment == "63A4" and revoke.law == law
    assert ruling.law == "64C1" and ruling.ns[0].tricks == 10


def test_63a3_claim_by_the_offending_side_establishes_at_once() -> None:
    record = hands_record("law63a4-claim-agreed")
    record = replace(record, facts=replace(record.facts, claim_by="defenders"))
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.revokes[0].establishment == "63A3" and ruling.revokes[0].law == "64A1"


def test_63a4_pbn_record_says_declarer_is_taken_to_have_claimed() -> None:
    text = (HANDS / "duschek-too-late-a.pbn").read_text(encoding="utf-8")
    # the same deal with the claim straight after East's revoke on trick 3
    lines = [line for line in text.splitlines() if not line.startswith(("D6", "S2"))]
    from revsim.records.pbn import parse_pbn_lines
    [record] = [item for item in parse_pbn_lines(lines, "claim.pbn") if isinstance(item, Record)]
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.revokes[0].law == "62A"
    assert "declarer's side is taken to have claimed" in ruling.revokes[0].reason
    established = adjudicate(record, Settings(estimator="dd", noticed="after-round"))
    assert established.revokes[0].establishment == "63A4"


# --- Law 64B3: the penalty card first ------------------------------------------------------------

def test_64b3_penalty_card_that_is_the_only_card_of_the_suit_led() -> None:
    ruling = dd_ruling("law64b3-penalty-card-only-card")
    [revoke] = ruling.revokes
    assert revoke.kind == "penalty card not played" and revoke.law == "64B3" and ruling.transfer == 0
    assert ruling.law == "64C1" and ruling.ns[0].tricks == 10
    without = hands_record("law64b3-penalty-card-only-card")
    without = replace(without, facts=replace(without.facts, penalty_cards=()))
    plain = adjudicate(without, Settings(estimator="dd"))
    assert plain.revokes[0].kind == "failure to follow suit" and plain.revokes[0].law == "64A1"
    assert plain.transfer == 2 and plain.ns[0].tricks == 11


# --- Law 64C2b: only a damaged contestant ---------------------------------------------------------


# --- Law 12C1e, cumulative ----------------------------------------------------------------------------

def test_12c1e_read_cumulatively() -> None:
    five = [(8, 0.2), (9, 0.2), (10, 0.2), (11, 0.2), (12, 0.2)]

    def for_declarer(tricks: int) -> float:
        return float(tricks)

    def for_defenders(tricks: int) -> float:
        return float(-tricks)

    # non-offending declarer: 12 alone is 20% (not likely); 12 or 11 together are 40%: 11
    assert law12c1e_non_weighted(five, for_declarer, offending=False) == 11
    # offending defenders: the result worst for them, 12, is 20% >= 1/6: at all probable
    assert law12c1e_non_weighted(five, for_defenders, offending=True) == 12
    assert law12c1e_non_weighted([(10, 0.9), (11, 0.1)], for_declarer, offending=False) == 10
    assert law12c1e_non_weighted([(10, 0.9), (11, 0.1)], for_defenders, offending=True) == 10
    assert law12c1e_non_weighted([(10, 0.5), (11, 0.2), (12, 0.15), (13, 0.15)], for_declarer, offending=False) == 11


# --- facts that must agree with the ruling -------------------------------------------------------------

def test_62a_attention_drawn_on_the_revoke_trick_is_not_established() -> None:
    ruling = dd_ruling("law62a-attention-at-the-revoke-trick")
    [revoke] = ruling.revokes
    assert revoke.establishment is None and revoke.law == "62A" and ruling.transfer == 0
    assert "attention was drawn during trick 3" in revoke.reason
    assert ruling.law == "62A" and ruling.ns[0].tricks == 10


def test_law62a_a_revoke_corrected_as_the_record_shows_heads_its_ruling_not_none() -> None:
    """A revoke the record shows corrected (the short-sighted RHO's spade, withdrawn for the club) is why the table
    result stands: the ruling is headed Law 62A, never ``Ruling (none)``, which a reader takes for nothing found; a
    board with no revoke at all stays ``none``."""
    ruling = dd_ruling("law62c1-dummys-card-changed-after-a-short-sighted-revoke")
    [revoke] = ruling.revokes
    assert revoke.establishment is None and revoke.corrected_by == "62B1" and ruling.transfer == 0
    assert ruling.law == "62A" and "Ruling (Law 62A): 3NT= (9 tricks, NS +400)" in ruling_to_text(ruling)
    nothing = dd_ruling("law45d-dummy-places-a-card-not-named")
    assert not nothing.revokes and nothing.law == "none"


def test_62a_attention_drawn_later_leaves_the_revoke_established() -> None:
    text = (HANDS / "law62a-attention-at-the-revoke-trick.toml").read_text(encoding="utf-8")
    [record] = list(parse_case(text.replace("noticed_at_trick = 3", "noticed_at_trick = 4"), "later.toml"))
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.revokes[0].establishment == "63A1" and ruling.revokes[0].law == "64A1"


def test_noticed_at_trick_before_any_revoke_is_an_error_naming_the_line() -> None:
    text = (HANDS / "law62a-attention-at-the-revoke-trick.toml").read_text(encoding="utf-8")
    [record] = list(parse_case(text.replace("noticed_at_trick = 3", "noticed_at_trick = 2"), "early.toml"))
    with pytest.raises(RecordError) as caught:
        adjudicate(record, Settings(estimator="dd"))
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("noticed_at_trick"))
    assert caught.value.line == line and caught.value.trick == 2
    assert "before any revoke" in str(caught.value) and "first revoke is on trick 3" in str(caught.value)


def test_noticed_on_the_command_line_overrides_the_case_file_everywhere() -> None:
    record = next(iter(read_records(HANDS / "duschek-too-late-b.toml")))
    assert isinstance(record, Record) and record.facts.noticed == "after-round"
    settings = Settings(estimator="dd", noticed="end-of-play")
    ruling = adjudicate(record, settings)
    assert ruling.law == "64A"
    assert "attention was first drawn at the end of the play, before the hands were returned" in ruling_to_text(ruling)
    assert "after-round" not in " ".join(ruling.record.facts.describe())
    assert "attention was first drawn at the end of the play, before the hands were returned" in ruling_to_dict(ruling)["facts"]
    assert settings_to_dict(settings, ruling.record)["noticed"] == "end-of-play"
    page = report_html(ruling)
    assert "end-of-play" in page and "after-round</" not in page


def test_62b_corrected_revoke_names_the_withdrawn_card_and_the_suit_led() -> None:
    text = (HANDS / "law62a-attention-at-the-revoke-trick.toml").read_text(encoding="utf-8")
    text = text.replace("[facts]\nnoticed_at_trick = 3\n", "").replace('"C4 S8 SJ C8"', '"C4 S8 CJ C8"')
    text = text.replace('"D3 D2 D6 DQ",\n  "S3 SA S7 S2",\n', "")
    text = text.replace("after_trick = 5", "after_trick = 3")
    text += '\n[[facts.correction]]\ntrick = 3\nplayer = "E"\nwithdrawn = "SJ"\nsubstituted = "CJ"\n'
    [record] = list(parse_case(text, "corrected.toml"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd"))
    [revoke] = ruling.revokes
    assert revoke.law == "62B1" and str(revoke.card) == "SJ" and revoke.suit_led == 3
    assert revoke.describe() == ("East played the SJ to trick 3 while holding a club, the suit led, "
                                 "withdrew it and played the CJ")
    page = report_html(ruling)
    assert 'class="revoke withdrawn"' in page
    marked = page.split('class="revoke withdrawn"', 1)[1].split("</td>", 1)[0]
    assert marked.index("\u2660J") < marked.index("\u2663J")   # the withdrawn SJ, then the CJ that replaced it


# --- Law 64C2b with Law 84D: an unbalanced weighted score ----------------------------------------------------


# --- Law 43B2b: dummy asked after forfeiting his rights ----------------------------------------------------------

def test_43b2b_dummys_question_after_forfeiting_corrects_and_rectifies_as_established() -> None:
    ruling = dd_ruling("law43b2b-dummy-asked-after-forfeiting")
    assert [(r.establishment, r.law, r.transfer, str(r.substituted)) for r in ruling.revokes] == [("43B2b", "64A1", 2, "HA")]
    assert [o.tricks for o in ruling.ns] == [7]
    assert "rectified as if established (Law 43B2b)" in ruling_to_text(ruling)
    text = (HANDS / "law43b2b-dummy-asked-after-forfeiting.toml").read_text()
    [plain] = list(parse_case(text.replace("dummy_asked = true\n", ""), "plain.toml"))   # without dummy's question
    assert isinstance(plain, Record)
    assert [(r.law, r.transfer) for r in adjudicate(plain, Settings(estimator="dd")).revokes] == [("62B2", 0)]
    [defender] = list(parse_case(text.replace('player = "S"', 'player = "E"').replace('withdrawn = "D2"', 'withdrawn = "DJ"')
                                 .replace('substituted = "HA"', 'substituted = "H3"'), "east.toml"))
    assert isinstance(defender, Record)
    with pytest.raises(RecordError, match="dummy_asked \\(Law 43B2b\\) is for declarer's revoke, not East's"):
        adjudicate(defender, Settings(estimator="dd"))


# --- Law 61A with 57A: play restrictions ---------------------------------------------------------------------


def test_law12c1c_a_weighted_score_without_a_field_is_given_in_imps_against_the_table_and_says_why_no_matchpoints(
        ) -> None:
    """Without a field, a committee still reads what a weighted score is worth at teams: each result IMPed against
    the table result, then weighted (Law 12C1c); matchpoints need the other tables' scores, and it says so."""
    from click.testing import CliRunner

    from revsim.cli import main
    from revsim.scoring.field import imps, imps_against_the_table
    assert imps_against_the_table([(490, 0.7), (460, 0.3)], -50, True) == round(0.7 * imps(540) + 0.3 * imps(510), 2)
    assert imps_against_the_table([(490, 0.7), (460, 0.3)], -50, False) == -imps_against_the_table(
        [(490, 0.7), (460, 0.3)], -50, True)
    out = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-repeated-3nt.pbn"), "--estimator", "dd",
                                    "--json"])
    [board] = json.loads(out.output)
    assert board["without_field"]["imps_vs_table_ns"] == 11.0 and board["without_field"]["imps_vs_table_ew"] == -11.0
    text = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-repeated-3nt.pbn"), "--estimator", "dd"]).output
    assert ("Without a field: +11.00 IMPs to North-South, -11.00 to East-West against the table result (NS -50), each "
            "result IMPed against it, then weighted; matchpoints need the other tables' North-South scores.") in text
    report = report_html(adjudicate(next(iter(read_records(HANDS / "duschek-repeated-3nt.pbn"))),  # type: ignore[arg-type]
                                    Settings(estimator="dd")))
    assert "Without a field: +11.00 IMPs to North-South, -11.00 to East-West against the table result (NS -50)" in report


def test_law64c2a_the_world_the_ruling_does_not_use_is_named_as_such_and_the_one_it_uses_says_why() -> None:
    """The 3NT repeated revoke: the world without the trick-3 revoke is estimated too, but the ruling rests on the
    trick-4 revoke's (64C2a); the law path says so beside the unused world, never beside the used one."""
    [record] = list(read_records(HANDS / "duschek-repeated-3nt.pbn"))
    assert isinstance(record, Record)
    steps = step_texts(adjudicate(record, Settings(estimator="dd")))
    unused = next(step for step in steps if step.startswith("Law 64C1, East's revoke on trick 3"))
    used = next(step for step in steps if step.startswith("Law 64C2a, East's revoke on trick 4"))
    assert "Not the play the ruling rests on: the play without East's revoke on trick 4 rules (Law 64C2a)." in unused
    assert "Not the play" not in used


def test_a_board_with_no_revoke_is_headed_the_table_result_stands_never_none() -> None:
    """The text's heading, like the report's and the desk's: a board with nothing to rectify reads "the table
    result stands", not "Ruling (none)", which a reader takes for nothing found."""
    text = ruling_to_text(dd_ruling("law45d-dummy-places-a-card-not-named"))
    assert "Ruling (the table result stands): 4S= (10 tricks, NS +420)" in text and "Ruling (none)" not in text
