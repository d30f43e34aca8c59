"""Law 16B in words and as data: the information, the player's alternatives measured, the logical alternatives,
those the card chosen was suggested over, and the result the adjustment rests on."""

from __future__ import annotations

from typing import Any

from revsim.cards import SEAT_NAMES, SIDE_NAMES
from revsim.equity.steps import BoardRuling, InformationJudged
from revsim.information.measure import Alternative
from revsim.outputs.weights import weighted_result


def information_texts(ruling: BoardRuling, step: InformationJudged) -> list[str]:
    """The Law 16B sentences of the law path."""
    judgement = step.judgement
    contract = ruling.record.contract
    who = SEAT_NAMES[judgement.information.player]
    lead = judgement.measured.on_lead
    rates = ", ".join(f"{_action(a, lead)} {a.rate:.0%}" for a in judgement.measured.alternatives)
    logical = "; ".join(_action(judgement.alternative(card), lead) for card in judgement.logical) or "none"
    shown = "; ".join(shown.describe() for shown in judgement.information.shows)
    lines = [f"Law 16B: what {who} knew from partner before his card to trick {judgement.information.trick} showed "
             f"that {shown}; from among logical alternatives he may not choose one it could have suggested.",
             f"Law 16B1b: players of the class, without the information, choose {rates} (simulated players, the "
             f"choice model fitted on real play); a logical alternative is an action chosen at least "
             f"{judgement.rate:.0%} of the time: {logical}."]
    chosen = judgement.alternative(judgement.chosen)
    if not judgement.infraction:
        lines.append(f"Law 16B1a: {who} chose the {judgement.played or judgement.chosen}; the information did not make it worth "
                     f"{judgement.margin:g} of a trick more than another logical alternative (it changed its worth by "
                     f"{chosen.gain:+.2f} tricks): no infraction, the table result stands.")
        return lines
    over = ", ".join(f"{_action(judgement.alternative(card), lead)} ({judgement.alternative(card).gain:+.2f})"
                     for card in judgement.suggested_over)
    lines.append(f"Law 16B1a: {who} chose the {judgement.played or judgement.chosen} ({_action(chosen, lead)}), which "
                 f"the information made worth {chosen.gain:+.2f} "
                 f"tricks on the deals he could imagine, against {over}: it could demonstrably have suggested it "
                 f"over {'that logical alternative' if len(judgement.suggested_over) == 1 else 'those'}.")
    results = "; ".join(f"after the {card}: {weighted_result(contract, outcomes)}" for card, outcomes in step.results)
    side = SIDE_NAMES[1 - (judgement.information.player % 2)]
    verdict = ("better for the non-offending side, so the score is adjusted (Law 16B3, 12B1)" if step.adjusted else
               "no better for the non-offending side than the table result: no damage, the table result stands")
    lines.append(f"Law 16B3: the likely result with the logical alternative instead ({results}) is "
                 f"{weighted_result(contract, step.outcomes)}, worth {step.adjusted_worth:+.0f} points to {side} "
                 f"against {step.table_worth:+.0f} at the table: {verdict}.")
    return lines


def information_to_dict(step: InformationJudged) -> dict[str, Any]:
    """The Law 16B step as data."""
    judgement = step.judgement
    return {"step": "information", "law": "16B", "trick": judgement.information.trick,
            "player": "NESW"[judgement.information.player], "source": judgement.information.source,
            "shows": [shown.as_table() for shown in judgement.information.shows],
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
            "table_worth": round(step.table_worth, 4), "adjusted_worth": round(step.adjusted_worth, 4)}


SUIT_SINGULAR = ("spade", "heart", "diamond", "club")


def _action(alternative: Alternative, on_lead: bool) -> str:
    """An action in words: ``the S3``, ``the S3 or S8`` (cards worth the same), ``a heart (H5, H7, HT)`` (a lead)."""
    cards = alternative.cards or (alternative.card,)
    if on_lead:
        return f"a {SUIT_SINGULAR[alternative.card.suit]} ({', '.join(str(card) for card in cards)})"
    return f"the {' or '.join(str(card) for card in cards)}"
