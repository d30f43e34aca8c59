"""Law 16B on a board with an established revoke: dummy asking a defender about his revoke once it is established
(61B2; hands/law16b-dummy-asks-after-an-established-revoke.toml). The revoke laws rule on the play as recorded and
on the play with the logical alternative, and the second is the score where it is better for the side without the
information; information at or before a revoke is left to the director, and says so."""

from __future__ import annotations

from dataclasses import replace

import pytest

from revsim.adjudicate import Settings, adjudicate
from revsim.equity.steps import Compared, InformationJudged
from revsim.outputs.dicts import ruling_to_dict
from revsim.outputs.text import ruling_to_text
from revsim.records.information import Information, Shown
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS

NAME = "law16b-dummy-asks-after-an-established-revoke"


def _record() -> Record:
    [record] = list(read_records(HANDS / f"{NAME}.toml"))
    assert isinstance(record, Record), str(record)
    return record


def _with_information(record: Record, information: Information) -> Record:
    return replace(record, facts=replace(record.facts, information=information))


@pytest.mark.parametrize("estimator", ["dd", "sd"])
def test_law16b_dummy_asks_after_an_established_revoke_the_play_is_adjusted(estimator: str) -> None:
    ruling = adjudicate(_record(), Settings(estimator=estimator))
    assert ruling.table_tricks == 12 and ruling.transfer == 1
    assert ruling.law == "16B" and [o.tricks for o in ruling.ns] == [12] and [o.tricks for o in ruling.ew] == [12]
    [step] = ruling.steps_of(InformationJudged)
    assert isinstance(step, InformationJudged) and step.beside_revokes and step.adjusted
    assert [str(card) for card in step.judgement.suggested_over] == ["CQ"] and str(step.judgement.played) == "CA"
    assert max(step.outcomes, key=lambda o: o[1])[0] == 12   # 11 after the finesse, 12 with the transfer
    assert step.table_worth == -510 and step.adjusted_worth > step.table_worth   # to East-West
    steps = list(ruling.steps)
    assert steps.index(step) < next(i for i, s in enumerate(steps) if isinstance(s, Compared))   # 16B, then 64C
    text = ruling_to_text(ruling)
    assert "South, playing dummy's card," in text and "on the record" in text and "1 club." in text
    data = [d for d in ruling_to_dict(ruling)["decisions"] if d["step"] == "information"][0]
    assert data["adjusted"] and data["suggested_over"] == ["CQ"]


def test_law16b_information_that_suggests_nothing_leaves_the_revoke_ruling() -> None:
    record = _with_information(_record(), Information(6, 0, (Shown(3, suit=0, at_least=1),), "a remark"))
    ruling = adjudicate(record, Settings(estimator="dd"))
    [step] = ruling.steps_of(InformationJudged)
    assert isinstance(step, InformationJudged) and not step.judgement.infraction and not step.adjusted
    assert ruling.law == "64A" and [o.tricks for o in ruling.ns] == [13]   # the table's 12 and the transfer


def test_law16b_information_at_or_before_the_revoke_is_left_to_the_director() -> None:
    record = _with_information(_record(), Information(1, 3, (Shown(1, suit=3, at_least=1),), "a remark"))
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert not ruling.steps_of(InformationJudged) and [o.tricks for o in ruling.ns] == [13]
    assert any("left to the director" in note for note in ruling.record.notes)


def test_law16b_a_card_the_player_could_not_play_in_turn_is_named_not_judged() -> None:
    from revsim.cards import Card
    from revsim.information.law16 import InformationStandard, decision_point, judge_at
    from revsim.play.table import replay_record

    record = _record()
    information = Information(6, 0, (Shown(1, suit=3, at_least=1),), "a remark")
    position, _ = decision_point(replay_record(record).replay, information)
    with pytest.raises(ValueError, match="not a card the player could play in turn to trick 6"):
        judge_at(position, Card.parse("SA"), 2, information, InformationStandard("expert"))   # South's, not North's


def test_law16b_the_reports_header_says_its_transfer_is_of_the_play_as_recorded() -> None:
    """The header's "Transfer (64A) 1" beside "Ruling 4S+2" read as a transfer not applied: it says which play it is
    of, where Law 16B moved the ruling to the play with the logical alternative."""
    import re

    from revsim.outputs.report import report_html
    [record] = list(read_records(HANDS / "law16b-dummy-asks-after-an-established-revoke.toml"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="dd"))
    [cell] = re.findall(r"<b>Transfer \(64A\)</b>(.*?)</div>", report_html(ruling))
    assert cell == "1 on the play as recorded, not the one ruled on (Law 16B)"
