"""What the player with unauthorised information could choose, measured: for each card (one of each run of equal
cards), how often players of the class choose it without the information (the players' choice model, ``likely.choice``,
which Law 70's normal play uses too), and what it is worth on average, double dummy, over the layouts he can
imagine, without the information and on those that fit what it showed. The layouts are drawn from the position
itself, so nothing moves with a seed."""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, replace

from revsim.cards import Card, Layout, Seat
from revsim.likely.choice import ChoiceModel, runs
from revsim.likely.sampling import sample_layouts
from revsim.likely.solver import layout_values
from revsim.likely.view import View, player_view
from revsim.play.replay import Replay
from revsim.records.information import Shown

LAYOUTS = 64
"""The layouts each average is taken over, without the information and with it."""


@dataclass(frozen=True)
class Alternative:
    """One action the player could choose, played as ``card``: ``rate``, how often players of the class choose it
    without the information; ``without`` and ``informed``, its average tricks for his side from here over the
    layouts he can imagine without the information and over those that fit what it showed."""

    card: Card
    rate: float
    without: float
    informed: float
    cards: tuple[Card, ...] = ()
    """The cards of the action (``card`` the one the class chooses most among them)."""

    @property
    def gain(self) -> float:
        """How much more the information makes it worth (tricks, or the share of layouts reaching the goal)."""
        return self.informed - self.without


@dataclass(frozen=True)
class Measured:
    """The alternatives at the decision, and how many layouts each average was taken over."""

    alternatives: tuple[Alternative, ...]
    layouts_without: int
    layouts_informed: int
    on_lead: bool = False
    """Whether the player was on lead (his alternatives are then suits)."""
    unit: str = "trick"
    """What an alternative's worth counts: tricks, or (``contract``) how often his side reaches its goal, the
    contract made or defeated, where the information told of penalty tricks to come."""


def measure_alternatives(position: Replay, declarer: Seat, shows: tuple[Shown, ...], model: ChoiceModel,
                         penalty_tricks: int = 0, need: int | None = None) -> Measured:
    """The alternatives of the player to play at ``position``; ValueError where no layout he could imagine fits
    what the information showed.

    An alternative is an action, not a card: on lead, a suit (its card the one the class leads most); following,
    the cards worth the same on every layout he can imagine (a low card or another low card). How often the class
    chooses each is a softmax of its average at the class's choice temperature (as Law 70's normal play), over the
    layouts he can imagine without the information, seeing only his own hand and dummy.

    ``penalty_tricks``: the information told him his side gets that many tricks from the revoke laws, so that it
    needs fewer from the play (``need``: declarer's side's tricks for the contract). Each alternative is then worth
    how often his side reaches its goal (the contract made, or defeated), without the information and with those
    tricks counted: a safety play the information suggested shows as a card that became the likelier to succeed."""
    view = player_view(position, position.to_play, declarer)
    rng = random.Random(zlib.crc32(_position_text(position).encode()))
    plain = sample_layouts(view, LAYOUTS, rng)
    informed = _informed_layouts(view, shows, rng) if shows else plain
    if not informed:
        raise ValueError("no layout the player could imagine fits what the information showed")
    cards = list(runs(position, position.legal_cards()))
    solved = layout_values(plain, position.trump, position.leader, position.current_trick)
    rates = model.shares(_averages(solved, cards))
    solved_informed = solved if informed is plain else layout_values(informed, position.trump, position.leader,
                                                                      position.current_trick)
    unit = "trick"
    if penalty_tricks and need is not None:
        unit = "contract"
        own = position.to_play % 2
        goal = (need if own == declarer % 2 else 14 - need) - position.tricks_won(own)
        without = _reaching(solved, cards, goal)
        with_information = _reaching(solved_informed, cards, goal - penalty_tricks)
    else:
        without, with_information = _averages(solved, cards), _averages(solved_informed, cards)
    alternatives = []
    for group in _actions(position, cards, solved):
        best = max(group, key=lambda card: (rates[card], -card.rank))
        alternatives.append(Alternative(best, sum(rates[card] for card in group), without[best], with_information[best],
                                        tuple(group)))
    return Measured(tuple(alternatives), len(plain), len(informed), not position.current_trick, unit)


def _reaching(solved: list[dict[Card, int]], cards: list[Card], goal: int) -> dict[Card, float]:
    """Each card's share of the layouts solved on which his side takes at least ``goal`` more tricks."""
    return {card: sum(values[card] >= goal for values in solved) / len(solved) for card in cards}


def _actions(position: Replay, cards: list[Card], solved: list[dict[Card, int]]) -> list[list[Card]]:
    """The cards grouped by the action they are: on lead, by suit; following, by their worth on every layout."""
    groups: dict[object, list[Card]] = {}
    for card in cards:
        key = card.suit if not position.current_trick else tuple(values[card] for values in solved)
        groups.setdefault(key, []).append(card)
    return list(groups.values())


def _informed_layouts(view: View, shows: tuple[Shown, ...], rng: random.Random) -> list[Layout]:
    """Layouts that fit what the information showed of each original hand (the cards a seat still holds and those
    it has played), drawn in batches until ``LAYOUTS`` are found or twenty batches have been tried.

    Where none fits, a show-out the player saw must have been a revoke that the information gives away (another
    player's void, not only the one the information names): the layouts are drawn again without the voids."""
    view = _voids_the_information_denies(view, shows)
    found = _layouts_fitting(view, shows, rng)
    return found or _layouts_fitting(replace(view, voids={}), shows, rng)


def _layouts_fitting(view: View, shows: tuple[Shown, ...], rng: random.Random) -> list[Layout]:
    found: list[Layout] = []
    for _ in range(20):
        for layout in sample_layouts(view, LAYOUTS, rng):
            original = [set(layout[seat]) | set(view.played_by.get(seat, ())) for seat in range(4)]
            if all(shown.fits(original[shown.seat]) for shown in shows):
                found.append(layout)
        if len(found) >= LAYOUTS:
            return found[:LAYOUTS]
    return found


def _voids_the_information_denies(view: View, shows: tuple[Shown, ...]) -> View:
    """The view without the voids the information shows false: a player who showed out of a suit (a revoke) but
    holds a card of it, as partner's question or remark revealed."""
    voids = dict(view.voids)
    for shown in shows:
        held = {card.suit for card in shown.cards} | ({shown.suit} if shown.suit is not None and shown.at_least else set())
        if shown.seat in voids:
            voids[shown.seat] = voids[shown.seat] - held
    return replace(view, voids=voids)


def _averages(solved: list[dict[Card, int]], cards: list[Card]) -> dict[Card, float]:
    """Each card's double-dummy tricks averaged over the layouts solved."""
    return {card: sum(values[card] for values in solved) / len(solved) for card in cards}


def _position_text(replay: Replay) -> str:
    hands = "/".join("".join(sorted(str(card) for card in replay.hand(seat))) for seat in range(4))
    return f"information|{hands}|{replay.leader}|{replay.current_trick}|{replay.trump}"
