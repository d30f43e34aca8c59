"""A table a director can play on, on a laptop, a tablet and a phone: messages beside the table and the control
that caused them, cards of 44 px on a touch screen, a whole trick played on a phone without scrolling, the deal
entered hand by hand, attention drawn said in words, and the tidy details (the bidding box folds away, the case's
label follows every edit, one card notation)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from revsim.outputs.casetoml import record_to_case
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.desk_browser import CHROMIUM, HANDS, blank_desk, in_view, open_record, rule_and_wait, shot

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium)")

DEAL = "N:853.K752.AQ94.Q7 AJ.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT94"


def _blank_with_deal(page: Any) -> None:
    blank_desk(page, DEAL)
    page.fill("#contract", "4S")
    page.dispatch_event("#contract", "change")


def test_messages_show_beside_the_table_where_the_eye_is(page: Any) -> None:
    _blank_with_deal(page)
    page.evaluate("document.getElementById('play-table').scrollIntoView({block: 'start'})")
    page.locator(".hand[data-seat='N'] .card").first.dispatch_event("click")        # West is to lead
    notice = page.locator("#notice-play")
    assert "It is West's turn to play, not North's." in notice.text_content() and in_view(page, "#notice-play")
    assert "error" in notice.get_attribute("class")
    for card in ("CA", "C7", "C5"):
        page.locator(f"button.card[data-card='{card}']").dispatch_event("click")
    page.locator("button.card[data-card='SK']").dispatch_event("click")              # South holds clubs: a revoke
    assert "South played the ♠K while holding a ♣: a revoke (Law 61A)." in notice.text_content()
    assert in_view(page, "#notice-play")
    page.fill("#card-entry", "HQ")                                               # South is on lead
    page.press("#card-entry", "Enter")
    assert "South does not hold the ♥Q." in notice.text_content()
    shot(page, "15-message-beside-the-table")
    page.fill("#auction", "")
    page.dispatch_event("#auction", "input")
    page.locator("#bidding summary").click()
    page.select_option("#dealer", "S")
    for call in ("1S", "P", "4S", "P", "P", "P"):
        page.locator(f"#bidding-box button[data-call='{call}']").click()
    assert "The auction has ended: 4S by South" in page.locator("#notice-auction").text_content()
    assert page.evaluate("document.getElementById('bidding').open") is False          # folded away at the end
    assert page.locator("#notice-auction").is_visible()


def test_every_card_is_a_44_px_target_on_a_touch_screen(page: Any) -> None:
    open_record(page, "duschek-repeated-3nt.pbn")
    page.click("#same-deal")
    sizes = page.evaluate("""() => [...document.querySelectorAll('#play-table button.card')]
        .filter((e) => e.offsetParent).map((e) => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])""")
    assert len(sizes) == 52
    touch = page.evaluate("matchMedia('(pointer: coarse)').matches")
    assert touch == (page.viewport_size["width"] < 1000)
    smallest = min(min(width, height) for width, height in sizes)
    assert smallest >= (43.5 if touch else 31.5), smallest
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_a_whole_trick_is_played_on_a_phone_without_scrolling(page: Any) -> None:
    if page.viewport_size["width"] > 500:
        pytest.skip("the compass layout is the phone's")
    record = next(read_records(HANDS / "duschek-too-late-a.pbn"))
    assert isinstance(record, Record)
    first_trick = record_to_case(record)["play"][0].split()
    open_record(page, "duschek-too-late-a.pbn")
    page.click("#same-deal")
    page.evaluate("document.getElementById('play-table').scrollIntoView({block: 'start'})")
    before = page.evaluate("scrollY")
    for card in first_trick:
        target = f"#play-table button.card[data-card='{card}']"
        assert in_view(page, target), card
        box = page.locator(target).bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.evaluate("desk.play") == first_trick and page.evaluate("scrollY") == before
    assert in_view(page, "#current-trick") or page.locator("#tricks li").count() == 1
    shot(page, "16-trick-on-a-phone")


def test_the_deal_is_entered_hand_by_hand_with_counts_and_points(page: Any) -> None:
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_function("desk.ready === true")
    hands = dict(zip("NESW", DEAL[2:].split(), strict=True))
    for seat in "NES":
        for suit, ranks in zip("SHDC", hands[seat].split("."), strict=True):
            page.fill(f"#hand-{seat}-{suit}", " ".join("10" if rank == "T" else rank for rank in ranks))
    assert page.locator("#count-N").text_content() == "13 cards, 11 HCP"
    assert page.locator("#count-W").text_content() == "0 cards, 0 HCP"
    assert "West 0: 13 cards to place" in page.locator("#deal-state").text_content()
    page.click("#fill-last-hand")
    assert page.locator("#deal-state").text_content() == "The deal is complete."
    assert page.input_value("#deal") == DEAL
    assert page.evaluate("desk.hands.W.length") == 13 and page.locator("#count-W").text_content() == "13 cards, 8 HCP"
    page.fill("#hand-W-S", "A 6 4 2")                                        # East holds the ♠A
    assert "the ♠A is in East's hand and West's" in page.locator("#deal-state").text_content()
    assert page.input_value("#deal") == DEAL                                # the deal taken is left alone
    page.fill("#hand-W-S", "6 4 2")
    page.fill("#deal", "N:AKQJ.T98.765.432 " + DEAL[2:].split(" ", 1)[1])   # the PBN line stays a way in
    page.dispatch_event("#deal", "change")
    shot(page, "17-deal-by-hand")


def test_attention_drawn_is_chosen_in_the_directors_words(page: Any) -> None:
    open_record(page, "duschek-too-late-a.pbn")
    words = page.locator("#attention option").all_text_contents()
    assert "before East led to trick 4" in words and "after the hands were returned to the board" in words
    assert "after West led to trick 1, before North played" in words
    assert not [w for w in words if re.search(r"\b\d+\.\d\b|hands-returned|end-of-play|after-round", w)]
    page.select_option("#attention", label="after the hands were returned to the board")
    assert page.evaluate("buildCase().facts.noticed") == "hands-returned"
    page.select_option("#attention", label="after East led to trick 4, before South played")
    assert page.evaluate("buildCase().facts.noticed_at") == "4.1"


def test_the_case_label_follows_every_edit_and_cards_read_alike(page: Any) -> None:
    open_record(page, "duschek-too-late-a.pbn")
    page.fill("#board", "renamed board")
    assert page.locator("#case-list option").nth(page.evaluate("desk.current")).text_content().split(". ", 1)[1] \
        .startswith("renamed board")
    page.click("#case-details summary")
    page.fill("#player-N", "Ann")
    assert "Ann-?-?-?" in page.locator("#case-list option").nth(page.evaluate("desk.current")).text_content()
    page.select_option("#estimator", "dd")
    rule_and_wait(page)
    revoke = page.locator("#ruling li b").first.text_content()
    assert "East's ♠J" in revoke
    assert re.findall(r"\b[SHDC](?:10|[AKQJT2-9])\b", page.locator("#ruling").text_content()) == []   # CJ: ♣J
    assert "E:♠J" in page.locator("#tricks .revoke").first.text_content()


def test_every_box_button_and_link_is_a_44_px_target_on_a_touch_screen(page: Any) -> None:
    """The fact boxes, the file choosers, the downloads and their label: every control a director taps is at least
    44 px tall on a touch screen (the cards have their own test above)."""
    if page.viewport_size["width"] >= 1000:
        pytest.skip("a laptop's pointer is fine")
    open_record(page, "duschek-too-late-a.pbn")
    page.select_option("#estimator", "dd")
    rule_and_wait(page)
    small = page.evaluate("""() => [...document.querySelectorAll(
        'main a, main button, main input, main select, main textarea, main summary, #downloads label')]
      .filter((e) => e.offsetParent && e.getBoundingClientRect().height < 43.5)
      .map((e) => `${e.tagName}#${e.id} ${Math.round(e.getBoundingClientRect().height)}px`)""")
    assert small == []
