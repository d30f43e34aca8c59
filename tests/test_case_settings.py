"""How a board was ruled travels with its case file: the ``settings`` table (written by the desk) is used
wherever the command line chooses nothing else, an option given wins, and a setting that cannot be read is
that board's error naming the file, the board and the setting."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cli import main
from revsim.equity.settings import BOTH_SIDES_METHODS, REGIMES, Settings, settings_for_case
from revsim.outputs.casetoml import case_to_toml, record_to_case
from revsim.records.readers import parse_text, read_records
from revsim.records.record import Record
from tests.conftest import HANDS


def _case_with(source: str, settings_table: dict[str, Any]) -> dict[str, Any]:
    record = next(read_records(HANDS / source))
    assert isinstance(record, Record)
    return record_to_case(record) | {"settings": settings_table}


def _adjudicate(path: Path, *options: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["adjudicate", str(path), "--json", *options])
    return json.loads(result.output)[0]


def test_a_case_files_settings_rule_the_board_unless_an_option_says_otherwise(tmp_path: Path) -> None:
    path = tmp_path / "both.toml"
    path.write_text(case_to_toml(_case_with("duschek-both-sides.pbn", {"estimator": "dd", "both_sides": "separately"})))
    from_file = _adjudicate(path)
    assert from_file["settings"]["both_sides"] == "separately" and from_file["settings"]["estimator"] == "dd"
    separately = _adjudicate(HANDS / "duschek-both-sides.pbn", "--estimator", "dd", "--both-sides", "separately")
    assert from_file["ruling"] == separately["ruling"]
    overridden = _adjudicate(path, "--both-sides", "neither")
    assert overridden["settings"]["both_sides"] == "neither"
    assert overridden["ruling"]["ns"] != from_file["ruling"]["ns"]    # 1NTX+3 for North-South apart, -3 together


def test_a_case_files_estimator_options_are_kept_and_an_options_seed_wins(tmp_path: Path) -> None:
    path = tmp_path / "sd.toml"
    table = {"estimator": "sd", "estimator_options": {"level": "expert", "seed": 7}, "regime": "non-weighted",
             "likely": "1/5", "max_outcomes": 2, "granularity": 5}
    path.write_text(case_to_toml(_case_with("law64c2b-damaged-side-only.toml", table)))
    [record] = list(parse_text(path.read_text(), str(path)))
    assert isinstance(record, Record)
    ruled = settings_for_case(Settings(chosen=frozenset()), record.ruled_with, ())
    assert (ruled.option("seed"), ruled.option("level"), ruled.regime) == (7, "expert", "non-weighted")
    assert (ruled.max_outcomes, ruled.granularity, round(ruled.likely, 3)) == (2, 5, 0.2)
    mine = settings_for_case(Settings(estimator_options={"seed": 3}, chosen=frozenset({"seed"})), record.ruled_with,
                             {"seed"})
    assert (mine.option("seed"), mine.option("level")) == (3, "expert")
    other = settings_for_case(Settings(estimator="dd", chosen=frozenset({"estimator"})), record.ruled_with,
                              {"estimator"})
    assert other.estimator == "dd" and "seed" not in other.estimator_options


def test_a_setting_that_cannot_be_read_is_the_boards_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(case_to_toml(_case_with("duschek-too-late-a.pbn", {"both_sides": "sometimes"})))
    result = CliRunner().invoke(main, ["adjudicate", str(path)])
    assert result.exit_code == 1
    assert "bad.toml" in result.output and "board duschek-too-late-a" in result.output
    assert "settings: both_sides must be one of neither, separately, not 'sometimes'" in result.output
    assert "Traceback" not in result.output
    assert f"line {_line_setting(path, 'both_sides')}:" in result.output


@pytest.mark.parametrize(("key", "value"), [("defence", "lenient"), ("likely", "often"), ("granularity", 7)])
def test_a_setting_that_cannot_be_read_is_reported_at_its_own_line(tmp_path: Path, key: str, value: object) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(case_to_toml(_case_with("duschek-too-late-a.pbn", {"estimator": "dd", key: value})))
    result = CliRunner().invoke(main, ["adjudicate", str(path)])
    assert result.exit_code == 1 and f"line {_line_setting(path, key)}: settings: {key}" in result.output


def _line_setting(path: Path, key: str) -> int:
    """The line of the case file that sets ``key`` (in a ``settings`` table or inline table)."""
    pattern = re.compile(rf"(^|[{{,\s]){key}\s*=")
    return next(number for number, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line))


def test_an_unknown_setting_is_named_with_the_closest_key(tmp_path: Path) -> None:
    path = tmp_path / "typo.toml"
    path.write_text(case_to_toml(_case_with("duschek-too-late-a.pbn", {"both_side": "neither"})))
    result = CliRunner().invoke(main, ["adjudicate", str(path)])
    assert result.exit_code == 1 and "unknown key `settings.both_side`: did you mean `both_sides`?" in result.output


def test_a_case_file_written_again_keeps_its_settings_why_and_when_the_claim_was_made(tmp_path: Path) -> None:
    restriction = next(read_records(HANDS / "kooijman-lead-restriction.toml"))
    assert isinstance(restriction, Record)
    case = record_to_case(restriction)
    assert case["claim"]["after_trick"] == 4
    assert case["facts"]["lead_restriction"][0]["why"].startswith("East led the H9 out of turn")
    path = tmp_path / "again.toml"
    path.write_text(case_to_toml(case | {"settings": {"estimator": "dd", "regime": "non-weighted"}}))
    again = next(read_records(path))
    assert isinstance(again, Record)
    assert record_to_case(again) == case | {"settings": {"estimator": "dd", "regime": "non-weighted"}}
    assert tomllib.loads(path.read_text())["settings"] == {"estimator": "dd", "regime": "non-weighted"}


@settings(max_examples=40, deadline=None)
@given(regime=st.sampled_from(REGIMES), both_sides=st.sampled_from(BOTH_SIDES_METHODS),
       chosen=st.sets(st.sampled_from(["regime", "both_sides", "estimator", "seed"])),
       seed=st.integers(0, 10**6))
def test_law12c1_settings_a_case_gives_fill_only_what_the_caller_left_open(regime: str, both_sides: str,
                                                                           chosen: set[str], seed: int) -> None:
    """Law 12C1 (the regime) and Law 64C2b (the method) as the case file ruled them, unless chosen."""
    caller = Settings(estimator="sd", estimator_options={"seed": 99}, regime="weighted", both_sides="neither",
                      chosen=frozenset(chosen))
    table = {"estimator": "sd", "regime": regime, "both_sides": both_sides, "estimator_options": {"seed": seed}}
    ruled = settings_for_case(caller, table, chosen)
    assert ruled.regime == ("weighted" if "regime" in chosen else regime)
    assert ruled.both_sides == ("neither" if "both_sides" in chosen else both_sides)
    assert ruled.option("seed") == (99 if "seed" in chosen else seed)


def test_settings_given_to_the_api_are_kept_as_they_are(tmp_path: Path) -> None:
    from revsim import adjudicate

    path = tmp_path / "api.toml"
    path.write_text(case_to_toml(_case_with("duschek-both-sides.pbn", {"estimator": "dd", "both_sides": "separately"})))
    [record] = list(parse_text(path.read_text(), str(path)))
    assert isinstance(record, Record)
    assert adjudicate(record, Settings(estimator="dd")).settings.both_sides == "neither"
    assert adjudicate(record).settings.both_sides == "separately"
    with pytest.raises(ValueError, match="chosen must be a set"):
        Settings(chosen="seed")  # type: ignore[arg-type]
