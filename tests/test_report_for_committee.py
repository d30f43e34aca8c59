"""The report a committee reads in five minutes: two printed pages a board (A4 and Letter), the ruling first, no
paragraph said twice, no statistician's word before the Method appendix, the law of each revoke card written,
the appendix on paper only when asked."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from click.testing import CliRunner

from revsim.adjudicate import Settings, adjudicate
from revsim.cli import main
from revsim.likely.evidence import sd_evidence
from revsim.outputs.report import report_html
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS
from tests.shared_rulings import ruling_of

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
HAND_FILES = sorted(path for path in HANDS.iterdir() if path.suffix in (".pbn", ".toml"))
JARGON = ("layout", "world", "cut", "seed", "estimator", "substitute", "no-infraction estimate", "unanimous",
          "split", "position-blind", "blend", "play-out", "simulated", "standard of likely", "record of real play",
          "counts them for", "drawn again", "resample", "during-play", "end-of-play", "hands-returned",
          "after-next-call", "after-round", "non-weighted", "H led", "S led", "D led", "C led")
"""Words a committee member should not meet before the Method appendix (its own words, not a record's)."""


def _default_ruling(path: Path) -> Any:
    """The file's first board ruled with the default settings, shared with the other modules that read it
    (``shared_rulings``)."""
    return ruling_of(path, Settings())


def _prose_before_the_appendix(page: str) -> str:
    """The report's own words before the appendix: the record's own lines (the board's name, file, event) left
    out."""
    article = page[page.index("<article"):page.index('<section class="appendix">')]
    article = re.sub(r'<p class="sub">.*?</p>|<h1>.*?</h1>', "", article, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", article))


@pytest.fixture(scope="module")
def rulings() -> dict[str, Any]:
    """Every hands/ file's ruling with the default settings (sd), made once for the module: the last file first, as
    the golden tests rule them in the other order, so that two processes meet in the middle (``shared_rulings``)."""
    made = {path.name: _default_ruling(path) for path in reversed(HAND_FILES)}
    return {path.name: made[path.name] for path in HAND_FILES}


@pytest.fixture(scope="module")
def reports(rulings: dict[str, Any]) -> dict[str, str]:
    """Every hands/ file's report with the default settings (sd)."""
    return {name: report_html(ruling) for name, ruling in rulings.items()}


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


_RESULT = r"\d(?:NT|[SHDC])X{0,2}(?:=|[+-]\d+)"
_ITEM = rf"(?:\d+%|<1%) of (?:{_RESULT}|\d+(?: tricks?)?(?: \({_RESULT}\))?)"
_DISTRIBUTION = re.compile(rf"{_ITEM}(?:, {_ITEM})+")
_WORLD_OF = re.compile(r"^Law 64C\w*, \w+'s revoke on trick \d+")


def _written_as_a_score(run: str) -> bool:
    """A score as directors write it (weights in steps of 10%: ``80% of 3NT+3, 20% of 3NT+2``): the ruling itself,
    which its line, its law and Law 84D's comparison may each name."""
    return all(int(share) % 10 == 0 for share in re.findall(r"(\d+)% of", run)) and "<1%" not in run


def _distributions_written(page: str) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """Every estimate the report's body writes in words (``88% of 10 tricks, 6% of 9``), each result by its
    score where the text gives it, with the revoke its sentence is about where a law path step names one (two
    revokes' plays may end alike)."""
    article = page[page.index("<article"):page.index('<section class="appendix">')]
    article = re.sub(r"<svg.*?</svg>|<style.*?</style>", " ", article, flags=re.S)
    written = []
    for block in re.findall(r"<(p|li|td)\b[^>]*>(.*?)</\1>", article, flags=re.S):
        text = html.unescape(re.sub(r"<[^>]+>", "", block[1])).strip()
        about = _WORLD_OF.match(text)
        written += [(about.group(0) if about else "", tuple(
            (share, alone or result or tricks) for share, alone, tricks, result in
            re.findall(rf"(\d+%|<1%) of (?:({_RESULT})|(\d+)(?: tricks?)?(?: \(({_RESULT})\))?)", run)))
            for run in _DISTRIBUTION.findall(text) if not _written_as_a_score(run)]
    return written


def test_each_distribution_is_written_once_in_the_body(reports: dict[str, str]) -> None:
    """A committee reads each estimate once: no distribution of results is repeated above the appendix (the
    chart draws it; the law path, the 64C2b table or the evidence writes it)."""
    repeated = {}
    for name, page in reports.items():
        written = _distributions_written(page)
        twice = sorted({item for item in written if written.count(item) > 1})
        if twice:
            repeated[name] = twice
    assert repeated == {}


def test_the_64c2b_paragraph_is_five_short_sentences_and_its_plays_a_table(reports: dict[str, str]) -> None:
    page = reports["duschek-both-sides.pbn"]
    paragraph = html.unescape(re.sub(r"<[^>]+>", "", re.search(r'<p class="explain">(.*?)</p>', page, re.S).group(1)))
    sentences = [s for s in re.split(r"(?<=[.)])\s+(?=[A-Z])", paragraph) if s]
    assert len(sentences) <= 5 and not re.search(r"\d+% of", paragraph)
    table = re.search(r'<table class="plays">(.*?)</table>', page, re.S)
    assert table is not None and "had no revoke occurred" in table.group(1) and table.group(1).count("<tr>") >= 3


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
    from revsim.laws.clauses import LawPath
    from revsim.outputs.report.board import _headline

    two = (SimpleNamespace(tricks=9, weight=0.6), SimpleNamespace(tricks=8, weight=0.4))
    weighted = _headline(SimpleNamespace(law=LawPath("62A"), ns=two, ew=two))  # type: ignore[arg-type]
    assert weighted.startswith("Law 62A, weighted: the play after the correction could go more than one way")
    assert _headline(SimpleNamespace(law=LawPath("62A"), ns=two[:1], ew=two[:1])) == "Law 62A"  # type: ignore[arg-type]
    assert _headline(SimpleNamespace(law=LawPath("none"), ns=(), ew=())) == "the table result stands"  # type: ignore[arg-type]


def _ruling(name: str, estimator: str = "dd") -> Any:
    [record] = [item for item in read_records(HANDS / name) if isinstance(item, Record)][:1]
    return adjudicate(record, Settings(estimator=estimator))


def test_the_play_steps_card_by_card_with_each_legal_cards_value_at_the_revoke() -> None:
    ruling = _ruling("duschek-too-late-a.pbn")
    page = report_html(ruling)
    viewer = page[page.index('<details class="viewer">'):page.index("</details>", page.index('<details class="viewer">'))]
    cards = len(ruling.table.replay.plays)
    assert viewer.count('type="radio"') == cards + 1 and viewer.count('class="step step-') == cards + 1
    targets = set(re.findall(r'<label for="([^"]+)"', viewer))
    assert targets and targets <= set(re.findall(r'id="([^"]+)"', viewer))          # every button steps somewhere
    assert "<script" not in page
    [estimate] = ruling.estimates.values()
    at_revoke = re.search(r'<p class="at-revoke">(.*?)</p>', viewer, re.S)
    assert at_revoke is not None
    said = html.unescape(re.sub(r"<[^>]+>", "", at_revoke.group(1)))
    for candidate in estimate.candidates:
        suit, rank = "♠♥♦♣"[candidate.card.suit], str(candidate.card)[1:].replace("T", "10")
        assert f"{suit}{rank} {candidate.declarer_tricks}" in said
    assert "@media print" in page and ".viewer { display: none; }" in page          # paper has the table instead


def test_cards_in_the_reports_words_read_as_on_the_table() -> None:
    """One card notation (♠J) in the report's own words, as in the desk."""
    page = report_html(_ruling("duschek-too-late-a.pbn"))
    words = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", "", page, flags=re.S)))
    assert re.findall(r"\b[SHDC](?:10|[AKQJT2-9])\b", words) == []
    assert "♠J" in words


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium (Debian package chromium) is not installed")
def test_a_sessions_report_prints_each_board_on_two_pages(tmp_path: Path) -> None:
    """``report --all``: the index, then each board from a new page and on at most two."""
    from revsim.outputs.casetoml import cases_to_toml, record_to_case

    playwright = pytest.importorskip("playwright.sync_api", reason="Playwright comes with the dev extra")
    names = ("duschek-repeated-3nt.pbn", "kooijman-lead-restriction.toml", "law64c2b-damaged-side-only.toml")
    cases = [record_to_case(next(r for r in read_records(HANDS / name) if isinstance(r, Record))) for name in names]
    session = tmp_path / "session.toml"
    session.write_text(cases_to_toml(cases))
    out = tmp_path / "session.html"
    result = CliRunner().invoke(main, ["report", str(session), "--all", "--estimator", "dd", "-o", str(out)])
    assert result.exit_code == 0, result.output
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        page.goto(out.as_uri())
        articles = page.locator("article").count()
        for paper in ("A4", "Letter"):
            pages = len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(format=paper)))
            assert articles == 3 and pages <= 1 + 2 * articles, (paper, pages)
        browser.close()


def test_law84d_the_3nt_report_names_the_closer_form_its_worth_and_why_another_was_written(
        reports: dict[str, str]) -> None:
    text = " ".join(_prose_before_the_appendix(reports["duschek-repeated-3nt.pbn"]).split())
    assert "The closer 70% of 3NT+3, 30% of 3NT+2 is worth +481.0" in text
    assert "the doubt goes to the non-offending side (Law 84D)" in text
    assert "80% of 3NT+3, 20% of 3NT+2" in text and "+484.0" in text


def test_a_play_out_shown_gives_the_rulings_own_figures_and_never_calls_a_forced_card_a_choice(
        rulings: dict[str, Any]) -> None:
    """The play-outs shown agree with the double-dummy figures of the ruling for the same card (penalty cards, lead
    restrictions and corrections obeyed), and a card the law forces is never the one that parted from perfect play."""
    checked = 0
    for name, ruling in rulings.items():
        for estimate in ruling.estimates.values():
            values = {str(candidate.card): candidate.declarer_tricks for candidate in estimate.candidates}
            for representative in sd_evidence(estimate).representatives or ():
                trick, seat, card, after, forced = representative["plays"][0]
                if card in values and estimate.estimator == "sd":
                    assert after == values[card], (name, card, after, values[card])
                    checked += 1
                parted = representative.get("parted")
                for play in representative["plays"]:
                    if parted and play[4]:
                        assert (play[0], play[1], play[2]) != (parted["trick"], parted["player"], parted["card"]), name
    assert checked >= 10


def test_law62a_the_penalty_card_board_shows_8_for_the_forced_s2(reports: dict[str, str]) -> None:
    page = reports["law62a-penalty-card-decides-a-trick.toml"]
    play = page[page.index("<h2>Without the revoke"):page.index('<section class="appendix">')]
    cell = re.search(r"E <span[^>]*>♠2</span> <small>\(forced\)</small> <small>(\d+)</small>", play)
    assert cell is not None and cell.group(1) == "8", play[:2000]
    assert "cost East-West" not in play and "7 before" not in play


def test_a_case_without_statements_or_findings_says_none_were_recorded(reports: dict[str, str]) -> None:
    from revsim.outputs.text import NOTHING_SAID

    assert NOTHING_SAID in reports["duschek-repeated-3nt.pbn"]
    said = reports["law45d-dummy-places-a-card-not-named.toml"]
    assert NOTHING_SAID not in said and "What the players said" in said


def test_a_revoke_the_ruling_corrects_shows_the_record_after_it_as_uncorrected(reports: dict[str, str]) -> None:
    page = reports["law62a-penalty-card-decides-a-trick.toml"]
    assert "as recorded, the revoke uncorrected" in page
    play = page.split("<h2>The play</h2>", 1)[1].split("</figure>", 1)[0]
    assert "corrected by the ruling to the" in play and re.search(r"corrected by the ruling to the .*?♥.*?8", play)
    assert play.count("<tr class=superseded>") == 3          # tricks 11 to 13: the record's uncorrected play
    assert "the play after the correction is the one under" in play


def test_law64c2b_shows_a_replay_of_each_sides_play(reports: dict[str, str]) -> None:
    page = html.unescape(re.sub(r"<[^>]+>", "", reports["duschek-both-sides.pbn"]))
    assert "For North-South, play A (after the record's play to the end of trick 5): a replay that ends" in page
    assert "For East-West, play C: a replay that ends" in page                   # its own letter: another play
    letters = re.findall(r"(?:Play|play) ([A-Z])(?: \([^)]*\))?: (?:a|A) replay that ends", page)
    assert len(letters) == len(set(letters)), letters                             # two replays never share a letter


def _plain(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def _card_values(text: str) -> list[tuple[str, int]]:
    """``♥4 10, ♥3 10`` or ``the ♥4 (10), the ♥3 (10)``: each card with its number."""
    return [(card.replace(" ", ""), int(value)) for card, value in
            re.findall(r"([♠♥♦♣] ?(?:10|[2-9AKQJT])) \(?(\d+)\)?", text)]


def test_every_number_the_report_gives_for_a_card_at_a_revoke_agrees(reports: dict[str, str],
                                                                    rulings: dict[str, Any]) -> None:
    """Point 1 of one set of numbers: each legal card at each revoke has one double-dummy value wherever the report
    gives it (the position, the step-through, the Method's table and its double-dummy line), and it is the
    ruling's own (its estimate's candidates)."""
    from revsim.cards import SEAT_NAMES, card_with_symbol

    def shown(card: Any) -> str:
        return card_with_symbol(card).replace("T", "10")

    disagree: dict[str, list[str]] = {}
    for name, page in reports.items():
        ruling, found = rulings[name], []
        expected = {(e.trick, SEAT_NAMES[e.seat], shown(c.card)): c.declarer_tricks
                    for e in ruling.estimates.values() for c in e.candidates}
        text = _plain(page[:page.index('<section class="appendix">')])
        method = page[page.index('<section class="appendix">'):]
        said: list[tuple[str, tuple[int, str, str], int]] = []
        for trick, who, listed in re.findall(r"Trick (\d+): \w+ [^◀]*?(\w+) revoked here with the [^.]*\. The cards he "
                                             r"could legally have played[^:]*: ([^.]*)\.", text):
            said += [("the step-through", (int(trick), who, card), value) for card, value in _card_values(listed)]
        for who, trick, listed in re.findall(r"At the revoke, (\w+) was to (?:play|lead) to trick (\d+)[^.]*\. \1 could "
                                             r"legally have played ([^:]*):", text):
            said += [("the position", (int(trick), who, card), value) for card, value in _card_values(listed)]
        for trick, who, value, card in re.findall(r"trick (\d+), (\w+): double dummy line, (\d+) tricks \(([^;) ]+)",
                                                  _plain(method)):
            said.append(("the double-dummy line", (int(trick), who, card.replace(" ", "")), int(value)))
        tables = re.findall(r"<table><tr><th>Card</th>(.*?)</table>", method, re.S)
        for estimate, table in zip(ruling.estimates.values(), tables, strict=True):
            rows = re.findall(r"<tr><td>(.*?)</td><td class='num'>(\d+)</td></tr>", table)
            said += [("the Method's table", (estimate.trick, SEAT_NAMES[estimate.seat], _plain(card).strip()), int(value))
                     for card, value in rows]
        assert said or not expected, name
        found = [f"{where}: {key} is {value}, the ruling's {expected.get(key)}" for where, key, value in said
                 if expected.get(key) != value]
        if found:
            disagree[name] = found
    assert disagree == {}


def test_on_paper_without_the_revoke_keeps_its_heading_with_its_diagram(reports: dict[str, str]) -> None:
    """The heading, the position in words and the diagram are one block that a page break does not split."""
    apart = [name for name, page in reports.items() if "<h2>Without the revoke</h2>" in page and not re.search(
        r'<div class="keep"><h2>Without the revoke</h2><p>.*?</p><div class="diagram">.*?</div></div>', page, re.S)]
    assert apart == [] and sum("<h2>Without the revoke</h2>" in page for page in reports.values()) >= 40


def test_law16b_the_line_with_the_logical_alternative_is_shown_as_a_replay_like_any_other(reports: dict[str, str]) -> None:
    page = html.unescape(re.sub(r"<[^>]+>", "", reports["kooijman-no-diamonds-partner.toml"]))
    assert "With the logical alternative" in page
    assert re.search(r"With the logical alternative, the ♠3, instead: a replay that ends with \d+ tricks? for "
                     r"declarer's side \(number \d+ of \d+", page)
