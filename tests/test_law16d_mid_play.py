"""Law 16D for a card withdrawn mid-play at the table (62B1's revoke card, 62C2's changed card): what it shows is
unauthorised for the withdrawer's partner while it is on the table (50E2), and revsim measures his decisions as Law
16B does where the director entered no information (hands/law16d-withdrawn-card-suggests-a-discard.toml)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.adjudicate import Settings, adjudicate
from revsim.cards import partner
from revsim.equity.law16d import Withdrawn, law16d_decisions, law16d_withdrawn_cards
from revsim.outputs.dicts import ruling_to_dict
from revsim.outputs.text import ruling_to_text
from revsim.play.table import replay_record
from revsim.records.information import Information, Shown
from revsim.records.record import Record
from tests.conftest import hands_record


def _record(name: str) -> Record:
    return hands_record(name)


@pytest.mark.parametrize("estimator", ["dd", "sd"])
def test_law16d_a_card_withdrawn_mid_play_suggested_the_partners_discard(estimator: str) -> None:
    ruling = adjudicate(_record("law16d-withdrawn-card-suggests-a-discard"), Settings(estimator=estimator))
    assert ruling.law == "16D" and [o.tricks for o in ruling.ns] == [9] and ruling.table_tricks == 8
    text = ruling_to_text(ruling)
    assert "Law 16D: what West knew from partner's withdrawn card on the table before the card to trick 12" in text
    assert "could demonstrably have suggested it" in text
    [step] = [s for s in ruling_to_dict(ruling)["decisions"] if s["step"] == "information"]
    assert step["law"] == "16D" and step["trick"] == 12 and step["shows"] == [{"seat": "E", "cards": ["C8"]}]


def test_law16d_the_directors_own_information_is_used_instead() -> None:
    record = _record("law16d-withdrawn-card-suggests-a-discard")
    own = Information(11, 3, (Shown(1, (record.facts.corrections[0].withdrawn,)),), "remark: the director's")
    ruling = adjudicate(replace(record, facts=replace(record.facts, information=own)), Settings(estimator="dd"))
    assert ruling.law == "16B" and "before the card to trick 11" in ruling_to_text(ruling)


def test_law16d_the_withdrawn_cards_are_the_defenders_own_and_their_partners_changes() -> None:
    record = _record("law62c2-withdrawn-card-in-a-later-world")
    assert record.contract is not None
    found = law16d_withdrawn_cards(record.facts, record.contract.declarer)
    assert [(w.seat, str(w.card), w.clause) for w in found] == [(1, "CQ", "62B1"), (3, "CK", "62C2")]   # not South's


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["law16d-withdrawn-card-suggests-a-discard", "law62b1-penalty-card-in-a-later-world",
                        "law62c2-withdrawn-card-in-a-later-world", "law50b-second-penalty-card-declarer-designates"]),
       st.integers(0, 3), st.integers(9, 12))
def test_law16d_only_the_partners_own_choices_while_the_card_is_on_the_table_are_measured(
        name: str, seat: int, trick: int) -> None:
    record = _record(name)
    assert record.contract is not None
    replay = replay_record(record).replay
    held = sorted(replay.initial_hands[seat], key=str)
    withdrawn = Withdrawn(seat, held[trick % len(held)], trick, "62B1")
    played_at = next((p.trick for p in replay.plays if (p.seat, p.card) == (seat, withdrawn.card)), 14)
    for information in law16d_decisions(replay, withdrawn, record.facts, record.contract.declarer):
        play = next(p for p in replay.plays if (p.trick, p.seat) == (information.trick, information.player))
        assert information.player == partner(seat) and trick < information.trick <= played_at
        assert play.led_suit is not None and not play.failed_to_follow           # no lead (50D2), no revoke
        assert information.law == "16D" and information.shows == (Shown(seat, (withdrawn.card,)),)


@pytest.mark.parametrize("estimator", ["dd", "sd"])
def test_law16b_dummys_question_told_of_a_penalty_trick_and_suggested_the_safety_play(estimator: str) -> None:
    """The lectures' row 10: dummy's question after an established revoke tells declarer of a penalty trick to
    come; measured with the contract's goal, the CA (8 sure tricks) becomes the likelier to succeed than the CQ
    finesse, a logical alternative: suggested (16B1a), whatever the estimator."""
    ruling = adjudicate(_record("law16b-dummys-question-suggests-a-safety-play"), Settings(estimator=estimator))
    [step] = [s for s in ruling_to_dict(ruling)["decisions"] if s["step"] == "information"]
    assert step["chosen"] == "CA" and step["suggested_over"] == ["CQ"]
    text = ruling_to_text(ruling)
    assert "told of 1 penalty trick to come (Law 64A)" in text
    assert "the information made the ♣A he chose succeed on 100% of the deals he could imagine" in text
    if estimator == "dd":
        assert ruling.law == "64A" and [o.tricks for o in ruling.ns] == [9]   # no damage: 64C's world gives 9


def test_law16b_the_penalty_trick_alone_suggests_the_safety_play() -> None:
    """What the question showed of West's hand set aside, the penalty trick alone makes the CA the likelier to
    succeed; measured in tricks (the goal not counted) the same information could not show it."""
    record = _record("law16b-dummys-question-suggests-a-safety-play")
    assert record.facts.information is not None and record.contract is not None
    alone = replace(record.facts.information, shows=())
    ruling = adjudicate(replace(record, facts=replace(record.facts, information=alone)), Settings(estimator="dd"))
    [step] = [s for s in ruling_to_dict(ruling)["decisions"] if s["step"] == "information"]
    assert step["suggested_over"] == ["CQ"]
    from revsim.information.law16 import InformationStandard, judge_information
    from revsim.play.table import replay_record
    replay = replay_record(record).replay
    in_tricks = judge_information(replay, record.contract.declarer, alone, InformationStandard("expert"))  # no goal
    assert in_tricks.suggested_over == ()
