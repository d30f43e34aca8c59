"""What real players' calls and opening leads say about their hands, measured on the corpora: the evidence
for the inference the sd estimator's simulated players draw (and for the inference it does not draw yet).

1. The auction. ``view.read_auction_rules`` reads each player's calls as a range of points and least suit
   lengths. For every rule, alone, how often the real hand fits what it read, and when it does not, why
   (too many points, too few, a suit too short), over the auctions that end in the record's contract
   (``view.record_auction``: the others are not read); and the rules the fitting events keep at 0.85
   (``bench_likely.py --auction-fit 0.85``).
2. The opening lead. For every opening lead: which suit (partner's bid suit, a suit headed by a sequence,
   the longest, a singleton, trumps) and which card of it (top of a sequence, fourth best, top of a
   doubleton, a singleton, low from an honour, top of nothing), against notrump and against a suit. A lead
   model fitted on these shares weights the layouts declarer and the leader's partner deal.

3. With --fit-leads, the lead model (``leads.py``, calibration's own, not shipped) fitted on the fitting events' leads and
   scored on the others' (--write keeps it in ``calibration/leads.json``).

Run: .venv/bin/python calibration/bench_inference.py [--levels expert,club] [--fit-leads [--write]]
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from corpus_records import event_of, is_fitting, level_records, require_corpus, write_fitted  # noqa: E402
from leads import (  # noqa: E402
    CLASSES,
    FEATURES,
    HONOUR,
    POSITIONS,
    LeadModel,
    holding_class,
    lead_likelihood,
    ordered,
    suit_features,
)
from likely_positions import auction_rules_kept, rules_alone  # noqa: E402

from revsim.cards import NOTRUMP, Card, partner  # noqa: E402
from revsim.likely.view import record_auction  # noqa: E402
from revsim.play.table import replay_record  # noqa: E402
from revsim.records.errors import RecordError  # noqa: E402
from revsim.records.record import Record  # noqa: E402


def records(level: str) -> Iterator[Record]:
    """Every readable record of the level's corpora with a contract."""
    for _, _, record in level_records(level):
        yield record


def auction_check(level: str) -> None:
    """Each rule alone, on every hand it read; then what the fitting events keep at 0.85."""
    fits: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    reasons: dict[str, Counter[str]] = defaultdict(Counter)
    elsewhere = 0
    for record in records(level):
        if record.auction and not record_auction(record):
            elsewhere += 1                           # an auction that does not end in the contract is not read
        for rule, shape, hand in rules_alone(record):
            seats[rule] += 1
            why = shape.misfit(hand)
            fits[rule] += not why
            if why:
                reasons[rule][why] += 1
    total = sum(seats.values())
    print(f"\n== {level}: {elsewhere} auctions end elsewhere than the record's contract and are not read")
    print(f"   each rule of the auction's reading, alone, against the real hands it read ({total})")
    print(f"  {'rule':<26} | hands | fit   | when not")
    for rule, count in seats.most_common():
        why = ", ".join(f"{reason} {n}" for reason, n in reasons[rule].most_common())
        print(f"  {rule:<26} | {count:5} | {fits[rule] / count:.3f} | {why}")
    kept, _ = auction_rules_kept(level, 0.85)
    print(f"  kept at 0.85 on the fitting events: {', '.join(sorted(kept)) or 'none'}")


def sequence_top(cards: list[Card]) -> Card | None:
    """The top of a sequence heading the suit (two touching cards, the top an honour), else None."""
    if len(cards) >= 2 and cards[0].rank >= HONOUR and cards[0].rank - cards[1].rank == 1:
        return cards[0]
    return None


def lead_kinds(hand: frozenset[Card], lead: Card, trump: int, partner_suits: frozenset[int]) -> tuple[str, str]:
    """The suit chosen and the card of it, as kinds."""
    suit = sorted((card for card in hand if card.suit == lead.suit), key=lambda card: -card.rank)
    lengths = {s: sum(1 for card in hand if card.suit == s) for s in range(4)}
    if lead.suit in partner_suits:
        suit_kind = "partner's suit"
    elif trump != NOTRUMP and lead.suit == trump:
        suit_kind = "trumps"
    elif sequence_top(suit) is not None:
        suit_kind = "a suit headed by a sequence"
    elif len(suit) == 1 and trump != NOTRUMP:
        suit_kind = "a singleton"
    elif lengths[lead.suit] == max(lengths[s] for s in range(4) if s != trump):
        suit_kind = "the longest side suit"
    else:
        suit_kind = "another suit"
    position = suit.index(lead)
    honours = sum(1 for card in suit if card.rank >= HONOUR)
    if len(suit) == 1:
        card_kind = "singleton"
    elif sequence_top(suit) == lead:
        card_kind = "top of a sequence"
    elif len(suit) == 2 and position == 0:
        card_kind = "top of a doubleton"
    elif len(suit) >= 4 and position == 3 and honours:
        card_kind = "fourth best from an honour"
    elif honours and position > 0 and suit[0].rank >= HONOUR:
        card_kind = "another low card from an honour"
    elif not honours and position <= 1:
        card_kind = "top or second of nothing"
    else:
        card_kind = "other"
    return suit_kind, card_kind


Lead = tuple[frozenset[Card], Card, int, frozenset[int]]
"""An opening lead: the leader's 13 cards, the card led, the trump and the suits his partner bid."""


def opening_leads(level: str) -> Iterator[tuple[bool, Lead]]:
    """Every opening lead of the level's records, with whether its event is a fitting one. Partner's suits
    are those the players read (``view.record_auction``: none from an auction that ends elsewhere)."""
    for file, _, record in level_records(level):
        if record.first_trick != 1 or not record.play or record.contract is None:
            continue
        try:
            plays = replay_record(record).replay.plays
        except RecordError:
            continue
        if not plays:
            continue
        leader = plays[0].seat
        shapes = record_auction(record)
        suits = shapes[partner(leader)].named if shapes else frozenset()
        yield is_fitting(event_of(file, record)), (frozenset(record.hands[leader]), plays[0].card,
                                                   record.contract.strain, suits)


def lead_check(level: str) -> None:
    suit_kinds: dict[str, Counter[str]] = {"notrump": Counter(), "a suit": Counter()}
    card_kinds: dict[str, Counter[str]] = {"notrump": Counter(), "a suit": Counter()}
    for _, (hand, lead, trump, suits) in opening_leads(level):
        kind = "notrump" if trump == NOTRUMP else "a suit"
        suit_kind, card_kind = lead_kinds(hand, lead, trump, suits)
        suit_kinds[kind][suit_kind] += 1
        card_kinds[kind][card_kind] += 1
    print(f"\n== {level}: opening leads")
    for kind in ("notrump", "a suit"):
        total = sum(suit_kinds[kind].values())
        print(f"  against {kind} ({total} leads)")
        print("    suit: " + ", ".join(f"{name} {n / total:.2f}" for name, n in suit_kinds[kind].most_common()))
        print("    card: " + ", ".join(f"{name} {n / total:.2f}" for name, n in card_kinds[kind].most_common()))


def leads(level: str, fitting: bool) -> list[Lead]:
    """The opening leads of the level's fitting (or scoring) events."""
    return [lead for on_fitting_side, lead in opening_leads(level) if on_fitting_side == fitting]


def fit_lead_model(fitting: list[Lead], steps: int = 400) -> LeadModel:
    """The suit's weights by a conditional logit (gradient ascent on the log-likelihood, a little ridge), the
    positions' shares by holding class (counts plus one)."""
    weights = {}
    for kind, wanted in (("notrump", True), ("suit", False)):
        rows = [(hand, lead, trump, suits) for hand, lead, trump, suits in fitting if (trump == NOTRUMP) == wanted]
        options = [np.array([suit_features(hand, suit, trump, suits) for suit in range(4)
                             if any(card.suit == suit for card in hand)]) for hand, _, trump, suits in rows]
        chosen = [sorted({card.suit for card in hand}).index(lead.suit) for hand, lead, _, _ in rows]
        beta = np.zeros(len(FEATURES))
        for _ in range(steps):
            gradient = -0.01 * beta
            for x, k in zip(options, chosen, strict=True):
                scores = x @ beta
                p = np.exp(scores - scores.max())
                p /= p.sum()
                gradient += (x[k] - p @ x) / len(rows)
            beta += 0.5 * gradient
        weights[kind] = {name: round(float(value), 4) for name, value in zip(FEATURES, beta, strict=True)}
    counts = {name: [1.0] * POSITIONS for name in CLASSES}
    for hand, lead, _, _ in fitting:
        holding = ordered(hand, lead.suit)
        counts[holding_class(holding)][min(holding.index(lead), POSITIONS - 1)] += 1
    positions = {name: tuple(round(c / sum(row), 4) for c in row) for name, row in counts.items()}
    return LeadModel(weights, {name: positions[name] for name in CLASSES})


def score_lead_model(model: LeadModel, scoring: list[Lead]) -> str:
    """The model's mean log-likelihood of the real leads of held-out events, against a lead at random."""
    ours = sum(math.log(max(lead_likelihood(model, hand, lead, trump, suits), 1e-12)) for hand, lead, trump, suits in scoring)
    blind = len(scoring) * math.log(1 / 13)
    return (f"mean log-likelihood of the real lead {ours / len(scoring):.3f} against {blind / len(scoring):.3f} for a "
            f"card at random (the lead is {math.exp((ours - blind) / len(scoring)):.1f} times as likely per lead), "
            f"on {len(scoring)} leads of the scoring events")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--levels", default="expert,club")
    parser.add_argument("--fit-leads", action="store_true",
                        help="fit the lead model on the fitting events' leads and score it on the others")
    parser.add_argument("--write", action="store_true", help="with --fit-leads: write calibration/leads.json")
    args = parser.parse_args()
    require_corpus()
    shipped: dict[str, object] = {}
    for level in args.levels.split(","):
        auction_check(level)
        lead_check(level)
        if args.fit_leads:
            fitting = leads(level, True)
            model = fit_lead_model(fitting)
            print(f"  lead model fitted on {len(fitting)} leads of the fitting events: {model.suit_weights}")
            print(f"  positions by holding class: {model.positions}")
            print("  " + score_lead_model(model, leads(level, False)))
            shipped[level] = {"suit": model.suit_weights, "positions": {k: list(v) for k, v in model.positions.items()},
                              "fitted_on": f"bench_inference.py --fit-leads: {len(fitting)} leads of the fitting events"}
    if args.write and shipped:
        write_fitted("leads.json", shipped)


if __name__ == "__main__":
    main()
