"""The ``revsim`` commands: adjudicate, report, predict, scan, serve (the script itself is ``launch``)."""

from __future__ import annotations

import json
import signal
import sys
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from revsim.adjudicate import adjudicate, board_output
from revsim.cli.messages import show, warn
from revsim.cli.options import (
    BOARD_HELP,
    PREDICT_ESTIMATOR_HELP,
    estimator_options,
    estimator_options_from,
    extra_facts_from_options,
    fact_options,
    field_from_options,
    ruling_options,
    settings_from_options,
)
from revsim.cli.scanning import ScanRequest, run_scan
from revsim.cli.signals import STOPPED, interrupt, interrupted_status, raise_if_stopped, terminate
from revsim.equity.ruling import BoardRuling
from revsim.equity.settings import (
    DEFAULT_ESTIMATOR,
    SCAN_ESTIMATOR,
    Settings,
)
from revsim.extras import install_command
from revsim.likely.estimators import ESTIMATORS
from revsim.likely.evidence import evidence_json
from revsim.likely.predict import predict
from revsim.outputs.filenames import json_safe
from revsim.outputs.progress import WorkLine
from revsim.outputs.rowfiles import write_whole
from revsim.outputs.terminal import suits_fit
from revsim.outputs.weights import weighted_tricks
from revsim.records.choice import NotOneRecord, OptionNames, no_board_named, one_record
from revsim.records.errors import RecordError, plural
from revsim.records.facts import Facts
from revsim.records.readers import read_records, select_boards
from revsim.records.record import Record
from revsim.scan import ENGINES, default_jobs
from revsim.scoring.field import field_for_board


def _selected(file: str, boards: tuple[str, ...], extra: Facts) -> Iterator[Record | RecordError]:
    return select_boards(read_records(file), boards, extra)


class _StoppableGroup(click.Group):
    """Ctrl-C and SIGTERM end any command with one line and exit status 130 or 143 (``scan`` first writes what
    it has, see ``scanning``), never a traceback or click's "Aborted!"."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as stop:
            warn(STOPPED)
            ctx.exit(interrupted_status(stop))


@click.group(cls=_StoppableGroup)
@click.version_option(package_name="revsim")
def main() -> None:
    """revsim: adjudicate revokes in duplicate bridge (Laws 61-64)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, interrupt)
        signal.signal(signal.SIGTERM, terminate)


@main.command("adjudicate")
@click.argument("file", type=click.Path(dir_okay=False))
@ruling_options()
@fact_options
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, one object per board.")
@click.option("--cards", "card_style", type=click.Choice(["auto", "symbols", "letters"]), default="auto",
              show_default=True, help="Cards in the text as ♠J (symbols) or SJ (letters); auto: symbols where the "
              "terminal can write them.")
def adjudicate_command(file: str, as_json: bool, card_style: str, **options: Any) -> None:
    """Rule on every revoke in FILE: replay, establish, transfer, restore equity, score.

    FILE is a PBN or LIN record, or a TOML case file (see docs/case-files.md). Facts the record cannot show can be
    added with the options below; they apply to every board read (use --board to pick one).

    Exit status 0 when every board was adjudicated (or had no play), 1 when any board had an error,
    2 when --board names no board or the field file cannot be read.
    """
    settings = settings_from_options(options)
    extra = extra_facts_from_options(options)
    field = field_from_options(options)
    errors = boards = unread = 0
    work = _work_line(file, options["boards"], extra)
    symbols = card_style == "symbols" or (card_style == "auto" and suits_fit(sys.stdout))
    if as_json:
        click.echo("[")
    try:
        for item in _selected(file, options["boards"], extra):
            with work.board_at_work(str(item.board)):
                result, text, failed = _board_output(item, settings, field, file, symbols)
            unread += isinstance(item, RecordError) and item.board is None and item.line is None   # the whole file
            errors += failed
            raise_if_stopped()
            if as_json:
                click.echo(("," if boards else "") + json_safe(json.dumps(result, indent=2, ensure_ascii=False)))
            else:
                click.echo(("\n" if boards else "") + text)
            boards += 1
    finally:  # interrupted too: the JSON array written so far is closed, so it reads as JSON
        if as_json:
            click.echo("]")
    if options["boards"] and not boards:
        _no_board_named(file, options["boards"])
    if errors:
        if errors > unread:
            warn(f"{plural(errors - unread, 'board')} could not be adjudicated")
        sys.exit(1)


def _work_line(file: str, boards: tuple[str, ...], extra: Facts) -> WorkLine:
    """The status line of long work, on a terminal only (the boards are counted first, so it can say "of M")."""
    if not sys.stderr.isatty():
        return WorkLine(False)
    return WorkLine(True, sum(1 for _ in _selected(file, boards, extra)))


def _board_output(item: Record | RecordError, settings: Settings, field: dict[str | None, list[int]] | None,
                  file: str, symbols: bool) -> tuple[dict[str, Any], str, bool]:
    """One board's JSON object and readable text, and whether it is an error; streamed as they come."""
    output = board_output(item, settings, field, symbols)
    if output.field_missing:
        warn(f"{file}, board {output.result.get('board')}: the field file has no scores for this board: no "
                   "matchpoints or IMPs")
    return output.result, output.text, output.failed


@main.command("report")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", "--out", "output", type=click.Path(dir_okay=False), required=True,
              help="The HTML file to write (one self-contained page); --out as scan names its output.")
@click.option("--all", "all_boards", is_flag=True,
              help="One page for the whole file (a session): an index of the boards with revokes, each linking to "
                   "its full ruling below; boards without play and records that cannot be read are listed too.")
@click.option("--record", "record_number", type=click.IntRange(min=1), default=None,
              help="The K-th of the boards selected, when several share a name (one record per table).")
@click.option("--method", "print_method", is_flag=True,
              help="Print the Method appendix too (the settings, the candidate cards, the double-dummy trace): it is "
                   "always on screen, and on paper only when asked, so a board's ruling prints on two pages.")
@ruling_options()
@fact_options
def report_command(file: str, output: str, all_boards: bool, record_number: int | None, print_method: bool,
                   **options: Any) -> None:
    """Write the ruling on one board of FILE as a self-contained HTML page for an appeals committee:
    the deal, the play with the revokes marked, the law path, the no-infraction estimate, the ruling
    with scores, a chart of double-dummy tricks after every card, and the settings that reproduce it.

    FILE may hold several boards: choose one with --board, or write them all with --all.
    """
    from revsim.outputs.report import report_html

    settings = settings_from_options(options)
    if all_boards:
        _session_report(file, output, settings, options)
        return
    item = _one_record(file, options["boards"], record_number, extra_facts_from_options(options))
    work = WorkLine(sys.stderr.isatty(), 1)
    try:
        if isinstance(item, RecordError):
            raise item
        with work.board_at_work(str(item.board)):
            ruling: BoardRuling = adjudicate(item, settings)
    except RecordError as error:
        warn(f"ERROR {error.describe()}")
        sys.exit(1)
    field = field_from_options(options)
    scores = field_for_board(field, item.board) if field is not None else None
    if field is not None and not scores:
        warn(f"{file}, board {item.board}: the field file has no scores for this board: no matchpoints or IMPs")
    try:
        write_whole(output, report_html(ruling, scores or None, print_method))
    except OSError as error:
        warn(f"cannot write {output}: {error.strerror or error}; nothing was written")
        sys.exit(1)
    law = ruling.law.headline() if ruling.law != "none" else "the table result stands"
    show(f"ruling on board {item.board} written to {output} ({law})")


def _session_report(file: str, output: str, settings: Settings, options: dict[str, Any]) -> None:
    """``report --all``: every board of the file on one page; exit status 1 when any record had an error."""
    from revsim.outputs.report import SessionBoard, session_html

    field = field_from_options(options)
    boards: list[SessionBoard] = []
    extra = extra_facts_from_options(options)
    work = _work_line(file, options["boards"], extra)
    for item in _selected(file, options["boards"], extra):
        with work.board_at_work(str(item.board)):
            output_row = board_output(item, settings, None)
        result = output_row.result
        entry = SessionBoard(str(result.get("file") or file), str(result.get("board")))
        if output_row.failed:
            entry.error = result["error"]
        elif output_row.ruling is not None:
            entry.ruling = output_row.ruling
            entry.field = (field_for_board(field, entry.board) or None) if field is not None else None
        else:
            entry.skipped = result.get("reason", "")
        boards.append(entry)
    if options["boards"] and not boards:
        _no_board_named(file, options["boards"])
    try:
        write_whole(output, session_html(Path(file).name, boards, settings))
    except OSError as error:
        warn(f"cannot write {output}: {error.strerror or error}; nothing was written")
        sys.exit(1)
    revokes = sum(1 for b in boards if b.ruling is not None and b.ruling.revokes)
    errors = [b for b in boards if b.error]
    show(f"{plural(len(boards), 'record')} ({revokes} with revokes, {plural(len(errors), 'error')}) written to {output}")
    for entry in errors:
        warn(f"ERROR {entry.error}")
    if errors:
        sys.exit(1)


def _no_board_named(file: str, boards: tuple[str, ...]) -> None:
    """``--board`` named no board of the file: say which boards it holds, and exit with status 2."""
    warn(f"{file}: {no_board_named(boards, read_records(file))}")
    sys.exit(2)


def _one_record(file: str, boards: tuple[str, ...], record_number: int | None, extra: Facts) -> Record | RecordError:
    """The one record a report is about (``records.choice.one_record``); exits with its message (status 2) when
    the choice is not clear."""
    try:
        return one_record(list(_selected(file, boards, extra)), boards, record_number, OptionNames("--board", "--record K"))
    except NotOneRecord as error:
        if error.kind == "no-board" and boards:
            _no_board_named(file, boards)
        warn(f"{file}: {error}")
        sys.exit(2)


@main.command("predict")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--after-trick", "after_trick", type=click.IntRange(0, 12), required=True,
              help="The tricks completed: the estimate starts from the position after them.")
@click.option("--estimator", type=click.Choice(list(ESTIMATORS)), default=DEFAULT_ESTIMATOR, show_default=True,
              help=PREDICT_ESTIMATOR_HELP)
@estimator_options
@click.option("--board", "boards", multiple=True, metavar="NAME", help=BOARD_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, one object per board.")
def predict_command(file: str, after_trick: int, estimator: str, boards: tuple[str, ...], as_json: bool,
                    **options: Any) -> None:
    """The distribution of declarer's side's final tricks from the position after K completed tricks of each
    board's recorded play. Only the deal, the auction and the play up to trick K are read.

    Exit status 0 when every board was estimated, 1 when any could not be.
    """
    chosen = ESTIMATORS[estimator].resolved(estimator_options_from(options, estimator))
    results = []
    errors = 0
    for item in _selected(file, boards, Facts()):
        entry: dict[str, Any] = {"board": item.board, "after_trick": after_trick}
        try:
            if isinstance(item, RecordError):
                raise item
            if item.contract is None:
                raise RecordError("passed out or no contract: nothing to predict", **item.where())
            prediction = predict(item, after_trick, estimator, chosen)
        except RecordError as error:
            errors += 1
            entry.update(status="error", error=error.describe())
        else:
            assert item.contract is not None
            entry.update(status="ok", contract=str(item.contract), declarer="NESW"[item.contract.declarer],
                         estimator=estimator, outcomes=[[tricks, round(weight, 6)] for tricks, weight in prediction.outcomes],
                         seconds=round(prediction.seconds, 3))
            entry.update(chosen)
            entry["evidence"] = evidence_json(prediction.evidence)
        results.append(entry)
        if not as_json:
            show(_prediction_text(entry))
    if as_json:
        click.echo(json_safe(json.dumps(results, indent=2, ensure_ascii=False)))
    if errors:
        warn(f"{plural(errors, 'board')} could not be estimated")
        sys.exit(1)


def _prediction_text(entry: dict[str, Any]) -> str:
    if entry["status"] == "error":
        return f"ERROR {entry['error']}"
    shown = weighted_tricks(entry["outcomes"])
    own = [option.name for option in ESTIMATORS[entry["estimator"]].options]
    extra = "".join(f", {name} {entry[name]}" for name in own)
    return (f"Board {entry['board']}: {entry['contract']} by {entry['declarer']}, after trick {entry['after_trick']} "
            f"({entry['estimator']}{extra}): {shown}")


@main.command("scan")
@click.argument("paths", nargs=-1, required=True)
@click.option("-o", "--out", "out_path", type=click.Path(),
              help="Write one row per board to this .csv, .jsonl or .parquet file (and the revokes beside it, "
                   "as NAME.revokes.EXT), or to a partitioned Parquet dataset folder NAME.parquet/ (revokes in "
                   "NAME.revokes.parquet/). Without it, the boards with revokes and the errors are listed.")
@click.option("--adjustments", "adjustments_path", type=click.Path(dir_okay=False),
              help="Also write one row per adjusted board as a scorer enters it (board, players, contract, table "
                   "result, the adjusted result like \"70% of 4S=, 30% of 4S-1\", North-South's score per side) to this "
                   ".csv, .jsonl or .parquet file.")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: every core this process may use); with --engine dask and no "
                   "--scheduler, the workers of the LocalCluster.")
@click.option("--engine", type=click.Choice(ENGINES), default="processes", show_default=True,
              help="Where the work runs: processes on this machine, or a dask.distributed cluster (the "
                   "cluster extra: pip install -e '.[cluster]' in the checkout).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="With --engine dask: a running scheduler, like tcp://host:8786 (default: a LocalCluster here).")
@ruling_options(SCAN_ESTIMATOR, why="scan keeps dd as its default for speed over whole archives (sd takes "
                                   "about a second or more a board); give --estimator sd for the likely result.")
@click.option("--quiet", is_flag=True, help="No progress line and no summary.")
@click.option("--strict", is_flag=True, help="Exit with status 1 when any row is an error row.")
@click.option("--audit-claims", is_flag=True,
              help="Rule every claim the records end with as if it had been contested with no line stated (Law 70, "
                   "declarer's side taken as the claimer): the columns audit_ruled, audit_reduced and "
                   "audit_horizon say what a director would have given it.")
@click.option("--exclude-suspect", is_flag=True,
              help="Leave out of --adjustments the boards whose revokes show a recording slip's signature (the "
                   "suspect column: same-rank, several-in-trick, many-revokes, swapped).")
def scan_command(paths: tuple[str, ...], out_path: str | None, adjustments_path: str | None, jobs: int | None,
                 quiet: bool, strict: bool, exclude_suspect: bool, engine: str, scheduler: str | None,
                 audit_claims: bool, **options: Any) -> None:
    """Find and rule on every revoke in PATHS: files, folders (searched recursively) and globs; PBN, LIN
    and case files mixed. Every board gives one row, a bad board an error row; the run goes on.

    Ctrl-C stops the scan and leaves a valid output with every row written so far.

    Exit status 0 when the scan ran to the end, even with error rows (they are in the output); with
    --strict, 1 when there was any error row; 130 when interrupted.
    """
    settings = replace(settings_from_options(options), audit_claims=audit_claims)
    if scheduler and engine != "dask":
        raise click.BadParameter("--scheduler needs --engine dask", param_hint="--scheduler")
    sys.exit(run_scan(ScanRequest(paths, settings, jobs or default_jobs(), engine, scheduler, out_path,
                                  adjustments_path, quiet, strict, exclude_suspect)))


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; the desk is for this machine unless told otherwise.")
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True,
              help="The port to listen on: the desk is then at http://HOST:PORT/ in a browser.")
@click.option("--open", "open_browser", is_flag=True, help="Open the desk in the default browser.")
@click.option("--workers", type=click.IntRange(1, 8), default=1, show_default=True,
              help="Worker processes that rule (each has its own solver).")
def serve_command(host: str, port: int, open_browser: bool, workers: int) -> None:
    """The director's desk: a local web page to load a record or start a blank case, enter the play by
    clicking, add the facts, rule, and download the report, the JSON and the case file. Its API
    (POST /api/adjudicate, /api/report) takes a file's text and the adjudicate options as query parameters.
    """
    try:
        from revsim.web.app import serve
    except ImportError as error:
        warn(f"the desk needs the web extra ({error.name} is missing): {install_command('web')}")
        sys.exit(2)
    try:
        serve(host, port, workers, open_browser)
    except OSError as error:
        warn(f"cannot listen on {host}:{port}: {error.strerror or error}")
        sys.exit(1)


if __name__ == "__main__":
    main()
