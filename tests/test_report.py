"""The HTML ruling report: content, self-containment, the chart, and a real render in headless Chromium."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from revsim.adjudicate import Settings, adjudicate
from revsim.cli import main
from revsim.equity.trace import no_infraction_trace, table_trace
from revsim.outputs.report import report_html
from revsim.outputs.text import ruling_to_text
from revsim.records.readers import read_records
from tests.conftest import HANDS

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _ruling(name: str):
    record = next(read_records(HANDS / name))
    return adjudicate(record, Settings(estimator="dd"))


def test_report_holds_every_section() -> None:
    ruling = _ruling("duschek-repeated-3nt.pbn")
    page = report_html(ruling)
    for text in ("Revoke ruling: board duschek-repeated-3nt", "3NT by South", "The deal", "The play",
                 "The law, step by step", "Without the revoke", "The ruling: Laws 64A, 64C2a", "Law 64B2", "Law 64A2",
                 "with perfect play, after every card", "revsim 0.1.0 with endplay", "substitute = best"):
        assert text in page, text
    assert page.count('class="revoke"') + page.count("class=\"revoke won\"") >= 2  # both revoke cards marked
    assert "<svg" in page and "<polyline" in page
    assert not re.search(r"(src|href)=\"?https?://", page)  # self-contained: nothing fetched


def test_report_traces_follow_the_play() -> None:
    ruling = _ruling("duschek-too-late-a.pbn")
    table = table_trace(ruling)
    assert len(table.values) == len(ruling.table.replay.plays) + 1
    other = no_infraction_trace(ruling, ruling.no_infraction)
    assert other.start == 10  # the revoke was the 11th card (trick 3, third to play)
    assert other.values[-1] == 10 and len(other.cards) == 52 - other.start  # played out double dummy to the end
    assert table.values[other.start] == other.values[0]  # both lines meet before the revoke card


def test_report_field_and_sides(tmp_path) -> None:
    field = tmp_path / "field.csv"
    field.write_text("ns_score\n420\n-50\n450\n")
    out = tmp_path / "r.html"
    result = CliRunner().invoke(main, ["report", str(HANDS / "kooijman-lead-restriction.toml"), "-o", str(out),
                                       "--field", str(field), "--estimator", "dd"])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "Matchpoints" in page and "Against the field of 3 tables" in page
    assert "must lead a heart" in page  # the facts used


def test_report_needs_one_board(tmp_path) -> None:
    result = CliRunner().invoke(main, ["report", str(HANDS / "duschek-too-late-a.pbn"), "-o", str(tmp_path / "x.html"),
                                       "--board", "nope"])
    assert result.exit_code == 2 and "no board named 'nope'; the file holds 1 board" in result.output


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium (Debian package chromium) is not installed")
def test_report_renders_in_headless_chromium(tmp_path) -> None:
    out = tmp_path / "ruling.html"
    out.write_text(report_html(_ruling("duschek-both-sides.pbn")), encoding="utf-8")
    flags = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run(flags + ["--dump-dom", out.as_uri()], capture_output=True, text=True, timeout=120).stdout
    assert "Revoke ruling: board duschek-both-sides" in dom and "64C2b" in dom and "<svg" in dom
    shot = tmp_path / "ruling.png"
    subprocess.run(flags + [f"--screenshot={shot}", "--window-size=1100,2600", out.as_uri()],
                   capture_output=True, timeout=120)
    assert shot.is_file() and shot.stat().st_size > 20_000


def test_report_record_among_boards_sharing_a_name(tmp_path) -> None:
    from tests.conftest import CORPUS

    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not beside the project")
    source = CORPUS / "endplay-tests" / "example2.pbn"
    out = tmp_path / "r.html"
    many = CliRunner().invoke(main, ["report", str(source), "--board", "11", "-o", str(out)])
    assert many.exit_code == 2 and "--record K" in many.output
    one = CliRunner().invoke(main, ["report", str(source), "--board", "11", "--record", "2", "-o", str(out)])
    assert one.exit_code == 0, one.output
    page = out.read_text()
    assert "<h2>Auction</h2>" in page and "board 11" in page


def test_report_all_writes_one_session_page_with_an_index_linking_each_ruling(tmp_path) -> None:
    session = tmp_path / "session.pbn"
    pbn = [path.read_text() for path in sorted(HANDS.glob("*.pbn"))]
    broken = '[Board "99"]\n[Deal "N:AKQ"]\n'
    unplayed = '[Board "98"]\n[Dealer "N"]\n[Vulnerable "None"]\n' \
               '[Deal "N:853.K752.AQ94.Q7 AJ.Q863.T853.J65 KQT97.A4.KJ2.832 642.JT9.76.AKT94"]\n'
    session.write_text("\n".join([*pbn, unplayed, broken]))
    out = tmp_path / "session.html"
    result = CliRunner().invoke(main, ["report", str(session), "--all", "--estimator", "dd", "-o", str(out)])
    assert result.exit_code == 1  # the broken board is an error, listed, and the page is still written
    assert "board 99" in result.output
    page = out.read_text()
    links = re.findall(r'<a href="#(r\d+)">([^<]+)</a>', page)
    articles = re.findall(r'<article id="(r\d+)"><h1>Revoke ruling: board ([^<]+)</h1>', page)
    assert len(links) == len(pbn) == len(articles) and links == articles
    assert "Records that could not be read" in page and "board 99" in page
    assert "board 98: passed out or no contract" in page
    assert f"{len(pbn) + 2} records read: {len(pbn)} with revokes" in page
    repeated = re.search(r'href="#r\d+">duschek-repeated-3nt</a></td>.*?</tr>', page)
    # each ruling in the index as the board's page writes it (double dummy here: the plumbing, not the estimate)
    assert repeated and "Laws 64A, 64C2a: 3NT+3" in repeated.group(0)


JARGON = ("position-blind", "blend", "defence sight", "temperature", "policy", "play-out", "simulated", "standard of likely",
          "record of real play", "counts them for", "drawn again", "resample", "end-of-play", "after-round", " led)")


def test_law12c1c_the_3nt_ruling_in_plain_words_with_a_representative_play_out_and_the_method_last() -> None:
    """The default (sd) ruling of the 3NT repeated revoke, as a committee reads it: no statistician's words
    before the Method section, a representative play-out, the estimate charted beside the score assigned."""
    record = next(read_records(HANDS / "duschek-repeated-3nt.pbn"))
    ruling = adjudicate(record, Settings(noticed="end-of-play"))
    weights = [(o.tricks, o.weight) for o in ruling.ns]
    assert [tricks for tricks, _ in weights][:2] == [12, 11] and weights[0][1] == max(w for _, w in weights)
    written = ", ".join(f"{round(weight * 100)}% of 3NT+{tricks - 9}" for tricks, weight in weights)
    page = report_html(ruling)
    before, method = page.split("<h2>Appendix: method</h2>")
    assert not [word for word in JARGON if word in before.lower()]
    assert "blend" in method and "temperature" in method
    # one play-out for each result of the score (11 and 10 tricks in the world without the second revoke), the most
    # typical of those that end so, and the card that parts from perfect play told neutrally
    assert "A replay that ends with 11 tricks" in before and "A replay that ends with 10 tricks" in before
    assert "the most typical of the" in before
    assert "parts from perfect play" in before and "a choice a player who cannot see the other hands may make" in before
    assert "How settled:" in method
    # with seed 1 the estimate sits between two forms: the method names the other, written like the ruling
    settled = re.search(r"How settled: (\d+)% of 100 resamples.*?, and (\d+)% give (\d+% of 3NT\+\d, \d+% of 3NT\+\d)\. "
                        r"The ruling is not settled within the most play-outs allowed \(32", method)
    assert settled and settled.group(3) != written and int(settled.group(1)) + int(settled.group(2)) <= 100
    # and the committee reads it beside the ruling, in plain words
    note = re.search(r"The weights are not settled: taking the replays again at random gives them (\d+) times in "
                     r"100, and (.*?) (\d+) times \([+-]\d+\.\d to North-South, against [+-]\d+\.\d for the score "
                     r"written\)\. The score written is the ruling \(Law 12C1c, with Law 84D\); more replays would settle "
                     r"the weights further\.",
                     before)
    assert "may choose either" not in page                                      # one voice: no second instruction
    assert note and note.groups() == (settled.group(1), settled.group(3), settled.group(2))
    assert "Law 84D" in before and written in before
    assert "the estimate (light) and the score assigned (green)" in before
    # the chart says what it counts: the world without the later revoke, the earlier revoke's transfer counted in it
    assert re.search(r"<figcaption>How likely each result is without East&#x27;s revoke on trick 4, the earlier "
                     r"revoke&#x27;s transfer counted in each result", before)
    text = ruling_to_text(ruling)
    before_text = text.split("\nMethod:\n")[0]
    assert not [word for word in JARGON if word in before_text.lower()]
    assert f"Ruling (Laws 64A, 64C2a): {round(weights[0][1] * 100)}% of 3NT+3 (12 tricks, NS +490), " \
           f"{round(weights[1][1] * 100)}% of 3NT+2" in before_text


def test_the_report_renders_without_the_solver_once_its_traces_are_computed(monkeypatch: pytest.MonkeyPatch) -> None:
    from revsim.likely import solver
    from revsim.outputs.report import board_traces
    from revsim.outputs.report.board import report_article

    ruling = _ruling("duschek-repeated-3nt.pbn")
    traces = board_traces(ruling)

    def no_solving(*args: object, **kwargs: object) -> None:
        raise AssertionError("the solver was called while rendering")

    for name in ("_solve_one", "_solve_batch"):  # every way into DDS
        monkeypatch.setattr(solver, name, no_solving)
    solver._cache.clear()   # positions solved before would be answered from the cache
    with pytest.raises(AssertionError, match="the solver was called"):
        board_traces(ruling)   # the check can fail: computing traces does solve
    article = report_article(ruling, traces)
    assert "<svg" in article and "after every card</h3>" in article


def test_the_charts_are_well_formed_svg_with_every_label_escaped() -> None:
    import xml.etree.ElementTree as ET

    from revsim.equity.trace import Trace
    from revsim.outputs.report.chart import BoardTraces, chart_svg, distribution_chart

    table = Trace("as <played> & more", 0, ("SA",), (10, 9, 9, 10))
    other = Trace("without", 1, ("SK",), (10, 10, 11))
    line_chart = ET.fromstring(chart_svg(BoardTraces(table, other, (2,))))
    assert line_chart.find("{http://www.w3.org/2000/svg}polyline/{http://www.w3.org/2000/svg}title").text == table.name
    assert len(line_chart.findall("{http://www.w3.org/2000/svg}circle")) == 1
    bars = ET.fromstring(distribution_chart(((12, 0.6), (11, 0.4)), ((12, 0.6), (11, 0.4))))
    labels = [element.text for element in bars.iter("{http://www.w3.org/2000/svg}text")]
    assert "60%" in labels and "40%" in labels
