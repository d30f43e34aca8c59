"""How each estimator's estimate is told, in plain words: one writer per estimator name, so the law path,
the evidence and the method read the same in the text, the JSON and the report whatever the estimator.

A writer says what the offender plays instead of the revoke card, the evidence behind the estimate and the
parameters that reproduce it. ``sd`` has its own (``outputs.playouts``); ``dd`` and the director's judgement
theirs; an estimator with no writer of its own (a new one) is told by name and outcomes, so a new
estimator needs nothing here to be explained, and a writer here to be explained well.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from revsim.cards import SEAT_NAMES, SUIT_NAMES
from revsim.equity.steps import BoardRuling
from revsim.likely.worlds import Estimate, position_before
from revsim.outputs.playouts import chosen_phrase, playout_evidence, playout_method, settled_text
from revsim.outputs.weights import trick_word, weighted_tricks
from revsim.play.replay import Replay


@dataclass(frozen=True)
class EstimateWriter:
    """How one estimator's estimates are told: the substitute card (None: the card the estimate chose), the
    evidence after the position at the revoke, and the method's parameters."""

    substitute: Callable[[Estimate], str] | None
    evidence: Callable[[BoardRuling, Estimate], list[str]]
    method: Callable[[Estimate], str]


def _card_phrase(estimate: Estimate) -> str:
    """The card the estimate chose, as a director says it: follows with, leads, plays, or any of several."""
    who = SEAT_NAMES[estimate.seat]
    cards = " or ".join(str(card) for card in estimate.chosen[:4])
    if estimate.substitute == "uniform" and len(estimate.chosen) > 1:
        return f"{who} plays any of {', '.join(str(c) for c in estimate.chosen)}, each equally likely"
    if estimate.suit_led is None:
        verb = "leads"
    else:
        verb = "follows with" if estimate.chosen and estimate.chosen[0].suit == estimate.suit_led else "plays"
    return f"{who} {verb} the {cards}"


WRITERS: dict[str, EstimateWriter] = {
    "sd": EstimateWriter(chosen_phrase, playout_evidence, playout_method),
    "dd": EstimateWriter(
        None,
        lambda ruling, estimate: [f"With perfect play by all four hands from there (double dummy), declarer's side "
                                  f"takes {weighted_tricks(estimate.outcomes)}. Perfect play sees all four hands: it "
                                  "is an upper bound on skilful play, shown as evidence."],
        lambda estimate: f"double dummy (dd), substitute card {estimate.substitute}."),
    "director": EstimateWriter(
        lambda estimate: "the director's judgement of the likely result (Law 12C1c; not an estimate)",
        lambda ruling, estimate: ["The likely result without the revoke is the director's judgement (Law 12C1c), "
                                  "as the law path gives it; perfect play is shown beside it as evidence."],
        lambda estimate: "the director's judgement (--outcomes), double dummy beside it as evidence."),
}
"""The writers by estimator name (``Estimate.estimator``)."""


def writer_for(estimate: Estimate) -> EstimateWriter:
    """The writer of an estimate: its estimator's, or the plain one that tells it by name and outcomes."""
    return WRITERS.get(estimate.estimator) or EstimateWriter(
        None,
        lambda ruling, found: [f"The {found.estimator} estimator gives declarer's side "
                               f"{weighted_tricks(found.outcomes)} from there."],
        lambda found: f"the {found.estimator} estimator, substitute card {found.substitute}.")


def substitute_phrase(estimate: Estimate) -> str:
    """What the offender plays instead of the revoke card, in the estimate."""
    writer = writer_for(estimate)
    return writer.substitute(estimate) if writer.substitute is not None else _card_phrase(estimate)


def position_at(ruling: BoardRuling, estimate: Estimate) -> Replay:
    """The play just before the revoke an estimate is about."""
    revoke = next(r for r in ruling.revokes if (r.trick, r.seat) == (estimate.trick, estimate.seat))
    return position_before(ruling.table.replay, revoke)[0]


def position_text(ruling: BoardRuling, estimate: Estimate) -> str:
    """Where the revoke happened: who was to play, the trick so far, the tricks won, and the legal cards."""
    position = position_at(ruling, estimate)
    who = SEAT_NAMES[estimate.seat]
    on_trick = ", ".join(f"{SEAT_NAMES[seat]} the {card}" for seat, card in position.current_trick)
    trick = (f"{who} was to lead to trick {estimate.trick}" if not on_trick
             else f"{who} was to play to trick {estimate.trick}, {SUIT_NAMES[position.led_suit or 0]} led "
                  f"({on_trick})")
    won = f"North-South had won {trick_word(position.tricks_won(0))} and East-West {position.tricks_won(1)}"
    legal = ", ".join(f"the {c.card} ({c.declarer_tricks})" for c in estimate.candidates)
    return (f"At the revoke, {trick}; {won}. {who} could legally have played {legal}: in brackets, declarer's "
            "side's tricks with perfect play by all four hands after each.")


def evidence_texts(ruling: BoardRuling) -> list[str]:
    """The evidence behind the estimate the ruling rests on, in plain words (nothing of the method's
    parameters, which ``method_texts`` writes; the score assigned from it is a step of the law path)."""
    estimate = ruling.no_infraction
    if estimate is None:
        return []
    return [position_text(ruling, estimate), *writer_for(estimate).evidence(ruling, estimate)]


def method_texts(ruling: BoardRuling) -> list[str]:
    """How each estimate was made, with the parameters that reproduce it."""
    lines = []
    for estimate in ruling.estimates.values():
        where = f"trick {estimate.trick}, {SEAT_NAMES[estimate.seat]}"
        lines.append(f"{where}: {writer_for(estimate).method(estimate)}")
        for line in estimate.lines:
            lines.append(f"{where}: {line.name} line, {trick_word(line.declarer_tricks)} ({' '.join(line.cards[:12])}"
                         f"{' ...' if len(line.cards) > 12 else ''}; {line.stopped}).")
    settled = settled_text(ruling)
    return lines + ([settled] if settled else [])
