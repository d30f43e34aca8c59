"""The report a committee reads in five minutes: two printed pages a board (A4 and Letter), the ruling first, no
paragraph said twice, no statistician's word before the Method appendix, the law of each revoke card written,
the appendix on paper only when asked."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from revsim.adjudicate import Settings, adjudicate
from revsim.cli import main
from revsim.outputs.report import report_html
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
HAND_FILES = sorted(path for path in HANDS.iterdir() if path.suffix in (".pbn", ".toml"))
JARGON = ("layout", "world", "cut", "seed", "estimator", "substitute", "no-infraction estimate", "unanimous",
          "split", "position-blind", "blend")
"""Words a committee member should not meet before the Method appendix (its own words, not a record's)."""


def _report(path: Path) -> str:
    [record] = [item for item in read_records(path) if isinstance(item, Record)][:1]
    return report_html(adjudicate(record, Settings()))


def _prose_before_the_appendix(page: str) -> str:
    """The report's own words before the appendix: the record's own lines (the board's name, file, event) left
    out."""
    article = page[page.index("<article"):page.index('<section class="appendix">')]
    article = re.sub(r'<p class="sub">.*?</p>|<h1>.*?</h1>', "", article, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", article))


@pytest.fixture(scope="module")
def reports() -> dict[str, str]:
    """Every hands/ file's report with the default settings (sd), made once for the module."""
    return {path.name: _report(path) for path in HAND_FILES}


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium (Debian package chromium) is not installed")
def test_every_hands_report_prints_on_two_pages_of_a4_and_of_letter(reports: dict[str, str]) -> None:
    playwright = pytest.importorskip("playwright.sync_api", reason="Playwright comes with the dev extra")
    over = {}
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        for name, text in reports.items():
            page.set_content(text)
            pages = [len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(format=paper))) for paper in ("A4", "Letter")]
            if max(pages) > 2:
                over[name] = pages
        browser.close()
    assert over == {}


LABEL_SIZES = """() => [...document.querySelectorAll('svg text')].filter((t) => t.getClientRects().length)
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""
OVERFLOWING = """() => [...document.querySelectorAll('article *')].filter((e) => e.getClientRects().length
    && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible')
    .map((e) => e.tagName + '.' + e.className)"""


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium (Debian package chromium) is not installed")
def test_every_hands_report_reads_on_a_phone_and_a_laptop_without_sideways_scrolling(reports: dict[str, str]) -> None:
    """On a phone (390 px) the chart labels are 10 px or more and the play table fits without scrolling inside
    itself; on a laptop (1280 px) nothing spills out of its box."""
    playwright = pytest.importorskip("playwright.sync_api", reason="Playwright comes with the dev extra")
    problems: dict[str, list[str]] = {}
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        laptop = browser.new_page(viewport={"width": 1280, "height": 800})
        for name, text in reports.items():
            phone.set_content(text)
            found = [f"a chart label of {size:.1f} px" for size in phone.evaluate(LABEL_SIZES) if size < 10]
            table = phone.evaluate("""() => { const t = document.querySelector('table.play');
                return [t.scrollWidth, t.clientWidth, t.getBoundingClientRect().right]; }""")
            if table[0] > table[1] + 1 or table[2] > 390:
                found.append(f"the play table is {table[0]} px wide in {table[1]} px")
            if phone.evaluate("document.documentElement.scrollWidth") > 390:
                found.append("the page scrolls sideways on a phone")
            laptop.set_content(text)
            found += [f"{element} spills out at 1280 px" for element in laptop.evaluate(OVERFLOWING)]
            if found:
                problems[name] = found
        browser.close()
    assert problems == {}


def test_no_statisticians_word_before_the_method_appendix(reports: dict[str, str]) -> None:
    found = {name: [word for word in JARGON if re.search(rf"\b{re.escape(word)}", _prose_before_the_appendix(page),
                                                         re.IGNORECASE)]
             for name, page in reports.items()}
    assert {name: words for name, words in found.items() if words} == {}


def test_no_paragraph_is_said_twice(reports: dict[str, str]) -> None:
    repeated = {}
    for name, page in reports.items():
        article = page[page.index("<article"):page.index('<section class="appendix">')]
        blocks = [html.unescape(re.sub(r"<[^>]+>", "", block)).strip()
                  for block in re.findall(r"<(?:p|li)\b[^>]*>(.*?)</(?:p|li)>", article, flags=re.S)]
        long = [block for block in blocks if len(block) > 60]
        twice = [block[:80] for index, block in enumerate(long)
                 if any(block in other for number, other in enumerate(long) if number != index)]
        if twice:
            repeated[name] = twice
    assert repeated == {}


def test_the_ruling_comes_first_and_the_method_is_an_appendix(reports: dict[str, str]) -> None:
    page = reports["duschek-repeated-3nt.pbn"]
    order = ["<h2>The ruling", "The law, step by step", "<h2>The deal", "<h2>The play", "<h2>Without the revoke",
             '<section class="appendix">', "Appendix: method", "with perfect play, after every card"]
    places = [page.index(heading) for heading in order]
    assert places == sorted(places)


def test_the_law_of_each_revoke_card_is_written_not_hidden_behind_hover(reports: dict[str, str]) -> None:
    page = reports["duschek-repeated-3nt.pbn"]
    play = page[page.index("<h2>The play"):page.index("<h2>Without the revoke")]
    assert "revoke, Law 64A2" in play and "revoke, Law 64B2" in play and "title=" not in play


def test_the_method_appendix_prints_only_when_asked(tmp_path: Path) -> None:
    plain, asked = tmp_path / "plain.html", tmp_path / "asked.html"
    source = str(HANDS / "duschek-too-late-a.pbn")
    assert CliRunner().invoke(main, ["report", source, "--estimator", "dd", "--out", str(plain)]).exit_code == 0
    assert CliRunner().invoke(main, ["report", source, "--estimator", "dd", "--out", str(asked), "--method"]).exit_code == 0
    assert "<body>" in plain.read_text() and "<body class='print-method'>" in asked.read_text()
    assert "body:not(.print-method) .appendix { display: none; }" in plain.read_text()


def test_law62a_a_weighted_ruling_says_in_its_headline_why_it_is_weighted() -> None:
    from revsim.outputs.report.board import _headline

    two = (SimpleNamespace(tricks=9, weight=0.6), SimpleNamespace(tricks=8, weight=0.4))
    weighted = _headline(SimpleNamespace(law="62A", ns=two, ew=two))  # type: ignore[arg-type]
    assert weighted.startswith("Law 62A, weighted: the play after the correction could go more than one way")
    assert _headline(SimpleNamespace(law="62A", ns=two[:1], ew=two[:1])) == "Law 62A"  # type: ignore[arg-type]
    assert _headline(SimpleNamespace(law="none", ns=(), ew=())) == "the table result stands"  # type: ignore[arg-type]
