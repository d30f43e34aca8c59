"""The command line: readable and JSON rulings, board selection, exit status, no stray files."""

from __future__ import annotations

import json

from click.testing import CliRunner

from revsim.cli import main
from tests.conftest import HANDS


def test_cli_json_fields(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--json"])
    assert result.exit_code == 0, result.output
    [board] = json.loads(result.output)
    assert board["board"] == "duschek-too-late-a" and board["contract"] == "4S" and board["declarer"] == "S"
    assert board["table_tricks"] == 9 and board["transfer"] == 2
    [revoke] = board["revokes"]
    assert revoke == revoke | {"trick": 3, "player": "E", "card": "SJ", "suit_led": "C",
                               "established": True, "law": "64A1", "transfer": 2}
    assert board["ruling"]["law"] == "64A"
    assert board["ruling"]["ns"] == board["ruling"]["ew"] == [{"tricks": 11, "weight": 1.0, "score": 450}]
    assert list(tmp_path.iterdir()) == []


def test_cli_noticed_after_round() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-b.pbn"),
                                       "--noticed", "after-round", "--json"])
    [board] = json.loads(result.output)
    assert board["revokes"][0]["law"] == "64B5" and board["transfer"] == 0


def test_cli_readable_ruling() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "kooijman-ebl-repeated.pbn")])
    assert result.exit_code == 0
    for text in ("5C by South", "Law 64A1", "Law 64B2", "Ruling (64A)", "♠"):
        assert text in result.output


def test_cli_bad_board_exits_non_zero(tmp_path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text((HANDS / "duschek-too-late-a.pbn").read_text().replace("CK  CQ", "CK  HQ"))
    result = CliRunner().invoke(main, ["adjudicate", str(bad)])
    assert result.exit_code == 1
    assert "bad.pbn, board duschek-too-late-a, line" in result.output


def test_cli_unknown_board() -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--board", "99"])
    assert result.exit_code == 2 and "no board named 99" in result.output
