"""One page for a whole session: an index of the boards with revokes linking to each full ruling, then the
boards with nothing to rule and the records that could not be read, so nothing is left out silently."""

from __future__ import annotations

from dataclasses import dataclass

from revsim.equity.settings import Settings
from revsim.equity.steps import BoardRuling
from revsim.outputs.dicts import settings_to_dict
from revsim.outputs.report.board import report_article
from revsim.outputs.report.chart import BoardTraces
from revsim.outputs.report.evidence import escape
from revsim.outputs.report.page import page, settings_text
from revsim.outputs.text import describe_info
from revsim.outputs.weights import weighted_result
from revsim.records.errors import plural
from revsim.scoring.points import result_text

_e = escape


@dataclass
class SessionBoard:
    """One record of a session's file: its ruling (with the traces its report shows), or why it has none (no
    play, or an error)."""

    source: str
    board: str
    ruling: BoardRuling | None = None
    field: list[int] | None = None
    skipped: str = ""
    error: str = ""
    traces: BoardTraces | None = None


def session_html(title: str, boards: list[SessionBoard], settings: Settings) -> str:
    """One page for a whole session: an index of the boards with revokes (board, players, contract, table
    result, ruling) linking to each full ruling below it, then the boards with nothing to rule and the
    records that could not be read, so nothing is left out silently."""
    with_revokes = [(index, b) for index, b in enumerate(boards, 1) if b.ruling is not None and b.ruling.revokes]
    rows = []
    for index, entry in with_revokes:
        assert entry.ruling is not None
        ruling, record, contract = entry.ruling, entry.ruling.record, entry.ruling.record.contract
        assert contract is not None
        law = ruling.law.headline() if ruling.law != "none" else "table result stands"
        rows.append(f'<tr><td><a href="#r{index}">{_e(record.board)}</a></td><td>{_e(describe_info(record.info)) or "-"}</td>'
                    f"<td>{_e(contract.describe())}</td><td>{_e(result_text(contract, ruling.table_tricks))}</td>"
                    f"<td>{_e(law)}: {_e(weighted_result(contract, [(o.tricks, o.weight) for o in ruling.ns]))}</td></tr>")
    clean = [b for b in boards if b.ruling is not None and not b.ruling.revokes]
    skipped = [b for b in boards if b.skipped]
    errors = [b for b in boards if b.error]
    counts = (f"{plural(len(boards), 'record')} read: {len(with_revokes)} with revokes, {len(clean)} without, "
              f"{len(skipped)} with nothing to adjudicate, {plural(len(errors), 'error')}.")
    parts = [f"<h1>Revoke rulings: {_e(title)}</h1>", f'<p class="sub">{_e(counts)} Settings: '
             + _e(settings_text(settings_to_dict(settings))) + ".</p>",
             "<h2>Boards with revokes</h2>"]
    parts.append("<table><tr><th>Board</th><th>Event and players</th><th>Contract</th><th>Table result</th>"
                 "<th>Ruling</th></tr>" + "".join(rows) + "</table>" if rows else "<p>No revoke in this session.</p>")
    if errors:
        parts.append("<h2>Records that could not be read</h2><ul>"
                     + "".join(f"<li>{_e(b.error)}</li>" for b in errors) + "</ul>")
    if skipped:
        parts.append("<h2>Nothing to adjudicate</h2><ul>"
                     + "".join(f"<li>board {_e(b.board)}: {_e(b.skipped)}</li>" for b in skipped) + "</ul>")
    if clean:
        parts.append('<p class="note">Boards without a revoke: ' + _e(", ".join(b.board for b in clean)) + ".</p>")
    for index, entry in with_revokes:
        assert entry.ruling is not None and entry.traces is not None
        parts.append('<hr class="board-break">' + report_article(entry.ruling, entry.traces, entry.field, f"r{index}")
                     + '<p class="note"><a href="#top">Back to the index</a></p>')
    return page(f"Revoke rulings, {title}", '<div id="top"></div>' + "".join(parts))
