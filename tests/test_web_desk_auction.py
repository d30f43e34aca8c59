"""The desk's auction in real headless Chromium: entered with a bidding box or as text, and the page's reading of
an auction (ended, passed out, its contract, or an error) the same as revsim's own on 400 random call sequences."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.desk_browser import CHROMIUM, shot

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium)")


def test_the_auction_is_entered_with_a_bidding_box_and_as_text(page: Any) -> None:
    page.click("#blank")
    page.fill("#deal", "N:853.K752.AQ94.Q7 AJ.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT94")
    page.dispatch_event("#deal", "change")
    page.select_option("#dealer", "N")
    page.fill("#auction", "")
    page.dispatch_event("#auction", "input")
    page.click("#bidding summary")
    for call in ("1H", "1S", "2H", "P", "4H"):
        page.click(f"#bidding-box button[data-call='{call}']")
    assert page.locator("#bidding-box button[data-call='4D']").is_disabled()     # not above 4H
    assert page.locator("#bidding-box button[data-call='XX']").is_disabled()     # nothing doubled
    assert page.locator("#bidding-box button[data-call='X']").is_enabled()       # East may double North's 4H
    for call in ("X", "P", "P", "P"):
        page.click(f"#bidding-box button[data-call='{call}']")
    assert page.input_value("#auction") == "1H 1S 2H P 4H X P P P"
    assert (page.input_value("#contract"), page.input_value("#declarer")) == ("4HX", "N")
    assert "the contract is 4HX by North" in page.locator("#notice-auction").text_content()
    assert page.locator("#bidding-box button[data-call='P']").is_disabled()      # the auction has ended
    cells = page.locator("#auction-table td").all_text_contents()
    assert cells[:6] == ["", "1♥", "1♠", "2♥", "Pass", "4♥"]                       # West's column first, empty
    assert page.evaluate("document.getElementById('bidding').open") is False     # folded away at the end
    shot(page, "11-bidding-box")
    page.click("#bidding summary")
    page.click("#undo-call")
    assert page.input_value("#auction") == "1H 1S 2H P 4H X P P"
    assert page.locator("#auction-state").text_content() == "N to call."
    page.fill("#auction", "1S 1H")                                              # typed: checked call by call
    page.dispatch_event("#auction", "input")
    assert 'call 2 ("1H", E) is insufficient: it must be higher than 1♠' in page.locator("#auction-state").text_content()
    page.fill("#auction", "p p 1nt p 3n ap")
    page.press("#auction", "Tab")                                               # a typed auction names a different contract
    assert "ends in 3NT by South, but the contract says 4HX by North" in page.locator("#notice-auction").text_content()
    assert page.input_value("#contract") == "4HX"


def test_the_bidding_box_keeps_revsims_rules_of_the_auction(page: Any) -> None:
    """The page's auction (auction.js) and revsim's (records.auction) agree on 400 random call sequences."""
    from revsim.cards import Seat
    from revsim.records.auction import contract_from_auction

    rng = random.Random(2026)
    calls = ["P", "P", "P", "X", "XX", "AP"] + [f"{level}{strain}" for level in range(1, 8) for strain in "CDHS"] + ["1NT", "3NT"]
    auctions = [[rng.choice(calls) for _ in range(rng.randint(1, 12))] for _ in range(300)]
    auctions += [["P"] * rng.randint(0, 3) + ["1C"] + [rng.choice(["P", "P", "X", "XX", "2C", "7NT"]) for _ in range(8)]
                 for _ in range(100)]
    seen = page.evaluate("""(auctions) => auctions.map(([dealer, calls]) => {
        const state = auctionState(calls, dealer);
        return state.problem ? "error" : state.ended ? (state.contract ? state.contract.text + state.contract.declarer : "passed")
          : "open"; })""", [[dealer, auction] for dealer, auction in zip("NESW" * 100, auctions, strict=True)])
    kinds = set()
    for dealer, auction, shown in zip("NESW" * 100, auctions, seen, strict=True):
        try:
            contract = contract_from_auction(auction, Seat("NESW".index(dealer)))
            expected = "passed" if contract is None else str(contract) + "NESW"[contract.declarer]
        except ValueError as error:
            expected = "open" if "has not ended" in str(error) else "error"
        assert shown == expected, (dealer, auction)
        kinds.add(expected if expected in ("error", "open", "passed") else "contract")
    assert kinds == {"error", "open", "passed", "contract"}
