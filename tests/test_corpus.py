"""The real records of ../shared/corpus, read as they are."""

from __future__ import annotations

from collections import Counter

import pytest

from revsim.adjudicate import Settings, adjudicate
from revsim.records.errors import RecordError
from revsim.records.readers import read_records
from tests.conftest import CORPUS, needs_corpus

pytestmark = needs_corpus()


def _outcomes(path):
    """(kind, item) per board: 'ok' with the ruling, 'no-play', or 'error' with the RecordError."""
    for item in read_records(path):
        if isinstance(item, RecordError):
            yield "error", item
        elif item.contract is None or not item.play:
            yield "no-play", item
        else:
            try:
                yield "ok", adjudicate(item, Settings(estimator="dd"))
            except RecordError as error:
                yield "error", error


@pytest.mark.parametrize("name", [
    "endplay-tests/example2.pbn", "endplay-tests/example1.lin", "endplay-tests/example1.pbn",
    "bridge-bots/sample.pbn", "bridge-bots/sample.lin", "bridge-bots/usbf_sf_14502.lin",
    "bridge-bots/shared_deals.pbn",
])
def test_legal_records_report_no_revoke(name: str) -> None:
    outcomes = list(_outcomes(CORPUS / name))
    assert outcomes
    assert sum(len(item.revokes) for kind, item in outcomes if kind == "ok") == 0
    for kind, item in outcomes:
        if kind == "error":
            assert item.source and item.board and item.problem


def test_example2_pbn_every_played_board_adjudicated() -> None:
    kinds = Counter(kind for kind, _ in _outcomes(CORPUS / "endplay-tests/example2.pbn"))
    assert kinds == {"ok": 278, "no-play": 21}


def test_lin_vugraph_all_thirty_boards_with_claims() -> None:
    outcomes = list(_outcomes(CORPUS / "bridge-bots/usbf_sf_14502.lin"))
    assert [kind for kind, _ in outcomes] == ["ok"] * 30
    assert any(item.table.claimed for _, item in outcomes)


def test_example3_every_record_accounted_for() -> None:
    outcomes = list(_outcomes(CORPUS / "endplay-tests/example3.pbn"))
    kinds = Counter(kind for kind, _ in outcomes)
    assert len(outcomes) == 7632
    assert kinds["no-play"] == 147
    not_held = [item for kind, item in outcomes if kind == "error" and "does not hold" in item.problem]
    assert len(not_held) == 3640
    assert all(item.line and item.trick and item.card for item in not_held)
    assert sum(len(item.revokes) for kind, item in outcomes if kind == "ok") == 0
    assert kinds["ok"] + kinds["error"] + kinds["no-play"] == 7632


def test_example4_east_plays_a_card_east_does_not_hold() -> None:
    outcomes = list(_outcomes(CORPUS / "endplay-tests/example4.pbn"))
    errors = [item for kind, item in outcomes if kind == "error"]
    assert len(errors) == 1
    assert "East does not hold" in errors[0].problem and errors[0].line and errors[0].trick


def test_correct_10_marked_revokes_found() -> None:
    errors = [item for kind, item in _outcomes(CORPUS / "pbn-verifier/correct_10.pbn") if kind == "error"]
    game3 = [error for error in errors if "revokes found" in error.problem]
    assert len(game3) == 1
    assert "East's S5 (trick 2)" in game3[0].problem and "East's C6 (trick 3)" in game3[0].problem


def test_correct_10_marked_revokes_through_the_replay() -> None:
    from revsim.laws.detection import find_revokes
    from revsim.play.table import replay_cards
    records = [item for item in read_records(CORPUS / "pbn-verifier/correct_10.pbn")
               if not isinstance(item, RecordError) and any(p.marked_revoke for p in item.play)]
    assert len(records) == 1
    record = records[0]
    revokes = find_revokes(replay_cards(record), record.contract.declarer, claimed=True)
    assert [(r.trick, "NESW"[r.seat], str(r.card)) for r in revokes] == [(2, "E", "S5"), (3, "E", "C6")]
    marked = [(item.row, str(item.card)) for item in record.play if item.marked_revoke]
    assert marked == [(2, "S5"), (3, "C6")]


@pytest.mark.parametrize("name", ["errors_10.pbn", "errors_20.pbn", "errors_21.pbn"])
def test_error_files_never_crash_and_errors_name_the_line(name: str) -> None:
    outcomes = list(_outcomes(CORPUS / "pbn-verifier" / name))
    assert outcomes
    for kind, item in outcomes:
        if kind == "error":
            assert item.line is not None, item.describe()
            assert f"line {item.line}" in item.describe()


def test_errors_10_bad_deals_named() -> None:
    problems = [item.describe() for kind, item in _outcomes(CORPUS / "pbn-verifier/errors_10.pbn") if kind == "error"]
    assert any("holds 14 cards" in p for p in problems)
    assert any("is in both" in p for p in problems)
    assert any("is not a rank" in p for p in problems)
