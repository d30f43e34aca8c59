"""Law 70's "normal" play, measured: the cards players of the class would choose in the claimer's seat.

A card is normal where the simulated players of the class choose it at least ``NORMAL_RATE`` of the time
(``NormalStandard.rate``). The rate is the players' choice model's (``likely.choice``, which Law 16's logical
alternatives use too): a softmax over each card's average over the layouts the player deals from what he sees, at
the class's choice temperature fitted on real players' card choices. Law 70's footnote counts careless or inferior
play as normal, so the careless plays it names are normal too wherever the statement leaves the card open: cashing
winners in another order (not unblocking among them), and drawing a trump too many. A card the statement names is
the claimer's own choice and needs no rate. The layouts are drawn from the position itself, so the standard never
moves with a seed.
"""

from __future__ import annotations

from dataclasses import dataclass

from revsim.cards import Card, Seat, partner, side_of, trick_winner
from revsim.likely.choice import ChoiceModel, run_rates, runs
from revsim.play.replay import Replay
from revsim.records.setting_specs import setting_spec

NORMAL_RATE = float(setting_spec("claim_normal").default)
"""A card is normal when players of the class choose it at least one time in ten (``NormalStandard.rate``).

Why one in ten: a card that costs under half a trick on the layouts the player can imagine is chosen that often
by experts (about 0.5 trick at their fitted temperature, 0.7 at club's), so inferior play stays normal, while a
card that costs a whole trick on every layout (one time in 90 for experts, in 26 at club) is irrational. The
likely standard of Law 12C1c is one in six for a result; a claimer's doubtful points go against him (70A), so
his standard for a single card is looser."""

SUIT_ORDERS = setting_spec("claim_suit_order").choices
"""How a suit the statement leaves open is played: as normal play goes, or from the top down (a regulating
authority's rule for claims)."""


@dataclass(frozen=True)
class NormalStandard:
    """The standard of a normal card: the class (a level of simulated players), the least rate, and the order a
    suit the statement leaves open is played in."""

    level: str = "expert"
    rate: float = NORMAL_RATE
    suit_order: str = "normal"

    def __post_init__(self) -> None:
        if not 0 < self.rate <= 1:
            raise ValueError(f"the normal rate must be above 0 and at most 1, not {self.rate!r}")
        if self.suit_order not in SUIT_ORDERS:
            raise ValueError(f"claim_suit_order must be one of {', '.join(SUIT_ORDERS)}, not {self.suit_order!r}")

    @property
    def model(self) -> ChoiceModel:
        """The class's choice model."""
        return ChoiceModel(self.level)

    @property
    def temperature(self) -> float:
        """The class's choice temperature (``ChoiceModel.temperature``)."""
        return self.model.temperature


@dataclass(frozen=True)
class Choice:
    """A card the claimer's side may play in a normal line, with why: ``stated`` (the statement names it),
    ``forced`` (the only card), ``normal`` (chosen at ``rate`` by the class), or a careless play Law 70 counts
    as normal (``careless-order``, ``trump-too-many``, ``not-unblocking``)."""

    card: Card
    why: str
    rate: float | None = None


def normal_choices(replay: Replay, declarer: Seat, candidates: list[Card], standard: NormalStandard,
                   stated: bool, forgot_trump: bool = False) -> list[Choice]:
    """The normal cards among ``candidates`` (legal, or those the statement allows) for the player to play.

    ``stated``: the statement names these cards (a card to cash, lead, ruff with or finesse), so each is the
    claimer's own choice; a step that names a suit leaves the card to normal play. ``forgot_trump``: the
    claimer is taken to have forgotten an outstanding trump (Law 70C), so leading a winner into a ruff is
    careless, not irrational."""
    if len(candidates) == 1:
        return [Choice(candidates[0], "forced" if len(replay.legal_cards()) == 1 else "stated" if stated else "normal",
                       None if stated else 1.0)]
    if stated:
        return [Choice(card, "stated") for card in candidates]
    if standard.suit_order == "top-down":
        candidates = _top_down(replay, candidates)
        if len(candidates) == 1:
            return [Choice(candidates[0], "top-down")]
    sequences = runs(replay, candidates)
    if len(sequences) == 1:   # one sequence of equal cards: one choice, which needs no layouts solved
        rates = {next(iter(sequences)): 1.0}
    else:
        rates = run_rates(replay, choice_rates(replay, declarer, candidates, standard))
    candidates = [card for card in candidates if card in rates]
    best = max(rates.values())
    chosen = {card: Choice(card, "normal", rate) for card, rate in rates.items()
              if rate >= standard.rate or rate == best}
    for card, why in careless_plays(replay, candidates, forgot_trump):
        chosen.setdefault(card, Choice(card, why, rates.get(card)))
    return sorted(chosen.values(), key=lambda choice: (choice.card.suit, -choice.card.rank))


def choice_rates(replay: Replay, declarer: Seat, candidates: list[Card], standard: NormalStandard) -> dict[Card, float]:
    """How often players of the class choose each of ``candidates`` (the choice model, ``likely.choice``)."""
    return standard.model.rates(replay, declarer, candidates)


def careless_plays(replay: Replay, candidates: list[Card], forgot_trump: bool) -> list[tuple[Card, str]]:
    """The careless plays Law 70 counts as normal among ``candidates``: on lead, any winner (cashed in another
    order; into an opponent's ruff only when the claimer forgot the trump) and a trump when the opponents have
    none (a trump too many); following to partner's lead of the suit's master card (no higher card of it outstanding:
    the trick is his whatever the last player holds), any card of the suit (not unblocking). Following low to a lead
    an opponent can still beat is not careless: it gives the trick away."""
    seat = replay.to_play
    trump = replay.trump
    unplayed = [card for other in range(4) for card in replay.hand(other)]
    opponents = [other for other in range(4) if side_of(other) != side_of(seat)]
    out: list[tuple[Card, str]] = []
    if not replay.current_trick:
        for card in candidates:
            if any(other.suit == card.suit and other.rank > card.rank for other in unplayed):
                continue
            if card.suit == trump:
                opponents_trumps = any(other.suit == trump for o in opponents for other in replay.hand(o))
                out.append((card, "careless-order" if opponents_trumps else "trump-too-many"))
            elif forgot_trump or trump > 3 or not any(_can_ruff(replay, o, card.suit) for o in opponents):
                out.append((card, "careless-order"))
        return out
    trick = replay.current_trick
    led = trick[0][1]
    master = not any(card.suit == led.suit and card.rank > led.rank for other in opponents for card in replay.hand(other))
    if trick[0][0] == partner(seat) and trick_winner(trick, trump) == partner(seat) and master:
        out += [(card, "not-unblocking") for card in candidates if card.suit == led.suit]
    return out


def _can_ruff(replay: Replay, seat: Seat, suit: int) -> bool:
    hand = replay.hand(seat)
    return not any(card.suit == suit for card in hand) and any(card.suit == replay.trump for card in hand)


def _top_down(replay: Replay, candidates: list[Card]) -> list[Card]:
    """The candidates with each suit the claimer's side plays (on lead, or following its own lead) cut to its
    highest card: the regulating authority's order for a suit the statement leaves open."""
    trick = replay.current_trick
    if trick and side_of(trick[0][0]) != side_of(replay.to_play):
        return candidates
    tops: dict[int, Card] = {}
    for card in candidates:
        if card.suit not in tops or card.rank > tops[card.suit].rank:
            tops[card.suit] = card
    return sorted(tops.values(), key=lambda card: (card.suit, -card.rank))


__all__ = ["NORMAL_RATE", "SUIT_ORDERS", "Choice", "NormalStandard", "careless_plays", "choice_rates",
           "normal_choices", "run_rates", "runs"]
