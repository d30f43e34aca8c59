"""A contested claim entered at the desk on a phone (Law 70): the statement tapped step by step (the action, its
suits, cards and opponent), ruled as the command line rules the same case file, and kept over a reload with its
ruling; a step missing what it needs is refused with a message naming it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.desk_browser import CHROMIUM, HANDS, cli_ruling, fresh_desk, open_record, rule_and_wait, shot

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium)")

PHONE = {"width": 390, "height": 844}


@pytest.fixture()
def phone(browser: Any, desk_url: str) -> Iterator[Any]:
    """The desk on a phone-sized touch screen, with nothing kept from an earlier test."""
    context, page = fresh_desk(browser, desk_url, "desk.claim.actions.length > 0", viewport=PHONE, has_touch=True,
                               is_mobile=True)
    yield page
    context.close()


def _tap_step(page: Any, action: str, *taps: str) -> None:
    page.select_option("#claim-action", action)
    for target in taps:
        page.tap(target)
    page.tap("#add-claim-step")


def test_a_contested_claim_is_tapped_in_on_a_phone_ruled_and_kept_over_a_reload(phone: Any, tmp_path: Any) -> None:
    # The lecture's wrong claim with its statement taken out: the director taps it back in.
    open_record(phone, "kooijman-wrong-claim.toml")
    assert phone.locator("#claim-steps li").count() == 2           # the file's own steps, shown
    phone.tap("#claim-steps li >> nth=1 >> button")
    phone.tap("#claim-steps li >> nth=0 >> button")
    assert phone.locator("#claim-steps li").count() == 0
    phone.select_option("#claim-status", "contested")
    # "I ruff the spade (with the H9) and crossruff the minors"
    _tap_step(phone, "ruff", "#claim-suits button:has-text('\u2660')", "#claim-cards button[data-card='H9']")
    _tap_step(phone, "crossruff", "#claim-suits button:has-text('\u2666')", "#claim-suits button:has-text('\u2663')")
    assert phone.locator("#claim-steps li").all_text_contents() == [
        "ruff the \u2660 with the \u26659 Remove", "crossruff \u2666 and \u2663 Remove"]
    assert json.loads(phone.input_value("#claim-steps-data")) == [
        {"do": "ruff", "suit": "S", "card": "H9"}, {"do": "crossruff", "suits": ["D", "C"]}]
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    small = phone.evaluate("""() => [...document.querySelectorAll('#claim-entry button')]
        .filter((e) => e.offsetParent).map((e) => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height))
        .filter((size) => size < 43.5)""")
    assert small == []                                              # 44 px targets on a touch screen
    shot(phone, "20-claim-tapped")

    phone.select_option("#estimator", "dd")
    ruled = rule_and_wait(phone)
    expected = cli_ruling(HANDS / "kooijman-wrong-claim.toml")
    assert ruled["claim"]["status"] == "contested"
    assert ruled["claim"]["law70"]["ruled"] == expected["claim"]["law70"]["ruled"] == 9
    assert [step["do"] for step in ruled["claim"]["law70"]["steps"]] == ["ruff", "crossruff"]
    assert ruled["ruling"] == expected["ruling"]
    assert "Law 70" in phone.locator("#ruling").text_content()

    phone.reload()
    phone.wait_for_function("document.getElementById('message').textContent.includes('is back')")
    phone.wait_for_function("desk.claim.actions.length > 0")
    assert phone.input_value("#claim-status") == "contested"
    assert phone.locator("#claim-steps li").count() == 2
    assert "Law 70" in phone.locator("#ruling").text_content()      # the ruling came back with its case
    assert phone.locator("#stale-note").is_hidden()
    with phone.expect_download() as download:
        phone.click("#download-toml")
    saved = download.value.path().read_text()
    assert 'status = "contested"' in saved and '{ do = "crossruff", suits = ["D", "C"] }' in saved
    shot(phone, "21-claim-after-reload")


def test_a_step_missing_what_it_takes_is_refused_by_name(phone: Any) -> None:
    open_record(phone, "kooijman-wrong-claim.toml")
    before = phone.input_value("#claim-steps-data")
    _tap_step(phone, "finesse", "#claim-cards button[data-card='H9']")
    assert "\u201cfinesse\u201d needs the opponent it goes through" in phone.locator("#notice-play").text_content()
    _tap_step(phone, "crossruff", "#claim-suits button:has-text('\u2666')")
    assert "\u201ccrossruff\u201d needs two suits" in phone.locator("#notice-play").text_content()
    assert phone.input_value("#claim-steps-data") == before        # nothing half-made was added
    phone.select_option("#claim-by", "")
    assert phone.locator("#claim-statement-steps").is_hidden()     # no claim: no statement to enter


def test_law71_a_concession_is_entered_at_the_desk_and_ruled(phone: Any) -> None:
    """The lecture's wrong claim entered as a concession of a trick more (8 in all): every normal line takes 9, so
    Law 71 gives the trick back, as the command line rules the same case file."""
    open_record(phone, "kooijman-wrong-claim.toml")
    phone.select_option("#claim-status", "conceded")
    phone.fill("#claim-tricks", "8")
    phone.select_option("#estimator", "dd")
    ruled = rule_and_wait(phone)
    assert ruled["claim"]["status"] == "conceded" and ruled["table_tricks"] == 8
    assert ruled["ruling"]["law"] == "71" and [o["tricks"] for o in ruled["ruling"]["ns"]] == [9]
    assert ruled["title"] == "Ruling on a concession (Law 71)"
    assert "Law 71" in phone.locator("#ruling").text_content()
