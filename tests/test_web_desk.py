"""The director's desk in real headless Chromium: load a record, re-enter its play by clicking on a blank case,
rule, read the same ruling as the command line, and download a case file that ``adjudicate`` reads back to
the same ruling. Screenshots of each step go to $REVSIM_SCREENSHOTS when it is set."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from revsim.cli import main
from revsim.outputs.casetoml import record_to_case
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS
from tests.desk_browser import CHROMIUM, cli_ruling, desk_context, open_record, rule_and_wait, shot

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium)")


def test_a_director_enters_the_play_by_clicking_and_gets_the_command_lines_ruling(page: Any, tmp_path: Path) -> None:
    path = HANDS / "duschek-too-late-a.pbn"
    record = next(read_records(path))
    assert isinstance(record, Record)
    tricks = record_to_case(record)["play"]

    page.set_input_files("#file", str(path))
    page.wait_for_function("document.getElementById('message').textContent.includes('1 board')")
    assert page.locator("#tricks li").count() == len(tricks)
    shot(page, "1-loaded")

    page.click("#same-deal")
    assert page.locator("#tricks li").count() == 0
    assert "trick 1, West to play" in page.locator("#turn").text_content()
    for number, trick in enumerate(tricks, start=1):
        for card in trick.split():
            page.click(f'button.card[data-card="{card}"]')
            if number == 3 and card == "SJ":
                assert "a revoke (Law 61A)" in page.locator("#message").text_content()
    revokes = page.locator("#tricks .revoke")
    assert revokes.count() == 1 and "SJ" not in revokes.first.text_content()  # shown as the suit symbol
    assert "E:\u2660J" in revokes.first.text_content()
    shot(page, "2-play-entered")

    page.click('button.card[data-card="HA"]')  # not South's turn: refused with a message
    assert "turn to play" in page.locator("#message").text_content()
    page.select_option("#claim-by", "declarer")
    page.fill("#claim-tricks", "9")
    page.click("#rule")
    page.wait_for_selector("#downloads:not([hidden])", timeout=120_000)
    shot(page, "3-ruled")

    served = json.loads(page.evaluate("() => desk.texts.json"))[0]
    expected = cli_ruling(path)
    for key in ("contract", "table_tricks", "revokes", "transfer", "ruling", "no_infraction"):
        assert served[key] == expected[key], key
    law_line = page.locator("#ruling .law").text_content()
    assert f"Law {expected['ruling']['law']}" in law_line and expected["ruling"]["ns"][0]["result"] in law_line
    assert page.locator("#report h1").text_content() == "Revoke ruling: board duschek-too-late-a"  # in the page, no frame
    shown = page.locator("#ruled-when").text_content()      # sd by default, said in a director's words
    assert "as expert players at the table would play it" in shown and "[object" not in shown
    for word in ("estimator", "seed", "granularity", "play-out"):
        assert word not in shown.lower() and word not in page.locator("#ruling").inner_text().lower(), word
    assert page.locator("#ruled-settings").is_hidden()                           # folded away: Advanced
    assert "estimator sd" in page.locator("#ruled-settings").text_content()
    assert page.locator("#option-seed").is_hidden() and page.locator("#option-max_playouts").is_hidden()

    with page.expect_download() as download:
        page.click("#download-toml")
    case_file = tmp_path / download.value.suggested_filename
    download.value.save_as(case_file)
    assert case_file.name == "duschek-too-late-a.toml"
    from_case = cli_ruling(case_file)
    for key in ("table_tricks", "revokes", "transfer", "ruling", "no_infraction"):
        assert from_case[key] == expected[key], key


def test_the_desk_refuses_a_bad_deal_with_a_message(page: Any) -> None:
    page.click("#blank")
    page.fill("#deal", "N:AKQ.JT9")
    page.dispatch_event("#deal", "change")
    assert "Deal: the deal needs four hands" in page.locator("#message").text_content()
    page.click("#rule")
    assert "Cannot rule: enter the deal first" in page.locator("#message").text_content()


def test_the_desk_takes_attention_at_a_card_and_the_directors_worlds(page: Any, tmp_path: Path) -> None:
    open_record(page, "duschek-too-late-a.pbn")
    page.select_option("#estimator", "dd")
    page.select_option("#attention", label="before East led to trick 4")    # corrected in time
    assert rule_and_wait(page)["ruling"]["law"] == "62A"
    page.select_option("#attention", label="after East led to trick 4, before South played")   # established
    board = rule_and_wait(page)
    assert (board["ruling"]["law"], board["transfer"]) == ("64A", 2)
    assert 'noticed_at = "4.1"' in page.evaluate("() => desk.texts.toml")

    open_record(page, "duschek-repeated-3nt.pbn")
    page.fill("#outcomes", "t4 = 11:70, 10:30")
    board = rule_and_wait(page)
    assert board["ruling"]["law"] == "64A+64C2a" and board["ruling"]["written"] == "70% of 3NT+3, 30% of 3NT+2"
    shot(page, "4-directors-world")
    case_file = tmp_path / "judged.toml"
    case_file.write_text(page.evaluate("() => desk.texts.toml"), encoding="utf-8")
    assert "[[facts.judgement]]" in case_file.read_text()
    result = CliRunner().invoke(main, ["adjudicate", str(case_file), "--estimator", "dd", "--json"])
    assert json.loads(result.output)[0]["ruling"]["written"] == board["ruling"]["written"]


def test_the_desk_keeps_the_case_details_in_the_case_file_and_the_ruling(page: Any, tmp_path: Path) -> None:
    open_record(page, "duschek-too-late-b.toml")
    page.select_option("#estimator", "dd")
    page.click("#case-details summary")
    page.fill("#event", "Spring Pairs")
    page.fill("#table", "7")
    page.fill("#director", "A. Ruler")
    page.fill("#scoring", "MP")
    page.fill("#player-E", "Bob")
    page.fill("#statements", "East: I thought I had no club\nSouth: I called at once")
    page.fill("#findings", "East held the CJ")
    shot(page, "5-case-details")
    board = rule_and_wait(page)
    assert (board["event"], board["table"], board["director"], board["players"]["E"]) == (
        "Spring Pairs", "7", "A. Ruler", "Bob")
    assert board["statements"] == ["East: I thought I had no club", "South: I called at once"]
    toml = page.evaluate("() => desk.texts.toml")
    assert 'director = "A. Ruler"' in toml and 'findings = ["East held the CJ"]' in toml and 'scoring = "MP"' in toml
    assert board["scoring"] == "MP" and board["without_field"]["form"] == "matchpoints"
    assert "What the players said" in page.evaluate("() => desk.texts.html")
    assert "the event is scored by matchpoints, which cannot be given" in page.locator("#ruling").inner_text()
    case_file = tmp_path / "details.toml"
    case_file.write_text(toml, encoding="utf-8")
    result = CliRunner().invoke(main, ["adjudicate", str(case_file), "--estimator", "dd", "--json"])
    assert json.loads(result.output)[0]["findings"] == ["East held the CJ"]


def test_the_desk_names_each_problem_asks_before_clearing_and_shows_its_work(page: Any) -> None:
    assert page.locator("meta[name=viewport]").count() == 1
    page.click("#blank")
    deal = "N:AQQ2.K752.AQ94.Q7 J.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT94"
    page.fill("#deal", deal)
    page.dispatch_event("#deal", "change")
    assert "the ♠Q is given twice" in page.locator("#message").text_content()
    page.fill("#deal", "N:853.K752.AQ94.Q7 AJ.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT9")
    page.dispatch_event("#deal", "change")
    assert "as many cards each: N 13, E 13, S 13, W 12" in page.locator("#message").text_content()
    page.fill("#deal", "N:853.K752.AQ94.Q7 AJ.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT94")
    page.dispatch_event("#deal", "change")
    page.fill("#contract", "4Z")
    page.dispatch_event("#contract", "change")
    assert '"4Z" is not a contract' in page.locator("#message").text_content()
    page.fill("#contract", "4S")
    page.evaluate("() => document.activeElement.blur()")    # the contract's change redraws the hands
    page.click(".hand[data-seat='W'] .card >> nth=0")   # West leads a card
    assert page.evaluate("() => desk.play.length") == 1, page.locator("#message").text_content()
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click("#clear-play")
    assert asked and "Clear the 1 card(s) entered?" in asked[0]
    assert page.evaluate("() => desk.play.length") == 1          # dismissed: nothing lost
    page.evaluate("() => { desk.play = []; draw(); }")
    open_record(page, "duschek-too-late-a.pbn")
    page.select_option("#estimator", "sd")
    page.click("#rule")
    assert page.locator("#rule").is_disabled() and "Ruling:" in page.locator("#working").text_content()
    page.wait_for_function("document.getElementById('working').textContent.startsWith('Ruled in')", timeout=120_000)
    assert page.locator("#rule").is_enabled() and page.locator("#print").is_visible()
    shot(page, "6-ruled")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (768, 1024), (1280, 800), (1440, 900)])
def test_the_desk_fits_the_screen_with_tap_targets_of_32_px(browser: Any, desk_url: str, width: int, height: int) -> None:
    context = desk_context(browser, viewport={"width": width, "height": height})
    small_page = context.new_page()
    try:
        small_page.goto(desk_url + "/")
        small_page.wait_for_selector("#estimator")
        small_page.set_input_files("#file", str(HANDS / "duschek-repeated-3nt.pbn"))
        small_page.wait_for_function("document.getElementById('message').textContent.includes('1 board')")
        small_page.select_option("#estimator", "dd")
        small_page.click("#rule")
        small_page.wait_for_function("document.getElementById('working').textContent.startsWith('Ruled in')",
                                     timeout=120_000)
        assert small_page.evaluate("document.documentElement.scrollWidth") <= width
        small = small_page.evaluate("""() => [...document.querySelectorAll('button, select, input, .buttons a')]
            .filter((e) => e.offsetParent && e.getBoundingClientRect().height < 31.5).map((e) => e.id || e.tagName)""")
        assert small == []
        shot(small_page, "7-ruled")
    finally:
        context.close()


def test_the_case_being_entered_comes_back_after_a_reload(page: Any, desk_url: str) -> None:
    context = desk_context(page.context.browser, viewport=page.viewport_size)
    fresh = context.new_page()
    try:
        fresh.goto(desk_url + "/")
        fresh.wait_for_selector("#estimator")
        fresh.click("#blank")
        fresh.fill("#board", "kept-case")
        fresh.fill("#deal", "N:853.K752.AQ94.Q7 AJ.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT94")
        fresh.dispatch_event("#deal", "change")
        fresh.fill("#contract", "4S")
        fresh.evaluate("() => document.activeElement.blur()")
        fresh.click(".hand[data-seat='W'] .card >> nth=0")
        assert fresh.evaluate("() => desk.play.length") == 1
        fresh.reload()
        fresh.wait_for_function("document.getElementById('message').textContent.includes('is back')")
        assert fresh.input_value("#board") == "kept-case" and fresh.input_value("#contract") == "4S"
        assert fresh.evaluate("() => desk.play.length") == 1
        shot(fresh, "8-after-reload")
    finally:
        context.close()


def test_cards_typed_stepped_through_and_a_deal_edited_without_losing_the_play(page: Any) -> None:
    page.evaluate("() => { desk.play = []; draw(); }")
    page.click("#blank")
    deal = "N:853.K752.AQ94.Q7 AJ.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT94"
    page.fill("#deal", deal)
    page.dispatch_event("#deal", "change")
    page.fill("#contract", "4S")
    page.dispatch_event("#contract", "change")
    for typed in ("ca", "c7", "10x", "C5"):              # West leads the CA, North plays the C7...
        page.fill("#card-entry", typed)
        page.press("#card-entry", "Enter")
    assert '"10X" is not a card' in page.locator("#message").text_content() or page.evaluate("() => desk.play.length") == 3
    assert page.evaluate("() => desk.play") == ["CA", "C7", "C5"]
    trick = page.locator("#current-trick")                  # the trick in the centre, each card by its seat
    assert (trick.locator(".w").text_content(), trick.locator(".n").text_content(), trick.locator(".e").text_content()) == (
        "♣A", "♣7", "♣5")
    west, north = trick.locator(".w").bounding_box(), trick.locator(".n").bounding_box()
    assert west["x"] < north["x"] and west["y"] > north["y"]   # West left of and below North
    page.click("#undo")
    page.click("#undo")
    assert page.evaluate("() => desk.play") == ["CA"]
    page.click("#step-forward")
    assert page.evaluate("() => desk.play") == ["CA", "C7"]
    swapped = deal.replace("K752", "K754").replace("A4", "A2")   # North's H2 and South's H4 swap: the play still fits
    page.fill("#deal", swapped)
    page.dispatch_event("#deal", "change")
    assert page.evaluate("() => desk.hands !== null") and page.evaluate("() => desk.play") == ["CA", "C7"]
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.fill("#deal", swapped.replace(".Q7 ", ".Q6 ").replace(".J65 ", ".J75 "))  # North's C7 goes to East
    page.dispatch_event("#deal", "change")
    assert asked and "does not fit 1 of the 2 cards played" in asked[0]
    assert page.evaluate("() => desk.play") == ["CA", "C7"] and page.input_value("#deal") == swapped


def test_the_deal_as_dealt_stays_in_view_while_the_play_goes_on(page: Any) -> None:
    open_record(page, "duschek-repeated-3nt.pbn")
    assert page.evaluate("() => desk.play.length") > 0    # the record's play is entered...
    north = page.locator("#original-deal .north").text_content()
    assert "♠ K J 9" in north and "♥ A 9 7 5" in north and "♦ A J 8 7" in north and "♣ 10 3" in north  # ...all 13 shown
    assert page.locator("#original-deal").text_content().count("♠") == 4


WORK_ORDER = ["case", "table-section", "facts-section", "rule-section", "ruling-section", "report-section"]


def test_the_sections_follow_the_work_and_the_report_reads_in_the_page(page: Any) -> None:
    open_record(page, "duschek-repeated-3nt.pbn")
    page.select_option("#estimator", "dd")
    rule_and_wait(page)
    boxes = page.evaluate("""(ids) => ids.map((id) => {     // in one go: the page may still be scrolling to the ruling
        const box = document.getElementById(id).getBoundingClientRect();
        return { x: box.left + scrollX, y: box.top + scrollY }; })""", WORK_ORDER)
    for before, after, names in zip(boxes, boxes[1:], zip(WORK_ORDER, WORK_ORDER[1:], strict=False), strict=False):
        same_row = abs(after["y"] - before["y"]) < 1
        assert after["y"] > before["y"] + 1 or (same_row and after["x"] > before["x"]), names  # read left to right, down
    assert page.locator("iframe").count() == 0
    report = page.locator("#report")
    assert page.locator("#report h1").text_content() == "Revoke ruling: board duschek-repeated-3nt"
    assert report.evaluate("(e) => e.scrollHeight <= e.clientHeight + 1 && getComputedStyle(e).overflowY === 'visible'")
    assert report.bounding_box()["height"] > page.viewport_size["height"]         # the whole report, in the page
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert page.locator("#report .diagram").count() >= 1 and page.locator("#report .hand").first.is_visible()
    assert page.locator("#play-table .hand.north").evaluate("(e) => getComputedStyle(e).gridColumnStart") in ("2", "1")
    shot(page, "9-ruling-and-report")
    page.emulate_media(media="print")
    try:                                        # Print: the report, which opens with the ruling; not the forms
        assert not page.locator("#case").is_visible() and not page.locator("#rule-section").is_visible()
        assert page.locator("#report h1").is_visible() and not page.locator("#ruling-section").is_visible()
        assert page.locator("#report").get_by_text("Law 64").first.is_visible()
        shot(page, "10-print")
    finally:
        page.emulate_media(media="screen")


def test_a_session_of_several_cases_is_saved_to_one_file_and_opened_again(page: Any, tmp_path: Path) -> None:
    page.evaluate("() => { localStorage.clear(); }")
    page.reload()
    page.wait_for_selector("#estimator")
    assert page.evaluate("desk.cases.length") == 1
    open_record(page, "duschek-repeated-3nt.pbn")
    open_record(page, "duschek-too-late-a.pbn")       # untouched: it takes the place
    assert page.evaluate("desk.cases.length") == 1
    page.click("#case-details summary")
    page.fill("#table", "7")                                                   # worked on: the next board is added
    open_record(page, "duschek-dummy-revoke.pbn")
    page.click("#same-deal")                                                   # a new case, same deal
    page.fill("#table", "9")
    labels = page.locator("#case-list option").all_text_contents()
    assert len(labels) == 3 and "table 7" in labels[0] and "table 9" in labels[2] and "no play yet" in labels[2]
    page.select_option("#case-list", "0")
    assert page.input_value("#table") == "7" and page.evaluate("desk.play.length") > 0
    assert page.locator("#downloads").is_hidden()                               # no other case's ruling on screen
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    shot(page, "12-session")
    with page.expect_download() as download:
        page.click("#save-session")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.read_text().count("[[board]]") == 3
    boards = json.loads(CliRunner().invoke(main, ["adjudicate", str(saved), "--estimator", "dd", "--json"]).output)
    assert [(b["board"], b.get("table")) for b in boards] == [
        ("duschek-too-late-a", "7"), ("duschek-dummy-revoke", None), ("duschek-dummy-revoke", "9")]
    alone = cli_ruling(HANDS / "duschek-dummy-revoke.pbn")
    assert boards[1]["ruling"]["law"] == alone["ruling"]["law"] and boards[1]["revokes"] == alone["revokes"]

    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.select_option("#case-list", "2")
    page.click("#remove-case")
    assert asked and "Remove case 3." in asked[0] and page.evaluate("desk.cases.length") == 2
    page.evaluate("() => { localStorage.clear(); }")
    page.reload()
    page.wait_for_selector("#estimator")
    page.set_input_files("#session-file", str(saved))                          # opened again: three cases
    page.wait_for_function("document.getElementById('message').textContent.includes('3 case(s) added')")
    labels = page.locator("#case-list option").all_text_contents()
    assert len(labels) == 3 and "table 9" in labels[2] and page.input_value("#board") == "duschek-too-late-a"


def test_a_report_page_has_no_sideways_scroll_on_a_phone(browser: Any, tmp_path: Path) -> None:
    context = desk_context(browser, viewport={"width": 390, "height": 844})
    try:
        phone = context.new_page()
        for name in ("duschek-repeated-3nt.pbn", "kooijman-poznan-repeated.pbn", "law64c2b-damaged-side-only.toml"):
            out = tmp_path / f"{name}.html"
            result = CliRunner().invoke(main, ["report", str(HANDS / name), "--estimator", "dd", "-o", str(out)])
            assert result.exit_code == 0, result.output
            phone.goto(out.as_uri())
            assert phone.evaluate("document.documentElement.scrollWidth") <= 390, name
            assert phone.locator("h1").is_visible()
    finally:
        context.close()


def test_new_case_starts_a_blank_board_and_same_deal_keeps_it(page: Any) -> None:
    """"New case" is a blank board (no deal, no contract: typing a contract never gives "4H4H"); "Same deal, new case"
    keeps the deal, dealer, vulnerability and contract for another table's case; each new case has no play."""
    open_record(page, "duschek-too-late-a.pbn")
    deal, contract = page.input_value("#deal"), page.input_value("#contract")
    assert deal and contract and page.evaluate("desk.play.length") > 0
    page.click("#same-deal")
    assert (page.input_value("#deal"), page.input_value("#contract")) == (deal, contract)
    assert page.evaluate("desk.play.length") == 0
    page.click("#blank")
    assert page.input_value("#deal") == "" and page.input_value("#contract") == ""
    assert page.input_value("#board") == page.evaluate("document.getElementById('board').defaultValue")   # as first shown
    assert page.evaluate("desk.play.length") == 0 and page.evaluate("desk.hands") is None
    assert "a blank board" in page.locator("#notice-case").text_content()
    page.fill("#contract", "4H")
    assert page.input_value("#contract") == "4H"
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
