"""The models of the players calibration measures and revsim does not ship, behind revsim's one protocol
(``revsim.likely.player_model.PlayerModel``): what the players read in the opening lead (``leads.py``) and in the
defenders' cards (``carding.py``), bad-break layouts that fit the auction, declarer's sight of the defenders' hands,
the contract's value to the players, the defenders' own temperature and the players' insight (how far they lean to
the card that is right on the actual deal).

``bench_likely.py`` and ``bench_decisions.py`` measure them against real play; none beat the shipped levels by
enough to ship (docs/how-revsim-rules.md), so a level of levels.json never names one (``levels.CALIBRATION_ONLY``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from carding import Carding, carding_weight, load_carding, readings
from leads import LeadModel, lead_likelihood, load_leads

from revsim.cards import Card, Layout, Seat, partner, side_of
from revsim.likely import levels
from revsim.likely.levels import Level
from revsim.likely.player_model import PlayerModel
from revsim.likely.solver import replays_values
from revsim.likely.view import HandShape, View
from revsim.play.replay import Replay

READINGS = ("read_leads", "read_carding", "bad_breaks_fit_auction")
"""The model's switches, by the names levels.json and the benchmarks' run keys gave them."""
OPTIONS = ("contract_value", "declarer_sight", "defence_temperature", "declarer_insight", "defence_insight")
"""The model's parameters, by the same names (written only where set)."""


@dataclass(frozen=True)
class ReadingPlayers:
    """Players who read more than the shipped levels' (every part off by default)."""

    leads: LeadModel | None = None
    """The lead model declarer and the leader's partner weigh their layouts by (None: the lead is not read)."""
    carding: Carding | None = None
    """How the defenders' cards are read (equals, honours, signals); None: they are not."""
    fits_auction: bool = False
    """Whether the bad-break layouts leave out the breaks the auction rules out (else every bad break counts)."""
    sight: float = 0.0
    """How often declarer reads the defenders' hands (he then sees all four hands), stratified across play-outs."""
    contract_value: float = 0.0
    """What making the contract (declarer) or defeating it (the defenders) is worth to a player, in tricks."""
    defence_temperature: float | None = None
    """The defenders' softmax temperature where it differs from declarer's."""
    declarer_insight: float = 0.0
    defence_insight: float = 0.0
    """How far declarer's and the defenders' values lean to each card's double-dummy tricks on the actual deal."""

    def layout_weight(self, line: Replay, view: View, declarer: Seat,
                      shapes: dict[Seat, HandShape]) -> Callable[[Layout], float] | None:
        weights = [weight for weight in (lead_weight(line, view, shapes, self.leads),
                                         defence_weight(line, view, declarer, self.carding)) if weight is not None]
        if not weights:
            return None
        return lambda layout: math.prod(weight(layout) for weight in weights)

    def declarer_sight(self) -> float:
        return self.sight

    def trick_value(self, line: Replay, declarer: Seat, target: int) -> Callable[[int], float]:
        """The tricks, plus ``contract_value`` where the player's side reaches its goal (declarer's side ``target``
        tricks in all; the defenders one more than the rest)."""
        if self.contract_value == 0:
            return float
        side = side_of(line.to_play)
        goal = target if side == side_of(declarer) else 14 - target
        won, bonus = line.tricks_won(side), self.contract_value
        return lambda tricks: tricks + (bonus if won + tricks >= goal else 0.0)

    def temperature(self, defending: bool, temperature: float) -> float:
        return self.defence_temperature if defending and self.defence_temperature is not None else temperature

    def lean(self, lines: list[Replay], averages: list[dict[Card, float]], defending: list[bool]) -> None:
        """Add each deciding player's insight times each card's double-dummy tricks on the actual deal, solved in
        one batch for the players whose insight is not 0."""
        leaning = [(number, insight) for number, defends in enumerate(defending)
                   if (insight := self.defence_insight if defends else self.declarer_insight) > 0]
        if not leaning:
            return
        actual = replays_values([lines[number] for number, _ in leaning])
        for (number, insight), tricks in zip(leaning, actual, strict=True):
            for card in averages[number]:
                averages[number][card] += insight * tricks[card]

    def bad_breaks_fit_auction(self) -> bool:
        return self.fits_auction

    def parameters(self) -> dict[str, Any]:
        switched = {"read_leads": self.leads is not None, "read_carding": self.carding is not None,
                    "bad_breaks_fit_auction": self.fits_auction}
        values = {"contract_value": self.contract_value, "declarer_sight": self.sight,
                  "defence_temperature": self.defence_temperature, "declarer_insight": self.declarer_insight,
                  "defence_insight": self.defence_insight}
        return {name: True for name, on in switched.items() if on} | {name: value for name, value in values.items()
                                                                      if value}


def defence_weight(line: Replay, view: View, declarer: Seat, carding: Carding | None) -> Callable[[Layout], float] | None:
    """The likelihood of the cards the defenders the player cannot see have played, on a layout (None when
    they are not read: no carding, or nothing to read)."""
    if carding is None:
        return None
    return carding_weight(carding, readings(line.plays, declarer, line.trump, list(view.hidden)))


def lead_weight(line: Replay, view: View, shapes: dict[Seat, HandShape],
                model: LeadModel | None) -> Callable[[Layout], float] | None:
    """How likely the opening lead was from the leader's hand on a layout, for a player who cannot see that
    hand (None when the lead is not read: no model, no opening lead in the record, or the hand is seen)."""
    if model is None or line.first_trick != 1 or not line.plays:
        return None
    leader, lead = line.plays[0].seat, line.plays[0].card
    if leader not in view.hidden:
        return None
    played = view.played_by.get(leader, frozenset())
    suits = shapes[partner(leader)].named if partner(leader) in shapes else frozenset()
    return lambda layout: lead_likelihood(model, layout[leader] | played, lead, line.trump, suits)


def blind(model: PlayerModel | None) -> PlayerModel | None:
    """The players' model with declarer's sight and their insight at 0 (None where nothing else is left): players
    who read nothing beyond their layouts."""
    if not isinstance(model, ReadingPlayers):
        return model
    kept = replace(model, sight=0.0, declarer_insight=0.0, defence_insight=0.0)
    return None if kept == ReadingPlayers() else kept


def model_of(level: Level) -> ReadingPlayers:
    """The level's reading players (all off where it has none)."""
    return level.model if isinstance(level.model, ReadingPlayers) else ReadingPlayers()


def with_model(level: Level, **changes: Any) -> Level:
    """The level with its reading players changed (``ReadingPlayers``' fields); none at all where every part is off,
    so its play-outs are the shipped level's."""
    model = replace(model_of(level), **changes)
    return replace(level, model=None if model == ReadingPlayers() else model)


def switched_on(level: Level, names: list[str]) -> Level:
    """The level with the switches ``names`` on (``READINGS`` and the shipped ``keep_guards``)."""
    for name in names:
        if name == "keep_guards":
            level = replace(level, keep_guards=True)
        elif name == "read_leads":
            level = with_model(level, leads=load_leads(level.name))
        elif name == "read_carding":
            level = with_model(level, carding=load_carding(level.name))
        elif name == "bad_breaks_fit_auction":
            level = with_model(level, fits_auction=True)
        else:
            raise ValueError(f"no reading {name!r}")
    return level


def readings_on(level: Level) -> dict[str, bool]:
    """The level's switches that are on: the shipped ones (``levels.readings_on``) and its model's."""
    parameters = model_of(level).parameters()
    return levels.readings_on(level) | {name: True for name in READINGS if parameters.get(name)}


def options_set(level: Level) -> dict[str, float]:
    """The model's parameters that are set (what tells one benchmark run's play-outs from another's)."""
    parameters = model_of(level).parameters()
    return {name: parameters[name] for name in OPTIONS if name in parameters}
