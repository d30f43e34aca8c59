"""The command line: readable and JSON rulings, board selection, exit status, no stray files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from revsim.cli import main
from revsim.equity.settings import Settings
from tests.conftest import HANDS, renamed_boards


def test_cli_json_fields(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--estimator", "dd",
                                       "--json"])
    assert result.exit_code == 0, result.output
    [board] = json.loads(result.output)
    assert board["board"] == "duschek-too-late-a" and board["contract"] == "4S" and board["declarer"] == "S"
    assert board["table_tricks"] == 9 and board["transfer"] == 2
    [revoke] = board["revokes"]
    assert revoke == revoke | {"trick": 3, "player": "E", "card": "SJ", "suit_led": "C",
                               "established": True, "law": "64A1", "transfer": 2}
    assert board["ruling"]["law"] == "64A"
    assert board["ruling"]["ns"] == board["ruling"]["ew"] == [{"tricks": 11, "weight": 1.0, "percent": "100%",
                                                               "result": "4S+1", "score": 450}]
    assert board["table_result"] == "4S-1" and board["table_score"] == -50 and board["dealer"] == "S"
    assert board["event"] == "revsim seed cases" and board["players"] == dict.fromkeys("NESW")
    no_infraction = board["no_infraction"]
    assert no_infraction["estimator"] == "dd" and no_infraction["candidates"] == [{"card": "CJ", "tricks": 10}]
    assert [line["name"] for line in no_infraction["lines"]] == ["double dummy", "table-like"]
    assert board["settings"]["substitute"] == "best"
    assert list(tmp_path.iterdir()) == []


def test_cli_sd_settings_name_every_parameter_and_sd_is_the_default_of_a_ruling() -> None:
    """sd's parameters are in the JSON settings (level, seed, play-outs, layouts, temperature, sight, blend by
    cut); sd is the default of adjudicate, report and predict, and of the API's Settings; scan keeps dd and
    its --help says why."""
    from revsim.equity.settings import Settings
    from revsim.likely.levels import load_level

    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--json"])
    [board] = json.loads(result.output)
    assert board["no_infraction"]["estimator"] == "sd" and board["settings"]["estimator"] == "sd"
    level = load_level("expert")
    assert board["settings"] | {"level": "expert", "seed": 1, "play_outs": level.playouts, "layouts": level.layouts,
                                "temperature": level.temperature, "defence_sight": level.defence_sight,
                                "blend": {agreement: {str(cut): weight for cut, weight in by_cut.items()}
                                          for agreement, by_cut in level.blend.items()}} == board["settings"]
    assert Settings().estimator == "sd"
    for command, default in (("adjudicate", "sd"), ("report", "sd"), ("predict", "sd"), ("scan", "dd")):
        shown = " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())
        estimator_help = shown.split("--estimator", 1)[1].split("--level", 1)[0]
        assert f"[default: {default}]" in estimator_help, command
        assert ("scan keeps dd" in estimator_help) == (command == "scan"), command


def test_cli_noticed_after_round() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"),
                                       "--noticed", "after-round", "--json"])
    [board] = json.loads(result.output)
    assert board["revokes"][0]["law"] == "64B5" and board["transfer"] == 0


def test_cli_readable_ruling() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "kooijman-ebl-repeated.pbn"), "--estimator", "dd"])
    assert result.exit_code == 0
    for text in ("5C by South", "Law 64A1", "Law 64B2", "Ruling (Laws 64A, 64C2a): 5C-3 (8 tricks",
                 "South follows with the ♥5", "♠"):
        assert text in result.output


def test_cli_bad_board_exits_non_zero(tmp_path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text((HANDS / "duschek-too-late-a.pbn").read_text().replace("CK  CQ", "CK  HQ"))
    result = CliRunner().invoke(main, ["adjudicate", str(bad)])
    assert result.exit_code == 1
    assert "bad.pbn, board duschek-too-late-a, line" in result.output


def test_cli_unknown_board_lists_the_boards_the_file_holds() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--board", "99"])
    assert result.exit_code == 2
    assert "no board named '99'; the file holds 1 board: duschek-too-late-a" in result.output


def test_cli_unknown_board_in_a_long_file_shows_the_first_few_and_how_many(tmp_path) -> None:
    many = tmp_path / "session.pbn"
    many.write_text(renamed_boards(range(1, 13)), encoding="utf-8")
    result = CliRunner().invoke(main, ["adjudicate", str(many), "--board", "99"])
    assert result.exit_code == 2
    assert "the file holds 12 boards: 1, 2, 3, 4, 5, 6, 7, 8 and 4 more" in result.output


def test_cli_field_scores(tmp_path) -> None:
    field = tmp_path / "field.csv"
    field.write_text("board,ns_score\nduschek-too-late-b,420\nduschek-too-late-b,-50\nduschek-too-late-b,450\n"
                     "duschek-too-late-b,420\nduschek-too-late-b,170\nother,999\n")
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-b.toml"), "--field", str(field),
                                       "--estimator", "dd", "--json"])
    [board] = json.loads(result.output)
    assert board["ruling"]["law"] == "64C1"
    assert board["field"]["tables"] == 5
    # +420 beats -50 and 170, ties two 420s, loses to 450: (2+2+1+1+0)/10
    assert board["field"]["ns"]["matchpoints"] == 60.0 and board["field"]["ew"]["matchpoints"] == 40.0
    assert board["field"]["ns"]["datum"] == 340 and board["field"]["ns"]["imps_datum"] == 2.0


def test_cli_bad_field_file(tmp_path) -> None:
    field = tmp_path / "field.csv"
    field.write_text("ns_score\n420\nlots\n")
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-b.toml"), "--field", str(field)])
    assert result.exit_code == 2 and "field.csv, line 3" in result.output


def test_cli_facts_for_a_pbn_record() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--json",
                                       "--penalty-card", "E:SA@4", "--hidden", "N:H2", "--claim-by", "defenders"])
    assert result.exit_code == 0, result.output
    [board] = json.loads(result.output)
    kinds = [(r["trick"], r["kind"], r["law"]) for r in board["revokes"]]
    assert kinds == [(3, "failure to follow suit", "64A1"), (4, "penalty card not played", "64B3")]
    assert any("penalty card" in fact for fact in board["facts"])


def test_cli_lead_restriction_option() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--json",
                                       "--estimator", "dd", "--lead-restriction", "W:!C@2"])
    [board] = json.loads(result.output)
    assert (2, "lead restriction broken") in [(r["trick"], r["kind"]) for r in board["revokes"]]


def test_cli_bad_fact_option() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--penalty-card", "E:SA"])
    assert result.exit_code == 2 and "SEAT:CARD@TRICK" in result.output


def test_cli_max_playouts_is_bounded_and_echoed_in_the_settings() -> None:
    path = str(HANDS / "duschek-too-late-a.pbn")
    refused = CliRunner().invoke(main, ["adjudicate", path, "--max-playouts", "8"])
    assert refused.exit_code == 2 and "--max-playouts" in refused.output and "16<=x<=1024" in refused.output
    result = CliRunner().invoke(main, ["adjudicate", path, "--max-playouts", "48", "--json"])
    assert result.exit_code == 0, result.output
    [board] = json.loads(result.output)
    assert board["settings"]["max_playouts"] == 48
    on_dd = CliRunner().invoke(main, ["adjudicate", path, "--estimator", "dd", "--max-playouts", "48"])
    assert on_dd.exit_code == 2 and "not an option of the dd estimator" in on_dd.output


def test_cli_case_file() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-trick12-a.toml")])
    assert result.exit_code == 0
    assert "Facts: attention was first drawn after the round had ended (Law 64B5)" in result.output
    assert "Ruling (Law 64C1)" in result.output


def test_law12c1c_the_json_keeps_the_full_estimate_and_granularity_1_gives_it_back() -> None:
    path = str(HANDS / "duschek-repeated-3nt.pbn")
    [board] = json.loads(CliRunner().invoke(main, ["adjudicate", path, "--noticed", "end-of-play", "--json"]).output)
    ruling = board["ruling"]
    percents = [o["percent"] for o in ruling["ns"]]
    assert [o["tricks"] for o in ruling["ns"]][:2] == [12, 11] and sum(int(p.strip("%")) for p in percents) == 100
    assert ruling["written"] == ", ".join(f"{p} of 3NT+{o['tricks'] - 9}" for p, o in zip(percents, ruling["ns"], strict=True))
    estimate = {o["tricks"]: o["weight"] for o in ruling["distribution_ns"]}
    assert len(estimate) > len(ruling["ns"]) and abs(sum(estimate.values()) - 1) < 1e-6   # results left out kept
    assert sum(int(o["percent"].strip("%<>")) for o in ruling["distribution_ns"]) == 100
    score = next(d for d in board["decisions"] if d["step"] == "score")
    assert score["non_offending"] == "NS" and score["assigned_worth"] >= score["estimate_worth"]
    assert board["settings"]["max_outcomes"] == 3 and board["settings"]["granularity"] == 10
    assert board["settings"]["likely"] == round(1 / 6, 6) and score["likely"] == round(1 / 6, 6)
    assert {t for t, _ in score["left_out"]} == set(estimate) - {o["tricks"] for o in ruling["ns"]}
    assert all(weight < 1 / 6 for _, weight in score["left_out"])
    fine = CliRunner().invoke(main, ["adjudicate", path, "--noticed", "end-of-play", "--json", "--granularity", "1",
                                     "--max-outcomes", "13", "--likely", "0"])
    [again] = json.loads(fine.output)
    given_back = {o["tricks"]: o["weight"] for o in again["ruling"]["ns"]}
    assert set(given_back) == set(estimate)
    assert all(abs(given_back[t] - estimate[t]) <= 0.01 + 1e-9 for t in estimate)


def test_law12c1c_max_outcomes_and_granularity_are_checked() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--granularity", "3"])
    assert result.exit_code == 2 and "--granularity" in result.output
    with pytest.raises(ValueError, match="max_outcomes"):
        Settings(max_outcomes=0)
    with pytest.raises(ValueError, match="granularity"):
        Settings(granularity=7)


def test_law12c1c_the_likely_standard_is_an_option_and_the_results_left_out_are_named() -> None:
    path = str(HANDS / "duschek-too-late-b.toml")
    default = CliRunner().invoke(main, ["adjudicate", path])
    assert default.exit_code == 0
    ruling_line = next(line for line in default.output.splitlines() if line.startswith("Ruling"))
    assert "%" not in ruling_line                       # one likely result: the ruling alone
    assert "Not likely, so not weighted" in default.output
    everything = CliRunner().invoke(main, ["adjudicate", path, "--likely", "0", "--granularity", "1", "--max-outcomes", "13"])
    assert "% of 4S" in next(line for line in everything.output.splitlines() if line.startswith("Ruling"))
    bad = CliRunner().invoke(main, ["adjudicate", path, "--likely", "often"])
    assert bad.exit_code == 2 and "--likely" in bad.output and "1/6, 0.17 or 17%" in bad.output


@pytest.mark.parametrize("value", ["4.5", "abc", "14", "0"])
def test_a_bad_noticed_at_is_reported_against_noticed_at(value: str) -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--noticed-at", value])
    assert result.exit_code == 2
    assert "Invalid value for --noticed-at" in result.output and "--outcomes" not in result.output


def test_scan_takes_o_for_its_output_as_report_does(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    result = CliRunner().invoke(main, ["scan", str(HANDS / "duschek-too-late-a.pbn"), "--estimator", "dd", "--quiet",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.exists() and (tmp_path / "rows.revokes.csv").exists()


def test_each_commands_board_option_speaks_of_that_command_only() -> None:
    for name in ("adjudicate", "predict", "report"):
        help_text = CliRunner().invoke(main, [name, "--help"], terminal_width=200).output
        board = help_text[help_text.index("--board"):].split("\n  -", 1)[0]
        others = {"adjudicate", "predict", "report", "scan"} - {name}
        assert not any(f"{other} " in board for other in others), (name, board)


@pytest.mark.parametrize(("encoding", "spade"), [("utf-8", "♠2"), ("latin-1", "S2"), ("ascii", "S2")])
def test_cards_in_the_text_are_symbols_where_the_terminal_writes_them_and_letters_elsewhere(
        encoding: str, spade: str) -> None:
    import os
    import subprocess
    import sys
    case = HANDS / "law62a-penalty-card-decides-a-trick.toml"
    done = subprocess.run([sys.executable, "-m", "revsim", "adjudicate", str(case), "--estimator", "dd"],
                          capture_output=True, env=os.environ | {"PYTHONIOENCODING": encoding}, check=False)
    text = done.stdout.decode(encoding)
    assert done.returncode == 0 and "Traceback" not in done.stderr.decode(encoding, "replace")
    assert f"East played the {spade} to trick 10" in text
    assert (("♠ K2" in text) == (spade == "♠2")) and (("S K2" in text) == (spade == "S2"))


def test_cards_option_writes_letters_or_symbols_as_asked_and_leaves_what_people_typed(tmp_path: Path) -> None:
    case = tmp_path / "case.toml"
    original = (HANDS / "law62a-penalty-card-decides-a-trick.toml").read_text(encoding="utf-8")
    case.write_text(original.replace('dealer = "S"', 'dealer = "S"\nstatements = ["East: I thought the S2 was a heart"]'),
                    encoding="utf-8")
    letters = CliRunner().invoke(main, ["adjudicate", str(case), "--estimator", "dd", "--cards", "letters"])
    symbols = CliRunner().invoke(main, ["adjudicate", str(case), "--estimator", "dd", "--cards", "symbols"])
    assert "East played the S2 to trick 10" in letters.output and "♠" not in letters.output
    assert "East played the ♠2 to trick 10" in symbols.output
    assert "Statement: East: I thought the S2 was a heart" in symbols.output


def test_a_file_that_cannot_be_read_is_one_line_not_a_count_of_boards(tmp_path: Path) -> None:
    missing = CliRunner().invoke(main, ["adjudicate", str(tmp_path / "nowhere.pbn")])
    assert missing.exit_code == 1 and "no such file" in missing.output
    assert "could not be adjudicated" not in missing.output
    broken = tmp_path / "broken.pbn"
    broken.write_text('[Board "1"]\n[Deal "N:AKQ"]\n', encoding="utf-8")
    counted = CliRunner().invoke(main, ["adjudicate", str(broken)])
    assert counted.exit_code == 1 and "1 board could not be adjudicated" in counted.output   # a board read, not ruled


def test_substitute_is_an_option_of_dd_only() -> None:
    """``--substitute`` belongs to the dd estimator (its registry entry): written in dd's JSON settings, refused with sd."""
    uniform = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-repeated-3nt.pbn"), "--estimator", "dd",
                                        "--substitute", "uniform", "--json"])
    assert uniform.exit_code == 0, uniform.output
    [board] = json.loads(uniform.output)
    assert board["settings"]["substitute"] == "uniform" and board["no_infraction"]["substitute"] == "uniform"
    refused = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-repeated-3nt.pbn"), "--substitute", "uniform"])
    assert refused.exit_code == 2 and "--substitute is not an option of the sd estimator" in refused.output


def test_law70_the_class_of_player_is_set_with_the_dd_estimator_too() -> None:
    """--level with --estimator dd: the revoke's estimate stays double dummy, the claim's standard of normal play
    (and Law 16B's logical alternatives) is the class named."""
    path = str(Path(__file__).parent / "data" / "law70-claims.toml")
    result = CliRunner().invoke(main, ["adjudicate", path, "--board", "70e", "--estimator", "dd", "--level", "club",
                                       "--json"])
    assert result.exit_code == 0, result.output
    [board] = json.loads(result.output)
    assert board["settings"]["estimator"] == "dd" and board["settings"]["level"] == "club"
    assert board["claim"]["law70"]["standard"]["level"] == "club" and board["ruling"]["law"] == "70"
