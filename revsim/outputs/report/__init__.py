"""The ruling as one self-contained HTML page for directors and appeals committees (screen and print), and one
page for a whole session.

``board`` lays out one board's ruling, ``session`` a session's index, ``evidence`` the evidence and the
method, ``chart`` the two SVG charts, ``page`` the document with its style sheet (``report.css``). The
double-dummy traces the chart shows are computed here, before anything is rendered (``board_traces``).
"""

from __future__ import annotations

from dataclasses import replace

from revsim.equity.settings import Settings
from revsim.equity.steps import BoardRuling, Compared
from revsim.equity.trace import no_infraction_trace, table_trace
from revsim.likely.solver import DealTable, deal_table
from revsim.outputs.explain import ruling_title
from revsim.outputs.report.board import report_article
from revsim.outputs.report.chart import BoardTraces
from revsim.outputs.report.page import page
from revsim.outputs.report.session import SessionBoard
from revsim.outputs.report.session import session_html as _session_page

__all__ = ["BoardTraces", "SessionBoard", "board_traces", "report_html", "session_html"]


def board_traces(ruling: BoardRuling) -> BoardTraces:
    """The double-dummy traces of a board's report: the table line and the no-infraction line (the solver's
    work, done before rendering)."""
    estimate = ruling.no_infraction
    index_of = {(play.trick, play.seat): i + 1 for i, play in enumerate(ruling.table.replay.plays)}
    revoke_indices = tuple(index_of[(r.trick, r.seat)] for r in ruling.revokes if (r.trick, r.seat) in index_of)
    return BoardTraces(table_trace(ruling), no_infraction_trace(ruling, estimate) if estimate is not None else None,
                       revoke_indices, *transfer_in_world(ruling), deal_table=makeable(ruling))


def makeable(ruling: BoardRuling) -> DealTable | None:
    """The deal's makeable contracts and par, as a hand record prints them; None for an end position (the dealer
    taken as North where the record does not say)."""
    record = ruling.record
    hands = ruling.table.replay.initial_hands
    if record.first_trick != 1 or any(len(hand) != 13 for hand in hands):
        return None
    return deal_table(hands, record.dealer if record.dealer is not None else 0, record.vulnerability)


def transfer_in_world(ruling: BoardRuling) -> tuple[int, int | None]:
    """The tricks Law 64A moves in the world without the revoke (declarer's side's tricks gained, negative for
    tricks lost; 0 where none moves), and declarer's side's tricks in the ruling's most weighted result."""
    moved = 0
    for step in ruling.steps_of(Compared)[-1:]:
        assert isinstance(step, Compared)
        contract = ruling.record.contract
        offenders_declared = contract is not None and step.world.revoke.side == contract.declarer % 2
        moved = -step.world.moved if offenders_declared else step.world.moved
    ruled = max(ruling.ns, key=lambda outcome: (outcome.weight, -outcome.tricks)).tricks if ruling.ns else None
    return moved, ruled


def report_html(ruling: BoardRuling, field: list[int] | None = None, print_method: bool = False) -> str:
    """The whole page for one board (the ruling keeps the settings it was made with); ``print_method``: the
    Method appendix is printed too."""
    traces = board_traces(ruling)
    return page(f"{ruling_title(ruling)}, board {ruling.record.board}", report_article(ruling, traces, field),
                print_method)


def session_html(title: str, boards: list[SessionBoard], settings: Settings) -> str:
    """One page for a whole session (see ``session.session_html``), the traces of every board with revokes
    computed first."""
    ready = [replace(entry, traces=board_traces(entry.ruling)) if entry.ruling is not None and entry.ruling.revokes
             else entry for entry in boards]
    return _session_page(title, ready, settings)
