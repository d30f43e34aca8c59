"""The desk as a director uses it at the table, on a laptop, a tablet and a phone: a card tapped straight after
typing the contract is played; where a fact is edited after a ruling, the mark that the ruling is stale is in view;
a revoke entered stays noted; the controls are large enough to tap; the trick in the middle reads on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from tests.desk_browser import CHROMIUM, blank_desk, in_view, open_record, rule_and_wait, shot

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium)")

DEAL = "N:853.K752.AQ94.Q7 AJ.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT94"


def _touch(page: Any) -> bool:
    return bool(page.evaluate("matchMedia('(pointer: coarse)').matches"))


def _tap(page: Any, selector: str) -> None:
    """A person's tap (touch screens) or click (a laptop) on what is there now: no event dispatched by hand."""
    target = page.locator(selector)
    target.scroll_into_view_if_needed()
    if _touch(page):
        box = target.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        target.click()


def _blank(page: Any) -> None:
    blank_desk(page, DEAL)


def test_a_card_tapped_straight_after_typing_the_contract_is_played(page: Any) -> None:
    _blank(page)
    page.locator("#contract").click()
    page.keyboard.type("4S")                       # the field keeps the focus: its change comes with the tap
    _tap(page, "#play-table button.card[data-card='CA']")
    assert page.evaluate("desk.play") == ["CA"]
    assert page.evaluate("document.activeElement.id") != "contract"


def test_a_revoke_entered_stays_noted_after_the_next_card(page: Any) -> None:
    _blank(page)
    page.fill("#contract", "4S")
    page.dispatch_event("#contract", "change")
    for card in ("CA", "C7", "C5", "SK", "HJ"):        # South ruffs holding clubs; West leads again
        _tap(page, f"#play-table button.card[data-card='{card}']")
    noted = page.locator("#revokes-entered")
    assert noted.is_visible() and "trick 1, South's ♠K while holding a ♣" in noted.text_content()
    assert in_view(page, "#revokes-entered") or in_view(page, "#current-trick")
    shot(page, "17-revoke-noted")


def test_the_stale_mark_is_in_view_where_a_fact_is_edited(page: Any) -> None:
    open_record(page, "duschek-too-late-a.pbn")
    page.select_option("#estimator", "dd")
    rule_and_wait(page)
    assert page.locator("#stale-banner").is_hidden()
    page.locator("#fact-penalty_card").scroll_into_view_if_needed()
    page.fill("#fact-penalty_card", "E:SJ@4")
    page.dispatch_event("#fact-penalty_card", "input")
    assert page.locator("#stale-banner").is_visible() and in_view(page, "#stale-banner")
    assert in_view(page, "#fact-penalty_card")                       # the fact edited and the mark, both in view
    shot(page, "18-stale-in-view")
    page.fill("#fact-penalty_card", "")
    page.dispatch_event("#fact-penalty_card", "input")
    assert page.locator("#stale-banner").is_hidden()              # the case is as ruled again


def test_every_control_is_large_enough_to_tap(page: Any) -> None:
    _blank(page)
    page.locator("#bidding summary").click()
    smallest = 43.5 if _touch(page) else 31.5
    sizes = page.evaluate("""() => [...document.querySelectorAll('summary, #bidding-box button, #rule, #undo')]
        .filter((e) => e.offsetParent).map((e) => [e.textContent.trim().slice(0, 20), e.getBoundingClientRect().width,
                                                   e.getBoundingClientRect().height])""")
    small = [(name, width, height) for name, width, height in sizes if min(width, height) < smallest]
    assert sizes and small == []
    field = page.locator("#field").bounding_box()
    line = page.evaluate("parseFloat(getComputedStyle(document.getElementById('field')).lineHeight) || 16")
    assert field["height"] >= 2.5 * line                                         # three lines, not one


def test_the_trick_in_the_middle_reads_on_a_phone_and_a_suit_wraps_as_one(page: Any) -> None:
    _blank(page)
    page.fill("#contract", "4S")
    page.dispatch_event("#contract", "change")
    for card in ("CA", "C7"):
        _tap(page, f"#play-table button.card[data-card='{card}']")
    sizes = page.evaluate("""() => [...document.querySelectorAll('#current-trick span')]
        .map((e) => parseFloat(getComputedStyle(e).fontSize))""")
    assert len(sizes) == 2 and min(sizes) >= 14
    # a suit whose cards wrap: every card right of the suit's symbol, so it reads as one suit, not two lines
    misplaced = page.evaluate("""() => [...document.querySelectorAll('#play-table .suit-row')].flatMap((row) => {
        const symbol = row.querySelector('.suit-symbol').getBoundingClientRect();
        return [...row.querySelectorAll('button.card')]
          .filter((b) => b.offsetParent && b.getBoundingClientRect().left < symbol.right - 0.5)
          .map((b) => b.dataset.card); })""")
    assert misplaced == []
    shot(page, "19-trick-in-the-middle")


def test_the_ruling_gives_its_worth_against_the_field_and_each_hands_points(page: Any) -> None:
    open_record(page, "duschek-repeated-3nt.pbn")
    page.select_option("#estimator", "dd")
    page.fill("#field", "400, 430, 460, -50")
    page.dispatch_event("#field", "input")
    board = rule_and_wait(page)
    worth = page.locator("#ruling .field-value").text_content()
    ns = board["field"]["ns"]
    assert worth.startswith("Against the field of 4 tables") and f"North-South {ns['matchpoints']:.1f}%" in worth
    points = page.locator("#original-deal .hcp").all_text_contents()
    assert len(points) == 4 and sum(int(text.split()[0]) for text in points) == 40


LONG_SUITS = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_a_long_suit_of_the_deal_as_dealt_wraps_under_its_cards_not_its_symbol(page: Any) -> None:
    blank_desk(page, LONG_SUITS)
    suits = page.evaluate("""() => [...document.querySelectorAll('#original-deal .hand > div:not(.hcp)')].map((div) => {
        const range = document.createRange(); range.selectNodeContents(div);
        const lines = new Map();   // each line's top, and where its text starts
        for (const rect of range.getClientRects()) {
          const top = Math.round(rect.top);
          lines.set(top, Math.min(lines.get(top) ?? Infinity, rect.left));
        }
        return [...lines.entries()].sort((a, b) => a[0] - b[0]).map((entry) => entry[1]); })""")
    assert len(suits) == 16
    wrapped = [lefts for lefts in suits if len(lefts) > 1]
    assert all(later >= lefts[0] + 8 for lefts in wrapped for later in lefts[1:])   # right of the suit's symbol
    if page.viewport_size["width"] < 500:
        assert wrapped, "thirteen cards of a suit wrap on a phone"
