"""The desk loses nothing and shows nothing stale, on a laptop, a tablet and a phone: every opened file is a case
of its own once one is ruled, each case keeps its last ruling over a reload, a saved session carries its settings
and its files' facts to ``revsim adjudicate``, an edit marks the ruling at once, a ruling can be cancelled, and a
saved session that cannot be read is set aside once."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from revsim.cli import main
from tests.desk_browser import CHROMIUM, SCREENS, desk_context, open_record, rule_and_wait, shot

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium)")

THREE = ("duschek-repeated-3nt.pbn", "kooijman-lead-restriction.toml", "duschek-both-sides.pbn")


def _fresh(page: Any) -> None:
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_function("desk.ready === true")


def test_three_files_ruled_in_turn_are_three_cases_kept_over_a_reload_and_saved(page: Any, tmp_path: Path) -> None:
    _fresh(page)
    rulings = []
    for number, name in enumerate(THREE, start=1):
        open_record(page, name)
        assert (f"shown as case {number}" if number == 1 else f"added as case {number}") in page.locator(
            "#notice-case").text_content()
        page.select_option("#estimator", "dd")
        if name == "duschek-both-sides.pbn":
            page.evaluate("document.getElementById('advanced').open = true")      # the settings are Advanced
            page.select_option("#both-sides", "separately")
        rulings.append(rule_and_wait(page))
    assert page.evaluate("desk.cases.length") == 3 and page.evaluate("desk.cases.every((c) => c.ruled)")
    assert rulings[2]["settings"]["both_sides"] == "separately"

    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/api/rule" in request.url else None)
    page.reload()
    page.wait_for_function("desk.ready === true")
    assert "3 case(s), 3 ruled" in page.locator("#notice-case").text_content()
    assert re.search(r"\d{4}-\d\d-\d\dT", page.locator("#notice-case").text_content()) is None  # local time, not ISO
    for index, ruled in enumerate(rulings):
        page.select_option("#case-list", str(index))
        assert page.locator("#ruling .law").text_content().startswith(ruled["ruling"]["headline"])
        assert "Ruled " in page.locator("#ruled-when").text_content() and "perfect play by all four hands" in \
            page.locator("#ruled-when").text_content() and "estimator dd" in page.locator("#ruled-settings").text_content()
        assert page.locator("#report h1").is_visible() and page.locator("#stale-note").is_hidden()
    assert asked == []                                    # nothing ruled again
    shot(page, "13-three-cases-after-reload")

    with page.expect_download() as download:
        page.click("#save-session")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    boards = tomllib.loads(saved.read_text())["board"]
    assert [board["settings"]["estimator"] for board in boards] == ["dd", "dd", "dd"]
    assert boards[2]["settings"]["both_sides"] == "separately"
    assert boards[1]["facts"]["lead_restriction"][0]["why"].startswith("East led the H9 out of turn")
    assert boards[1]["claim"]["after_trick"] == 4
    again = json.loads(CliRunner().invoke(main, ["adjudicate", str(saved), "--json"]).output)
    assert [board["ruling"] for board in again] == [ruled["ruling"] for ruled in rulings]


def test_a_ruling_that_no_longer_fits_the_facts_is_marked_at_once(page: Any) -> None:
    _fresh(page)
    open_record(page, "duschek-too-late-a.pbn")
    page.select_option("#estimator", "dd")
    assert rule_and_wait(page)["ruling"]["law"] == "64A"
    links = page.locator("#downloads a")
    assert page.locator("#stale-note").is_hidden() and all(links.nth(i).get_attribute("href") for i in range(3))
    page.select_option("#attention", label="before East led to trick 4")
    assert "The facts changed: rule again" in page.locator("#stale-note").text_content()
    assert "stale" in page.locator("#ruling-section").get_attribute("class")
    assert all(links.nth(i).get_attribute("href") is None for i in range(3)) and page.locator("#print").is_disabled()
    assert "changed since ruled" in page.locator("#case-list option").first.text_content()
    shot(page, "14-stale")
    page.select_option("#attention", label="at the end of the play, before the hands were returned (the usual case)")
    assert page.locator("#stale-note").is_hidden() and links.first.get_attribute("href")    # as ruled again
    page.select_option("#attention", label="before East led to trick 4")
    during = page.evaluate("""() => { rule();      // up to its first request: the old ruling is marked at once
        return [document.getElementById('stale-note').textContent, document.getElementById('rule').disabled]; }""")
    assert during == ["Ruling again: this is the ruling before the change.", True]
    page.wait_for_function("document.getElementById('working').textContent.startsWith('Ruled in')", timeout=120_000)
    assert page.locator("#ruling .law").text_content().startswith("Law 62A") and page.locator("#stale-note").is_hidden()


def test_a_ruling_in_progress_is_cancelled_and_the_wait_says_what_it_is(page: Any) -> None:
    _fresh(page)
    open_record(page, "duschek-repeated-3nt.pbn")
    page.select_option("#estimator", "sd")
    page.click("#rule")
    page.wait_for_function("document.getElementById('working').textContent.includes('worked cases of its kind')")
    waiting = page.locator("#working").text_content()   # the kind of case and the estimator measured, not the solver's
    assert "A revoke or a board without a claim takes up to" in waiting and "with simulated players" in waiting
    page.click("#cancel-rule")
    page.wait_for_function("document.getElementById('working').textContent.startsWith('Cancelled')")
    assert page.locator("#rule").is_enabled() and page.locator("#cancel-rule").is_hidden()
    assert page.evaluate("desk.cases[desk.current].ruled") is None and page.locator("#downloads").is_hidden()
    page.select_option("#estimator", "dd")
    rule_and_wait(page)
    page.click("#rule")
    assert "This case took" in page.locator("#working").text_content()   # its own time, not another board's
    page.wait_for_function("document.getElementById('working').textContent.startsWith('Ruled in')", timeout=120_000)
    open_record(page, "duschek-too-late-a.pbn")
    page.select_option("#estimator", "dd")
    page.click("#rule")
    assert "This case took" not in page.locator("#working").text_content()   # never ruled here: no time of its own
    page.wait_for_function("document.getElementById('working').textContent.startsWith('Ruled in')", timeout=120_000)


BAD_SESSIONS = [
    ("{not json", "it is not JSON"),
    ("null", "not a table of cases"),
    ("42", "not a table of cases"),
    ("[]", "not a table of cases"),
    ('{"cases": "x"}', "holds no case"),
    ('{"cases": []}', "holds no case"),
    ('{"cases": [null]}', "a case is not a table"),
    ('{"cases": [{"fields": null}]}', "a case has no fields"),
    ('{"cases": [{"fields": {"board": 5}}]}', "holds number, not text"),
    ('{"cases": [{"fields": {"board": "x"}, "play": "SA"}]}', "not a list of at most 52 cards"),
    ('{"cases": [{"fields": {"board": "x"}, "play": ["ZZ"]}]}', "not a list of at most 52 cards"),
    ('{"cases": [{"fields": {"board": "x"}, "ruled": {"board": 1}}]}', "lacks its time"),
    ('{"cases": [{"fields": {"board": "' + "x" * 250_000 + '"}}]}', "longer than"),
    ('{"cases": [{"fields": {"board": "ok"}}, {"fields": 3}], "current": 99}', "case 2: a case has no fields"),
    ('{"cases": [{"fields": {"board": "x"}, "ruled": {"fingerprint": "", "at": "2026-01-01T00:00:00Z", '
     '"board": {"status": "ok", "ruling": null}, "report": "<img src=x onerror=window.pwned=1><h1>r</h1>"}}]}',
     "could not be shown"),
    ('{"cases": [{"fields": {"board": "x"}, "ruled": {"fingerprint": "", "at": "2026-01-01T00:00:00Z", "board": '
     '{"status": "ok", "ruling": {"law": "none", "written": "", "ns": [], "ew": []}, "revokes": []}, '
     '"report": "<img src=x onerror=window.pwned=1><h1>r</h1>"}}]}', "is back"),
]


@pytest.mark.parametrize("screen", SCREENS, ids=lambda screen: f"{screen['width']}x{screen['height']}")
def test_a_saved_session_that_cannot_be_read_is_set_aside_once(browser: Any, desk_url: str, screen: dict[str, int]
                                                                ) -> None:
    context = desk_context(browser, viewport=screen, has_touch=screen["width"] < 1000, is_mobile=screen["width"] < 500)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(desk_url + "/")
        page.wait_for_function("desk.ready === true")
        for text, words in BAD_SESSIONS:
            page.evaluate("(text) => { localStorage.clear(); localStorage.setItem('revsim-desk-case', text); }", text)
            page.reload()
            page.wait_for_function("desk.ready === true")
            said = page.locator("#message").text_content()
            assert words in said, (text[:80], said)
            assert page.evaluate("window.pwned") is None
            kept = page.evaluate("localStorage.getItem('revsim-desk-case')")
            assert kept is None or isinstance(json.loads(kept)["cases"], list)
            assert page.evaluate("localStorage.getItem('revsim-desk-set-aside')") in (text, None)
            page.reload()                                          # reported once: the next reload is quiet
            page.wait_for_function("desk.ready === true")
            assert "could not" not in page.locator("#message").text_content(), text[:80]
            page.fill("#board", "after")                           # a later save works
            page.dispatch_event("#board", "input")
            assert json.loads(page.evaluate("localStorage.getItem('revsim-desk-case')"))["cases"][page.evaluate(
                "desk.current")]["fields"]["board"] == "after"
        assert errors == []
    finally:
        context.close()


def test_a_saved_case_keeps_the_estimators_level_and_seed(page: Any, tmp_path: Path) -> None:
    _fresh(page)
    open_record(page, "duschek-too-late-a.pbn")
    page.select_option("#estimator", "sd")
    page.click("#advanced summary")                                             # the seed is Advanced
    page.fill("#option-seed", "7")
    page.fill("#option-max_playouts", "64")
    bounds = page.evaluate("[document.getElementById('option-max_playouts').min, "
                           "document.getElementById('option-max_playouts').max]")
    assert bounds == ["16", "1024"]
    assert "Max play-outs" in page.locator("label[data-option='max_playouts']").text_content()
    page.select_option("#regime", "non-weighted")
    page.fill("#likely", "1/5")
    page.fill("#max-outcomes", "2")
    page.dispatch_event("#max-outcomes", "input")
    with page.expect_download() as download:
        page.click("#save-session")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    settings = tomllib.loads(saved.read_text())["board"][0]["settings"]
    assert settings["estimator_options"]["seed"] == 7 and settings["regime"] == "non-weighted"
    assert settings["estimator_options"]["max_playouts"] == 64
    assert (settings["likely"], settings["max_outcomes"]) == ("1/5", 2)
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_function("desk.ready === true")
    page.set_input_files("#session-file", str(saved))
    page.wait_for_function("document.getElementById('message').textContent.includes('1 case(s) added')")
    assert (page.input_value("#option-seed"), page.input_value("#regime"), page.input_value("#likely")) == (
        "7", "non-weighted", "1/5")
    assert page.input_value("#option-max_playouts") == "64"


def test_the_desks_print_is_the_reports_two_pages_and_the_appendix_when_asked(page: Any) -> None:
    _fresh(page)
    open_record(page, "duschek-repeated-3nt.pbn")
    page.select_option("#estimator", "dd")
    rule_and_wait(page)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(format="A4")))
    assert 1 <= pages <= 2
    page.emulate_media(media="print")
    try:
        assert page.locator("#report h1").is_visible() and not page.locator("#case").is_visible()
        assert not page.locator("#report .appendix").is_visible()
        page.evaluate("() => { const box = document.getElementById('print-method'); box.checked = true; "
                      "box.dispatchEvent(new Event('change', { bubbles: true })); }")
        assert page.locator("#report .appendix").is_visible()
    finally:
        page.emulate_media(media="screen")
