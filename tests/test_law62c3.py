"""Law 62C3 and 64B8 from the play as recorded: both sides revoked on one trick, and attention was drawn when only
one side had played to the next, so both revokes are corrected (the established one too), nothing is transferred,
and a defender's withdrawn card is a major penalty card in the corrected play. The boards are hands/law62c3-*.toml
(their comments say why each is ruled so); their rulings are golden in hands/law-cases.json."""

from __future__ import annotations

from dataclasses import replace

import pytest

from revsim.adjudicate import Settings, adjudicate
from revsim.laws.law62 import law62c3_both_sides_corrected
from revsim.outputs.dicts import ruling_to_dict
from revsim.outputs.text import ruling_to_text
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS


def _record(name: str) -> Record:
    [record] = list(read_records(HANDS / f"{name}.toml"))
    assert isinstance(record, Record), str(record)
    return record


def test_law62c3_both_sides_revoked_and_one_side_has_played_to_the_next_trick() -> None:
    assert law62c3_both_sides_corrected([0, 1], [0])
    assert law62c3_both_sides_corrected([1, 0], [1])
    assert not law62c3_both_sides_corrected([0, 1], [0, 1])      # both sides have played: both established
    assert not law62c3_both_sides_corrected([0, 1], [])          # nobody has played: both simply not established
    assert not law62c3_both_sides_corrected([1, 1], [0])         # one side revoked twice: not 62C3


@pytest.mark.parametrize("estimator", ["dd", "sd"])
def test_law62c3_the_established_revoke_first_in_the_trick_is_corrected_too(estimator: str) -> None:
    ruling = adjudicate(_record("law62c3-declarer-revoke-first"), Settings(estimator=estimator))
    assert [(r.seat, r.law, r.transfer, r.established) for r in ruling.revokes] == [(0, "62C3", 0, False),
                                                                                  (1, "62C3", 0, False)]
    assert ruling.law == "62C3" and ruling.transfer == 0 and [o.tricks for o in ruling.ns] == [10]
    text = ruling_to_text(ruling)
    assert "Law 62C3" in text and "Law 64B8" in text and "East's ♥8 becomes a major penalty card" in text


def test_law64b8_no_transfer_is_reported_for_a_revoke_corrected_under_62c3() -> None:
    ruling = adjudicate(_record("law62c3-belgium-at-trick-12"), Settings(estimator="dd"))
    data = ruling_to_dict(ruling)
    assert data["transfer"] == 0 and all(revoke["transfer"] == 0 for revoke in data["revokes"])
    text = ruling_to_text(ruling)
    assert "Transfer: 0 tricks" in text
    assert "East's ♠9 played as Law 50D requires" in text   # a penalty card in the corrected play


def test_law62c3_after_both_sides_played_to_the_next_trick_both_revokes_stand() -> None:
    """One card later (South led, West followed) both sides have played to trick 12: both revokes are
    established, no 62C3, and Law 64B7 (both sides revoked) applies instead."""
    record = _record("law62c3-belgium-at-trick-12")
    later = replace(record, facts=replace(record.facts, noticed_cards=2))
    ruling = adjudicate(later, Settings(estimator="dd"))
    assert [r.law for r in ruling.revokes] == ["64B7", "64B7"] and ruling.transfer == 0
    assert all(r.established for r in ruling.revokes)
