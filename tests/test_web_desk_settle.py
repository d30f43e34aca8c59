"""Law 12C1c with Law 84D at the desk: where the replays leave the weights of a ruling unsettled, the desk says so
beside the score, in the words of the report, and offers to rule again with more replays (Advanced's max
play-outs, four times as many, up to the option's bound)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.desk_browser import CHROMIUM, open_record, rule_and_wait, shot

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium)")


def test_law12c1c_an_unsettled_ruling_offers_to_rule_again_with_more_replays(page: Any) -> None:
    open_record(page, "duschek-repeated-3nt.pbn")
    page.select_option("#estimator", "sd")
    board = rule_and_wait(page)
    assert board["ruling"]["settled"]["settled"] is False and board["ruling"]["settled"]["max_playouts"] == 32
    note = page.locator("#ruling p.unsettled")
    assert note.inner_text().startswith(board["ruling"]["unsettled"])             # the report's words, once
    assert "The score written is the ruling (Law 12C1c, with Law 84D)" in note.inner_text()
    button = page.locator("#settle-further")
    assert button.inner_text() == "Rule again with up to 128 replays"
    shot(page, "14-unsettled")
    button.click()
    assert page.input_value("#option-max_playouts") == "128"                     # Advanced says what it ruled with
    page.wait_for_function("!document.getElementById('cancel-rule').hidden")    # a new ruling is under way
    page.click("#cancel-rule")
    page.wait_for_function("document.getElementById('working').textContent.startsWith('Cancelled')")
    page.select_option("#estimator", "dd")                                       # the desk's worker is back at once
    assert rule_and_wait(page)["settings"]["estimator"] == "dd"


def test_a_settled_ruling_offers_nothing_more(page: Any) -> None:
    open_record(page, "duschek-too-late-a.pbn")
    page.select_option("#estimator", "sd")
    board = rule_and_wait(page)
    assert board["ruling"]["settled"]["settled"] is True and board["ruling"]["unsettled"] is None
    assert page.locator("#ruling p.unsettled").count() == 0 and page.locator("#settle-further").count() == 0
