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
from revsim.equity.law64c import law64c2b_damaged, law64c2b_result_for_side
from revsim.equity.steps import SideJudged
from revsim.laws.law64 import law64a_several_revokes
from revsim.outputs.casetoml import case_to_toml, record_to_case
from revsim.outputs.dicts import ruling_to_dict, settings_to_dict
from revsim.outputs.explain import explanation, step_texts
from revsim.outputs.report import report_html
from revsim.outputs.sides import side_plays_lines
from revsim.outputs.text import ruling_to_text
from revsim.records.casefile import parse_case
from revsim.records.errors import RecordError
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS

CASES = json.loads((HANDS / "law-cases.json").read_text(encoding="utf-8"))


def _record(name: str) -> Record:
    [record] = list(read_records(HANDS / f"{name}.toml"))
    assert isinstance(record, Record), str(record)
    return record


def _rule(name: str, **settings: str):
    return adjudicate(_record(name), Settings(**{"estimator": "dd", **settings}))


def _revokes(ruling) -> list[tuple[int, str, str, str, int]]:
    return [(r.trick, "NESW"[r.seat], str(r.card), r.law, r.transfer) for r in ruling.revokes]


@pytest.mark.parametrize("name", sorted(CASES))
def test_law_case_golden_ruling(name: str) -> None:
    case = CASES[name]
    ruling = _rule(name, **case["settings"])
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
    ruling = _rule("law64a-several-revokes")
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
    ruling = _rule("law64b2-different-restrictions")
    first = ruling.revokes[0]
    assert first.transfer == 1 and "a trick moves only once" in first.reason


# --- Law 64B2: the suit of the obligation -----------------------------------------------------------

def test_64b2_different_lead_restrictions_are_not_a_repeated_revoke() -> None:
    ruling = _rule("law64b2-different-restrictions")
    assert [r.obligation_suit for r in ruling.revokes] == [1, 2]   # hearts required, diamonds forbidden
    assert [r.law for r in ruling.revokes] == ["64A1", "64A1"] and ruling.transfer == 3


def test_64b2_the_same_lead_restriction_broken_twice_is_a_repeated_revoke() -> None:
    ruling = _rule("law64b2-same-restriction")
    assert [r.law for r in ruling.revokes] == ["64A1", "64B2"] and ruling.transfer == 2
    assert "Law 64C2a, West's revoke on trick 9" in "\n".join(step_texts(ruling))


# --- Law 64C with several revokes --------------------------------------------------------------------

def test_64c1_a_later_revoke_never_wipes_out_an_earlier_transfer() -> None:
    ruling = _rule("law64c1-several-revokes")
    assert ruling.law == "64A+64C1" and ruling.ns[0].tricks == 8
    estimate = ruling.no_infraction
    assert (estimate.trick, "NESW"[estimate.seat]) == (9, "N") and estimate.most_likely == 7
    steps = "\n".join(step_texts(ruling))
    assert "with 1 trick transferred for the earlier revokes in that play" in steps     # written once, there
    assert "declarer's side takes the results written above for that play" in explanation(ruling, True)
    assert "worked out in that play" in explanation(ruling)     # the desk's panel and the JSON: standing alone


def test_64c2a_another_revokes_transfer_is_worked_out_in_the_world() -> None:
    ruling = _rule("law64c2a-with-another-revoke")
    assert ruling.law == "64A+64C2a"
    assert ruling.no_infraction.most_likely == 11
    table_transfers = sum(r.transfer for r in ruling.revokes[:2])
    assert table_transfers == 2 and ruling.ns[0].tricks == 12   # one trick moves in that world, not two


# --- Law 62D beside other revokes ------------------------------------------------------------------

def test_62d_corrected_then_law_64_on_the_corrected_play() -> None:
    ruling = _rule("law62d-beside-another-revoke")
    assert ruling.law == "62D+64A" and ruling.corrected_tricks == 4 and ruling.ns[0].tricks == 3
    assert [r.law for r in ruling.revokes] == ["64B3", "64A2", "62D"] and ruling.transfer == 1
    assert any(step.startswith("Law 62D: with North's revoke on trick 12 corrected") and "on the corrected play" in step
               for step in step_texts(ruling))


def test_law64b1_a_62d_correction_that_takes_away_the_later_trick_leaves_no_transfer() -> None:
    ruling = _rule("law62d-corrected-play-leaves-no-transfer")
    assert ruling.law == "62D" and ruling.ns[0].tricks == 10 and ruling.transfer == 0
    assert [r.law for r in ruling.revokes] == ["64B1", "62D"]
    text = ruling_to_text(ruling)
    assert "worked out on the play corrected at trick 12: no trick transferred (Law 64B1)" in text
    assert "Transfer: 0" in text and "Transfer: 1" not in text
    assert [r["transfer"] for r in ruling_to_dict(ruling)["revokes"]] == [0, 0]


# --- Law 63A4 with Law 69A -----------------------------------------------------------------------

@pytest.mark.parametrize("noticed", ["end-of-play", "hands-returned"])
def test_63a4_agreeing_to_a_claim_does_not_establish_before_69a(noticed: str) -> None:
    ruling = _rule("law63a4-claim-agreed", noticed=noticed)
    [revoke] = ruling.revokes
    assert revoke.establishment is None and revoke.law == "62A" and ruling.law == "62A"
    assert "Laws 63A4, 69A" in revoke.reason and "major penalty card (Law 62B1)" in revoke.reason
    assert ruling.no_infraction.most_likely == 10 and ruling.ns[0].tricks == 9   # no more than claimed (Law 70)


@pytest.mark.parametrize(("noticed", "law"), [("after-round", "64B5"), ("after-next-call", "64B4")])
def test_63a4_agreement_established_once_the_side_called_or_the_round_ended(noticed: str, law: str) -> None:
    ruling = _rule("law63a4-claim-agreed", noticed=noticed)
    [revoke] = ruling.revokes
    assert revoke.establishment == "63A4" and revoke.law == law
    assert ruling.law == "64C1" and ruling.ns[0].tricks == 10


def test_63a3_claim_by_the_offending_side_establishes_at_once() -> None:
    record = _record("law63a4-claim-agreed")
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
    ruling = _rule("law64b3-penalty-card-only-card")
    [revoke] = ruling.revokes
    assert revoke.kind == "penalty card not played" and revoke.law == "64B3" and ruling.transfer == 0
    assert ruling.law == "64C1" and ruling.ns[0].tricks == 10
    without = _record("law64b3-penalty-card-only-card")
    without = replace(without, facts=replace(without.facts, penalty_cards=()))
    plain = adjudicate(without, Settings(estimator="dd"))
    assert plain.revokes[0].kind == "failure to follow suit" and plain.revokes[0].law == "64A1"
    assert plain.transfer == 2 and plain.ns[0].tricks == 11


# --- Law 64C2b: only a damaged contestant ---------------------------------------------------------

def _side(ruling, side: int):
    return next(step for step in ruling.steps_of(SideJudged) if step.side == side)


def test_64c2b_no_contestant_damaged_table_result_for_both() -> None:
    ruling = _rule("law64c2b-damaged-side-only")
    assert ruling.law == "64C2b" and ruling.transfer == 0
    assert ruling.no_infraction.most_likely == 12
    # never compensated for its own revoke, and the advantage South's revoke handed East-West stays with them
    assert ruling.ns[0].tricks == ruling.ew[0].tricks == ruling.table_tricks == 10
    assert not _side(ruling, 0).damaged and not _side(ruling, 1).damaged
    steps = "\n".join(step_texts(ruling))
    assert "No contestant was damaged, so the table result stands (Law 64B7: no transfers)" in steps


def test_64c2b_own_later_revoke_stands_in_the_sides_world() -> None:
    ruling = _rule("law64c2b-own-revoke-not-compensated")
    assert ruling.no_infraction.most_likely == 9 < ruling.table_tricks == 10
    east_west = _side(ruling, 1)
    # East-West's world: without South's revoke (trick 9), East's own revoke on trick 10 played as it was
    assert (east_west.world.harm.trick, [r.trick for r in east_west.world.standing]) == (9, [10])
    assert east_west.world.reached and "DA" in east_west.world.followed
    assert east_west.world.outcomes == ((10, 1.0),) and not east_west.damaged
    assert ruling.ns[0].tricks == ruling.ew[0].tricks == 10     # not the 9 of a world without any revoke
    assert "without North-South's revoke (South's on trick 9), East's on trick 10 standing as played" in "\n".join(
        side_plays_lines(ruling))


def test_64c2b_advantage_handed_over_by_the_opponents_is_kept() -> None:
    ruling = _rule("law64c2b-advantage-handed-over")
    assert ruling.no_infraction.most_likely == 10 and ruling.table_tricks == 9
    assert _side(ruling, 0).world.outcomes == ((9, 1.0),)     # East's revoke cost North-South nothing
    assert _side(ruling, 1).world.outcomes == ((10, 1.0),)    # South's cost them a trick: East-West not damaged
    assert ruling.ns[0].tricks == ruling.ew[0].tricks == 9


def test_64c2b_damaged_by_the_opponents_revoke() -> None:
    assert law64c2b_damaged(table=100, without_other=130)
    assert not law64c2b_damaged(table=100, without_other=100)


def test_64c2b_result_for_side() -> None:
    # values are what each result is worth to the side being judged
    def result(table: float, other: float, any_: float, own: float, method: str = "neither",
               anyone: bool = True) -> str:
        return law64c2b_result_for_side(table, other, any_, own, method, anyone)

    # no contestant damaged: the table result, whatever the worlds say
    assert result(100, 50, 200, 10, anyone=False) == "table"
    assert result(100, 50, 20, 10, "separately", anyone=False) == "table"
    # damaged: the no-revoke result, but never more than without the opponents' revoke
    assert result(50, 100, 80, 0) == "without-any"
    assert result(50, 100, 120, 0) == "without-other"
    assert result(50, 100, 80, 0, "separately") == "without-other"
    # not damaged, the other side was: the advantage through its own revoke goes ...
    assert result(100, 50, 20, 20) == "without-any"
    # ... but what the opponents' revoke handed it stays (the result without its own revoke)
    assert result(100, 50, 20, 60) == "without-own"
    # its advantage did not come through its own revoke, or it would gain: the table result
    assert result(100, 50, 20, 100) == "table"
    assert result(100, 50, 120, 60) == "table"
    assert result(100, 50, 20, 20, "separately") == "table"
    with pytest.raises(ValueError):
        law64c2b_result_for_side(0, 0, 0, 0, "both", True)


def test_64c2b_separately_a_side_not_damaged_keeps_the_table_result() -> None:
    ruling = _rule("law64c2b-damaged-side-only", both_sides="separately")
    assert ruling.ns[0].tricks == ruling.ew[0].tricks == ruling.table_tricks


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
    ruling = _rule("law62a-attention-at-the-revoke-trick")
    [revoke] = ruling.revokes
    assert revoke.establishment is None and revoke.law == "62A" and ruling.transfer == 0
    assert "attention was drawn during trick 3" in revoke.reason
    assert ruling.law == "62A" and ruling.ns[0].tricks == 10


def test_law62a_a_revoke_corrected_as_the_record_shows_heads_its_ruling_not_none() -> None:
    """A revoke the record shows corrected (the short-sighted RHO's spade, withdrawn for the club) is why the table
    result stands: the ruling is headed Law 62A, never ``Ruling (none)``, which a reader takes for nothing found; a
    board with no revoke at all stays ``none``."""
    ruling = _rule("law62c1-dummys-card-changed-after-a-short-sighted-revoke")
    [revoke] = ruling.revokes
    assert revoke.establishment is None and revoke.corrected_by == "62B1" and ruling.transfer == 0
    assert ruling.law == "62A" and "Ruling (Law 62A): 3NT= (9 tricks, NS +400)" in ruling_to_text(ruling)
    nothing = _rule("law45d-dummy-places-a-card-not-named")
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


def test_law64c2b_each_side_is_judged_against_its_own_judged_world_and_the_no_revoke_world() -> None:
    """Three judged worlds (hands/law64c2b-three-judged-worlds.toml): the world with no revoke ("none") is the
    result had no revoke occurred, for both sides; the world of the first revoke (t9, South's) is East-West's own
    world, East's later revoke standing, and decides whether they were damaged and caps what they get."""
    from revsim.equity.steps import SideJudged

    ruling = _rule("law64c2b-three-judged-worlds")
    sides = {step.side: step for step in ruling.steps_of(SideJudged)}
    assert isinstance(sides[1], SideJudged) and isinstance(sides[0], SideJudged)
    assert sides[1].world.outcomes == ((9, 1.0),) and sides[1].damaged and sides[1].result == "without-any"
    assert sides[0].world.outcomes == ((10, 1.0),) and not sides[0].damaged and sides[0].result == "table"
    assert [(o.tricks, o.weight) for o in ruling.ew] == [(11, 1.0)]
    assert [(o.tricks, o.weight) for o in ruling.ns] == [(10, 1.0)]
    assert not ruling.record.notes      # every judgement was used


def test_law64c2b_the_estimated_no_revoke_world_has_no_revoke_and_each_sides_world_keeps_its_own() -> None:
    """The same board estimated (double dummy): the world with no revoke is played from South's revoke with no
    revoke at all (12 tricks), while East-West's own world follows the record through East's revoke (10)."""
    from revsim.equity.steps import SideJudged

    ruling = _rule("law64c2b-damaged-side-only")
    sides = {step.side: step for step in ruling.steps_of(SideJudged)}
    east_west = sides[1]
    assert isinstance(east_west, SideJudged)
    assert [(r.trick, "NESW"[r.seat]) for r in east_west.world.standing] == [(11, "E")] and east_west.world.reached
    assert east_west.world.outcomes == ((10, 1.0),)
    assert ruling.chosen is not None and ruling.chosen.outcomes == ((12, 1.0),)   # had no revoke occurred


def test_law64c2b_the_no_revoke_judgement_is_noted_unused_when_one_side_revoked() -> None:
    from revsim.records.judgement import parse_judgement

    name, outcomes = parse_judgement("none=10:1")
    ruling = adjudicate(_record("law64c1-several-revokes"),
                        Settings(estimator="dd", world_outcomes=((name, outcomes),)))
    assert any("(none) were not used" in note for note in ruling.record.notes)


# --- Law 64C2b with Law 84D: an unbalanced weighted score ----------------------------------------------------

def test_64c2b_a_weighted_score_is_unbalanced_each_side_an_offender() -> None:
    """Duschek: "both sides are offending, so if you give a weighted score, it should be unbalanced". With the
    no-revoke world at 70% of 4 tricks and 30% of 5 and weights in steps of 50%, each side's form has the
    doubtful points against it: North-South (declaring) 4 tricks, East-West 50% of 5 and 50% of 4."""
    [record] = list(read_records(HANDS / "duschek-both-sides.pbn"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd", granularity=50, world_outcomes=(("none", ((4, 0.7), (5, 0.3))),)))
    assert ruling.law == "64C2b"
    assert [(o.tricks, o.weight) for o in ruling.ns] == [(4, 1.0)]
    assert sorted((o.tricks, o.weight) for o in ruling.ew) == [(4, 0.5), (5, 0.5)]
    assert "it leans against North-South" in ruling_to_text(ruling)


def test_law64c2b_a_weighting_already_on_the_grid_still_leans_against_each_side() -> None:
    """The director's 60/40 for the world with no revoke falls on the grid of 10%: each side, an offender, gives up
    one step of it (North-South declare: 50/50 for them, 70/30 for East-West), and the text says how each leans."""
    [record] = list(read_records(HANDS / "duschek-both-sides.pbn"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd", world_outcomes=(("none", ((5, 0.6), (4, 0.4))),)))
    assert ruling.law == "64C2b"
    assert sorted((o.tricks, o.weight) for o in ruling.ns) == [(4, 0.5), (5, 0.5)]
    assert sorted((o.tricks, o.weight) for o in ruling.ew) == [(4, 0.3), (5, 0.7)]
    text = ruling_to_text(ruling)
    assert "it leans against North-South" in text and "it leans against East-West" in text
    assert "60% of 1NTX-2, 40% of 1NTX-3" in text     # the director's own weighting, named beside each
    assert "neither is favoured" not in text


def test_64c2b_the_director_gives_each_side_its_own_weighted_score() -> None:
    [record] = list(read_records(HANDS / "duschek-both-sides.pbn"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd", world_outcomes=(("none", ((4, 0.7), (5, 0.3))),
                                                                       ("ns", ((4, 0.8), (5, 0.2))))))
    assert sorted((o.tricks, o.weight) for o in ruling.ns) == [(4, 0.8), (5, 0.2)]
    assert sorted((o.tricks, round(o.weight, 6)) for o in ruling.ew) == [(4, 0.6), (5, 0.4)]   # leans against EW
    assert "Law 12C1c for North-South: the director's own weights, as given" in ruling_to_text(ruling)
    one_side = next(item for item in read_records(HANDS / "duschek-too-late-a.pbn") if isinstance(item, Record))
    noted = adjudicate(one_side, Settings(estimator="dd", world_outcomes=(("ew", ((9, 1.0),)),)))
    assert any("the director's score for EW was not used" in note for note in noted.record.notes)


# --- Law 43B2b: dummy asked after forfeiting his rights ----------------------------------------------------------

def test_43b2b_dummys_question_after_forfeiting_corrects_and_rectifies_as_established() -> None:
    ruling = _rule("law43b2b-dummy-asked-after-forfeiting")
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

def test_61a_failing_to_comply_with_a_play_restriction_is_a_revoke_and_binds_the_world() -> None:
    ruling = _rule("law61a-play-restriction-after-a-premature-play")
    [revoke] = ruling.revokes
    assert revoke.kind == "play restriction broken" and [str(card) for card in revoke.allowed or ()] == ["DK"]
    assert ruling.law == "64C1" and [o.tricks for o in ruling.ns] == [9]
    assert "West was required to play his highest card of the suit led to trick 11 (Law 57A)" in ruling_to_text(ruling)
    [again] = list(parse_case(case_to_toml(record_to_case(_record("law61a-play-restriction-after-a-premature-play"))),
                              "again.toml"))
    assert isinstance(again, Record)
    assert [(r.trick, r.player, r.play, r.suit) for r in again.facts.play_restrictions] == [(11, 3, "highest", None)]


def test_law57a_forbid_a_suit_discarded_anyway_is_a_revoke_and_binds_the_world() -> None:
    """57A4: declarer forbids the offender's partner a suit other than the one led; void in the suit led, he plays it
    while he holds another card: a revoke (61A). The world without it obeys the restriction (his CK)."""
    ruling = _rule("law57a-a-forbidden-suit-discarded")
    [revoke] = ruling.revokes
    assert revoke.kind == "play restriction broken" and [str(card) for card in revoke.allowed or ()] == ["CK"]
    assert ruling.law == "64C1" and [o.tricks for o in ruling.ns] == [10]
    text = ruling_to_text(ruling)
    assert "West was forbidden to play a heart to trick 11 (Law 57A4)" in text
    assert "a heart, which declarer had forbidden after his partner's premature play (Law 57A4)" in text
    [again] = list(parse_case(case_to_toml(record_to_case(_record("law57a-a-forbidden-suit-discarded"))), "again.toml"))
    assert isinstance(again, Record)
    assert [(r.trick, r.player, r.forbid) for r in again.facts.play_restrictions] == [(11, 3, 1)]


def test_law57a_forbid_from_the_command_line_is_the_case_files_key(tmp_path) -> None:
    from click.testing import CliRunner

    from revsim.cli import main
    text = (HANDS / "law57a-a-forbidden-suit-discarded.toml").read_text()
    bare = tmp_path / "bare.toml"
    bare.write_text(text[:text.index("[[facts.play_restriction]]")])
    given = CliRunner().invoke(main, ["adjudicate", str(bare), "--estimator", "dd", "--json",
                                      "--play-restriction", "W:!H@11"])
    filed = CliRunner().invoke(main, ["adjudicate", str(HANDS / "law57a-a-forbidden-suit-discarded.toml"),
                                      "--estimator", "dd", "--json"])
    assert given.exit_code == filed.exit_code == 0
    assert json.loads(given.output)[0]["ruling"] == json.loads(filed.output)[0]["ruling"]
    assert json.loads(given.output)[0]["revokes"][0]["law"] == "64A2"


def test_law57a_forbid_binds_nothing_where_he_holds_only_that_suit_or_can_follow() -> None:
    from revsim.cards import Card
    from revsim.records.facts import PlayRestriction
    rule = PlayRestriction(11, 3, forbid=1)
    hearts = [Card.parse("H2"), Card.parse("H3")]
    assert rule.allowed(hearts, 2) == frozenset()                                   # 57B: he cannot comply
    assert rule.allowed([*hearts, Card.parse("D5")], 2) == frozenset()              # he follows suit: nothing binds
    assert rule.allowed([*hearts, Card.parse("CK")], 2) == frozenset({Card.parse("CK")})


def test_law57a_forbid_the_suit_led_or_two_options_is_refused() -> None:
    text = (HANDS / "law57a-a-forbidden-suit-discarded.toml").read_text()
    with pytest.raises(RecordError, match="forbids diamonds, the suit led to trick 11"):
        adjudicate(next(iter(parse_case(text.replace('forbid = "H"', 'forbid = "D"'), "led.toml"))),  # type: ignore[arg-type]
                   Settings(estimator="dd"))
    [refused] = list(parse_case(text.replace('forbid = "H"', 'forbid = "H"\nplay = "lowest"'), "two.toml"))
    assert isinstance(refused, RecordError) and "line 24" in str(refused) and "one of them" in str(refused)


@pytest.mark.parametrize("restriction", [
    'play = "lowest"',   # the D3 was his lowest diamond: he complied
    'suit = "H"',        # a card of another suit while he could follow: never required (57A4), nothing binds him
])
def test_61a_a_play_restriction_complied_with_or_not_binding_is_no_revoke(restriction: str) -> None:
    text = (HANDS / "law61a-play-restriction-after-a-premature-play.toml").read_text()
    [record] = list(parse_case(text.replace('play = "highest"', restriction), "restricted.toml"))
    assert isinstance(record, Record)
    assert adjudicate(record, Settings(estimator="dd")).revokes == ()


def test_61a_a_play_restriction_on_a_lead_is_an_error_naming_it() -> None:
    text = (HANDS / "law61a-play-restriction-after-a-premature-play.toml").read_text()
    [record] = list(parse_case(text.replace('player = "W"', 'player = "S"'), "restricted.toml"))
    assert isinstance(record, Record)
    with pytest.raises(RecordError, match="the play restriction is on South's card to trick 11, but he led it"):
        adjudicate(record, Settings(estimator="dd"))


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
    text = ruling_to_text(_rule("law45d-dummy-places-a-card-not-named"))
    assert "Ruling (the table result stands): 4S= (10 tricks, NS +420)" in text and "Ruling (none)" not in text
