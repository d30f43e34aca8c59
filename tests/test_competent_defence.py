"""Law 12C1c's competent defence: a defender's slip in the play-outs (a card chosen without reading his partner that
gives a trick double dummy), the play-outs a director weighs, and what the standard does to the rulings."""

from __future__ import annotations

import html
import json
import random
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.adjudicate import adjudicate
from revsim.cards import Card, parse_pbn_deal
from revsim.cli import main
from revsim.equity.settings import Settings, settings_for_case
from revsim.likely.competent import law12c1c_competent_defence, slips_of
from revsim.likely.evidence import sd_evidence
from revsim.likely.levels import AGREEMENTS, load_level
from revsim.likely.playout import PlayOut
from revsim.likely.sd import Likely, likely_tricks
from revsim.likely.settle import blended_estimate, ordered_outcomes
from revsim.likely.solver import total_tricks
from revsim.likely.worlds import Estimate
from revsim.outputs.playouts import competent_defence_texts, set_aside
from revsim.play.replay import Replay
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS, random_position


def _line(tricks: int, slips: int) -> PlayOut:
    return PlayOut(tricks, None, (), slips)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 5), st.booleans(), st.booleans())
def test_law12c1c_a_slip_is_a_card_chosen_without_reading_partner_that_gives_a_trick_double_dummy(
        seed: int, length: int, reads: bool, restricted: bool) -> None:
    """Against the solver card by card: a slip gives a trick against the best card the player could choose (a
    restriction, such as a lead restriction, leaves him some of his legal cards); a player who read his partner
    never slips."""
    position = random_position(seed, length)
    rng = random.Random(seed)
    card = rng.choice(sorted(position.legal_cards()))
    allowed = sorted(position.legal_cards())
    if restricted:
        allowed = sorted({card, *rng.sample(allowed, rng.randint(0, len(allowed) - 1))})
    values = {choice: total_tricks(_after(position, choice), position.to_play)[0] for choice in allowed}
    gives_a_trick = values[card] < max(values.values())
    assert slips_of([position], [card], [not reads], [allowed]) == ([0] if gives_a_trick and not reads else [])


def _after(position: Replay, card: Card) -> Replay:
    line = position.copy()
    line.play(card)
    return line


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 13), st.integers(0, 3)), min_size=1, max_size=40))
def test_law12c1c_a_competent_defence_weighs_the_play_outs_without_a_slip(outcomes: list[tuple[int, int]]) -> None:
    lines = [_line(tricks, slips) for tricks, slips in outcomes]
    weighed = law12c1c_competent_defence(lines)
    clean = [line for line in lines if not line.defence_slips]
    assert weighed == (clean or lines)   # every play-out when each one slipped: nothing else to weigh
    assert {line.tricks for line in weighed} <= {line.tricks for line in lines}


def _ebl_trick_five() -> Replay:
    """The EBL 5C case without the second revoke: West on lead at trick 5, two spades to cash with his partner."""
    hands = parse_pbn_deal("N:32.A643.AKQ7.A42 AQJ65.987.5432.6 74.52.6.KJT98753 KT98.KQJT.JT98.Q")
    replay = Replay(hands, 3, 3)
    for card in "HK HA H7 H2 H3 H8 C3 HQ C5 CQ CA C6 H4 H9 H5 HJ".split():
        replay.play(Card.parse(card))
    return replay


def test_law12c1c_the_competent_standard_weighs_the_same_play_outs_and_keeps_real_play_beside_them() -> None:
    level = load_level("expert")
    position = _ebl_trick_five()
    real = likely_tricks(position, 2, {}, level, 7)
    competent = likely_tricks(position, 2, {}, level, 7, competent=True)
    assert competent.lines == real.lines            # the same play-outs: only what the estimate weighs differs
    assert any(line.defence_slips for line in real.lines)
    assert not real.as_estimated and competent.as_estimated == real.outcomes
    weighed = law12c1c_competent_defence(list(real.lines))
    assert competent.weighed == tuple(weighed) and all(line.tricks == 10 for line in weighed)
    blend = {agreement: level.blend_at(4, agreement) for agreement in AGREEMENTS}
    expected, _ = blended_estimate(dict(Counter(line.tricks for line in weighed)), dict(real.blind), level.playouts,
                                   blend)
    assert competent.outcomes == ordered_outcomes(expected)


def _case(name: str) -> Record:
    record = next(read_records(HANDS / name))
    assert isinstance(record, Record), str(record)
    return record


def test_law12c1c_a_result_only_a_defenders_slip_reaches_is_not_likely_in_the_ebl_case() -> None:
    """The EBL 5C case: half the play-outs have West continue hearts where his partner's hand shows the spades
    to cash. Under a competent defence the ruling is the experts' 5C-3; as estimated, the slips weigh in."""
    record = _case("kooijman-ebl-repeated.pbn")
    competent = adjudicate(record, Settings(noticed="end-of-play"))
    assert [(o.tricks, o.weight) for o in competent.ns] == [(8, 1.0)]
    estimate = competent.estimates["t4S"]
    evidence = estimate.evidence.to_json()
    assert evidence["defence"] == "competent" and evidence["play_outs_with_a_slip"] > 0
    real = adjudicate(record, Settings(noticed="end-of-play", defence="as-estimated"))
    assert len(real.ns) == 2 and "defence" not in real.estimates["t4S"].evidence.to_json()


def test_law12c1c_the_defence_standard_is_a_setting_of_the_command_line_and_is_checked() -> None:
    with pytest.raises(ValueError, match="defence must be one of competent, as-estimated"):
        Settings(defence="perfect")
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "kooijman-ebl-repeated.pbn"), "--json",
                                       "--defence", "as-estimated"])
    assert result.exit_code == 0, result.output
    [board] = json.loads(result.output)
    assert board["settings"]["defence"] == "as-estimated"
    assert len(board["ruling"]["ns"]) == 2


def test_law12c1c_the_committees_report_says_which_play_outs_a_competent_defence_set_aside(tmp_path: Path) -> None:
    out = tmp_path / "ebl.html"
    result = CliRunner().invoke(main, ["report", str(HANDS / "kooijman-ebl-repeated.pbn"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = html.unescape(out.read_text(encoding="utf-8"))
    body, appendix = page.split('<section class="appendix">', 1)
    assert "a defender who did not read his partner's hand chose a card" in body
    assert re.search(r"so the ruling weighs the other \d+: (all|\d+) took \d+ tricks", body)   # counts, not a percentage
    assert "Counting the slips" not in body and "with a slip set aside; counting them, " in appendix


def test_law12c1c_a_case_files_defence_setting_is_used_unless_the_caller_chose_one() -> None:
    assert settings_for_case(Settings(), {"defence": "as-estimated"}, ()).defence == "as-estimated"
    assert settings_for_case(Settings(defence="competent"), {"defence": "as-estimated"}, {"defence"}).defence == "competent"


def test_law12c1c_when_every_play_out_slipped_all_are_weighed_and_the_evidence_says_so() -> None:
    lines = tuple(_line(tricks, 1) for tricks in (9, 10, 10, 11))
    likely = Likely(((10, 1.0),), ((10, 0.5), (11, 0.25), (9, 0.25)), ((10, 1.0),), 10, 0.45, (), lines,
                    as_estimated=((10, 1.0),), weighed=tuple(law12c1c_competent_defence(list(lines))))
    evidence = likely.evidence()
    assert evidence.play_outs_with_a_slip == 4 and evidence.to_json()["play_outs_with_a_slip"] == 4
    assert likely.weighed == lines
    estimate = Estimate("sd", "policy", 3, 1, Card.parse("S2"), 3, (), (), ((10, 1.0),), (), 2, 1,
                        replace(evidence, play_out_count=4))
    assert set_aside(sd_evidence(estimate)) == 0
    [text] = competent_defence_texts(estimate)
    assert text.startswith("In every replay a defender who did not read his partner's hand")
