"""A level of simulated players (``expert``, ``club``): the parameters ``calibration/bench_likely.py`` fitted on
real play and ``levels.json`` ships, read once a process, and the settings that reproduce an estimate."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from revsim.likely.player_model import PlayerModel
from revsim.likely.playout import Policy
from revsim.likely.view import RULES

LEVEL_NAMES = ("expert", "club")
CUTS = (1, 3, 6)
"""The points of play the position-blind errors were measured at (tricks completed)."""
AGREEMENTS = ("unanimous", "strong", "split")
"""How far the play-outs agree: all on one result, at least 3 in 4 on one, or less."""

READINGS = ("keep_guards",)
"""A level's switches: whether its defenders keep their guards (``Level``'s fields of these names; off unless
levels.json turns them on)."""

CALIBRATION_ONLY = ("read_leads", "read_carding", "bad_breaks_fit_auction", "declarer_sight", "contract_value",
                    "defence_temperature", "declarer_insight", "defence_insight")
"""What calibration measured of the players and revsim does not ship (``calibration/player_models.py``): a level of
levels.json that sets one is refused, so a level is never shipped without the model it was fitted with."""

MARGINS = (-2, -1, 0, 1, 2)
"""Double dummy's tricks beyond the contract (negative: short of it), the ends standing for more."""

Blend = dict[str, dict[int, float]]
"""The weight of the position-blind part, by the play-outs' agreement and then by cut."""


def margin_of(double_dummy: int, target: int | None) -> int | None:
    """How many tricks double dummy takes beyond the ``target`` of the contract (negative: how many it falls
    short), within ``MARGINS``; None without a target."""
    return None if target is None else min(max(double_dummy - target, MARGINS[0]), MARGINS[-1])


def agreement_of(playouts: dict[int, float]) -> str:
    """How far the play-outs agree: ``unanimous`` (every one on one result), ``strong`` (at least 3 in 4 on one
    result) or ``split``."""
    top = max(playouts.values(), default=1.0)
    return "unanimous" if top > 1 - 1e-9 else "strong" if top >= 0.75 - 1e-9 else "split"


@dataclass(frozen=True)
class Level:
    """Fitted parameters: the policy's temperature, the play-outs and layouts per decision, the weight of the
    position-blind part in the blend (by the play-outs' agreement and the cut), its errors (actual minus
    double dummy, by cut), and how often a defender reads his partner's hand."""

    name: str
    temperature: float
    playouts: int
    layouts: int
    blend: Blend
    errors: dict[int, dict[int, float]]
    fitted_on: str = ""
    margin_errors: dict[int, dict[int, dict[int, float]]] = field(default_factory=dict)
    """The errors by cut and then by ``margin_of`` (empty: by cut alone)."""
    defence_sight: float = 0.0
    auction_rules: frozenset[str] | None = None
    """The auction's rules the players read (``view.RULES``; those real hands fit often enough); None: all."""
    keep_guards: bool = False
    """Whether a defender, among the cards that tie best, keeps his guards on honours (``Policy.keep_guards``)."""
    choice_temperature: float = 0.0
    """The temperature of real players' single card choices over their layouts (``calibration/bench_decisions.py``,
    declarer's, fitted by maximum likelihood): how often the class chooses each card, which Law 70's normal play
    reads (``claims.normal``); 0 where not fitted (the play-outs' temperature then)."""
    model: PlayerModel | None = None
    """A model of the players a calibration run adds (``player_model``); never from levels.json."""

    @property
    def policy(self) -> Policy:
        return Policy(self.temperature, self.layouts, defence_sight=self.defence_sight, keep_guards=self.keep_guards,
                      model=self.model)

    def blend_at(self, completed: int, agreement: str) -> float:
        """The weight of the position-blind part after ``completed`` tricks (that of the nearest cut) when the
        play-outs agree as ``agreement`` says."""
        return self.blend[agreement][nearest_cut(completed)]

    def errors_at(self, completed: int, margin: int | None = None) -> dict[int, float]:
        """Real players' results minus double dummy after ``completed`` tricks (those of the nearest cut), in
        contracts that double dummy makes or misses by ``margin`` where the level has them."""
        cut, measured = nearest_cut(completed), self.measured_margin(completed, margin)
        return self.errors.get(cut, {0: 1.0}) if measured is None else self.margin_errors[cut][measured]

    def measured_margin(self, completed: int, margin: int | None) -> int | None:
        """``margin`` where the level measured errors by margin at this point of the play, else None."""
        return margin if margin in self.margin_errors.get(nearest_cut(completed), {}) else None


@functools.cache
def load_level(name: str) -> Level:
    """The shipped parameters of a level (``levels.json``), read once a process."""
    data = json.loads(resources.files("revsim.likely").joinpath("levels.json").read_text(encoding="utf-8"))
    if name not in data:
        raise ValueError(f"level must be one of {', '.join(sorted(data))}, not {name!r}")
    return level_from_entry(name, data[name])


def level_from_entry(name: str, entry: dict[str, Any]) -> Level:
    """A level from its entry in levels.json; ValueError naming what is missing or unknown."""
    errors = {int(cut): _offsets(table) for cut, table in entry["errors"].items()}
    margin_errors = {int(cut): {int(margin): _offsets(table) for margin, table in by_margin.items()}
                     for cut, by_margin in entry.get("errors_by_margin", {}).items()}
    blend = {agreement: {int(cut): float(weight) for cut, weight in by_cut.items()}
             for agreement, by_cut in entry["blend"].items()}
    if set(blend) != set(AGREEMENTS) or any(set(by_cut) != set(CUTS) for by_cut in blend.values()) \
            or set(errors) != set(CUTS) \
            or any(cut not in CUTS or set(by_margin) != set(MARGINS) for cut, by_margin in margin_errors.items()):
        raise ValueError(f"levels.json: level {name!r} needs a blend weight for each agreement {AGREEMENTS} and "
                         f"cut {CUTS}, errors for each cut, and errors by margin (where given) for each margin "
                         f"{MARGINS}")
    shipped_without = [name for name in CALIBRATION_ONLY if entry.get(name)]
    if shipped_without:
        raise ValueError(f"levels.json: level {name!r} sets {', '.join(shipped_without)}, a model of the players revsim "
                         "does not ship (calibration/player_models.py measures it)")
    rules = entry.get("auction_rules")
    if rules is not None and not set(rules) <= set(RULES):
        raise ValueError(f"levels.json: level {name!r} names auction rules revsim does not have: "
                         f"{sorted(set(rules) - set(RULES))}")
    return Level(name, float(entry["temperature"]), int(entry["playouts"]), int(entry["layouts"]),
                 blend, errors, str(entry.get("fitted_on", "")), margin_errors,
                 float(entry.get("defence_sight", 0.0)), None if rules is None else frozenset(rules),
                 keep_guards=bool(entry.get("keep_guards", False)),
                 choice_temperature=float(entry.get("choice_temperature", 0.0)))


def _offsets(table: dict[str, Any]) -> dict[int, float]:
    return {int(offset): float(weight) for offset, weight in table.items()}


def readings_on(level: Level) -> dict[str, bool]:
    """The level's switches of ``READINGS`` that are on, as levels.json and the settings write them."""
    return {reading: True for reading in READINGS if getattr(level, reading)}


def play_model(level: Level) -> dict[str, Any]:
    """How the level's players decide, as the ruling's ``settings`` and sd's ``evidence`` write it (a calibration run's
    player model where it has one)."""
    model = {} if level.model is None else {"player_model": level.model.parameters()}
    return {"temperature": level.temperature, "defence_sight": level.defence_sight, **model}


def level_parameters(level: Level) -> dict[str, Any]:
    """A level's parameters that reproduce an estimate (the ruling's JSON ``settings``)."""
    kept = ({} if level.auction_rules is None else {"auction_rules": sorted(level.auction_rules)}) | readings_on(level)
    return {"play_outs": level.playouts, "layouts": level.layouts, **play_model(level), **kept,
            "blend": {agreement: {str(cut): weight for cut, weight in sorted(level.blend[agreement].items())}
                      for agreement in AGREEMENTS}}


def nearest_cut(completed: int) -> int:
    """The cut whose measured errors apply after ``completed`` tricks."""
    return min(CUTS, key=lambda cut: (abs(cut - completed), cut))
