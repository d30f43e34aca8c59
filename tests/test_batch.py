"""Batch scans: one row per board, error rows, order independent of jobs, outputs that read back the same."""

from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

from revsim.cli import main
from revsim.outputs.rowfiles import read_rows, revokes_path
from revsim.scan import BOARD_COLUMNS, REVOKE_COLUMNS, scan, scan_rows
from revsim.scan.paths import iter_items
from revsim.synthetic import write_archive
from tests.conftest import CORPUS, HANDS, needs_corpus


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> str:
    """A seeded archive of 300 random boards, a fifth of them with revokes, and a bad board at the end."""
    path = tmp_path_factory.mktemp("archive") / "random.pbn"
    write_archive(str(path), seed=7, boards=300, revoke_share=0.2)
    with open(path, "a", encoding="utf-8") as out:
        out.write('[Board "bad"]\n[Deal "N:AKQ.. - - -"]\n[Declarer "S"]\n[Contract "4S"]\n[Play "W"]\nSA S2 S3 S4\n*\n')
    return str(path)


def test_one_row_per_board_and_error_rows(archive: str, tmp_path) -> None:
    bad = tmp_path / "bad.lin"
    bad.write_text("md|9xx|")
    boards, revokes = scan([archive, str(HANDS), str(bad), str(tmp_path / "missing.pbn"), str(tmp_path / "*.nothing")])
    read = list(iter_items([archive, str(HANDS), str(bad)]))
    assert len(boards) == len(read) + 2  # the missing file and the pattern that matches nothing
    assert list(boards.columns) == list(BOARD_COLUMNS) and list(revokes.columns) == list(REVOKE_COLUMNS)
    errors = boards[boards.status == "error"]
    assert {"no such file or folder", "no file matches this pattern"} <= {e.split(": ", 1)[1] for e in errors.error}
    assert (errors.error.str.len() > 0).all()
    assert boards.loc[boards.board == "bad", "status"].tolist() == ["error"]
    assert revokes.groupby(["file", "board"]).size().sum() == boards.revokes.fillna(0).sum()


SOME_HANDS = [str(HANDS / name) for name in ("duschek-too-late-a.pbn", "duschek-adjusting-the-score.toml",
                                             "duschek-both-sides.pbn")]
"""A PBN record, a case file and both sides revoking: the variety of hands/ where the batch, not the rulings, is
under test (one_row_per_board scans the whole folder)."""


def test_order_and_content_do_not_depend_on_jobs(archive: str) -> None:
    one = scan([archive, *SOME_HANDS], jobs=1)
    two = scan([archive, *SOME_HANDS], jobs=2)
    pd.testing.assert_frame_equal(one[0], two[0])
    pd.testing.assert_frame_equal(one[1], two[1])


def test_scan_rows_stream_in_input_order(archive: str) -> None:
    boards = [rows.board["board"] for rows in scan_rows([archive], jobs=2, games_per_unit=16)]
    assert boards == [str(n) for n in range(1, 301)] + ["bad"]


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_outputs_read_back_into_the_same_frames(archive: str, tmp_path, suffix: str) -> None:
    out = tmp_path / f"scan{suffix}"
    result = CliRunner().invoke(main, ["scan", archive, *SOME_HANDS, "--out", str(out), "--jobs", "2", "--quiet"])
    assert result.exit_code == 0, result.output
    boards, revokes = scan([archive, *SOME_HANDS])
    pd.testing.assert_frame_equal(read_rows(out), boards)
    pd.testing.assert_frame_equal(read_rows(out, revokes=True), revokes)
    assert revokes_path(out).is_file() and len(revokes) > 0


def test_interrupted_scan_leaves_a_valid_partial_output(archive: str, tmp_path, monkeypatch) -> None:
    import revsim.cli.scanning as cli

    real = cli.scan_rows

    def interrupted(*args, **kwargs):
        for count, rows in enumerate(real(*args, **kwargs)):
            if count == 50:
                raise KeyboardInterrupt
            yield rows

    monkeypatch.setattr(cli, "scan_rows", interrupted)
    out = tmp_path / "part.parquet"
    result = CliRunner().invoke(main, ["scan", archive, "--out", str(out), "--jobs", "1"])
    assert result.exit_code == 130
    assert "interrupted after 50 boards" in result.output
    partial = read_rows(out)
    assert len(partial) == 50 and partial.board.tolist() == [str(n) for n in range(1, 51)]


def test_scan_lists_revokes_and_errors_without_out(archive: str) -> None:
    result = CliRunner().invoke(main, ["scan", archive, "--jobs", "1"])
    assert result.exit_code == 0
    assert "ERROR" in result.output and "revokes" in result.output
    assert "301 boards" in result.output


@needs_corpus()
def test_corpus_scan_every_record_accounted_for() -> None:
    boards, revokes = scan([str(CORPUS)], jobs=2)
    per_file = boards.groupby("file").size()
    assert per_file[str(CORPUS / "endplay-tests" / "example3.pbn")] == 7632
    legal = boards[~boards.file.str.contains("pbn-verifier")]
    assert legal.revokes.fillna(0).sum() == 0
    assert set(boards.status) <= {"ok", "error", "no-play"}
    assert boards.loc[boards.status == "error", "error"].notna().all()


def test_real_ctrl_c_on_a_parallel_scan(tmp_path) -> None:
    from tests.conftest import interrupt_scan

    archive = tmp_path / "big.pbn"
    write_archive(str(archive), seed=11, boards=4000, revoke_share=0.3)
    out = tmp_path / "scan.csv"
    status, err = interrupt_scan([str(archive), "--jobs", "2"], out)
    assert status == 130, err
    assert "interrupted after" in err
    boards = read_rows(out)
    assert 0 < len(boards) < 4000
    assert boards.board.tolist() == [str(n) for n in range(1, len(boards) + 1)]


def _reading(item):
    from revsim.records.errors import RecordError

    if isinstance(item, RecordError):
        return ("error", item.describe())
    return (item.board, item.line, str(item.contract), tuple(item.play), item.claimed_total, tuple(item.notes))


@pytest.mark.parametrize("games", [1, 7, 16])
def test_files_cut_into_parts_read_exactly_as_whole_files(archive: str, games: int) -> None:
    from revsim.scan.units import unit_items, work_units

    paths = [archive] + ([str(CORPUS / "endplay-tests" / "example3.pbn"), str(CORPUS / "pbn-verifier" / "correct_10.pbn")]
                         if CORPUS.is_dir() else [])
    for path in paths:
        whole = [_reading(item) for item in iter_items([path])]
        parts = [_reading(item) for unit in work_units([path], games) for item in unit_items(unit)]
        assert parts == whole, path


def test_scan_adjustments_has_one_row_per_adjusted_board_as_directors_write_it(tmp_path) -> None:
    out, adjustments = tmp_path / "scan.csv", tmp_path / "adjustments.csv"
    result = CliRunner().invoke(main, ["scan", str(HANDS), "--out", str(out), "--adjustments", str(adjustments),
                                       "--quiet", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    boards, rows = read_rows(out), pd.read_csv(adjustments, dtype=str, keep_default_na=False)
    changed = boards[(boards.status == "ok") & ((boards.outcomes_ns != "[[" + boards.table_tricks.astype(str) + ", 1.0]]")
                                               | (boards.outcomes_ew != "[[" + boards.table_tricks.astype(str) + ", 1.0]]"))]
    assert list(rows.board) == list(changed.board) and len(rows) > 10
    assert "law64c2b-damaged-side-only" not in set(rows.board)   # no contestant damaged: not adjusted
    separately = tmp_path / "separately.csv"
    result = CliRunner().invoke(main, ["scan", str(HANDS / "duschek-both-sides.pbn"), "--both-sides", "separately",
                                       "--out", str(tmp_path / "one.csv"), "--adjustments", str(separately),
                                       "--quiet", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    both = pd.read_csv(separately, dtype=str, keep_default_na=False).iloc[0]
    assert (both.table_result, both.adjusted_ns, both.adjusted_ew) == ("1NTX+3", "1NTX+3", "1NTX-3")
    assert (both.score_ns, both.score_ew) == ("480.0", "-500.0")


def test_weighted_result_is_written_as_directors_write_it() -> None:
    from revsim.outputs.weights import weighted_result
    from revsim.records.record import Contract

    contract = Contract.parse("6S", "S")
    assert contract is not None
    assert weighted_result(contract, [[11, 0.3], [12, 0.7]]) == "70% of 6S=, 30% of 6S-1"
    assert weighted_result(contract, [[13, 1.0]]) == "6S+1"


def test_scan_gives_a_row_to_a_pbn_file_whose_only_bracket_line_is_no_tag(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A file that looks like PBN to the cutter (a line opening with a bracket) but holds no tag is not lost: the
    scan writes its error row, as the whole-file reader would."""
    path = tmp_path / "junk.pbn"
    path.write_text("[not a tag\nsome text\n", encoding="utf-8")
    boards, _ = scan([str(path)], jobs=1)
    assert list(boards.status) == ["error"] and "no board found" in boards.error[0]
