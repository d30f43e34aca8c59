"""The play card by card on screen, as a hand viewer shows it: the four hands as they stand after each card, the
trick on the table, and, at a revoke card, what each card the player could legally have played gives declarer's
side with perfect play. Made of radio buttons and labels, with no script, so it works in a saved file and inside
the desk alike; on paper the trick-by-trick table stands for it."""

from __future__ import annotations

import hashlib

from revsim.cards import SEAT_LETTERS, SEAT_NAMES, Card
from revsim.equity.steps import BoardRuling
from revsim.likely.worlds import Estimate
from revsim.outputs.report.evidence import card_html, diagram_html, escape

_e = escape


def _at_the_revoke(estimate: Estimate) -> str:
    """What each legal card gives at the revoke, best first (declarer's side's tricks, double dummy)."""
    ranked = sorted(estimate.candidates, key=lambda candidate: -candidate.declarer_tricks)
    values = ", ".join(f"{card_html(c.card)} {c.declarer_tricks}" for c in ranked)
    return (f'<p class="at-revoke">{SEAT_NAMES[estimate.seat]} revoked here with the {card_html(estimate.revoke_card)}. '
            f"The cards he could legally have played, with declarer's side's tricks if all four hands then play "
            f"perfectly (double dummy): {values}.</p>")


def viewer_html(ruling: BoardRuling, name: str) -> str:
    """The step-through viewer of one board; ``name`` keeps its controls apart from another board's on one page."""
    replay = ruling.table.replay
    plays = list(replay.plays)
    if not plays:
        return ""
    key = "step-" + hashlib.sha1(name.encode("utf-8")).hexdigest()[:10]
    at_revoke = {(estimate.trick, estimate.seat): estimate for estimate in ruling.estimates.values()}
    hands: list[set[Card]] = [set(hand) for hand in replay.initial_hands]
    steps = [_step(key, 0, len(plays), hands, [], f"Trick {plays[0].trick}: {SEAT_NAMES[plays[0].seat]} to lead", "")]
    trick: list[tuple[int, Card]] = []
    for index, play in enumerate(plays, start=1):
        hands[play.seat].discard(play.card)
        if trick and plays[index - 2].trick != play.trick:
            trick = []
        trick.append((play.seat, play.card))
        said = f"Trick {play.trick}: {SEAT_NAMES[play.seat]} plays the {card_html(play.card)}"
        if len(trick) == 4 and replay.winner_of(play.trick) is not None:
            said += f"; {SEAT_NAMES[replay.winner_of(play.trick)]} wins the trick"  # type: ignore[index]
        estimate = at_revoke.get((play.trick, play.seat))
        extra = _at_the_revoke(estimate) if estimate is not None and estimate.revoke_card == play.card else ""
        steps.append(_step(key, index, len(plays), hands, list(trick), said, extra))
    radios = "".join(f'<input type="radio" name="{key}" id="{key}-{i}"{" checked" if i == 0 else ""}>'
                     for i in range(len(plays) + 1))
    rules = "".join(f"#{key}-{i}:checked ~ .step-{i} {{ display: block; }}" for i in range(len(plays) + 1))
    return (f'<details class="viewer"><summary>Step through the play, card by card</summary>'
            f'<div class="steps">{radios}{"".join(steps)}</div><style>{rules}</style></details>')


def _step(key: str, index: int, count: int, hands: list[set[Card]], trick: list[tuple[int, Card]], said: str,
          extra: str) -> str:
    back = f'<label for="{key}-{index - 1}">&#9664; back</label>' if index > 0 else "<span></span>"
    forward = f'<label for="{key}-{index + 1}">forward &#9654;</label>' if index < count else "<span></span>"
    centre = "<br>".join(f"{SEAT_LETTERS[seat]} {card_html(card)}" for seat, card in trick) or "&nbsp;"
    return (f'<div class="step step-{index}"><p class="step-nav">{back}<span>Card {index} of {count}. {said}</span>'
            f"{forward}</p>{diagram_html([frozenset(hand) for hand in hands], set(), '', centre)}{extra}</div>")
