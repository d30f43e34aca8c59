"""The report's evidence for the no-infraction result, in plain words for an appeals committee: the
position at the revoke with the legal cards, what the simulated players did, a representative play-out card
by card, the estimate beside the score assigned (a chart), and the method apart, at the end.

The sentences come from ``outputs.explain``; this module lays them out as HTML.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence, Set
from functools import partial

from revsim.cards import SEAT_LETTERS, SEAT_NAMES, SIDE_NAMES, SUIT_SYMBOLS, Card, cards_in_words, high_card_points, sort_hand
from revsim.equity.steps import BoardRuling, Compared, Corrected, InformationJudged, ScoreAssigned, SideJudged
from revsim.likely.evidence import Representative, sd_evidence, sd_of
from revsim.likely.worlds import Estimate
from revsim.outputs.estimates import method_texts, position_at, position_text, writer_for
from revsim.outputs.playouts import (
    competent_defence_texts,
    only_real_play_texts,
    parted_text,
    played_text,
    real_play_texts,
    replays_derivation,
    representative_intro,
    representatives_of,
)
from revsim.outputs.report.chart import distribution_chart, wide_and_narrow
from revsim.outputs.sides import letter_of, world_letter
from revsim.outputs.weights import trick_word

_RED = (1, 2)


def escape(text: object) -> str:
    """Text made safe for HTML."""
    return html.escape(str(text))


_e = escape


def prose(text: object) -> str:
    """Text made safe for HTML, each card in it written as a card is everywhere in revsim's pages (♠J, red for
    hearts and diamonds), not as the letters a record uses (SJ)."""
    return cards_in_words(escape(str(text)), card_html)


def _colour(suit: int) -> str:
    return "red" if suit in _RED else "black"


def rank_text(card: Card) -> str:
    """A card's rank as printed: ``10`` for the ten."""
    return "10" if card.rank == 10 else "23456789TJQKA"[card.rank - 2]


def card_html(card: Card | str) -> str:
    """A card with its suit symbol, red or black."""
    card = Card.parse(card) if isinstance(card, str) else card
    return f'<span class="{_colour(card.suit)}">{SUIT_SYMBOLS[card.suit]}{rank_text(card)}</span>'


def hand_html(seat: int, hand: Iterable[Card], marked: Set[Card], mark: str, hcp: bool = False) -> str:
    """One hand of a diagram, a suit a line, the ``marked`` cards wrapped in ``mark`` (an opening tag)."""
    rows = []
    for suit in range(4):
        cards = [card for card in sort_hand(frozenset(hand)) if card.suit == suit]
        ranks = " ".join(f"{mark}{rank_text(card)}</span>" if card in marked else rank_text(card)
                         for card in cards) or "&mdash;"
        rows.append(f'<div><span class="{_colour(suit)}">{SUIT_SYMBOLS[suit]}</span> {ranks}</div>')
    points = f' <span class="hcp">{high_card_points(hand)} HCP</span>' if hcp else ""
    return (f'<div class="hand {SEAT_NAMES[seat].lower()}"><div class="seat">{SEAT_NAMES[seat]}{points}</div>'
            f'{"".join(rows)}</div>')


def diagram_html(hands: Sequence[Iterable[Card]], marked: Set[Card], mark: str, centre: str,
                 hcp: bool = False) -> str:
    """The four hands around a centre box, the ``marked`` cards wrapped in ``mark``; with ``hcp``, each hand's
    high-card points under it."""
    return ('<div class="diagram">' + "".join(hand_html(seat, hands[seat], marked, mark, hcp) for seat in range(4))
            + f'<div class="centre">{centre}</div></div>')


def _position_diagram(ruling: BoardRuling, estimate: Estimate) -> str:
    """The four hands as they were at the revoke, with the trick in progress in the middle and the legal
    cards of the offender marked."""
    position = position_at(ruling, estimate)
    legal = {candidate.card for candidate in estimate.candidates}
    trick = " ".join(f"{SEAT_LETTERS[seat]} {card_html(card)}" for seat, card in position.current_trick) or "(to lead)"
    return diagram_html([position.hand(seat) for seat in range(4)], legal, '<span class="legal">',
                        f"Trick {estimate.trick}<br>{trick}")


def _representative_table(representative: Representative) -> str:
    parted = representative.get("parted")
    rows: dict[int, list[str]] = {}
    for trick, seat, card, after, *rest in representative["plays"]:
        forced = bool(rest and rest[0])
        mark = (' class="parted" title="where it parted from perfect play"'
                if parted is not None and (trick, seat, card) == (parted["trick"], parted["player"], parted["card"]) else "")
        law = " <small>(forced)</small>" if forced else ""
        rows.setdefault(int(trick), []).append(
            f"<td{mark}>{_e(seat)} {card_html(card)}{law} <small>{after}</small></td>")
    body = "".join(f"<tr><td class='num'>{trick}</td>{''.join(cells)}</tr>" for trick, cells in rows.items())
    return ("<table class='playout'><tr><th>Trick</th><th colspan='4'>Cards in the order played (small: declarer's "
            "side's tricks with perfect play after the card)</th></tr>" + body + "</table>")


def _replay_item(intro: str, representative: Representative, derived: str = "") -> str:
    """One replay card by card, after its intro (and the sentence deriving its play's estimate, where it has one)."""
    lead = f"<p>{prose(derived)}</p>" if derived else ""
    return (f'<div class="playout-item keep">{lead}<p>{prose(intro)}:</p>' + _representative_table(representative)
            + f"<p>{prose(parted_text(representative))}</p></div>")


def side_world_replays(ruling: BoardRuling, shown: Estimate) -> list[str]:
    """Law 64C2b: a replay of each side's play other than the one shown above, by the letter of the plays' table
    (only where that play was estimated by replays)."""
    items = []
    for step in ruling.steps_of(SideJudged):
        assert isinstance(step, SideJudged)
        world = step.world
        continued = sd_of(world.continued)
        if continued.representative is not None:
            evidence, representative = continued, continued.representative
            after = f" (after the record's play to {world.stopped})"
        else:
            own = world.estimate is not shown and world.estimate.estimator == "sd"
            replays = representatives_of(world.estimate) if own else []
            if not replays:
                continue
            evidence, representative, after = sd_evidence(world.estimate), replays[0], ""
        intro = representative_intro(representative, evidence.play_out_count or 0)
        letter = world_letter(ruling, step)
        derived = replays_derivation(evidence, world.outcomes, f"play {letter}") if evidence.position_blind else ""
        items.append(_replay_item(f"For {SIDE_NAMES[step.side]}, play {letter}{after}: "
                                  f"{intro[0].lower()}{intro[1:]}", representative, derived))
    return items


def information_replays_html(ruling: BoardRuling, heading: bool = True) -> str:
    """Law 16B's line with the logical alternative, shown as any other play is: a replay of each alternative whose
    estimate replayed the play (empty where none did); under a heading of its own where the report has no section
    without the revoke to stand in."""
    items = []
    for step in ruling.steps_of(InformationJudged):
        assert isinstance(step, InformationJudged)
        for card, evidence in step.replays:
            representative, total = evidence.representative, evidence.play_out_count or 0
            outcomes = dict(step.results).get(card, ())
            derived = (replays_derivation(evidence, outcomes, f"the {card} line") if evidence.position_blind and outcomes
                       else "")
            if representative.get("ending_so") == total and not representative.get("parted"):   # nothing to show
                tricks = trick_word(representative["tricks"])
                words = (f"With the logical alternative, the {card}, instead: all {total} replays end with {tricks} "
                         "for declarer's side, every card of the most typical one a card perfect play would also choose."
                         + (f" {derived}" if derived else ""))
                items.append(f"<p>{prose(words)}</p>")
                continue
            intro = representative_intro(representative, total)
            items.append(_replay_item(f"With the logical alternative, the {card}, instead: {intro[0].lower()}"
                                      f"{intro[1:]}", representative, derived))
    if not items:
        return ""
    title = '<div class="keep"><h2>With the logical alternative</h2></div>' if heading else ""
    return f'{title}<div class="playouts">' + "".join(items) + "</div>"


def evidence_html(ruling: BoardRuling) -> str:
    """The section "Without the revoke": the evidence in plain words; Law 16B's line with the logical alternative
    after it."""
    estimate = ruling.no_infraction
    if estimate is None:
        return information_replays_html(ruling)
    parts = ['<div class="keep"><h2>Without the revoke</h2>', f"<p>{prose(position_text(ruling, estimate))}</p>",
             _position_diagram(ruling, estimate), "</div>"]   # on paper, the heading never apart from its diagram
    if estimate.estimator == "sd":
        parts += [f"<p>{prose(line)}</p>" for line in (played_text(estimate), *competent_defence_texts(estimate),
                                                       *real_play_texts(estimate), *only_real_play_texts(estimate))]
        total = sd_evidence(estimate).play_out_count or 0
        letter = letter_of(ruling, estimate.outcomes)
        play = f"Play {letter}: a" if letter else "A"
        shown = [_replay_item(play + representative_intro(representative, total)[1:], representative)
                 for representative in representatives_of(estimate)] + side_world_replays(ruling, estimate)
        parts.append('<div class="playouts">' + "".join(shown) + "</div>")
    else:
        parts += [f"<p class='explain'>{prose(line)}</p>" for line in writer_for(estimate).evidence(ruling, estimate)]
    for step in ruling.steps_of(ScoreAssigned):   # the score assigned is said once, in the law path
        assert isinstance(step, ScoreAssigned)
        if step.regime == "weighted" and len(step.distribution) > 1:
            chart = wide_and_narrow(partial(distribution_chart, step.distribution, step.assigned), 520)
            parts.append('<figure class="keep">' + chart + f"<figcaption>{_e(chart_caption(ruling, step))}"
                         "</figcaption></figure>")
    return "".join(parts) + information_replays_html(ruling, heading=False)


def chart_caption(ruling: BoardRuling, step: ScoreAssigned) -> str:
    """What a chart of the estimate counts, in the words of the world it belongs to: without the revoke, with an
    earlier revoke's transfer worked out in that play, with the logical alternative (Law 16B), or the corrected
    play; and for which side, where each side has its own score (Law 64C2b)."""
    distribution = tuple(step.distribution)
    letter = letter_of(ruling, distribution)
    world = "without the revoke" if letter is None else f"in play {letter} (the plays' table above)"
    for judged in ruling.steps_of(Compared):
        assert isinstance(judged, Compared)
        if tuple(judged.world.outcomes) == distribution:
            seat = SEAT_NAMES[judged.world.revoke.seat]
            world = f"without {seat}'s revoke on trick {judged.world.revoke.trick}"
            if judged.world.moved:
                world += ", the earlier revoke's transfer counted in each result"
    for corrected in ruling.steps_of(Corrected):
        assert isinstance(corrected, Corrected)
        revoke = corrected.revoke
        corrected_play = f"in the play with {SEAT_NAMES[revoke.seat]}'s revoke on trick {revoke.trick} corrected"
        if tuple(corrected.outcomes) == distribution:
            world = corrected_play
        elif corrected.claim_capped is not None and tuple(corrected.claim_capped) == distribution:
            world = f"{corrected_play}, the claim giving the claimer no more than claimed"
    for judged_information in ruling.steps_of(InformationJudged):
        assert isinstance(judged_information, InformationJudged)
        if tuple(judged_information.outcomes) == distribution:
            world = "with the logical alternative instead of the card chosen" + (
                ", the revoke's transfer worked out in that play" if judged_information.beside_revokes else "")
    whose = f" for {SIDE_NAMES[step.sides[0]]}" if len(step.sides) == 1 else ""
    return f"How likely each result is {world}, and the score assigned{whose}."


def method_html(ruling: BoardRuling, settings_line: str, seed_line: str) -> str:
    """The Method appendix: how each estimate was made, with the parameters that reproduce it (on paper only when
    asked: ``report --method``)."""
    items = "".join(f"<li>{prose(line)}</li>" for line in method_texts(ruling))
    candidates = "".join(
        "<table><tr><th>Card</th><th>Declarer's tricks, double dummy</th></tr>"
        + "".join(f"<tr><td>{card_html(c.card)}</td><td class='num'>{c.declarer_tricks}</td></tr>"
                  for c in estimate.candidates) + "</table>"
        for estimate in ruling.estimates.values())
    return (f"<h2>Appendix: method</h2><ul class='method'>{items}</ul>{candidates}"
            f"<p class='note'>Settings: {_e(settings_line)}. {seed_line}</p>")
