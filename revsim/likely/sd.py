"""``sd``: the likely result from play-outs by simulated players who see what real players see.

From a position, ``playouts`` play-outs (``playout``) give a distribution of declarer's side's final
tricks; it is blended with the position-blind distribution (the double-dummy value plus the errors real
players made from that point, by tricks completed and by how far double dummy makes or misses the contract),
both parts reported. The parameters of a level
(``expert``, ``club``) are fitted by ``calibration/bench_likely.py`` on fitting boards and shipped in
``levels.json``. Every sample is drawn from a generator seeded by the settings' seed and the position, so
the same input and seed give the same estimate. The levels themselves are in ``levels``.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Set
from dataclasses import dataclass, replace

from revsim.cards import Card, Seat
from revsim.laws.detection import Revoke
from revsim.likely.competent import law12c1c_competent_defence
from revsim.likely.dd import DoubleDummyEstimator
from revsim.likely.evidence import CompetentPart, Representative, SdEvidence
from revsim.likely.levels import AGREEMENTS, CUTS, Level, agreement_of, margin_of, nearest_cut, play_model
from revsim.likely.penalty import double_dummy_value, law62c2_corrected_trick, penalties_in_play
from revsim.likely.penalty_rules import CorrectedTrick, Penalty
from revsim.likely.playout import PlayOut, play_out_lines
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
    resampled_forms,
)
from revsim.likely.view import HandShape
from revsim.likely.worlds import Estimate, Form, Likelihood
from revsim.play.replay import Play, Replay
from revsim.records.facts import PenaltyCard


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
    as_estimated: tuple[tuple[int, float], ...] = ()
    """Under a competent defence (``competent``): the blend of every play-out, real play's estimate (else empty)."""
    weighed: tuple[PlayOut, ...] = ()
    """Under a competent defence: the play-outs weighed, those without a defender's slip."""

    def evidence(self) -> SdEvidence:
        """The two parts, how they were blended, the cut and margin whose fitted figures applied and how settled the
        form is; under a competent defence, the play-outs weighed and real play's estimate beside it."""
        competent = None if not self.as_estimated else CompetentPart(
            sum(1 for line in self.lines if line.defence_slips), ordered_outcomes(_shares(self.weighed)),
            self.as_estimated)
        return SdEvidence(self.playouts, self.blind, self.double_dummy, self.agreement, self.blend, self.cut, self.margin,
                          self.settled, competent)


def _shares(lines: tuple[PlayOut, ...]) -> dict[int, float]:
    return {tricks: count / len(lines) for tricks, count in Counter(line.tricks for line in lines).items()}


def position_seed(seed: int, position: Replay) -> int:
    """A seed for this position: the settings' seed mixed with the cards and the trick in progress."""
    text = repr((sorted(str(card) for seat in range(4) for card in position.hand(seat)),
                 [str(card) for _, card in position.current_trick], position.leader, position.trump))
    return (seed * 1_000_003 + zlib.crc32(text.encode())) & 0xFFFFFFFF


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
                  double_dummy: int | None = None, competent: bool = False,
                  max_playouts: int = MAX_PLAYOUTS, corrected: CorrectedTrick | None = None) -> Likely:
    """Declarer's side's final tricks from ``position``: play-outs blended with the position-blind errors.
    ``target``: the tricks declarer's side needs for its contract, which the players weigh (``Policy``).
    ``settle``: the form a ruling writes from the estimate; play-outs are then run in rounds of the level's
    ``playouts``, at least ``MIN_PLAYOUTS`` and at most ``max_playouts``, until that form is settled (the same
    in ``SETTLED_SHARE`` of resamples of the play-outs). Without it, one round (as the level was fitted).
    ``penalties``: major penalty cards the players must play at the first legal opportunity (Law 50D1), in the
    play-outs and in the double-dummy value the position-blind part starts from (with Law 50D2 there).
    ``double_dummy``: that value where the caller has it already (the estimator's own double-dummy estimate).
    ``competent``: the estimate (and the form settled) weighs only the play-outs with no defender's slip
    (``law12c1c_competent_defence``), real play's estimate kept beside it. ``corrected``: the trick of a defender's
    revoke corrected in play (Law 62C2, ``penalty_rules.CorrectedTrick``)."""
    rng = random.Random(position_seed(seed, position))
    resampling = random.Random(position_seed(seed, position) ^ 0x5EED)
    side = declarer % 2
    if double_dummy is None:
        double_dummy = double_dummy_value(position, declarer, first_allowed, penalties, corrected)
    completed = len(position.tricks) + position.first_trick - 1
    low = position.tricks_won(side)
    high = low + 13 - position.tricks_won(0) - position.tricks_won(1)
    margin = level.measured_margin(completed, margin_of(double_dummy, target))
    blind = blind_distribution(double_dummy, completed, low, high, level, margin)
    blend = {agreement: level.blend_at(completed, agreement) for agreement in AGREEMENTS}
    lines: list[PlayOut] = []
    settled = Settled(0, 1.0, bound=max_playouts)
    while True:
        running = len(lines) + level.playouts

        def on_step(trick: int, running: int = running) -> None:
            tell(f"{running} play-outs from trick {position.trick_number}: trick {trick} of 13")

        lines += play_out_lines(position, declarer, shapes, level.policy, level.playouts, rng, first_allowed, on_step,
                                target, penalties, corrected)
        if settle is None:
            break
        counts = dict(Counter(line.tricks for line in _weighed(lines, competent)))
        if len(lines) >= MIN_PLAYOUTS:
            point, forms = resampled_forms(counts, blind, level.playouts, blend, settle, resampling)
            settled = Settled.from_forms(len(lines), point, forms, max_playouts)
            if settled.same_form >= SETTLED_SHARE or len(lines) + level.playouts > max_playouts:
                break
    results = Counter(line.tricks for line in lines)
    weighed = _weighed(lines, competent)
    firsts = Counter(line.first for line in lines if line.first is not None)
    playouts = {tricks: count / len(lines) for tricks, count in results.items()}
    blended, blind_weight = blended_estimate(dict(Counter(line.tricks for line in weighed)), blind, level.playouts, blend)
    real = ordered_outcomes(blended_estimate(dict(results), blind, level.playouts, blend)[0]) if competent else ()
    return Likely(ordered_outcomes(blended), ordered_outcomes(playouts), ordered_outcomes(blind), double_dummy, blind_weight,
                  tuple(sorted(firsts.items(), key=lambda item: (-item[1], item[0].suit, -item[0].rank))),
                  tuple(lines), agreement_of(_shares(tuple(weighed))), nearest_cut(completed), margin,
                  replace(settled, playouts=len(lines)), real, tuple(weighed) if competent else ())


def _weighed(lines: list[PlayOut], competent: bool) -> list[PlayOut]:
    """The play-outs an estimate weighs: those of a competent defence (``law12c1c_competent_defence``), or all."""
    return law12c1c_competent_defence(lines) if competent else lines


class SingleDummyEstimator:
    """``sd`` behind the estimator interface (Law 64C): the offender's card and the rest of the play chosen by
    the simulated players from the position before the revoke; the double-dummy candidates and lines are
    kept as evidence beside the play-outs and the position-blind part."""

    name = "sd"

    def __init__(self, level: Level, seed: int, shapes: dict[Seat, HandShape], target: int | None = None,
                 standard: Form | None = None, penalty_cards: tuple[PenaltyCard, ...] = (),
                 max_playouts: int = MAX_PLAYOUTS) -> None:
        self.penalty_cards = penalty_cards
        """The record's major penalty cards (Law 50), each from its trick on; the play-outs obey them (50D1)."""
        self.level = level
        self.seed = seed
        self.shapes = shapes
        self.target = target
        """The tricks declarer's side needs for its contract (``Contract.tricks_needed``), which the players weigh."""
        self.standard = standard
        """The form a ruling writes from the estimate, sampled until settled (None: the level's play-outs once)."""
        self.max_playouts = max_playouts
        """The most play-outs a position gets while that form is still in doubt."""

    def settling(self, standard: Form) -> SingleDummyEstimator:
        """This estimator, sampling until the form of its estimate under ``standard`` is settled (``likely_tricks``)."""
        return SingleDummyEstimator(self.level, self.seed, self.shapes, self.target, standard, self.penalty_cards,
                                    self.max_playouts)

    def _representatives(self, position: Replay, declarer: Seat, likely: Likely, allowed: Set[Card] | None,
                          favours_more: bool, penalties: tuple[Penalty, ...] = (),
                          corrected: CorrectedTrick | None = None
                          ) -> tuple[Representative, tuple[Representative, ...], tuple[int, ...]]:
        """The most typical play-out for the result the play-outs reached most often (``representative``), and
        for each result of the form a director writes from the estimate (``representatives``, where a play-out
        reached it; ``only_real_play``: the form's results no play-out reached, which come from the record of
        real play alone)."""
        lines = likely.weighed or likely.lines
        shown = representative_play_out(position, declarer, lines, allowed, penalties=penalties, corrected=corrected)
        written = self.standard.form(likely.outcomes, favours_more) if self.standard is not None else likely.outcomes
        results = [tricks for tricks, _ in written]
        reached = {line.tricks for line in lines}
        each = [shown if tricks == shown["tricks"] else representative_play_out(position, declarer, lines,
                                                                                  allowed, tricks, penalties, corrected)
                for tricks in results if tricks in reached]
        return shown, tuple(each), tuple(tricks for tricks in results if tricks not in reached)

    @property
    def competent(self) -> bool:
        """Whether the standard reads the defence as competent (``competent``): the estimate then weighs only the
        play-outs without a defender's slip, real play's estimate kept in its evidence."""
        return self.standard is not None and self.standard.competent_defence

    def _settle(self, favours_more: bool | None) -> Settle | None:
        standard = self.standard
        if standard is None:
            return None
        return lambda distribution: standard.form(distribution, favours_more)

    def estimate(self, position: Replay, revoke: Revoke, declarer: Seat, recorded_rest: list[Play]) -> Estimate:
        """The play-outs' estimate: the policy chooses the offender's card."""
        evidence_dd = DoubleDummyEstimator(self.penalty_cards).estimate(position, revoke, declarer, recorded_rest)
        favours_more = revoke.side != declarer % 2
        penalties = penalties_in_play(position, declarer, revoke, self.penalty_cards)
        corrected = law62c2_corrected_trick(revoke, declarer, recorded_rest)
        likely = likely_tricks(position, declarer, self.shapes, self.level, self.seed, revoke.allowed, self.target,
                               self._settle(favours_more), penalties, evidence_dd.outcomes[0][0], self.competent,
                               self.max_playouts, corrected)
        chosen = tuple(card for card, _ in likely.first_cards) or evidence_dd.chosen
        model = play_model(self.level)
        shown, each, only_real = self._representatives(position, declarer, likely, revoke.allowed, favours_more,
                                                       penalties, corrected)
        evidence = replace(
            likely.evidence(), first_cards=tuple((str(card), count) for card, count in likely.first_cards),
            level=self.level.name, temperature=model["temperature"], defence_sight=model["defence_sight"],
            player_model=model.get("player_model"), play_out_count=len(likely.lines), layouts=self.level.layouts,
            seed=self.seed, cut=nearest_cut(evidence_dd.tricks_completed),
            errors=tuple(sorted(self.level.errors_at(evidence_dd.tricks_completed, likely.margin).items())),
            representative=shown, representatives=each, only_real_play=only_real)
        return replace(evidence_dd, estimator=self.name, substitute="policy", chosen=chosen,
                       outcomes=likely.outcomes, evidence=evidence)

    def likely(self, position: Replay, declarer: Seat) -> Likelihood:
        """The play-outs' estimate from a position with no revoke to mend (blended as ``likely_tricks`` says),
        with its two parts, how far the play-outs agreed and the blend weight that gave."""
        if position.is_over:
            return Likelihood(((position.tricks_won(declarer % 2), 1.0),), SdEvidence(over=True))
        likely = self._likely(position, declarer)
        return Likelihood(likely.outcomes, replace(likely.evidence(), seed=self.seed, level=self.level.name))

    def likely_shown(self, position: Replay, declarer: Seat) -> Likelihood:
        """As ``likely``, with the most typical play-out in its evidence (``representative``, and
        ``play_out_count``), for a play a ruling shows (a side's world under Law 64C2b)."""
        if position.is_over:
            return self.likely(position, declarer)
        likely = self._likely(position, declarer)
        shown = representative_play_out(position, declarer, likely.weighed or likely.lines)
        return Likelihood(likely.outcomes, replace(likely.evidence(), seed=self.seed, level=self.level.name,
                                                   representative=shown, play_out_count=len(likely.lines)))

    def _likely(self, position: Replay, declarer: Seat) -> Likely:
        return likely_tricks(position, declarer, self.shapes, self.level, self.seed, target=self.target,
                             settle=self._settle(None), competent=self.competent, max_playouts=self.max_playouts)
