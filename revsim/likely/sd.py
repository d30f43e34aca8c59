"""``sd``: the likely result from play-outs by simulated players who see what real players see.

From a position, ``playouts`` play-outs (``playout``) give a distribution of declarer's side's final
tricks; it is blended with the position-blind distribution (the double-dummy value plus the errors real
players made from that point, by tricks completed and by how far double dummy makes or misses the contract),
both parts reported. The parameters of a level
(``expert``, ``club``) are fitted by ``calibration/bench_likely.py`` on fitting boards and shipped in
``levels.json``. Every sample is drawn from a generator seeded by the settings' seed and the position, so
the same input and seed give the same estimate.
"""

from __future__ import annotations

import functools
import json
import random
import zlib
from collections import Counter
from collections.abc import Set
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

from revsim.cards import Card, Seat
from revsim.laws.detection import Revoke
from revsim.likely.carding import load_carding
from revsim.likely.dd import DoubleDummyEstimator
from revsim.likely.leads import load_leads
from revsim.likely.penalty import Penalty, double_dummy_value, penalties_in_play
from revsim.likely.playout import PlayOut, Policy, play_out_lines
from revsim.likely.progress import tell
from revsim.likely.representative import representative_play_out
from revsim.likely.settle import (
    MAX_PLAYOUTS,
    MIN_PLAYOUTS,
    SETTLED_SHARE,
    Settle,
    Settled,
    blended_estimate,
    ordered_outcomes,
    settled_share,
)
from revsim.likely.view import RULES, HandShape
from revsim.likely.worlds import Estimate, Form, Likelihood
from revsim.play.replay import Play, Replay
from revsim.records.facts import PenaltyCard

LEVEL_NAMES = ("expert", "club")
CUTS = (1, 3, 6)
"""The points of play the position-blind errors were measured at (tricks completed)."""
AGREEMENTS = ("unanimous", "strong", "split")
"""How far the play-outs agree: all on one result, at least 3 in 4 on one, or less."""

READINGS = ("read_leads", "read_carding", "bad_breaks_fit_auction")
"""A level's switches for what its players read beyond the cards seen and the auction (``Level``'s fields of
these names; off unless levels.json turns them on)."""

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
    double dummy, by cut), and how often a defender reads his partner's hand and declarer the defenders'."""

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
    read_leads: bool = False
    """Whether declarer and the leader's partner weigh their layouts by the level's lead model (``leads.json``)."""
    read_carding: bool = False
    """Whether the players weigh their layouts by the defenders' cards (the level's ``carding.json``)."""
    bad_breaks_fit_auction: bool = False
    """Whether the bad-break layouts that break ties leave out the breaks the auction rules out."""
    declarer_sight: float = 0.0
    """How often declarer reads the defenders' hands (``Policy.declarer_sight``)."""
    contract_value: float = 0.0
    """What making or defeating the contract is worth to the players, in tricks beside the tricks (``Policy``)."""
    defence_temperature: float | None = None
    """The defenders' temperature where it differs from declarer's (``Policy.defence_temperature``)."""
    declarer_insight: float = 0.0
    defence_insight: float = 0.0
    """How far declarer's and the defenders' choices lean to the actual deal (``Policy.declarer_insight``)."""

    @property
    def policy(self) -> Policy:
        return Policy(self.temperature, self.layouts, defence_sight=self.defence_sight,
                      leads=load_leads(self.name) if self.read_leads else None,
                      carding=load_carding(self.name) if self.read_carding else None,
                      bad_breaks_fit_auction=self.bad_breaks_fit_auction, contract_value=self.contract_value,
                      declarer_sight=self.declarer_sight, defence_temperature=self.defence_temperature,
                      declarer_insight=self.declarer_insight, defence_insight=self.defence_insight)

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
    rules = entry.get("auction_rules")
    if rules is not None and not set(rules) <= set(RULES):
        raise ValueError(f"levels.json: level {name!r} names auction rules revsim does not have: "
                         f"{sorted(set(rules) - set(RULES))}")
    return Level(name, float(entry["temperature"]), int(entry["playouts"]), int(entry["layouts"]),
                 blend, errors, str(entry.get("fitted_on", "")), margin_errors,
                 float(entry.get("defence_sight", 0.0)), None if rules is None else frozenset(rules),
                 **{reading: bool(entry.get(reading, False)) for reading in READINGS},
                 contract_value=float(entry.get("contract_value", 0.0)),
                 declarer_sight=float(entry.get("declarer_sight", 0.0)),
                 defence_temperature=None if entry.get("defence_temperature") is None
                 else float(entry["defence_temperature"]),
                 declarer_insight=float(entry.get("declarer_insight", 0.0)),
                 defence_insight=float(entry.get("defence_insight", 0.0)))


def _offsets(table: dict[str, Any]) -> dict[int, float]:
    return {int(offset): float(weight) for offset, weight in table.items()}


def readings_on(level: Level) -> dict[str, bool]:
    """The level's switches of ``READINGS`` that are on, as levels.json and the settings write them."""
    return {reading: True for reading in READINGS if getattr(level, reading)}



LEANINGS = ("defence_temperature", "declarer_insight", "defence_insight")
"""The play model's parameters that are written only where a level sets them (``Policy``)."""


def options_set(level: Level) -> dict[str, float]:
    """The play model's parameters that count only where a level sets them: the contract's value, declarer's
    sight and ``LEANINGS`` (what levels.json holds, and what tells one benchmark run's play-outs from another's)."""
    return _where_set(level, ("contract_value", "declarer_sight", *LEANINGS))


def _where_set(level: Level, names: tuple[str, ...]) -> dict[str, float]:
    """Those of the level's parameters ``names`` that are set (not 0 or None)."""
    return {name: getattr(level, name) for name in names if getattr(level, name)}


def play_model(level: Level) -> dict[str, float]:
    """How the level's players decide, as the ruling's ``settings`` and sd's ``evidence`` write it (the defenders'
    own temperature and the players' insight only where the level sets them)."""
    return {"temperature": level.temperature, "defence_sight": level.defence_sight,
            "declarer_sight": level.declarer_sight, "contract_value": level.contract_value,
            **_where_set(level, LEANINGS)}


def level_parameters(level: Level) -> dict[str, Any]:
    """A level's parameters that reproduce an estimate (the ruling's JSON ``settings``)."""
    kept = ({} if level.auction_rules is None else {"auction_rules": sorted(level.auction_rules)}) | readings_on(level)
    return {"play_outs": level.playouts, "layouts": level.layouts, **play_model(level), **kept,
            "blend": {agreement: {str(cut): weight for cut, weight in sorted(level.blend[agreement].items())}
                      for agreement in AGREEMENTS}}

@dataclass(frozen=True)
class Likely:
    """The estimate from a position: the blend, its two parts, how far the play-outs agreed and the weight
    that gave the position-blind part, with the double-dummy value."""

    outcomes: tuple[tuple[int, float], ...]
    playouts: tuple[tuple[int, float], ...]
    blind: tuple[tuple[int, float], ...]
    double_dummy: int
    blend: float
    first_cards: tuple[tuple[Card, int], ...]
    lines: tuple[PlayOut, ...] = ()
    agreement: str = "unanimous"
    cut: int = CUTS[0]
    margin: int | None = None
    settled: Settled | None = None

    def evidence(self) -> dict[str, object]:
        """The two parts, how they were blended, and the cut and margin whose fitted figures applied, as JSON data."""
        return {"play_outs": [[tricks, round(weight, 6)] for tricks, weight in self.playouts],
                "position_blind": [[tricks, round(weight, 6)] for tricks, weight in self.blind],
                "double_dummy": self.double_dummy, "agreement": self.agreement, "blend": round(self.blend, 6),
                "cut": self.cut, "margin": self.margin,
                **({} if self.settled is None else self.settled.evidence())}


def position_seed(seed: int, position: Replay) -> int:
    """A seed for this position: the settings' seed mixed with the cards and the trick in progress."""
    text = repr((sorted(str(card) for seat in range(4) for card in position.hand(seat)),
                 [str(card) for _, card in position.current_trick], position.leader, position.trump))
    return (seed * 1_000_003 + zlib.crc32(text.encode())) & 0xFFFFFFFF


def nearest_cut(completed: int) -> int:
    """The cut whose measured errors apply after ``completed`` tricks."""
    return min(CUTS, key=lambda cut: (abs(cut - completed), cut))


def blind_distribution(double_dummy: int, completed: int, low: int, high: int, level: Level,
                       margin: int | None = None) -> dict[int, float]:
    """Double dummy plus the errors real players made from that point (in contracts double dummy makes or misses
    by ``margin``, where known), kept within the tricks still possible."""
    spread: dict[int, float] = {}
    for offset, weight in level.errors_at(completed, margin).items():
        tricks = min(max(double_dummy + offset, low), high)
        spread[tricks] = spread.get(tricks, 0.0) + weight
    total = sum(spread.values())
    return {tricks: weight / total for tricks, weight in spread.items()}


def likely_tricks(position: Replay, declarer: Seat, shapes: dict[Seat, HandShape], level: Level, seed: int,
                  first_allowed: Set[Card] | None = None, target: int | None = None,
                  settle: Settle | None = None, penalties: tuple[Penalty, ...] = (),
                  double_dummy: int | None = None) -> Likely:
    """Declarer's side's final tricks from ``position``: play-outs blended with the position-blind errors.
    ``target``: the tricks declarer's side needs for its contract, which the players weigh (``Policy``).
    ``settle``: the form a ruling writes from the estimate; play-outs are then run in rounds of the level's
    ``playouts``, at least ``MIN_PLAYOUTS`` and at most ``MAX_PLAYOUTS``, until that form is settled (the same
    in ``SETTLED_SHARE`` of resamples of the play-outs). Without it, one round (as the level was fitted).
    ``penalties``: major penalty cards the players must play at the first legal opportunity (Law 50D1), in the
    play-outs and in the double-dummy value the position-blind part starts from (with Law 50D2 there).
    ``double_dummy``: that value where the caller has it already (the estimator's own double-dummy estimate)."""
    rng = random.Random(position_seed(seed, position))
    resampling = random.Random(position_seed(seed, position) ^ 0x5EED)
    side = declarer % 2
    if double_dummy is None:
        double_dummy = double_dummy_value(position, declarer, first_allowed, penalties)
    completed = len(position.tricks) + position.first_trick - 1
    low = position.tricks_won(side)
    high = low + 13 - position.tricks_won(0) - position.tricks_won(1)
    margin = level.measured_margin(completed, margin_of(double_dummy, target))
    blind = blind_distribution(double_dummy, completed, low, high, level, margin)
    blend = {agreement: level.blend_at(completed, agreement) for agreement in AGREEMENTS}
    lines: list[PlayOut] = []
    share = 1.0
    while True:
        running = len(lines) + level.playouts

        def on_step(trick: int, running: int = running) -> None:
            tell(f"{running} play-outs from trick {position.trick_number}: trick {trick} of 13")

        lines += play_out_lines(position, declarer, shapes, level.policy, level.playouts, rng, first_allowed, on_step,
                                target, penalties)
        if settle is None:
            break
        counts = dict(Counter(line.tricks for line in lines))
        if len(lines) >= MIN_PLAYOUTS:
            share = settled_share(counts, blind, level.playouts, blend, settle, resampling)
            if share >= SETTLED_SHARE or len(lines) + level.playouts > MAX_PLAYOUTS:
                break
    results = Counter(line.tricks for line in lines)
    firsts = Counter(line.first for line in lines if line.first is not None)
    playouts = {tricks: count / len(lines) for tricks, count in results.items()}
    blended, blind_weight = blended_estimate(dict(results), blind, level.playouts, blend)
    return Likely(ordered_outcomes(blended), ordered_outcomes(playouts), ordered_outcomes(blind), double_dummy, blind_weight,
                  tuple(sorted(firsts.items(), key=lambda item: (-item[1], item[0].suit, -item[0].rank))),
                  tuple(lines), agreement_of(playouts), nearest_cut(completed), margin, Settled(len(lines), share))


class SingleDummyEstimator:
    """``sd`` behind the estimator interface (Law 64C): the offender's card and the rest of the play chosen by
    the simulated players from the position before the revoke; the double-dummy candidates and lines are
    kept as evidence beside the play-outs and the position-blind part."""

    name = "sd"

    def __init__(self, level: Level, seed: int, shapes: dict[Seat, HandShape], target: int | None = None,
                 standard: Form | None = None, penalty_cards: tuple[PenaltyCard, ...] = ()) -> None:
        self.penalty_cards = penalty_cards
        """The record's major penalty cards (Law 50), each from its trick on; the play-outs obey them (50D1)."""
        self.level = level
        self.seed = seed
        self.shapes = shapes
        self.target = target
        """The tricks declarer's side needs for its contract (``Contract.tricks_needed``), which the players weigh."""
        self.standard = standard
        """The form a ruling writes from the estimate, sampled until settled (None: the level's play-outs once)."""

    def settling(self, standard: Form) -> SingleDummyEstimator:
        """This estimator, sampling until the form of its estimate under ``standard`` is settled (``likely_tricks``)."""
        return SingleDummyEstimator(self.level, self.seed, self.shapes, self.target, standard, self.penalty_cards)

    def _representatives(self, position: Replay, declarer: Seat, likely: Likely, allowed: Set[Card] | None,
                          favours_more: bool) -> dict[str, object]:
        """The most typical play-out for the result the play-outs reached most often (``representative``), and
        for each result of the form a director writes from the estimate (``representatives``, where a play-out
        reached it; ``only_real_play``: the form's results no play-out reached, which come from the record of
        real play alone)."""
        shown = representative_play_out(position, declarer, likely.lines, allowed)
        written = self.standard.form(likely.outcomes, favours_more) if self.standard is not None else likely.outcomes
        results = [tricks for tricks, _ in written]
        reached = {line.tricks for line in likely.lines}
        each = [shown if tricks == shown["tricks"] else representative_play_out(position, declarer, likely.lines,
                                                                                  allowed, tricks)
                for tricks in results if tricks in reached]
        return {"representative": shown, "representatives": each,
                "only_real_play": [tricks for tricks in results if tricks not in reached]}

    def _settle(self, favours_more: bool | None) -> Settle | None:
        standard = self.standard
        if standard is None:
            return None
        return lambda distribution: standard.form(distribution, favours_more)

    def estimate(self, position: Replay, revoke: Revoke, declarer: Seat, substitute: str,
                 recorded_rest: list[Play]) -> Estimate:
        """The play-outs' estimate; ``substitute`` is not used: the policy chooses the offender's card."""
        evidence_dd = DoubleDummyEstimator(self.penalty_cards).estimate(position, revoke, declarer, "best", recorded_rest)
        favours_more = revoke.side != declarer % 2
        penalties = penalties_in_play(position, declarer, revoke, self.penalty_cards)
        likely = likely_tricks(position, declarer, self.shapes, self.level, self.seed, revoke.allowed, self.target,
                               self._settle(favours_more), penalties, evidence_dd.outcomes[0][0])
        chosen = tuple(card for card, _ in likely.first_cards) or evidence_dd.chosen
        evidence: dict[str, object] = likely.evidence() | {
            "first_cards": [[str(card), count] for card, count in likely.first_cards],
            "level": self.level.name, **play_model(self.level), "play_out_count": len(likely.lines),
            "layouts": self.level.layouts, "seed": self.seed,
            "cut": nearest_cut(evidence_dd.tricks_completed),
            "errors": [list(error) for error in sorted(self.level.errors_at(evidence_dd.tricks_completed,
                                                                             likely.margin).items())],
            **self._representatives(position, declarer, likely, revoke.allowed, favours_more),
        }
        return replace(evidence_dd, estimator=self.name, substitute="policy", chosen=chosen,
                       outcomes=likely.outcomes, evidence=evidence)

    def likely(self, position: Replay, declarer: Seat) -> Likelihood:
        """The play-outs' estimate from a position with no revoke to mend (blended as ``likely_tricks`` says),
        with its two parts, how far the play-outs agreed and the blend weight that gave."""
        if position.is_over:
            return Likelihood(((position.tricks_won(declarer % 2), 1.0),), {"over": True})
        likely = likely_tricks(position, declarer, self.shapes, self.level, self.seed, target=self.target,
                               settle=self._settle(None))
        return Likelihood(likely.outcomes, likely.evidence() | {"seed": self.seed, "level": self.level.name})
