"""Evidence in one voice: every figure a committee reads in a report agrees with every other (``one_voice``), over
every ``hands/`` report with the default settings, and a number edited by hand is found."""

from __future__ import annotations

import re
from typing import Any

import pytest

from revsim.adjudicate import Settings
from revsim.outputs.report import report_html
from tests.conftest import HANDS
from tests.one_voice import body_text, charts, figures_disagreeing
from tests.shared_rulings import ruling_of

HAND_FILES = sorted(path for path in HANDS.iterdir() if path.suffix in (".pbn", ".toml"))


@pytest.fixture(scope="module")
def rulings() -> dict[str, Any]:
    """Every hands/ file's ruling with the default settings (sd), shared with the other modules that read them."""
    return {path.name: ruling_of(path, Settings()) for path in HAND_FILES}


@pytest.fixture(scope="module")
def reports(rulings: dict[str, Any]) -> dict[str, str]:
    return {name: report_html(ruling) for name, ruling in rulings.items()}


def test_every_figure_of_every_hands_report_is_one_recorded_value(rulings: dict[str, Any],
                                                                   reports: dict[str, str]) -> None:
    """For every play and result printed in the body or a chart, one percentage; every worth the worth of what
    stands beside it; each chart the distribution of the play its caption names; each play shown by a replay with
    its estimate derived."""
    found = {name: figures_disagreeing(page, rulings[name]) for name, page in reports.items()}
    assert {name: problems for name, problems in found.items() if problems} == {}


def test_the_check_reads_figures_from_every_kind_of_report(reports: dict[str, str]) -> None:
    """The check is not vacuous: it reads distributions, worths and charts from the reports it passes."""
    text = " ".join(" ".join(body_text(page)) for page in reports.values())
    assert len(re.findall(r"\d+% of \d+ tricks", text)) > 100
    assert len(re.findall(r"worth [+-]\d+", text)) > 10
    assert sum(len(charts(page)) for page in reports.values()) > 20


def _edited(page: str, old: str, new: str) -> str:
    assert old in page, old
    return page.replace(old, new, 1)


@pytest.mark.parametrize(("name", "old", "new", "found"), [
    ("duschek-repeated-3nt.pbn", "takes 66% of 11 tricks (3NT+2)", "takes 67% of 11 tricks (3NT+2)",
     "no play recorded"),
    ("duschek-repeated-3nt.pbn", "worth +484.0 points", "worth +486.0 points", "stands beside what is worth"),
    ("duschek-repeated-3nt.pbn", 'font-size="11">66%</text>', 'font-size="11">67%</text>', "a chart's bars"),
    ("duschek-repeated-3nt.pbn", "make the 66% of 11 tricks", "make the 76% of 11 tricks", "a figure no play gives"),
    ("duschek-repeated-3nt.pbn", "44% of the replays&#x27; 59%", "44% of the replays&#x27; 69%", "does not add up"),
    ("duschek-both-sides.pbn", "89% of 4 tricks (1NTX-3)", "88% of 4 tricks (1NTX-3)", "no play recorded"),
    ("kooijman-no-diamonds-partner.toml", "3NT=, is worth +400", "3NT=, is worth +333", "stands beside what is worth"),
])
def test_a_number_edited_by_hand_is_found(rulings: dict[str, Any], reports: dict[str, str], name: str, old: str,
                                          new: str, found: str) -> None:
    assert figures_disagreeing(reports[name], rulings[name]) == []
    problems = figures_disagreeing(_edited(reports[name], old, new), rulings[name])
    assert any(found in problem for problem in problems), problems


def test_a_second_estimate_of_one_play_beside_the_first_is_found(rulings: dict[str, Any],
                                                                 reports: dict[str, str]) -> None:
    """Real play counting the defenders' slips, written beside the estimate the ruling weighs (as the both-sides
    report once did), is one play written with two figures."""
    ruling = rulings["duschek-both-sides.pbn"]
    slips = ("Counting the slips, real play would give 64% of 4 tricks, 13% of 5, 10% of 7, 6% of 8, 4% of 6, 3% of "
             "3, &lt;1% of 2.</p>")
    page = re.sub(r"(so the ruling weighs the other 8: all took 4 tricks\.)</p>", rf"\1 {slips}", reports[
        "duschek-both-sides.pbn"], count=1)
    assert page != reports["duschek-both-sides.pbn"]
    assert any("two figures" in problem for problem in figures_disagreeing(page, ruling))


@pytest.mark.parametrize(("name", "pattern", "replacement", "found"), [
    ("duschek-repeated-3nt.pbn", r" Not the play the ruling rests on: [^<]*?\(Law 64C2a\)\.", "", "does not use"),
    ("law16b-dummy-asks-after-an-established-revoke.toml", r"(<b>Transfer \(64A\)</b>1)[^<]*", r"\1",
     "header's transfer"),
    ("duschek-repeated-3nt.pbn", r"(<p class=\"unsettled\">)", r"\1Both are within the law; the director may choose either. ",
     "second instruction"),
    ("duschek-both-sides.pbn", r"<p>12 of play A&#x27;s 16 replays[^<]*</p>", "", "estimate derived"),
])
def test_each_of_the_old_faults_is_found(rulings: dict[str, Any], reports: dict[str, str], name: str, pattern: str,
                                         replacement: str, found: str) -> None:
    """The faults a committee found in earlier reports, put back by hand, are each found: an unused play not named,
    the header's bare transfer, a second instruction beside Law 84D's, a play's replay without its derivation."""
    page = re.sub(pattern, replacement, reports[name], count=1)
    assert page != reports[name]
    assert any(found in problem for problem in figures_disagreeing(page, rulings[name]))


def test_law84d_the_3nt_report_names_one_form_and_never_offers_either(reports: dict[str, str]) -> None:
    page = reports["duschek-repeated-3nt.pbn"]
    body = " ".join(body_text(page))
    assert "80% of 3NT+3, 20% of 3NT+2" in body and "Law 84D" in body
    assert not re.search(r"\beither\b|may choose", body)


def test_a_play_shown_by_a_replay_says_how_its_estimate_comes_from_the_replays(reports: dict[str, str]) -> None:
    """Both-sides: play A's 91% of 6 tricks is derived from its 4 replays without a slip and the records, beside
    its replay (the most typical of the 4 that end so)."""
    body = " ".join(body_text(reports["duschek-both-sides.pbn"]))
    assert re.search(r"12 of play A.s 16 replays had a defender's slip and are set aside \(Law 12C1c\); 55% of the other 4 "
                     r"replays' 100% and 45% of expert players' \d+% \(how often they ended with 6 tricks from "
                     r"positions like this\) make the 91% of 6 tricks", body)
    assert "Counting the slips" not in body

