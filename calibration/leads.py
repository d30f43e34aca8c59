"""The opening lead as evidence: how likely a leader was to lead the card he led from a given hand.

Declarer and the leader's partner deal the leader's hidden cards; a layout in which the lead is a natural
choice (the top of a sequence, the fourth best of a long suit, partner's suit) is more likely than one in
which it is not. The model has two parts, both fitted on the opening leads of real records
(``calibration/bench_inference.py --fit-leads``, fitting events only) and shipped in ``leads.json``:

- the suit: a conditional logit over the leader's suits, on features of each holding (partner's bid suit, a
  sequence at its head, its length, trumps, a singleton, an ace without the king), one set of weights
  against notrump and one against a suit;
- the card of that suit: by the holding's class (a singleton, a doubleton, a sequence at its head, an honour
  with four or more cards, an honour with three, no honour), how often each position in the suit (the top,
  the second, the third, the fourth, lower) was led.

``lead_likelihood`` is their product; ``sampling.weighted_layouts`` weighs the layouts by it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from corpus_records import read_fitted

from revsim.cards import NOTRUMP, Card

HONOUR = 11
"""A jack or higher."""
FEATURES = ("partner's suit", "sequence", "length", "trumps", "singleton", "ace without the king")
CLASSES = ("singleton", "doubleton", "sequence", "honour with four or more", "honour with three", "no honour")
POSITIONS = 5
"""The top, the second, the third, the fourth, and any lower card (sharing the last share)."""


@dataclass(frozen=True)
class LeadModel:
    """Fitted weights of the suit's features (against notrump, against a suit) and the shares of each
    position in the suit by holding class."""

    suit_weights: dict[str, dict[str, float]]
    positions: dict[str, tuple[float, ...]]
    fitted_on: str = ""


def ordered(cards: Iterable[Card], suit: int) -> list[Card]:
    """The cards of ``suit``, highest first."""
    return sorted((card for card in cards if card.suit == suit), key=lambda card: -card.rank)


def holding_class(holding: list[Card]) -> str:
    """The class of a suit holding (highest first) that the card's position is fitted on."""
    if len(holding) == 1:
        return "singleton"
    if len(holding) == 2:
        return "doubleton"
    if holding[0].rank >= HONOUR and holding[0].rank - holding[1].rank == 1:
        return "sequence"
    if any(card.rank >= HONOUR for card in holding):
        return "honour with four or more" if len(holding) >= 4 else "honour with three"
    return "no honour"


def suit_features(hand: frozenset[Card], suit: int, trump: int, partner_suits: frozenset[int]) -> tuple[float, ...]:
    """The features of leading from ``suit`` (see ``FEATURES``)."""
    holding = ordered(hand, suit)
    ranks = {card.rank for card in holding}
    sequence = len(holding) >= 2 and holding[0].rank >= HONOUR and holding[0].rank - holding[1].rank == 1
    suited = trump != NOTRUMP
    return (float(suit in partner_suits), float(sequence), float(len(holding)), float(suited and suit == trump),
            float(suited and len(holding) == 1), float(suited and 14 in ranks and 13 not in ranks))


def suit_probabilities(model: LeadModel, hand: frozenset[Card], trump: int,
                       partner_suits: frozenset[int]) -> dict[int, float]:
    """The chance of leading from each suit the leader holds (a softmax of the fitted weights)."""
    weights = model.suit_weights["notrump" if trump == NOTRUMP else "suit"]
    scores = {suit: sum(weights[name] * value for name, value in zip(FEATURES, suit_features(hand, suit, trump,
                                                                                             partner_suits), strict=True))
              for suit in range(4) if any(card.suit == suit for card in hand)}
    top = max(scores.values())
    exp = {suit: math.exp(score - top) for suit, score in scores.items()}
    total = sum(exp.values())
    return {suit: value / total for suit, value in exp.items()}


def card_probability(model: LeadModel, holding: list[Card], card: Card) -> float:
    """The chance of leading ``card`` once its suit is chosen (the lower cards share the last position's)."""
    shares = model.positions[holding_class(holding)]
    position = holding.index(card)
    if position < POSITIONS - 1:
        return shares[position] / max(sum(shares[:len(holding)]), 1e-12)
    lower = len(holding) - (POSITIONS - 1)
    return shares[POSITIONS - 1] / lower / max(sum(shares[:len(holding)]), 1e-12)


def lead_likelihood(model: LeadModel, hand: frozenset[Card], lead: Card, trump: int,
                    partner_suits: frozenset[int] = frozenset()) -> float:
    """How likely the leader was to lead ``lead`` from his 13 cards ``hand``."""
    if lead not in hand:
        return 0.0
    suits = suit_probabilities(model, hand, trump, partner_suits)
    return suits[lead.suit] * card_probability(model, ordered(hand, lead.suit), lead)


@cache
def load_leads(level: str) -> LeadModel | None:
    """The shipped lead model of a level (``leads.json``), or None when it has none."""
    data = read_fitted("leads.json")
    entry = data.get(level)
    if entry is None:
        return None
    return LeadModel({kind: {name: float(weights[name]) for name in FEATURES} for kind, weights in entry["suit"].items()},
                     {name: tuple(float(share) for share in entry["positions"][name]) for name in CLASSES},
                     str(entry.get("fitted_on", "")))
