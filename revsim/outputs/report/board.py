"""One board's ruling as an ``<article>``, in the order a committee reads it: the ruling per side with points (and
against a field) and the law path, the facts, the deal and the auction, the play trick by trick with the revoke
cards marked and their laws written, the position without the revoke and the evidence, the notes; then the
Method appendix (the settings, the candidate cards, the double-dummy trace), printed only when asked. Rendering
only: the traces come computed."""

from __future__ import annotations

from typing import Any

from revsim.cards import SEAT_LETTERS, SEAT_NAMES
from revsim.equity.steps import BoardRuling, Corrected, InformationJudged, Outcome
from revsim.outputs.claims import claim_summary, clause_lines, line_text, standard_text
from revsim.outputs.dicts import settings_to_dict
from revsim.outputs.explain import (
    claim_text,
    corrected_in_the_ruling,
    describe_result,
    explanation,
    play_start,
    ruling_line,
    ruling_title,
    step_texts,
)
from revsim.outputs.playouts import unsettled_note
from revsim.outputs.report.chart import BoardTraces, chart_svg, wide_and_narrow
from revsim.outputs.report.evidence import card_html, diagram_html, escape, evidence_html, method_html, prose
from revsim.outputs.report.makeable import makeable_html
from revsim.outputs.report.page import settings_text, version
from revsim.outputs.report.viewer import viewer_html
from revsim.outputs.sides import SHARED_ROW, side_plays
from revsim.outputs.text import NOTHING_SAID, describe_info, is_whole_deal
from revsim.outputs.weights import labels_by_tricks, weighted_tricks_and_results
from revsim.outputs.without_field import without_field_to_dict
from revsim.scoring.field import score_against_field
from revsim.scoring.points import result_text

_e = escape


def _diagram(ruling: BoardRuling) -> str:
    record = ruling.record
    assert record.contract is not None
    hands = ruling.table.replay.initial_hands
    marked = {estimate_card for e in ruling.estimates.values() for estimate_card in e.chosen}
    centre = (f"{_e(record.contract.describe())}<br>Vulnerable: {_e(record.vulnerability)}"
              + (f"<br>Dealer: {SEAT_NAMES[record.dealer]}" if record.dealer is not None else "")
              + (f"<br>From trick {record.first_trick}" if record.first_trick != 1 else ""))
    return diagram_html(hands, marked, '<span class="revoke" title="a card this player could have played">', centre,
                        hcp=is_whole_deal(hands))


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
    corrected = corrected_in_the_ruling(ruling)
    replay = ruling.table.replay
    before = replay.tricks_before
    won = [0, 0]
    rows = []
    by_trick: dict[int, list[Any]] = {}
    for play in replay.plays:
        by_trick.setdefault(play.trick, []).append(play)
    for trick, plays in sorted(by_trick.items()):
        winner = replay.winner_of(trick)
        cells = []
        for play in plays:
            revoke = revoke_at.get((trick, play.seat))
            classes = []
            withdrawn = ""
            law = ""
            if revoke is not None and revoke.corrected_by:
                withdrawn = f'<span class="revoke withdrawn">{card_html(revoke.card)}</span> '
                law = f'<small class="law">Law {_e(revoke.law)}</small>'
            elif corrected is not None and revoke is corrected.revoke and corrected.estimate.chosen:
                classes.append("revoke")
                law = (f'<small class="law">revoke; corrected by the ruling to the '
                       f'{card_html(corrected.estimate.chosen[0])}, Law {_e(corrected.clause)}</small>')
            elif revoke is not None:
                classes.append("revoke")
                law = f'<small class="law">revoke, Law {_e(revoke.law)}</small>'
            if play.seat == winner:
                classes.append("won")
            cls = f' class="{" ".join(classes)}"' if classes else ""
            cells.append(f"<td{cls}>{withdrawn}{card_html(play.card)}{law}</td>")
        leader = SEAT_LETTERS[plays[0].seat]
        if winner is not None:
            won[winner % 2] += 1
        after = corrected is not None and trick > corrected.revoke.trick
        rows.append(f"<tr{' class=superseded' if after else ''}><td class='num'>{trick}</td><td>{leader}</td>"
                    + "".join(cells)
                    + "<td></td>" * (4 - len(plays))
                    + f"<td>{SEAT_LETTERS[winner] if winner is not None else '&mdash;'}</td>"
                    + f"<td class='num'>{won[0] + before[0]}&ndash;{won[1] + before[1]}</td></tr>")
    claim = ""
    if ruling.claim is not None:
        claim = (f'<div class="claim"><p>{prose(claim_summary(ruling.claim))}</p><ul>'
                 + "".join(f"<li>{prose(line)}</li>" for line in clause_lines(ruling.claim)) + "</ul>"
                 + f"<p>The claim's worst normal line: {prose(line_text(ruling.claim.line.cards))}.</p></div>")
    elif ruling.table.claimed:
        claim = f'<p class="claim">{prose(claim_text(ruling))}</p>'
    return ('<h2>The play</h2><figure class="keep"><table class="play"><tr><th>Trick</th><th>Lead</th>'
            '<th colspan="4">The cards in the order played</th><th>Won</th><th>NS&ndash;EW</th></tr>'
            + "".join(rows) + "</table>"
            + '<figcaption>Each trick in the order played, from its leader; the winning card is underlined; a revoke '
              'card is marked in red with its law; a revoke card withdrawn and corrected is struck through before the '
              'card that replaced it; the last column counts the tricks won so far.' + _after_correction(corrected)
            + '</figcaption></figure>' + claim)


def _after_correction(corrected: Corrected | None) -> str:
    """What the grey tricks are, where the ruling corrects a revoke the record played on from."""
    if corrected is None:
        return ""
    return (f" The revoke on trick {corrected.revoke.trick} is corrected by the ruling (Law {_e(corrected.clause)}): "
            "the tricks after it, in grey, are the record's uncorrected play, and so is the table result; the play "
            "after the correction is the one under \u201cWithout the revoke\u201d.")


def _law_path(ruling: BoardRuling) -> str:
    told = explanation(ruling, beside_the_law_path=True)
    items = "".join(f"<li>{prose(step)}</li>" for step in step_texts(ruling)
                    if step not in told and step.partition(": ")[2] not in told)   # 64C2b's, said in the paragraph
    explain = f'<p class="explain">{prose(told)}</p>' if told else ""
    return f'<h2>The law, step by step</h2><ol class="laws">{items}</ol>{explain}{_side_plays_table(ruling)}'


def _side_plays_table(ruling: BoardRuling) -> str:
    """Law 64C2b's plays, each once, by the letter the sentences use (empty on other rulings)."""
    plays = side_plays(ruling)
    if not plays:
        return ""
    contract = ruling.record.contract
    rows = "".join(f"<tr><td>{letter}</td><td>{prose(words)}</td><td>{_e(weighted_tricks_and_results(contract, outcomes))}"
                   "</td></tr>" for letter, words, outcomes in plays)
    shared = any(SHARED_ROW in words for _, words, _ in plays)
    caption = "<caption>Plays that end alike share a row.</caption>" if shared else ""
    return (f'<table class="plays">{caption}<tr><th>Play</th><th>What is played</th><th>Declarer\'s side\'s tricks</th>'
            f"</tr>{rows}</table>")


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
    parts = [f"<h2>The ruling: {_e(_headline(ruling))}</h2>"]
    table_line = describe_result(ruling, ruling.table_tricks)
    imps = "" if field else " " + _e(without_field_to_dict(ruling)["text"])
    parts.append(f"<p>Table result: {_e(table_line)}. Tricks transferred under Law 64A: {ruling.transfer}.{imps}</p>")
    unsettled = unsettled_note(ruling)
    note = f'<p class="unsettled">{_e(unsettled)}</p>' if unsettled else ""
    if ruling.same_for_both:
        parts.append(f'<div class="assigned"><table>{head}{rows(ruling.ns, True)}</table>{note}</div>')
    else:
        parts.append(f"<h3>North-South</h3><table>{head}{rows(ruling.ns, True)}</table>")
        parts.append(f"<h3>East-West</h3><table>{head}{rows(ruling.ew, False)}</table>{note}")
    if field:
        ns = score_against_field([(o.score, o.weight) for o in ruling.ns], field, True)
        ew = score_against_field([(o.score, o.weight) for o in ruling.ew], field, False)
        parts.append(f"<p>Against the field of {len(field)} tables (datum {ns.datum:+d}), weighted: North-South "
                     f"{ns.matchpoints:.1f}%, {ns.imps_cross:+.2f} cross-IMPs, {ns.imps_datum:+.2f} IMPs; East-West "
                     f"{ew.matchpoints:.1f}%, {ew.imps_cross:+.2f} cross-IMPs, {ew.imps_datum:+.2f} IMPs.</p>")
    return "".join(parts)


def _headline(ruling: BoardRuling) -> str:
    """The ruling's law, and why a score under Law 62A is weighted: the corrected play could go more than one way."""
    if ruling.law == "none":
        return "the table result stands"
    weighted = len(ruling.ns) > 1 or len(ruling.ew) > 1
    if str(ruling.law).startswith(("62A", "62D")) and weighted:
        return (f"{ruling.law.headline()}, weighted: the play after the correction could go more than one way, so the "
                "score gives each likely result its share (Law 12C1c)")
    return ruling.law.headline()


def _chart(traces: BoardTraces) -> str:
    return ('<h3>Declarer\'s tricks with perfect play, after every card</h3><figure class="keep">'
            + wide_and_narrow(lambda width: chart_svg(traces, width), 760)
            + f"<figcaption>{_lines_text(traces)}{_marks_text(traces)}</figcaption></figure>")


def _lines_text(traces: BoardTraces) -> str:
    """What the chart's lines are: the play as recorded, and the play without the revoke where there is one."""
    if traces.no_infraction is None and not traces.revoke_indices:
        return "The line is the play as recorded: declarer's side's tricks with perfect play after each card."
    return ("The solid line is the play as recorded; the dashed line puts a legal card in place of the revoke, follows "
            "the record while it fits, then the best play by all four hands. Red dots mark the revoke cards.")


def _marks_text(traces: BoardTraces) -> str:
    """What the marks at the right of the chart show, where it has them (``chart_svg``)."""
    if traces.no_infraction is None or (not traces.moved and traces.ruled is None):
        return ""
    moved = (f" the purple bar, the {abs(traces.moved)} trick{'s' if abs(traces.moved) != 1 else ''} Law 64A transfers "
             "on the play without the revoke;" if traces.moved else "")
    return f" At the right:{moved} the green square, declarer's side's tricks in the ruling's most weighted result."


REGIME_WORDS = {"weighted": "weighted where results are likely (Law 12C1c)",
                "non-weighted": "one result, not weighted (Law 12C1e)"}


def report_article(ruling: BoardRuling, traces: BoardTraces, field: list[int] | None = None,
                   anchor: str = "") -> str:
    """One board's ruling as an ``<article>``: the page of one board, or one section of a session's page."""
    settings = ruling.settings
    record = ruling.record
    assert record.contract is not None
    facts = record.facts.describe(record.contract.declarer if record.contract else None)
    notes = "".join(f"<li>{prose(note)}</li>" for note in record.notes)
    endplay_version, revsim_version = version("endplay"), version("revsim")
    used = settings_to_dict(settings, record)
    final = ruling_line(ruling, detail=True, separator="; ")
    said = bool(record.facts.statements or record.facts.findings)
    revokers = ", ".join(f"{SEAT_NAMES[r.seat]} (trick {r.trick})" for r in ruling.revokes) or "none"
    summary = (
        '<div class="summary">'
        f"<div><b>Contract</b>{_e(record.contract.describe())}</div>"
        f"<div><b>Vulnerable</b>{_e(record.vulnerability)}</div>"
        f"<div><b>Table result</b>{_e(describe_result(ruling, ruling.table_tricks))}"
        f"{' as recorded, the revoke uncorrected' if corrected_in_the_ruling(ruling) else ''}</div>"
        f"<div><b>Revokes</b>{_e(revokers)}</div>"
        f"<div><b>Transfer (64A)</b>{_e(transfer_cell(ruling))}</div>"
        f"<div><b>Ruling</b>{_e(ruling.law.headline()) if ruling.law != 'none' else 'the table result stands'}</div>"
        f"<div><b>Attention drawn</b>{_e(record.facts.noticed_in_words())}</div>"
        f"<div><b>Score</b>{REGIME_WORDS.get(settings.regime, _e(settings.regime))}</div>"
        "</div>"
        f'<p class="ruling-line">Ruling: {_e(final)}</p>'
    )
    seed = (f"Seed: {settings.option('seed')} &mdash; the {settings.estimator} estimator samples from generators seeded "
            "by it, so the same input, settings and seed give the same ruling." if "seed" in settings.estimator_options
            else f"Seed: none &mdash; the {settings.estimator} estimator does not sample, so the same input and settings "
            "give the same ruling.")
    claim_method = "" if ruling.claim is None else f"<p>{prose(standard_text(ruling.claim))}</p>"
    appendix = ('<section class="appendix">' + method_html(ruling, settings_text(used), seed) + claim_method
                + _chart(traces) + "</section>")
    body = [
        f"<h1>{_e(ruling_title(ruling))}: board {_e(record.board)}</h1>",
        f'<p class="sub">{_e(record.source)} &middot; {_e(record.contract.describe())} &middot; '
        f"declarer {SEAT_NAMES[record.contract.declarer]} ({SEAT_LETTERS[record.contract.declarer]}), "
        f"{_e(play_start(ruling))}</p>",
        f'<p class="sub">{_e(describe_info(record.info))}</p>' if record.info else "",
        summary,
        _ruling_table(ruling, field),
        _law_path(ruling),
        ("<h2>Facts</h2><ul>" + "".join(f"<li>{prose(f)}</li>" for f in facts)
         + ("" if said else f'<li class="quiet">{NOTHING_SAID}</li>') + "</ul>") if facts else "",
        ("<h2>What the players said</h2><ul>" + "".join(f"<li>{_e(said)}</li>" for said in record.facts.statements)
         + "</ul>") if record.facts.statements else "",
        ("<h2>The director's findings of fact</h2><ul>" + "".join(f"<li>{_e(found)}</li>" for found in
                                                                  record.facts.findings) + "</ul>")
        if record.facts.findings else "",
        "" if said or facts else f'<p class="quiet">{NOTHING_SAID}</p>',
        '<div class="side-by-side"><section><h2>The deal</h2><div class="deal-row"><figure class="keep">',
        _diagram(ruling), '<figcaption>Cards outlined are those the ruling plays in place of the revoke.</figcaption>'
        if ruling.estimates else "", "</figure>", makeable_html(traces.deal_table), "</div>",
        _auction(ruling), "</section><section>",
        _play_table(ruling), "</section></div>",
        viewer_html(ruling, anchor or str(record.board)),
        evidence_html(ruling),
        f"<h2>Notes on the record</h2><ul>{notes}</ul>" if notes else "",
        appendix,
        "<footer>Made by revsim " + _e(revsim_version) + " with endplay " + _e(endplay_version)
        + " (double-dummy solver DDS).</footer>",
    ]
    return f'<article{f" id={chr(34)}{_e(anchor)}{chr(34)}" if anchor else ""}>' + "".join(body) + "</article>"


def transfer_cell(ruling: BoardRuling) -> str:
    """The header's transfer, saying which play it is of where Law 16B moved the ruling to the play with the logical
    alternative (the transfer then worked out in that play, not the record's)."""
    moved = next((step for step in ruling.steps_of(InformationJudged)
                  if isinstance(step, InformationJudged) and step.beside_revokes and step.adjusted), None)
    if moved is None:
        return str(ruling.transfer)
    return f"{ruling.transfer} on the play as recorded, not the one ruled on (Law 16B)"
