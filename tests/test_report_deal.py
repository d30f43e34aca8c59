"""The deal as a committee reads it in the report and the text: each hand's high-card points where the deal is
whole (none on an end position's few cards), the contracts each side makes and par as a hand record gives them,
and why an end position has no such table."""

from __future__ import annotations

import html
import re
from functools import cache

from revsim.adjudicate import Settings, adjudicate
from revsim.cards import high_card_points
from revsim.equity.steps import BoardRuling
from revsim.outputs.report import report_html
from revsim.outputs.text import ruling_to_text
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS


@cache
def _ruling(name: str) -> BoardRuling:
    [record] = [item for item in read_records(HANDS / name) if isinstance(item, Record)][:1]
    return adjudicate(record, Settings(estimator="dd"))


def test_the_deal_shows_its_makeable_contracts_and_par_as_a_hand_record_does() -> None:
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Player, Vul

    from revsim.cards import deal_to_pbn

    ruling = _ruling("duschek-too-late-a.pbn")
    page = report_html(ruling)
    table = page[page.index('<table class="makeable">'):page.index("</table>", page.index('<table class="makeable">'))]
    deal = Deal(deal_to_pbn(tuple(frozenset(hand) for hand in ruling.table.replay.initial_hands)))
    solved = calc_dd_table(deal).to_list()
    rows = re.findall(r"<tr><th[^>]*>([^<]+)</th>(.*?)</tr>", table)
    assert [label for label, _ in rows] == ["NT", "♠", "♥", "♦", "♣"]
    for (_, cells), strain in zip(rows, (4, 0, 1, 2, 3), strict=True):
        shown = [html.unescape(cell) for cell in re.findall(r"<td class='num'>([^<]+)</td>", cells)]
        assert shown == [str(solved[strain][seat] - 6) if solved[strain][seat] >= 7 else "–" for seat in (0, 2, 1, 3)]
    record = ruling.record
    assert record.dealer is not None
    expected = par(calc_dd_table(deal), Vul.none if record.vulnerability == "None" else Vul.both, Player(record.dealer))
    assert f"North-South {expected.score:+d}" in page and "Par: " in page
    end_position = report_html(_ruling("law64b3-penalty-card-only-card.toml"))
    assert ('<table class="makeable">' in end_position) == (_ruling("law64b3-penalty-card-only-card.toml").record
                                                            .first_trick == 1)


def test_each_hand_of_the_deal_shows_its_high_card_points() -> None:
    ruling = _ruling("duschek-repeated-3nt.pbn")
    points = [high_card_points(hand) for hand in ruling.record.hands]
    deal = report_html(ruling).split("<h2>The deal</h2>", 1)[1].split("</figure>", 1)[0]
    assert re.findall(r'<span class="hcp">(\d+) HCP</span>', deal) == [str(p) for p in points] and sum(points) == 40
    assert [int(p) for p in re.findall(r"\((\d+) HCP\)", ruling_to_text(ruling))] == [points[0], points[3], points[1],
                                                                                      points[2]]


def test_an_end_position_shows_no_high_card_points() -> None:
    """The wrong claim's end position (4 cards a hand): high-card points of the cards left would read as a hand's
    strength (North '0 HCP'), so neither the report nor the text gives them."""
    ruling = _ruling("kooijman-wrong-claim.toml")
    assert all(len(hand) < 13 for hand in ruling.record.hands)
    deal = report_html(ruling).split("<h2>The deal</h2>", 1)[1].split("</figure>", 1)[0]
    assert "HCP" not in deal and "HCP" not in ruling_to_text(ruling)
    assert '<div class="seat">North</div>' in deal


def test_an_end_position_says_why_it_has_no_table_of_contracts_made() -> None:
    from revsim.outputs.report.makeable import NO_TABLE

    assert NO_TABLE in report_html(_ruling("law62a-penalty-card-decides-a-trick.toml"))
    whole = report_html(_ruling("duschek-repeated-3nt.pbn"))
    assert NO_TABLE not in whole and 'class="makeable"' in whole
