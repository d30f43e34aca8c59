"""Law 64C2b on the project's boards: when both sides revoked, each side's score is judged in its own world
(without the opponents' revokes, its own standing), damage found or not, the advantage the opponents handed over
kept, a weighted score leaning against each side as an offender; with the helpers of Law 64C2b's tests."""

from __future__ import annotations

import pytest

from revsim.adjudicate import Settings, adjudicate
from revsim.equity.law64c import law64c2b_damaged, law64c2b_result_for_side
from revsim.equity.steps import SideJudged
from revsim.outputs.explain import step_texts
from revsim.outputs.sides import side_plays_lines
from revsim.outputs.text import ruling_to_text
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS, dd_ruling, hands_record


def _side(ruling, side: int):
    return next(step for step in ruling.steps_of(SideJudged) if step.side == side)


def test_64c2b_no_contestant_damaged_table_result_for_both() -> None:
    ruling = dd_ruling("law64c2b-damaged-side-only")
    assert ruling.law == "64C2b" and ruling.transfer == 0
    assert ruling.no_infraction.most_likely == 12
    # never compensated for its own revoke, and the advantage South's revoke handed East-West stays with them
    assert ruling.ns[0].tricks == ruling.ew[0].tricks == ruling.table_tricks == 10
    assert not _side(ruling, 0).damaged and not _side(ruling, 1).damaged
    steps = "\n".join(step_texts(ruling))
    assert "No contestant was damaged, so the table result stands (Law 64B7: no transfers)" in steps


def test_64c2b_own_later_revoke_stands_in_the_sides_world() -> None:
    ruling = dd_ruling("law64c2b-own-revoke-not-compensated")
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
    ruling = dd_ruling("law64c2b-advantage-handed-over")
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
    ruling = dd_ruling("law64c2b-damaged-side-only", both_sides="separately")
    assert ruling.ns[0].tricks == ruling.ew[0].tricks == ruling.table_tricks


def test_law64c2b_each_side_is_judged_against_its_own_judged_world_and_the_no_revoke_world() -> None:
    """Three judged worlds (hands/law64c2b-three-judged-worlds.toml): the world with no revoke ("none") is the
    result had no revoke occurred, for both sides; the world of the first revoke (t9, South's) is East-West's own
    world, East's later revoke standing, and decides whether they were damaged and caps what they get."""
    from revsim.equity.steps import SideJudged

    ruling = dd_ruling("law64c2b-three-judged-worlds")
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

    ruling = dd_ruling("law64c2b-damaged-side-only")
    sides = {step.side: step for step in ruling.steps_of(SideJudged)}
    east_west = sides[1]
    assert isinstance(east_west, SideJudged)
    assert [(r.trick, "NESW"[r.seat]) for r in east_west.world.standing] == [(11, "E")] and east_west.world.reached
    assert east_west.world.outcomes == ((10, 1.0),)
    assert ruling.chosen is not None and ruling.chosen.outcomes == ((12, 1.0),)   # had no revoke occurred


def test_law64c2b_the_no_revoke_judgement_is_noted_unused_when_one_side_revoked() -> None:
    from revsim.records.judgement import parse_judgement

    name, outcomes = parse_judgement("none=10:1")
    ruling = adjudicate(hands_record("law64c1-several-revokes"),
                        Settings(estimator="dd", world_outcomes=((name, outcomes),)))
    assert any("(none) were not used" in note for note in ruling.record.notes)


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
