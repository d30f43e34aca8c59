"""Unauthorised information entered at the desk on a phone (Law 16B): who had it, before his card to which trick,
from a hesitation or a question, and what it showed of the hands, one fact a line; said back in words before
ruling ("void" as void), a line that fits no form refused with the forms, ruled as the command line rules the same
case file, and kept in the case file the desk saves."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from revsim.cli import main
from tests.desk_browser import CHROMIUM, HANDS, fresh_desk, open_record, rule_and_wait, shot

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium)")

PHONE = {"width": 390, "height": 844}
CASE = "kooijman-no-diamonds-partner.toml"


@pytest.fixture()
def phone(browser: Any, desk_url: str) -> Iterator[Any]:
    """The desk on a phone-sized touch screen, with nothing kept from an earlier test."""
    context, page = fresh_desk(browser, desk_url, "desk.information.forms.length > 0", viewport=PHONE, has_touch=True,
                               is_mobile=True)
    yield page
    context.close()


def _summary(page: Any) -> str:
    return str(page.locator("#information-summary").text_content())


def test_a_file_s_information_is_shown_in_the_desk_s_fields(phone: Any) -> None:
    open_record(phone, CASE)
    assert phone.input_value("#information-player") == "E" and phone.input_value("#information-trick") == "3"
    assert phone.input_value("#information-shows") == "S: at least 6 D"
    assert phone.input_value("#information-source") == "other"                  # the file's own words, kept whole
    assert phone.input_value("#information-words").startswith("after East's discard on the second diamond")
    assert "South holds at least 6 diamonds" in _summary(phone)


def test_a_hesitation_is_entered_on_a_phone_said_back_ruled_and_saved(phone: Any) -> None:
    open_record(phone, CASE)
    phone.select_option("#information-player", "")                              # the file's information taken out
    assert _summary(phone) == "No unauthorised information entered."
    phone.select_option("#information-player", "E")
    phone.fill("#information-trick", "3")
    phone.select_option("#information-source", "hesitation")
    phone.fill("#information-words", "West thought a long time over the second diamond")
    phone.fill("#information-shows", "S: six diamonds")
    assert "'S: six diamonds' is not what a hand was shown to hold" in _summary(phone)
    phone.fill("#information-shows", "S: at least 6 D\nN: void in S")
    assert _summary(phone) == ("East had unauthorised information before his card to trick 3 (from a hesitation: "
                               "West thought a long time over the second diamond): South holds at least 6 diamonds; "
                               "North is void in spades.")
    phone.fill("#information-shows", "S: at least 6 D")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "30-hesitation-entered")

    phone.select_option("#estimator", "dd")
    ruled = rule_and_wait(phone)
    expected = json.loads(CliRunner().invoke(main, ["adjudicate", str(HANDS / CASE), "--json", "--estimator",
                                                    "dd"]).output)[0]
    assert ruled["ruling"]["law"] == "16B" and ruled["ruling"] == expected["ruling"]
    assert ruled["title"] == "Ruling on unauthorised information (Law 16B)"
    assert "logical alternatives" in ruled["explanation"] and "the S3" in ruled["explanation"]
    shown = phone.locator("#ruling").text_content()
    assert "Law 16B" in shown and "logical alternatives" in shown                 # the reasons, not the law alone
    with phone.expect_download() as download:
        phone.click("#download-toml")
    saved = tomllib.loads(download.value.path().read_text())
    assert saved["information"] == {"trick": 3, "player": "E",
                                    "source": "hesitation: West thought a long time over the second diamond",
                                    "shows": [{"seat": "S", "suit": "D", "at_least": 6}]}
    shot(phone, "31-hesitation-ruled")


def test_law16b_the_penalty_tricks_dummys_question_told_of_are_a_field_ruled_and_saved(phone: Any) -> None:
    name = "law16b-dummys-question-suggests-a-safety-play.toml"
    open_record(phone, name)
    assert phone.input_value("#information-penalty") == "1"
    assert _summary(phone).endswith("1 penalty trick to come.")
    phone.select_option("#estimator", "dd")
    ruled = rule_and_wait(phone)
    expected = json.loads(CliRunner().invoke(main, ["adjudicate", str(HANDS / name), "--json", "--estimator",
                                                    "dd"]).output)[0]
    assert ruled["ruling"] == expected["ruling"] and "told of 1 penalty trick to come" in ruled["explanation"]
    with phone.expect_download() as download:
        phone.click("#download-toml")
    assert tomllib.loads(download.value.path().read_text())["information"]["penalty_tricks"] == 1
    phone.fill("#information-penalty", "0")
    phone.fill("#information-shows", "")
    assert "what it showed" in _summary(phone)                                    # neither: refused, with the forms
