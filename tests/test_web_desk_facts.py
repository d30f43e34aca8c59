"""Facts the desk has no field for (63A2's designated card, a play restriction, 43B2b's dummy_asked, a minor penalty
card, Law 16B's information) are kept from the file the case came from: ruled as the command line rules the file,
and written back in the case file the desk saves. Nothing a file says is lost by opening it at the desk."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from revsim.cli import main
from tests.desk_browser import CHROMIUM, HANDS, fresh_desk, open_record, rule_and_wait

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium)")


@pytest.fixture()
def laptop(browser: Any, desk_url: str) -> Iterator[Any]:
    context, page = fresh_desk(browser, desk_url, "desk.estimators.length > 0", viewport={"width": 1280, "height": 800})
    yield page
    context.close()


@pytest.mark.parametrize(("name", "kept"), [
    ("law61a-play-restriction-after-a-premature-play.toml", lambda case: case["facts"]["play_restriction"][0]["play"]),
    ("law43b2b-dummy-asked-after-forfeiting.toml", lambda case: case["facts"]["correction"][0]["dummy_asked"]),
    ("law50b-second-penalty-card-declarer-designates.toml", lambda case: case["facts"]["penalty_card"][0]["minor"]),
    ("kooijman-no-diamonds-partner.toml", lambda case: case["information"]["shows"][0]["at_least"]),
])
def test_a_fact_the_desk_has_no_field_for_is_ruled_and_saved_as_the_file_says(laptop: Any, name: str, kept: Any) -> None:
    open_record(laptop, name)
    laptop.select_option("#estimator", "dd")
    ruled = rule_and_wait(laptop)
    expected = json.loads(CliRunner().invoke(main, ["adjudicate", str(HANDS / name), "--json", "--estimator", "dd"]).output)[0]
    assert ruled["ruling"] == expected["ruling"] and ruled["revokes"] == expected["revokes"]
    with laptop.expect_download() as download:
        laptop.click("#download-toml")
    saved = tomllib.loads(download.value.path().read_text())
    original = tomllib.loads((HANDS / name).read_text())
    assert kept(saved) == kept(original)


def test_a_play_restriction_and_a_named_card_are_entered_at_the_desk(laptop: Any) -> None:
    open_record(laptop, "law61a-play-restriction-after-a-premature-play.toml")
    assert laptop.input_value("#fact-play_restriction") == "W:highest@11"      # the file's, shown in its field
    laptop.fill("#fact-play_restriction", "")
    laptop.select_option("#estimator", "dd")
    assert rule_and_wait(laptop)["revokes"] == []
    laptop.fill("#fact-play_restriction", "W:highest@11")
    ruled = rule_and_wait(laptop)
    assert [(r["card"], r["law"]) for r in ruled["revokes"]] == [("D3", "64A2")] and ruled["ruling"]["law"] == "64C1"
    open_record(laptop, "law63a1-attention-drawn-at-a-card.toml")
    laptop.fill("#fact-designated", "E:D3@4")
    ruled = rule_and_wait(laptop)
    assert [(r["established_by"], r["law"]) for r in ruled["revokes"]] == [("63A2", "64A2")]
    laptop.fill("#fact-designated", "E:D3 4")
    laptop.click("#rule")
    laptop.wait_for_function("document.getElementById('notice-rule').textContent.includes('cards named')")
