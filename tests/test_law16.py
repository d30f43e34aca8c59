"""Law 16B: unauthorised information from partner, on the lectures' two questions about a revoke ("no diamonds,
partner?", "no spades, partner?": hands/kooijman-no-diamonds-partner.toml, hands/gignoux-no-spades-partner.toml),
the standards' functions, bad input, and a property of every judgement: the card chosen is found suggested over a
logical alternative only where the information made it the better by the margin, and the adjusted score rests on
the alternatives it was suggested over and on nothing else."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from revsim.adjudicate import Settings, adjudicate
from revsim.equity.steps import InformationJudged
from revsim.information.law16 import (
    LOGICAL_RATE,
    SUGGESTION_MARGIN,
    InformationStandard,
    judge_information,
    law16b1a_suggested_over,
    law16b1b_logical_alternatives,
)
from revsim.information.measure import Alternative
from revsim.outputs.dicts import ruling_to_dict
from revsim.outputs.text import ruling_to_text
from revsim.records.casefile import parse_case
from revsim.records.errors import RecordError
from revsim.records.information import Information, Shown
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS, random_position


def _record(name: str) -> Record:
    [record] = list(read_records(HANDS / f"{name}.toml"))
    assert isinstance(record, Record), str(record)
    return record


@pytest.mark.parametrize("estimator", ["dd", "sd"])
@pytest.mark.parametrize(("name", "tricks", "alternative"), [
    ("kooijman-no-diamonds-partner", 9, "S3"),   # ducking the SJ: 3NT makes
    ("gignoux-no-spades-partner", 11, "H5"),     # a heart return: 4S+1
])
def test_law16b_the_lectures_questions_about_a_revoke_are_adjusted(name: str, tricks: int, alternative: str,
                                                                   estimator: str) -> None:
    ruling = adjudicate(_record(name), Settings(estimator=estimator))
    assert ruling.law == "16B" and [o.tricks for o in ruling.ns] == [tricks]
    [step] = ruling.steps_of(InformationJudged)
    assert alternative in [str(card) for card in step.judgement.suggested_over] and step.adjusted
    text = ruling_to_text(ruling)
    assert "Law 16B1b" in text and "Law 16B1a" in text and "Law 16B3" in text
    data = [d for d in ruling_to_dict(ruling)["decisions"] if d["step"] == "information"][0]
    assert data["logical_rate"] == LOGICAL_RATE and data["suggestion_margin"] == SUGGESTION_MARGIN
    _the_worth_printed_is_the_worth_of_what_stands_beside_it(ruling, step)


def _the_worth_printed_is_the_worth_of_what_stands_beside_it(ruling, step: InformationJudged) -> None:  # type: ignore[no-untyped-def]
    """A worth is the worth of the results beside it: the likely results it is computed from are printed with it
    (the no-diamonds case: 79% of 3NT= ... beside +400 was the worth of 3NT= alone)."""
    from revsim.equity.assign import weighted_worth
    from revsim.outputs.weights import weighted_result
    from revsim.scoring.points import ns_score
    contract = ruling.record.contract
    side = 1 - step.judgement.information.player % 2
    valued = step.valued or step.outcomes
    worth = weighted_worth(lambda tricks: float(ns_score(contract, tricks, ruling.record.vulnerability)) * (1 - 2 * side),
                           valued)
    assert abs(worth - step.adjusted_worth) < 1e-6
    line = next(line for line in ruling_to_text(ruling).splitlines() if "Law 16B3" in line)
    assert f"{weighted_result(contract, valued)}, {'are' if len(valued) > 1 else 'is'} worth {worth:+.0f} points" in \
        line or (not step.valued and f"{weighted_result(contract, valued)}, worth {worth:+.0f} points" in line)


def test_law16b1b_logical_alternatives_are_those_the_class_chooses_often_enough() -> None:
    from revsim.cards import Card
    a, b, c = (Alternative(Card.parse(text), rate, 5.0, 5.0) for text, rate in (("SA", 0.6), ("S3", 0.3), ("S8", 0.1)))
    assert law16b1b_logical_alternatives((a, b, c)) == [a.card, b.card, c.card]
    assert law16b1b_logical_alternatives((a, b, c), rate=0.25) == [a.card, b.card]   # the old one-in-four rule


def test_law16b1a_suggested_over_only_where_the_information_favours_the_card_chosen_by_the_margin() -> None:
    from revsim.cards import Card
    chosen = Alternative(Card.parse("SA"), 0.2, 5.0, 5.0)
    duck = Alternative(Card.parse("S3"), 0.8, 5.5, 5.0)        # the information made it half a trick worse
    other = Alternative(Card.parse("S8"), 0.1, 5.0, 4.9)        # a tenth of a trick: within the margin
    assert law16b1a_suggested_over(chosen, [chosen, duck, other]) == [duck.card]


def test_law16b_the_information_cannot_name_a_card_the_record_does_not_have() -> None:
    text = (HANDS / "gignoux-no-spades-partner.toml").read_text().replace("trick = 5\n", "trick = 7\n")
    [record] = list(parse_case(text, "ui.toml"))
    assert isinstance(record, Record)
    with pytest.raises(RecordError, match="the record has no card of the player's to trick 7"):
        adjudicate(record, Settings(estimator="dd"))
    [bad] = list(parse_case(text.replace('shows = [{ seat = "S", suit = "S", at_least = 7 }]', "shows = []"), "ui.toml"))
    assert isinstance(bad, RecordError) and "information needs what it showed" in bad.describe()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), length=st.integers(3, 5), least=st.integers(1, 3))
def test_law16b_a_restricted_player_is_adjusted_only_to_alternatives_the_information_did_not_suggest(
        seed: int, length: int, least: int) -> None:
    position = random_position(seed, length)
    rng = random.Random(seed)
    declarer = rng.randrange(4)
    player = position.to_play
    seat = (player + 2) % 4                              # what partner's question shows of his own hand
    suit = rng.randrange(4)
    held = sum(1 for card in position.hand(seat) if card.suit == suit)
    information = Information(position.trick_number, player, (Shown(seat, suit=suit, at_least=min(held, least)),))
    replay = position.copy()
    replay.play(sorted(replay.legal_cards())[0])
    judgement = judge_information(replay, declarer, information, InformationStandard("expert"))
    rates = [alternative.rate for alternative in judgement.measured.alternatives]
    assert abs(sum(rates) - 1) < 1e-9
    chosen = judgement.alternative(judgement.chosen)
    for card in judgement.suggested_over:
        other = judgement.alternative(card)
        assert card in judgement.logical and card != judgement.chosen
        assert chosen.gain - other.gain >= judgement.margin
    for card in judgement.logical:
        if card not in judgement.suggested_over and card != judgement.chosen:
            assert chosen.gain - judgement.alternative(card).gain < judgement.margin
    assert judgement.infraction == bool(judgement.suggested_over)
    again = judge_information(replay, declarer, information, InformationStandard("expert"))
    assert again == judgement                            # no seed: the same position gives the same judgement


def test_law16b_the_information_is_kept_when_the_case_is_written_back() -> None:
    from dataclasses import replace

    from revsim.outputs.casetoml import case_to_toml, record_to_case

    record = _record("kooijman-no-diamonds-partner")
    [again] = list(parse_case(case_to_toml(record_to_case(record)), "again.toml"))
    assert isinstance(again, Record) and again.facts.information is not None and record.facts.information is not None
    assert again.facts.information == replace(record.facts.information, line=again.facts.information.line)


def test_law16b1b_the_logical_rate_is_a_setting_like_law70s() -> None:
    """Law 16B1b's standard is a setting with its default: at nine in ten, ducking the SJ (chosen 84% of the time)
    is no longer a logical alternative, and the table result stands under Law 16B."""
    assert Settings().value("logical_rate") == LOGICAL_RATE
    strict = adjudicate(_record("kooijman-no-diamonds-partner"), Settings(estimator="dd", extra={"logical_rate": 0.9}))
    [step] = strict.steps_of(InformationJudged)
    assert step.judgement.rate == 0.9 and not step.judgement.infraction
    assert strict.law == "16B" and [o.tricks for o in strict.ns] == [strict.table_tricks]
    assert ruling_to_dict(strict)["explanation"]


def test_law16b1a_the_suggestion_margin_is_a_setting_and_the_text_says_relative_to_which_alternative() -> None:
    """Law 16B1a's margin is a setting: the question made the SA 0.62 of a trick better relative to ducking; at a
    margin of a whole trick that is no suggestion, and the text gives the gain relative to the other alternative,
    under the margin, never a figure that reads as contradicting it."""
    assert Settings().value("suggestion_margin") == SUGGESTION_MARGIN
    wide = adjudicate(_record("kooijman-no-diamonds-partner"), Settings(estimator="dd",
                                                                         extra={"suggestion_margin": 1.0}))
    [step] = wide.steps_of(InformationJudged)
    assert step.judgement.margin == 1.0 and not step.judgement.infraction
    text = ruling_to_text(wide)
    assert "relative to the S3 or S8" in text.replace("♠", "S") and "under the 1 that shows a suggestion" in text
    with pytest.raises(ValueError, match="suggestion_margin must be above 0"):
        Settings(extra={"suggestion_margin": 0.0})


def test_law16b_and_law70_measure_with_one_choice_model() -> None:
    """Law 70's normal play and Law 16's logical alternatives ask the same model of the class's choices."""
    from revsim.claims.normal import NormalStandard
    from revsim.likely.choice import ChoiceModel

    assert NormalStandard("club").model == InformationStandard("club").model == ChoiceModel("club")
    settings = Settings(estimator="dd", estimator_options={"level": "club"})
    assert settings.claim_standard().model == settings.information_standard().model == ChoiceModel("club")
