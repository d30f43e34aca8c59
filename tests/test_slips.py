"""Recording slips told apart from revokes: boards of our own with each signature get the ``suspect`` reason in
the JSON, the revoke rows and the board rows; the scan counts them and ``--exclude-suspect`` leaves them out
of the scorer's rows; a plain revoke is not suspect."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from revsim.cli import main
from revsim.outputs.rowfiles import read_rows
from revsim.scan import scan
from tests.conftest import HANDS

END = 'contract = "1NT"\ndeclarer = "S"\nvulnerable = "None"\n'
BOARDS = {
    # East discards the HK on a spade lead while holding the SK: a suit typed wrong.
    "same-rank": ('deal = "N:7..32. K.K..4 2..54. 5...32"\nstart = { trick = 11, leader = "W", declarer_tricks = 5 }\n'
                  'play = ["S5 S7 HK S2", "D2 C4 D4 C2", "D5 C3 D3 SK"]\n'),
    # North and East both "fail to follow" the spade lead: a wrong lead typed.
    "several-in-trick": ('deal = "N:7..32. K.K..4 2..54. 5...32"\nstart = { trick = 11, leader = "W", declarer_tricks = 5 }\n'
                         'play = ["S5 D2 HK S2", "C2 S7 C4 D4", "SK D5 C3 D3"]\n'),
    # East's HK on a spade, then his SQ on a heart: the two cards fit each other's tricks.
    "swapped": ('deal = "N:7..32. Q.K..4 2.3.5. A.2..3"\nstart = { trick = 11, leader = "W", declarer_tricks = 5 }\n'
                'play = ["SA S7 HK S2", "H2 D2 SQ H3", "D5 C3 D3 C4"]\n'),
    # Four revokes in two tricks.
    "many-revokes": ('deal = "N:23..23. 45...23 67..45. AK.23.."\nstart = { trick = 10, leader = "W", declarer_tricks = 4 }\n'
                     'play = ["SA D2 C2 S6", "SK D3 C3 S7", "H2 S2 S4 D4", "H3 S3 S5 D5"]\n'),
}


@pytest.fixture
def slips(tmp_path: Path) -> Path:
    for name, text in BOARDS.items():
        (tmp_path / f"{name}.toml").write_text(f'board = "{name}"\n' + END + text, encoding="utf-8")
    (tmp_path / "plain.pbn").write_text((HANDS / "duschek-repeated-3nt.pbn").read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("signature", sorted(BOARDS))
def test_each_signature_marks_the_revoke_suspect(slips: Path, signature: str) -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(slips / f"{signature}.toml"), "--estimator", "dd", "--json"])
    [board] = json.loads(result.stdout)
    assert board["status"] == "ok", board
    reasons = [revoke["suspect"] or "" for revoke in board["revokes"]]
    assert any(signature in reason.split(";") for reason in reasons), reasons


def test_a_plain_revoke_is_not_suspect(slips: Path) -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(slips / "plain.pbn"), "--estimator", "dd", "--json"])
    [board] = json.loads(result.stdout)
    assert [revoke["suspect"] for revoke in board["revokes"]] == [None, None]


def test_the_scan_counts_suspect_boards_and_can_leave_them_out_of_the_adjustments(slips: Path) -> None:
    boards, revokes = scan([slips])
    by_board = dict(zip(boards.board, boards.suspect, strict=True))
    assert by_board["duschek-repeated-3nt"] is pd_na() and "same-rank" in by_board["same-rank"]
    assert revokes.suspect.notna().sum() >= 6
    out, kept, left = slips / "scan.csv", slips / "all.csv", slips / "clean.csv"
    result = CliRunner().invoke(main, ["scan", str(slips), "--out", str(out), "--adjustments", str(kept)])
    assert "4 with a recording slip's signature" in result.output
    CliRunner().invoke(main, ["scan", str(slips), "--adjustments", str(left), "--exclude-suspect", "--quiet"])
    assert set(read_rows(left).board) <= {"duschek-repeated-3nt"} < set(read_rows(kept).board) | {"duschek-repeated-3nt"}
    assert len(read_rows(left)) < len(read_rows(kept))


def pd_na():
    import pandas as pd

    return pd.NA
