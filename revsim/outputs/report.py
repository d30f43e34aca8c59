"""The ruling as one self-contained HTML page for directors and appeals committees (screen and print).

Sections: the deal, the auction, the facts, the play trick by trick with the revoke cards marked, the
law path, the no-infraction estimate with its candidates and lines, the ruling per side with points
(and matchpoints and IMPs against a field), a chart of declarer's double-dummy tricks after every card
along the table line and the no-infraction line, and a footer that makes the ruling reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import metadata
from typing import Any

from revsim.cards import SEAT_LETTERS, SEAT_NAMES, next_seat
from revsim.equity.settings import Settings
from revsim.equity.steps import BoardRuling, Outcome
from revsim.equity.trace import Trace, no_infraction_trace, table_trace
from revsim.outputs.dicts import settings_to_dict
from revsim.outputs.explain import claim_text, describe_result, explanation, ruling_line, step_texts
from revsim.outputs.progress import plural
from revsim.outputs.report_evidence import card_html, diagram_html, escape, evidence_html, method_html
from revsim.outputs.text import describe_info
from revsim.outputs.weights import labels_by_tricks, weighted_result
from revsim.scoring.field import score_against_field
from revsim.scoring.points import result_text

CSS = """
body { font-family: Georgia, 'Times New Roman', serif; margin: 2em auto; max-width: 60em; color: #222; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { font-size: 1.2em; border-bottom: 1px solid #999; margin-top: 1.6em; }
.sub { color: #555; margin-top: 0; }
.summary { display: grid; grid-template-columns: repeat(4, auto); gap: 0.3em 1.5em; background: #f4f1ea; padding: 0.8em 1em;
           border-left: 4px solid #7a5c2e; }
.summary b { display: block; font-size: 0.8em; color: #666; font-weight: normal; }
.ruling-line { font-size: 1.15em; font-weight: bold; margin-top: 0.8em; }
.diagram { display: grid; grid-template-columns: repeat(3, minmax(0, 12em)); grid-template-rows: auto auto auto; gap: 0.4em; }
.hand { font-family: 'DejaVu Sans Mono', monospace; white-space: nowrap; }
.hand .seat { font-family: Georgia, serif; font-weight: bold; }
.north { grid-column: 2; grid-row: 1; } .west { grid-column: 1; grid-row: 2; } .east { grid-column: 3; grid-row: 2; }
.south { grid-column: 2; grid-row: 3; } .centre { grid-column: 2; grid-row: 2; text-align: center; align-self: center;
           border: 1px solid #bbb; padding: 0.5em; font-size: 0.9em; }
.red { color: #c0392b; } .black { color: #111; }
.legal { outline: 2px solid #2e7a3a; padding: 0 0.1em; } td.parted { background: #fde2e0; outline: 2px solid #c0392b; }
table.playout small { color: #777; } ul.method { font-size: 0.9em; color: #444; }
table { border-collapse: collapse; margin: 0.5em 0; } th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; }
th { background: #eee; } td.num { text-align: right; }
.revoke { background: #fde2e0; font-weight: bold; outline: 2px solid #c0392b; }
.won { text-decoration: underline; }
.withdrawn { text-decoration: line-through; padding: 0 0.2em; }
ol.laws li { margin-bottom: 0.4em; } .law { font-weight: bold; color: #7a5c2e; }
.explain { background: #eef5ee; border-left: 4px solid #2e7a3a; padding: 0.6em 1em; }
.note { color: #555; font-size: 0.9em; }
footer { margin-top: 2em; border-top: 1px solid #999; font-size: 0.85em; color: #555; }
svg { max-width: 100%; height: auto; } svg text { font-family: Georgia, serif; font-size: 11px; }
.board-break { margin: 3em 0 1em; border: 0; border-top: 3px double #7a5c2e; }
@media print { .board-break { break-before: page; border: 0; }
 body { margin: 0; max-width: none; font-size: 10pt; } h2 { break-after: avoid; }
               table, .diagram, svg { break-inside: avoid; } .summary { background: none; border: 1px solid #999; } }
"""


_e = escape


def _diagram(ruling: BoardRuling) -> str:
    record = ruling.record
    assert record.contract is not None
    hands = ruling.table.replay.initial_hands
    marked = {estimate_card for e in ruling.estimates.values() for estimate_card in e.chosen}
    centre = (f"{_e(record.contract.describe())}<br>Vulnerable: {_e(record.vulnerability)}"
              + (f"<br>Dealer: {SEAT_NAMES[record.dealer]}" if record.dealer is not None else "")
              + (f"<br>From trick {record.first_trick}" if record.first_trick != 1 else ""))
    return diagram_html(hands, marked, '<span class="revoke" title="a card this player could have played">', centre)


def _auction(ruling: BoardRuling) -> str:
    record = ruling.record
    if not record.auction or record.dealer is None:
        return ""
    order = [3, 0, 1, 2]  # columns W N E S
    cells = [""] * order.index(record.dealer) + [call if call != "P" else "Pass" for call in record.auction]
    rows = [cells[i:i + 4] for i in range(0, len(cells), 4)]
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return ("<h2>Auction</h2><table><tr>" + "".join(f"<th>{SEAT_NAMES[s]}</th>" for s in order) + "</tr>"
            + body + "</table>")


def _play_table(ruling: BoardRuling) -> str:
    revoke_at = {(r.trick, r.seat): r for r in ruling.revokes}
    replay = ruling.table.replay
    rows = []
    by_trick: dict[int, list[Any]] = {}
    for play in replay.plays:
        by_trick.setdefault(play.trick, []).append(play)
    for trick, plays in sorted(by_trick.items()):
        winner = replay.winner_of(trick)
        cells = {}
        for order, play in enumerate(plays, start=1):
            revoke = revoke_at.get((trick, play.seat))
            classes = []
            title = ""
            withdrawn = ""
            if revoke is not None and revoke.corrected_by:
                withdrawn = (f'<span class="revoke withdrawn" title="{_e(revoke.describe())} (Law {revoke.law})">'
                             f"{card_html(revoke.card)}</span> ")
            elif revoke is not None:
                classes.append("revoke")
                title = f' title="{_e(revoke.describe())} (Law {revoke.law})"'
            if play.seat == winner:
                classes.append("won")
            cls = f' class="{" ".join(classes)}"' if classes else ""
            cells[play.seat] = f"<td{cls}{title}><sup>{order}</sup> {withdrawn}{card_html(play.card)}</td>"
        leader = SEAT_NAMES[plays[0].seat]
        rows.append(f"<tr><td class='num'>{trick}</td><td>{leader}</td>"
                    + "".join(cells.get(seat, "<td></td>") for seat in range(4))
                    + f"<td>{SEAT_NAMES[winner] if winner is not None else '&mdash;'}</td></tr>")
    claim = ""
    if ruling.table.claimed:
        claim = f'<p class="claim">{_e(claim_text(ruling))}</p>'
    return ("<h2>The play</h2><table><tr><th>Trick</th><th>Led by</th>"
            + "".join(f"<th>{SEAT_NAMES[s]}</th>" for s in range(4)) + "<th>Won by</th></tr>"
            + "".join(rows) + "</table>"
            + '<p class="note">Small numbers give the order of play; the winning card is underlined; '
              'revoke cards are marked in red (hover for the law); a revoke card withdrawn and corrected is struck '
              'through before the card that replaced it.</p>' + claim)


def _law_path(ruling: BoardRuling) -> str:
    told = explanation(ruling)
    items = "".join(f"<li>{_e(step)}</li>" for step in step_texts(ruling) if step != told)
    explain = f'<p class="explain">{_e(told)}</p>' if told else ""
    return f'<h2>The law, step by step</h2><ol class="laws">{items}</ol>{explain}'


def _ruling_table(ruling: BoardRuling, field: list[int] | None) -> str:
    def rows(outcomes: tuple[Outcome, ...], for_ns: bool) -> str:
        out = []
        labels = labels_by_tricks([(o.tricks, o.weight) for o in outcomes])
        for outcome in outcomes:
            extra = ""
            if field:
                score = score_against_field([(outcome.score, 1.0)], field, for_ns)
                extra = (f"<td class='num'>{score.matchpoints:.1f}%</td><td class='num'>{score.imps_cross:+.2f}</td>"
                         f"<td class='num'>{score.imps_datum:+.2f}</td>")
            result = _e(result_text(ruling.record.contract, outcome.tricks))
            out.append(f"<tr><td class='num'>{labels[outcome.tricks]}</td><td>{result}</td>"
                       f"<td class='num'>{outcome.tricks}</td><td class='num'>{outcome.score:+d}</td>{extra}</tr>")
        return "".join(out)

    head = ("<tr><th>Weight</th><th>Result</th><th>Declarer's tricks</th><th>NS points</th>"
            + ("<th>Matchpoints</th><th>Cross-IMPs</th><th>IMPs vs datum</th>" if field else "") + "</tr>")
    parts = [f"<h2>The ruling: {_e(ruling.law) if ruling.law != 'none' else 'the table result stands'}</h2>"]
    table_line = describe_result(ruling, ruling.table_tricks)
    parts.append(f"<p>Table result: {_e(table_line)}. Tricks transferred under Law 64A: {ruling.transfer}.</p>")
    if ruling.same_for_both:
        parts.append(f"<table>{head}{rows(ruling.ns, True)}</table>")
    else:
        parts.append(f"<h3>North-South</h3><table>{head}{rows(ruling.ns, True)}</table>")
        parts.append(f"<h3>East-West</h3><table>{head}{rows(ruling.ew, False)}</table>")
    if field:
        ns = score_against_field([(o.score, o.weight) for o in ruling.ns], field, True)
        ew = score_against_field([(o.score, o.weight) for o in ruling.ew], field, False)
        parts.append(f"<p>Against the field of {len(field)} tables (datum {ns.datum:+d}), weighted: North-South "
                     f"{ns.matchpoints:.1f}%, {ns.imps_cross:+.2f} cross-IMPs, {ns.imps_datum:+.2f} IMPs; East-West "
                     f"{ew.matchpoints:.1f}%, {ew.imps_cross:+.2f} cross-IMPs, {ew.imps_datum:+.2f} IMPs.</p>")
    return "".join(parts)


def chart_svg(table: Trace, other: Trace | None, revoke_indices: list[int], width: int = 760, height: int = 260) -> str:
    """An SVG line chart of declarer's double-dummy tricks after every card, along one or two lines."""
    count = max(len(table.values), (other.start + len(other.values)) if other else 0)
    values = list(table.values) + (list(other.values) if other else [])
    low, high = max(0, min(values) - 1), min(13, max(values) + 1)
    left, right, top, bottom = 40, 10, 15, 35
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(index: int) -> float:
        return left + plot_w * index / max(count - 1, 1)

    def y(value: float) -> float:
        return top + plot_h * (high - value) / max(high - low, 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="Declarer\'s double-dummy tricks after every card">']
    for value in range(low, high + 1):
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(value):.1f}" y2="{y(value):.1f}" stroke="#eee"/>'
                     f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value}</text>')
    first_trick = 14 - (count - 1) // 4 if count > 1 else 1
    for cards in range(0, count - 1, 4):
        parts.append(f'<line x1="{x(cards):.1f}" x2="{x(cards):.1f}" y1="{top}" y2="{height - bottom}" stroke="#e6e6e6"/>'
                     f'<text x="{x(cards + 2):.1f}" y="{height - bottom + 14}" text-anchor="middle">'
                     f"{first_trick + cards // 4}</text>")
    parts.append(f'<text x="{left + plot_w / 2:.0f}" y="{height - 4}" text-anchor="middle">trick (each card one step)</text>')

    def polyline(trace: Trace, colour: str, dash: str = "") -> str:
        points = " ".join(f"{x(trace.start + i):.1f},{y(v):.1f}" for i, v in enumerate(trace.values))
        return (f'<polyline fill="none" stroke="{colour}" stroke-width="2" {dash} points="{points}">'
                f"<title>{_e(trace.name)}</title></polyline>")

    parts.append(polyline(table, "#34495e"))
    if other is not None:
        parts.append(polyline(other, "#2e7a3a", 'stroke-dasharray="6 3"'))
    for index in revoke_indices:
        if 0 <= index < len(table.values):
            parts.append(f'<circle cx="{x(index):.1f}" cy="{y(table.values[index]):.1f}" r="5" fill="#c0392b">'
                         f"<title>revoke</title></circle>")
    legend_y = top + 2
    parts.append(f'<rect x="{width - 230}" y="{legend_y - 10}" width="220" height="{44 if other else 28}" fill="white" '
                 f'stroke="#ccc"/><line x1="{width - 222}" x2="{width - 196}" y1="{legend_y}" y2="{legend_y}" '
                 f'stroke="#34495e" stroke-width="2"/><text x="{width - 190}" y="{legend_y + 4}">as played</text>')
    if other is not None:
        parts.append(f'<line x1="{width - 222}" x2="{width - 196}" y1="{legend_y + 16}" y2="{legend_y + 16}" '
                     f'stroke="#2e7a3a" stroke-width="2" stroke-dasharray="6 3"/>'
                     f'<text x="{width - 190}" y="{legend_y + 20}">without the revoke</text>')
    parts.append("</svg>")
    return "".join(parts)


def _chart(ruling: BoardRuling) -> str:
    table = table_trace(ruling)
    estimate = ruling.no_infraction
    other = no_infraction_trace(ruling, estimate) if estimate is not None else None
    index_of = {(play.trick, play.seat): i + 1 for i, play in enumerate(ruling.table.replay.plays)}
    revoke_indices = [index_of[(r.trick, r.seat)] for r in ruling.revokes if (r.trick, r.seat) in index_of]
    return ("<h2>Declarer's tricks, double dummy, after every card</h2>"
            + chart_svg(table, other, revoke_indices)
            + '<p class="note">The solid line is the play as recorded; the dashed line replaces the revoke card '
              "with the substitute, follows the record while it fits, then the double-dummy best play. Red dots "
              "mark the revoke cards.</p>")


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:  # pragma: no cover
        return "unknown"


def settings_text(used: dict[str, Any]) -> str:
    """The settings as one line, ``key = value``; sd's blend, a weight for each cut, as
    ``blend = 0.5 / 0.45 / 0.4 (after 1 / 3 / 6 tricks)``."""
    def shown(key: str, value: Any) -> str:
        if isinstance(value, dict):
            return (f"{key} = {' / '.join(f'{weight:g}' for weight in value.values())} "
                    f"(after {' / '.join(str(cut) for cut in value)} tricks)")
        return f"{key} = {value}"

    return ", ".join(shown(key, value) for key, value in used.items())


def report_html(ruling: BoardRuling, field: list[int] | None = None) -> str:
    """The whole page for one board (the ruling keeps the settings it was made with)."""
    return _page(f"Revoke ruling, board {ruling.record.board}", report_article(ruling, field))


def _page(title: str, body: str) -> str:
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'><title>{_e(title)}</title>"
            f"<style>{CSS}</style></head><body>{body}</body></html>")


def report_article(ruling: BoardRuling, field: list[int] | None = None, anchor: str = "") -> str:
    """One board's ruling as an ``<article>``: the page of one board, or one section of a session's page."""
    settings = ruling.settings
    record = ruling.record
    assert record.contract is not None
    facts = record.facts.describe()
    notes = "".join(f"<li>{_e(note)}</li>" for note in record.notes)
    endplay_version, revsim_version = _version("endplay"), _version("revsim")
    used = settings_to_dict(settings, record)
    final = ruling_line(ruling, detail=True, separator="; ")
    revokers = ", ".join(f"{SEAT_NAMES[r.seat]} (trick {r.trick})" for r in ruling.revokes) or "none"
    summary = (
        '<div class="summary">'
        f"<div><b>Contract</b>{_e(record.contract.describe())}</div>"
        f"<div><b>Vulnerable</b>{_e(record.vulnerability)}</div>"
        f"<div><b>Table result</b>{_e(describe_result(ruling, ruling.table_tricks))}</div>"
        f"<div><b>Revokes</b>{_e(revokers)}</div>"
        f"<div><b>Transfer (64A)</b>{ruling.transfer}</div>"
        f"<div><b>Ruling</b>{'Law ' + _e(ruling.law) if ruling.law != 'none' else 'the table result stands'}</div>"
        f"<div><b>Attention drawn</b>{_e(record.facts.when_noticed)}</div>"
        f"<div><b>Regime</b>{_e(settings.regime)}</div>"
        "</div>"
        f'<p class="ruling-line">Ruling: {_e(final)}</p>'
    )
    seed = (f"Seed: {settings.option('seed')} &mdash; the {settings.estimator} estimator samples from generators seeded "
            "by it, so the same input, settings and seed give the same ruling." if "seed" in settings.estimator_options
            else f"Seed: none &mdash; the {settings.estimator} estimator does not sample, so the same input and settings "
            "give the same ruling.")
    body = [
        f"<h1>Revoke ruling: board {_e(record.board)}</h1>",
        f'<p class="sub">{_e(record.source)} &middot; {_e(record.contract.describe())} &middot; '
        f"declarer {SEAT_NAMES[record.contract.declarer]} ({SEAT_LETTERS[record.contract.declarer]}), "
        f"opening lead by {SEAT_NAMES[next_seat(record.contract.declarer)]}</p>",
        f'<p class="sub">{_e(describe_info(record.info))}</p>' if record.info else "",
        summary,
        "<h2>The deal</h2>", _diagram(ruling),
        '<p class="note">Cards marked in the diagram are the substitute cards of the no-infraction estimate.</p>'
        if ruling.estimates else "",
        _auction(ruling),
        ("<h2>Facts</h2><ul>" + "".join(f"<li>{_e(f)}</li>" for f in facts) + "</ul>") if facts else "",
        _play_table(ruling),
        _law_path(ruling),
        _ruling_table(ruling, field),
        evidence_html(ruling),
        _chart(ruling),
        f"<h2>Notes on the record</h2><ul>{notes}</ul>" if notes else "",
        method_html(ruling, settings_text(used), seed),
        "<footer>Made by revsim " + _e(revsim_version) + " with endplay " + _e(endplay_version)
        + " (double-dummy solver DDS).</footer>",
    ]
    return f'<article{f" id={chr(34)}{_e(anchor)}{chr(34)}" if anchor else ""}>' + "".join(body) + "</article>"


@dataclass
class SessionBoard:
    """One record of a session's file: its ruling, or why it has none (no play, or an error)."""

    source: str
    board: str
    ruling: BoardRuling | None = None
    field: list[int] | None = None
    skipped: str = ""
    error: str = ""


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
        law = f"Law {ruling.law}" if ruling.law != "none" else "table result stands"
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
        assert entry.ruling is not None
        parts.append('<hr class="board-break">' + report_article(entry.ruling, entry.field, f"r{index}")
                     + '<p class="note"><a href="#top">Back to the index</a></p>')
    return _page(f"Revoke rulings, {title}", '<div id="top"></div>' + "".join(parts))
