"""The players' choice model, one for every law that asks how players of a class choose among their cards: Law 70's
normal play (``claims.normal``) and Law 16's logical alternatives (``information``), side by side.

How often players of a class choose a card is a softmax of what each card is worth to them, on average over the
layouts they can imagine, at the class's choice temperature, which ``calibration/bench_decisions.py`` fitted by
maximum likelihood on real players' card choices (``levels.json``, ``choice_temperature``; the play-outs' own
temperature where none is fitted). Equal cards (a run: no card of the suit between them elsewhere) are one choice.
The layouts are drawn from the position itself, each card by its rank among the cards still in play, so the model
never moves with a seed and never tells equal cards apart.
"""

from __future__ import annotations

import math
import random
import zlib
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from revsim.cards import Card, Seat
from revsim.likely.guards import HONOUR
from revsim.likely.levels import load_level
from revsim.likely.playout import card_averages
from revsim.likely.solved import Codes, position_key, relative_codes
from revsim.likely.solver import layout_of
from revsim.play.replay import Replay


@dataclass(frozen=True)
class ChoiceModel:
    """How players of the class ``level`` choose among cards."""

    level: str = "expert"

    @property
    def temperature(self) -> float:
        """The class's choice temperature (fitted on real card choices; the play-outs' own where none is)."""
        level = load_level(self.level)
        return level.choice_temperature or level.temperature

    def shares(self, values: Mapping[Card, float]) -> dict[Card, float]:
        """How often the class chooses each card, from what each is worth on average (a softmax at the class's
        temperature)."""
        top = max(values.values())
        weights = {card: math.exp((value - top) / self.temperature) for card, value in values.items()}
        total = sum(weights.values())
        return {card: weight / total for card, weight in weights.items()}

    def rates(self, replay: Replay, declarer: Seat, candidates: list[Card]) -> dict[Card, float]:
        """How often the class chooses each of ``candidates`` at ``replay``, each card worth its average over
        layouts drawn from what the player sees (seeded by the position alone, ``position_text``). A position asked
        again, or one equal to it up to touching cards (``rates_key``), is answered from ``_RATES``: the answer
        depends on what the key holds alone, so it is the same."""
        codes = relative_codes(layout_of(replay), replay.current_trick)
        key = rates_key(self.level, replay, declarer, candidates, codes)
        known = _RATES.get(key)
        if known is not None:
            _RATES.move_to_end(key)
            cards = {code: card for card, code in codes.items()}
            return {cards[code]: rate for code, rate in known.items()}
        rng = random.Random(zlib.crc32(position_text(replay).encode()))
        policy = load_level(self.level).policy
        values = card_averages(replay, declarer, {}, policy, rng, allowed=set(candidates))
        values = {card: value for card, value in values.items() if card in candidates} or values
        found = self.shares(values)
        _RATES[key] = {codes[card]: rate for card, rate in found.items()}
        if len(_RATES) > RATES_KEPT:
            _RATES.popitem(last=False)
        return found


def rates_key(level: str, replay: Replay, declarer: Seat, candidates: list[Card], codes: Codes) -> tuple[object, ...]:
    """What the choice model's rates at ``replay`` depend on: the class, declarer, the position by relative rank
    (``solved.position_key``: equal cards are one), the candidates by relative rank, the voids the play has shown
    (the layouts respect them), whether the lead is faced (dummy seen), and which cards are honours (a defender
    keeps his honours guarded, ``guards.keep_guards``, by their own rank)."""
    voids = replay.shown_voids()
    honours = frozenset(code for card, code in codes.items() if card.rank >= HONOUR)
    return (level, declarer, position_key(layout_of(replay), replay.leader, replay.current_trick, replay.trump, codes),
            frozenset(codes[card] for card in candidates), voids, replay.lead_faced, honours)


RATES_KEPT = 50_000
"""The positions whose choice rates are kept (the least recently asked dropped first): a claim at trick 1 asks about
ten thousand, each worth a solver call of a dozen layouts."""
_RATES: OrderedDict[tuple[object, ...], dict[int, float]] = OrderedDict()
"""Each position's rates (``rates_key``), each card by its relative code (``solved.Codes``)."""


def runs(replay: Replay, cards: list[Card]) -> dict[Card, list[Card]]:
    """``cards`` (the player to play's) by run of equal cards: no card of the suit between them in another hand or
    on the trick in progress. Each run is keyed by its lowest card, its cards from the lowest up."""
    own = set(replay.hand(replay.to_play))
    elsewhere = {card for seat in range(4) for card in replay.hand(seat) if card not in own}
    elsewhere |= {card for _, card in replay.current_trick}
    grouped: dict[Card, list[Card]] = {}
    lowest: Card | None = None
    for card in sorted(cards, key=lambda card: (card.suit, card.rank)):
        if lowest is None or lowest.suit != card.suit or any(
                other.suit == card.suit and lowest.rank < other.rank < card.rank for other in elsewhere):
            lowest = card
            grouped[card] = []
        grouped[lowest].append(card)
    return grouped

def run_rates(replay: Replay, rates: dict[Card, float]) -> dict[Card, float]:
    """The rates by run of equal cards (``runs``): each run counted once, at its lowest card, with the rates of its
    cards added (a player who chooses the run chooses any of its cards)."""
    return {lowest: sum(rates[card] for card in members) for lowest, members in runs(replay, list(rates)).items()}

def position_text(replay: Replay) -> str:
    """The position as the seed of its layouts, each card by its rank among the cards of its suit still in play
    (the hands and the trick in progress): positions that differ only in which of two equal cards a player holds
    draw the same layouts, so the standard of normal play never tells equal cards apart."""
    live = [card for seat in range(4) for card in replay.hand(seat)] + [card for _, card in replay.current_trick]
    rank = {card: sum(1 for other in live if other.suit == card.suit and other.rank < card.rank) for card in live}

    def named(card: Card) -> str:
        return f"{card.suit}.{rank[card]}"

    hands = "/".join(",".join(sorted(named(card) for card in replay.hand(seat))) for seat in range(4))
    trick = " ".join(f"{seat}{named(card)}" for seat, card in replay.current_trick)
    return f"{hands}|{replay.leader}|{trick}|{replay.trump}"
