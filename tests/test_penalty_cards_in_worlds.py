"""Major penalty cards bind in every world of the board (Law 50D): those a correction made, a defender's withdrawn
revoke card (62B1) and a card his partner withdrew after the non-offenders changed theirs (62C2), are obeyed in
the Law 64C world of a later revoke as at the table. The boards are hands/law62b1-*.toml and law62c2-*.toml
(their comments say why each is ruled so); their rulings are golden in hands/law-cases.json."""

from __future__ import annotations

from dataclasses import replace

import pytest

import revsim.likely.estimators as estimators
from revsim.adjudicate import Settings, adjudicate
from revsim.outputs.text import ruling_to_text
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS


def _record(name: str) -> Record:
    [record] = list(read_records(HANDS / f"{name}.toml"))
    assert isinstance(record, Record), str(record)
    return record


def _without_corrections_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worlds as if only the facts' own penalty cards bound (what the ruling would be without the rule)."""
    monkeypatch.setattr(estimators, "penalty_cards_of", lambda record: record.facts.penalty_cards)


@pytest.mark.parametrize("estimator", ["dd", "sd"])
def test_law62c2_a_partners_withdrawn_card_binds_in_a_later_revokes_world(estimator: str) -> None:
    ruling = adjudicate(_record("law62c2-withdrawn-card-in-a-later-world"), Settings(estimator=estimator))
    assert ruling.law == "64C1" and [o.tricks for o in ruling.ns] == [9]
    if estimator == "dd":
        assert "East's ♣Q and West's ♣K played as Law 50D requires" in ruling_to_text(ruling)


def test_law62c2_without_the_rule_the_table_result_would_stand(monkeypatch: pytest.MonkeyPatch) -> None:
    _without_corrections_cards(monkeypatch)
    ruling = adjudicate(_record("law62c2-withdrawn-card-in-a-later-world"), Settings(estimator="dd"))
    assert ruling.law.startswith("64B") and [o.tricks for o in ruling.ns] == [8]


@pytest.mark.parametrize("estimator", ["dd", "sd"])
def test_law62b1_a_corrected_revokes_penalty_card_binds_in_a_later_64b5_world(estimator: str) -> None:
    ruling = adjudicate(_record("law62b1-penalty-card-in-a-later-world"), Settings(estimator=estimator))
    assert [r.law for r in ruling.revokes] == ["62B1", "64B5"]
    assert ruling.law == "64C1" and [o.tricks for o in ruling.ns] == [8]


def test_law62b1_without_the_rule_the_table_result_would_stand(monkeypatch: pytest.MonkeyPatch) -> None:
    _without_corrections_cards(monkeypatch)
    ruling = adjudicate(_record("law62b1-penalty-card-in-a-later-world"), Settings(estimator="dd"))
    assert ruling.law.startswith("64B") and [o.tricks for o in ruling.ns] == [7]


def test_law62b1_a_correction_after_the_world_diverges_binds_nothing_in_it() -> None:
    """A penalty card binds from the trick after its correction: a world diverging before that trick never had
    it (the correction's own revoke is not even in that world)."""
    record = _record("law62b1-penalty-card-in-a-later-world")
    cards = estimators.penalty_cards_of(record)
    assert [(card.player, str(card.card), card.from_trick) for card in cards] == [(1, "CJ", 10)]
    later = replace(record, facts=replace(record.facts, corrections=()))
    assert estimators.penalty_cards_of(later) == ()


@pytest.mark.parametrize("estimator", ["dd", "sd"])
def test_law50b_a_second_penalty_card_makes_the_minor_one_major_and_declarer_designates(estimator: str) -> None:
    ruling = adjudicate(_record("law50b-second-penalty-card-declarer-designates"), Settings(estimator=estimator))
    assert ruling.law == "64C1" and [o.tricks for o in ruling.ns] == [7]


def test_law50b_a_minor_card_alone_binds_nothing_and_is_major_from_the_second() -> None:
    from revsim.cards import Card
    from revsim.laws.law50 import law50b_penalty_cards
    from revsim.records.facts import PenaltyCard

    minor = PenaltyCard(1, Card.parse("C7"), 9, "dropped", minor=True)
    major = PenaltyCard(1, Card.parse("CA"), 10, "withdrawn revoke card")
    partners = PenaltyCard(3, Card.parse("H2"), 9, "", minor=True)
    assert law50b_penalty_cards([minor]) == [] and law50b_penalty_cards([minor, partners]) == []
    promoted = law50b_penalty_cards([minor, major])
    assert [(str(card.card), card.from_trick, card.minor) for card in promoted] == [("C7", 10, False), ("CA", 10, False)]
    assert "Law 50B" in promoted[0].why


def test_law50d1_declarer_designates_among_several_penalty_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """With East free to play the first of his penalty cards (the CA, as before the rule), the CA wins the CQ
    and the table result would stand."""
    import revsim.likely.penalty as penalty

    designable = penalty.law50d1_designable
    monkeypatch.setattr(penalty, "law50d1_designable", lambda replay, cards: designable(replay, cards)[:1])
    ruling = adjudicate(_record("law50b-second-penalty-card-declarer-designates"), Settings(estimator="dd"))
    assert ruling.law.startswith("64B") and [o.tricks for o in ruling.ns] == [5]


def test_law50b_without_the_promotion_the_table_result_would_stand(monkeypatch: pytest.MonkeyPatch) -> None:
    import revsim.laws.penalty_cards as penalty_cards
    import revsim.likely.penalty as penalty

    def majors_only(cards: list) -> list:
        return [card for card in cards if not card.minor]

    monkeypatch.setattr(penalty_cards, "law50b_penalty_cards", majors_only)
    monkeypatch.setattr(penalty, "law50b_penalty_cards", majors_only)
    ruling = adjudicate(_record("law50b-second-penalty-card-declarer-designates"), Settings(estimator="dd"))
    assert ruling.law.startswith("64B") and [o.tricks for o in ruling.ns] == [5]
