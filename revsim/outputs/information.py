"""Law 16B in words and as data: the information, the player's alternatives measured, the logical alternatives,
those the card chosen was suggested over, and the result the adjustment rests on."""

from __future__ import annotations

from typing import Any

from revsim.cards import SEAT_NAMES, SIDE_NAMES, Card, partner
from revsim.equity.law62d2 import PartnerRestricted
from revsim.equity.steps import BoardRuling, InformationJudged
from revsim.information.measure import Alternative
from revsim.outputs.weights import weighted_result, weighted_tricks_and_results
from revsim.records.information import who_decided


def information_texts(ruling: BoardRuling, step: InformationJudged) -> list[str]:
    """The Law 16B sentences of the law path."""
    judgement = step.judgement
    contract = ruling.record.contract
    contract_declarer = contract.declarer if contract is not None else None
    who = who_decided(judgement.information.player, contract_declarer)
    lead = judgement.measured.on_lead
    rates = ", ".join(f"{_action(a, lead)} {a.rate:.0%}" for a in judgement.measured.alternatives)
    logical = "; ".join(_action(judgement.alternative(card), lead) for card in judgement.logical) or "none"
    whence = "partner's withdrawn card on the table" if judgement.information.law == "16D" else "partner"
    lines = [f"Law {judgement.information.law}: what {who} knew from {whence} before the card to trick "
             f"{judgement.information.trick} {judgement.information.told()}. Without it, players of {judgement.level} "
             f"class choose {rates}; Law 16B1b: the logical alternatives (chosen at least {judgement.rate:.0%} of the "
             f"time): {logical}."]
    chosen = judgement.alternative(judgement.chosen)
    if not judgement.infraction:
        others = [judgement.alternative(card) for card in judgement.logical if card != chosen.card]
        relative = ", ".join(f"{_change_text(judgement.measured.unit, chosen.gain - other.gain)} relative to "
                             f"{_action(other, lead)}"
                             for other in others)
        by = (f" (relative to each other logical alternative, it changed the worth of his card by {relative}, "
              f"under the {judgement.margin:{'.0%' if judgement.measured.unit == 'contract' else 'g'}} that shows a "
              "suggestion)" if others
              else " (no other logical alternative: there was nothing to suggest it over)")
        lines.append(f"Law 16B1a: {who} chose the {judgement.played or judgement.chosen}; the information could not "
                     f"demonstrably have suggested it over another logical alternative{by}: no infraction"
                     + (", so the revoke laws rule on the play as recorded." if step.beside_revokes else
                        ", the table result stands."))
        return lines
    over = ", ".join(_suggested_over_text(judgement.measured.unit, chosen, judgement.alternative(card), lead)
                     for card in judgement.suggested_over)
    action = _action(chosen, lead)
    named = "" if action == f"the {judgement.played or judgement.chosen}" else f" ({action})"
    lines.append(f"Law 16B1a: on the deals {who} could imagine, the information made the "
                 f"{judgement.played or judgement.chosen}{named} he chose {over}: it could demonstrably have "
                 "suggested it.")
    written = {weighted_result(contract, outcomes) for _, outcomes in step.results}
    results = ("the " + " or the ".join(str(card) for card, _ in step.results) if len(written) == 1 else   # alike
               "; ".join(f"after the {card}: {weighted_result(contract, outcomes)}" for card, outcomes in step.results))
    side = SIDE_NAMES[1 - (judgement.information.player % 2)]
    if step.beside_revokes:
        verdict = ("better for the non-offending side, so the revoke laws below rule on that play (Law 16B3, 12B1)"
                   if step.adjusted else
                   "no better for the non-offending side: no damage, the revoke laws rule on the play as recorded")
        cards = " or the ".join(str(card) for card, _ in step.results)
        results = ("the transfer below" if step.adjusted else   # written once: the law path's 64C step gives it
                   weighted_result(contract, step.outcomes))
        lines.append(f"Law 16B3: with the {cards} instead and the revoke's transfer worked out in that play, "
                     f"{results}, worth {step.adjusted_worth:+.0f} to {side} as the "
                     f"revoke laws rule, against {step.table_worth:+.0f} on the record: {verdict}.")
        return lines
    verdict = ("better for the non-offending side, so the score is adjusted (Law 16B3, 12B1)" if step.adjusted else
               "no better for the non-offending side than the table result: no damage, the table result stands")
    valued = (f"; its likely result{'s' if len(step.valued) > 1 else ''}, {weighted_result(contract, step.valued)}, "
              f"{'are' if len(step.valued) > 1 else 'is'} worth"
              if step.valued else ", worth")
    lines.append(f"Law 16B3: the likely result with the logical alternative instead ({results}) is "
                 f"{weighted_result(contract, step.outcomes)}{valued} {step.adjusted_worth:+.0f} points to {side} "
                 f"against {step.table_worth:+.0f} at the table: {verdict}.")
    return lines


def _suggested_over_text(kind: str, chosen: Alternative, other: Alternative, lead: bool) -> str:
    """How much better the information made the card chosen relative to a logical alternative: in tricks, or (penalty
    tricks to come) in how often each succeeds without the information and with it."""
    if kind != "contract":
        return f"{chosen.gain - other.gain:.2f} of a trick better relative to {_action(other, lead)}"
    return (f"succeed on {chosen.informed:.0%} of the deals he could imagine instead of {chosen.without:.0%}, and "
            f"{_action(other, lead)} on {other.informed:.0%} instead of {other.without:.0%}: "
            f"{(chosen.gain - other.gain) * 100:.0f} percentage points in its favour")


def _change_text(kind: str, value: float) -> str:
    """A change of a card's worth relative to another, signed: ``+0.12 of a trick``, or (penalty tricks to come)
    ``+12 percentage points of its chance to succeed``."""
    if kind == "contract":
        return f"{value * 100:+.0f} percentage points of its chance to succeed"
    return f"{value:+.2f} of a trick"


def information_to_dict(step: InformationJudged) -> dict[str, Any]:
    """The Law 16B step as data."""
    judgement = step.judgement
    return {"step": "information", "law": judgement.information.law, "level": judgement.level,
            "trick": judgement.information.trick,
            "player": "NESW"[judgement.information.player], "source": judgement.information.source,
            "shows": [shown.as_table() for shown in judgement.information.shows],
            "penalty_tricks": judgement.information.penalty_tricks, "worth_in": judgement.measured.unit,
            "chosen": str(judgement.played or judgement.chosen),
            "alternatives": [{"card": str(a.card), "cards": [str(c) for c in a.cards], "rate": round(a.rate, 4),
                              "without": round(a.without, 4),
                              "informed": round(a.informed, 4)} for a in judgement.measured.alternatives],
            "layouts": {"without": judgement.measured.layouts_without, "informed": judgement.measured.layouts_informed},
            "logical_rate": judgement.rate, "suggestion_margin": judgement.margin,
            "logical": [str(card) for card in judgement.logical],
            "suggested_over": [str(card) for card in judgement.suggested_over],
            "results": [{"card": str(card), "outcomes": [[t, round(w, 6)] for t, w in outcomes]}
                        for card, outcomes in step.results],
            "outcomes": [[t, round(w, 6)] for t, w in step.outcomes], "adjusted": step.adjusted,
            "valued": [[t, round(w, 6)] for t, w in (step.valued or step.outcomes)],
            "table_worth": round(step.table_worth, 4), "adjusted_worth": round(step.adjusted_worth, 4)}


SUIT_SINGULAR = ("spade", "heart", "diamond", "club")


def _action(alternative: Alternative, on_lead: bool) -> str:
    """An action in words: ``the S3``, ``the S3 or S8`` (cards worth the same), ``a heart (H5, H7, HT)`` (a lead)."""
    cards = alternative.cards or (alternative.card,)
    if on_lead:
        return f"a {SUIT_SINGULAR[alternative.card.suit]} ({', '.join(str(card) for card in cards)})"
    return f"the {' or '.join(str(card) for card in cards)}"


def restricted_text(ruling: BoardRuling, restricted: PartnerRestricted) -> str:
    """Laws 62D2 and 16D in the trick-12 correction, in words."""
    who = SEAT_NAMES[restricted.partner]
    offender = SEAT_NAMES[partner(restricted.partner)]
    rates = ", ".join(f"{_action(a, restricted.measured.on_lead)} {a.rate:.0%}" for a in restricted.measured.alternatives)
    law = ("Law 62D2: holding cards of two suits, he may not choose the card the revoke could have suggested"
           if restricted.clause == "62D2" else
           "Law 16D: the withdrawn card is unauthorised information for him")
    text = (f"{offender}'s withdrawn {restricted.revoke_card} told {who} that {offender} held it ({law}); without that "
            f"knowledge players of the class choose {rates}")
    left = " or ".join(str(card) for card in restricted.permitted)
    if restricted.forbidden:
        over = ", ".join(f"the {card} ({_gain(restricted, card)})" for card in restricted.forbidden)
        text += (f"; the withdrawn card made {over} worth at least {restricted.margin:g} of a trick more than another "
                 f"logical alternative, so {who} may not choose it and plays the {left}: "
                 f"declarer's side takes {weighted_tricks_and_results(ruling.record.contract, restricted.outcomes)}")
    else:
        text += f"; it suggested no logical alternative over another, so {who}'s choice stands"
    return text


def _gain(restricted: PartnerRestricted, card: Card) -> str:
    alternative = next(a for a in restricted.measured.alternatives if a.card == card)
    return f"{alternative.gain:+.2f} tricks"


def restricted_to_dict(restricted: PartnerRestricted) -> dict[str, Any]:
    """Laws 62D2 and 16D in the trick-12 correction, as data."""
    return {"law": restricted.clause, "partner": "NESW"[restricted.partner], "withdrawn": str(restricted.revoke_card),
            "alternatives": [{"card": str(a.card), "cards": [str(c) for c in a.cards], "rate": round(a.rate, 4),
                              "without": round(a.without, 4), "informed": round(a.informed, 4)}
                             for a in restricted.measured.alternatives],
            "logical_rate": restricted.rate, "suggestion_margin": restricted.margin,
            "logical": [str(card) for card in restricted.logical],
            "forbidden": [str(card) for card in restricted.forbidden],
            "results": [{"card": str(card), "declarer_tricks": tricks} for card, tricks in restricted.results],
            "outcomes": [[t, round(w, 6)] for t, w in restricted.outcomes]}
