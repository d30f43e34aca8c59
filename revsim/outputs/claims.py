"""A claim ruled under Law 70, in a director's words and as data: the claim, the statement as steps, the worst
normal line trick by trick, and every clause applied. Written from ``claims.ClaimRuling``, never computed here."""

from __future__ import annotations

from typing import Any

from revsim.cards import SEAT_NAMES, SIDE_NAMES, card_with_symbol
from revsim.claims.law70 import ClaimRuling
from revsim.claims.search import LineCard

CLAUSE_WORDS = {
    "70A": "Law 70A (doubtful points go against the claimer)",
    "70C": "Law 70C (an outstanding trump not mentioned)",
    "70D1": "Law 70D1 (no successful line outside the statement)",
    "70D2": "Law 70D2 (a defender's claim resting on his partner's choice)",
    "70E1": "Law 70E1 (an unstated finesse or drop)",
    "71": "Law 71 (a trick conceded that could not be lost)",
    "70-revoke": "Law 70 (a statement that announces a revoke)",
}

WHY_WORDS = {
    "stated": "as stated",
    "forced": "the only card",
    "normal": "a normal card",
    "top-down": "from the top, as the regulation says",
    "careless-order": "careless: winners in another order",
    "trump-too-many": "careless: a trump too many",
    "not-unblocking": "careless: not unblocking",
    "no-finesse": "the top card: an unstated finesse is not accepted",
    "best": "the opponents' best",
}


def claim_summary(claim: ClaimRuling) -> str:
    """The claim and its ruling in two sentences."""
    who = "Declarer" if claim.claim.by == "declarer" else "The defenders"
    statement = claim.claim.describe_steps()
    said = f" (said: \u201c{claim.claim.words}\u201d)" if claim.claim.words else ""
    ruled = (f"the claim stands at {claim.ruled}" if not claim.changed else
             f"declarer's side gets {claim.ruled}")
    made = ("conceded, and the concession was brought to the director" if claim.claim.conceded
            else "claimed")
    what = "" if claim.claim.conceded else " and the claim was contested"
    return (f"{who} {made}: {claim.claimed} tricks in all for declarer's side{what}; the statement: "
            f"{statement}{said}. Under Law {claim.law} {ruled} tricks ({SIDE_NAMES[claim.claimer_side]} "
            f"{'conceded' if claim.claim.conceded else 'claimed'}).")


def claim_reasons(claim: ClaimRuling) -> list[str]:
    """The claim's ruling and the reasons of each clause, as the explanation gives them (the text's words)."""
    return [claim_summary(claim), *clause_lines(claim)]


def clause_lines(claim: ClaimRuling) -> list[str]:
    """Each clause applied, named and said."""
    return [f"{CLAUSE_WORDS.get(clause.clause, 'Law ' + clause.clause)}: {clause.detail}." for clause in claim.clauses]


def line_text(cards: tuple[LineCard, ...]) -> str:
    """The worst normal line trick by trick, each claimer's card with why it is normal."""
    tricks: dict[int, list[str]] = {}
    for item in cards:
        why = "" if item.why == "best" else f" ({WHY_WORDS.get(item.why, item.why)})"
        tricks.setdefault(item.trick, []).append(f"{card_with_symbol(item.card)} {SEAT_NAMES[item.seat]}{why}")
    return "; ".join(f"trick {trick}: " + ", ".join(plays) for trick, plays in tricks.items())


def standard_text(claim: ClaimRuling) -> str:
    """The standard of normal play the ruling used."""
    standard = claim.standard
    order = " Suits the statement leaves open are played from the top down." if standard.suit_order == "top-down" else ""
    return (f"Normal play: a card players of {standard.level} class choose at least {standard.rate:.0%} of the time "
            f"there, or a careless play the law names, on a line they follow at least {standard.rate:.0%} as often "
            f"as their likeliest.{order}")


def claim_lines(claim: ClaimRuling) -> list[str]:
    """The readable ruling's claim section."""
    return [claim_summary(claim), *clause_lines(claim), f"Worst normal line: {line_text(claim.line.cards)}.",
            standard_text(claim)]


def claim_to_dict(claim: ClaimRuling) -> dict[str, Any]:
    """The claim ruling as data (the JSON's ``claim.law70``)."""
    return {
        "status": str(claim.claim.status),
        "claimer": SIDE_NAMES[claim.claimer_side],
        "claimed": claim.claimed,
        "ruled": claim.ruled,
        "double_dummy": claim.double_dummy,
        "with_announced_revoke": claim.with_revoke,
        "steps": [step.as_table() for step in claim.claim.steps],
        "any_order": claim.claim.any_order,
        "statement_words": claim.claim.words or None,
        "clauses": [{"clause": clause.clause, "title": CLAUSE_WORDS[clause.clause], "detail": clause.detail}
                    for clause in claim.clauses],
        "worst_line": [{"trick": item.trick, "seat": "NESW"[item.seat], "card": str(item.card), "why": item.why,
                        "rate": None if item.rate is None else round(item.rate, 4),
                        "other_normal_cards": [str(card) for card in item.others]} for item in claim.line.cards],
        "standard": {"level": claim.standard.level, "rate": claim.standard.rate,
                     "suit_order": claim.standard.suit_order},
        "positions_searched": claim.line.positions,
        "opponents_limited_to_best_cards": claim.line.bounded,
        "searched_to_trick": claim.line.horizon,
    }
