"""The final ruling: Law 62A/62D or Law 64A/B, then Law 64C (C1, C2a, C2b), and the score assigned under
Law 12C1 (weighted as directors write it, Law 84D, or non-weighted), per side.

``rule`` returns the ruling as data (``steps.BoardRuling``): it writes no English. The prose is written
from its steps by ``revsim.outputs.explain``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from revsim.cards import SEAT_NAMES, side_of
from revsim.equity.draft import Draft
from revsim.equity.estimators import make_estimator
from revsim.equity.law12 import law12c1c_directors_judgement, law12c1c_weighted, law12c1e_non_weighted
from revsim.equity.law64c import law64c1_adjust, law64c2a_repeated_revoke_result, law64c2b_result_for_side
from revsim.equity.law84 import law84d_assigned_score
from revsim.equity.settings import Settings
from revsim.equity.steps import (
    BaseKind,
    BoardRuling,
    Compared,
    Corrected,
    Outcome,
    Retransfer,
    ScoreAssigned,
    SideJudged,
    TableStands,
    Verdict,
    Weighted,
    World,
    WorldsJudged,
    expected,
)
from revsim.equity.worlds import Estimate, position_before
from revsim.laws.detection import Revoke
from revsim.laws.transfer import RECTIFIED_BY_64A, law64a_in_play
from revsim.play.table import TablePlay
from revsim.records.record import Record
from revsim.scoring.points import ns_score

__all__ = ["BoardRuling", "Outcome", "expected", "law12c1c_directors_judgement", "rule"]


def rule(record: Record, table: TablePlay, revokes: list[Revoke], transfer: int, settings: Settings) -> BoardRuling:
    """Put Laws 62A, 62D, 64A/B, 64C and 12C1 together for one board.

    A revoke the record shows standing that must be corrected (62D at trick 12, or one not established,
    62A) sets the base result: the world in which the legal card was played, with the earlier
    established revokes standing and their transfers worked out in that world. Without one, the base is
    the table result with the transfers. Law 64C is then applied to the established revokes before it:
    by one side (64C1, 64C2a) or by both (64C2b); the score is assigned as Law 12C1 and Law 84D say.
    """
    assert record.contract is not None
    draft = Draft(record, table, list(revokes), transfer, settings)
    corrected = _correction(draft.revokes)
    if corrected is None:
        active = [r for r in draft.revokes if r.established]
        base = _transfer_result(draft)
        base_law = "64A" if transfer else "none"
    else:
        active = [r for r in draft.revokes if r.established and r.law != "62D" and _before(r, corrected)]
        base, base_law, active = _corrected_base(draft, corrected, active)  # the corrected revoke is never replaced
    if corrected is not None and corrected.law == "62D" and any(r.side != corrected.side for r in active):
        active = sorted([*active, corrected], key=lambda r: r.order)  # both sides revoked: 64B7, 64C2b
    if not active:
        draft.law = base_law
        _assign_same(draft, base, None if corrected is None else 1 - corrected.side)
        if not revokes:
            draft.steps.append(TableStands("no-revoke"))
        elif corrected is None:
            draft.steps.append(TableStands("none-established"))
    elif len({r.side for r in active}) == 2:
        _both_sides(draft, active, base)
    else:
        _one_side(draft, active, base, base_law, "corrected" if corrected is not None else
                  "transfer" if transfer else "table")
    return draft.freeze()


def _correction(revokes: list[Revoke]) -> Revoke | None:
    """The first revoke the record shows standing that must be corrected (62D at trick 12, or 62A)."""
    return next((r for r in revokes if r.law == "62D" or r.corrected_in_play), None)


def _before(revoke: Revoke, other: Revoke) -> bool:
    """Whether ``revoke`` came before ``other`` in the play."""
    return revoke.order < other.order


def _transfer_result(draft: Draft) -> Weighted:
    """The table result with every Law 64A transfer applied."""
    tricks = draft.table.declarer_tricks + sum(
        r.transfer if r.side != draft.declarer_side else -r.transfer for r in draft.revokes)
    return ((tricks, 1.0),)


def _corrected_base(draft: Draft, corrected: Revoke, active: list[Revoke]) -> tuple[Weighted, str, list[Revoke]]:
    """Laws 62D and 62A: the result with the revoke corrected, its law, and the established revokes before it
    as Law 64A leaves them on the corrected play.

    62D: the offender follows, the others may change their cards, so the last two tricks are played double
    dummy. 62A: the play goes on from the legal card as the estimator says; a claim that followed is ruled
    with the legal card in place (Law 70: the claimer gets no more than he claimed). The established
    revokes before it keep their 64A transfers, worked out on the corrected play.
    """
    world = _world(draft, corrected, active)
    outcomes = world.outcomes
    draft.chosen = world.estimate
    if corrected.law == "62D":
        draft.corrected_tricks = world.estimate.most_likely
    retransfers: tuple[Retransfer, ...] = ()
    if world.moved and len(outcomes) == 1:
        retransfers = _retransfer(draft, world, active)
        by_order = {r.order: r for r in draft.revokes}
        active = [by_order[r.order] for r in active]
    capped = _claim_with_legal_card(draft, outcomes) if corrected.claim_not_agreed else None
    draft.steps.append(Corrected(corrected.law, corrected, world.estimate, world.moved, outcomes, capped, retransfers))
    return capped or outcomes, corrected.law + ("+64A" if world.moved else ""), active


def _claim_with_legal_card(draft: Draft, outcomes: Weighted) -> Weighted:
    """Law 70 with the corrected card: the claimer's side gets no more tricks than its claim gave it."""
    claimer_side = 1 - draft.declarer_side if draft.record.facts.claim_by == "defenders" else draft.declarer_side
    table = draft.table.declarer_tricks
    if claimer_side == draft.declarer_side:
        capped = [(min(tricks, table), weight) for tricks, weight in outcomes]
    else:
        capped = [(max(tricks, table), weight) for tricks, weight in outcomes]
    return tuple(law12c1c_weighted(capped))


def _retransfer(draft: Draft, world: World, active: list[Revoke]) -> tuple[Retransfer, ...]:
    """The transfers of the revokes before a correction as worked out on the corrected play: the revokes are
    replaced (not changed in place) and the changes kept for the law path."""
    rectified = _rectified(draft, world.revoke, active)
    results = _world_transfers(draft, world.estimate, world.estimate.outcomes[0][0], rectified)
    changed: list[Retransfer] = []
    replaced: dict[int, Revoke] = {}
    for revoke, (_, clause, moved, _) in zip(rectified, results, strict=True):
        if (revoke.law, revoke.transfer) != (clause, moved):
            changed.append(Retransfer(revoke, clause, moved))
        replaced[revoke.order] = replace(revoke, law=clause, transfer=moved)
    draft.revokes = [replaced.get(r.order, r) for r in draft.revokes]
    draft.transfer = sum(r.transfer for r in draft.revokes)
    return tuple(changed)


# --- one offending side: 64C1 and 64C2a -------------------------------------------------------

def _one_side(draft: Draft, active: list[Revoke], base: Weighted, base_law: str, base_kind: BaseKind) -> None:
    """Laws 64C1 and 64C2a when one side revoked. Each revoke's damage is judged in the world where it (and
    the later ones) did not occur, the earlier revokes standing with their transfers worked out in that
    world (for a repeated revoke this is 64C2a). The ruling is the base (the transfers) or the score
    assigned from the world's estimate that is best for the non-offending side, never both, never in favour
    of the offenders; a tie keeps the base, and among adjusted scores the later revoke's world."""
    offending = active[0].side
    non_offending = 1 - offending
    worlds = [_world(draft, revoke, [r for r in active if _before(r, revoke)]) for revoke in active]
    assigned = [_assigned(draft, world.outcomes, non_offending, _given(world.estimate)) for world in worlds]
    worth = [_expected_worth(draft, non_offending, outcomes) for outcomes, _ in assigned]
    best_index = max(reversed(range(len(worlds))), key=lambda i: worth[i])  # ties: the later world
    best = worlds[best_index]
    base_assigned = _assigned(draft, base, non_offending, False)
    base_worth = _expected_worth(draft, non_offending, base_assigned[0])
    adjust = law64c1_adjust(base_worth, worth[best_index])
    if len(worlds) > 1:
        draft.steps.append(WorldsJudged(tuple(worlds)))
    draft.chosen = best.estimate
    draft.steps.append(Compared(best, base, base_kind, assigned[best_index][0], base_worth, worth[best_index],
                                _verdict(adjust, base_kind, base_worth, worth[best_index])))
    if adjust:
        draft.law = _world_law(best)
        _assign_same(draft, best.outcomes, non_offending, offending, assigned[best_index][1])
    else:
        draft.law = base_law
        _assign_same(draft, base, non_offending, offending, base_assigned[1])


def _verdict(adjust: bool, base_kind: BaseKind, base_worth: float, adjusted_worth: float) -> Verdict:
    if adjust:
        return "adjusted"
    if base_kind != "table":
        return "compensated"
    return "no-better" if abs(adjusted_worth - base_worth) < 1e-9 else "favours-offenders"


def _given(estimate: Estimate) -> bool:
    """Whether a world's result is the director's own weights, used as given."""
    return estimate.estimator == "director"


def _world_law(world: World) -> str:
    if world.clause == "64C2a":
        return "64A+64C2a"
    return "64A+64C1" if world.moved else "64C1"


def _world(draft: Draft, revoke: Revoke, earlier: list[Revoke]) -> World:
    """The world diverging at ``revoke``: its estimate, with the earlier revokes' transfers applied in it."""
    estimate = _estimate(draft, revoke)
    rectified = _rectified(draft, revoke, earlier)
    offenders_declared = bool(rectified) and rectified[0].side == draft.declarer_side
    outcomes: list[tuple[int, float]] = []
    moved_most_likely = 0
    for tricks, weight in estimate.outcomes:
        moved = sum(transfer for _, _, transfer, _ in _world_transfers(draft, estimate, tricks, rectified))
        outcomes.append((law64c2a_repeated_revoke_result(tricks, moved, offenders_declared), weight))
        if tricks == estimate.most_likely:
            moved_most_likely = moved
    clause = "64C2a" if revoke.law == "64B2" else "64C1"
    return World(clause, revoke, estimate, moved_most_likely, len(rectified), tuple(law12c1c_weighted(outcomes)))


def _rectified(draft: Draft, divergence: Revoke, earlier: list[Revoke]) -> list[Revoke]:
    """The earlier revokes Law 64A rectifies in the world diverging at ``divergence``: none when both sides
    revoked in that world (Law 64B7: the other side's established revoke came before, or is a trick-12
    revoke corrected under 62D). A 64B7 at the table owed to a revoke the world never reaches does not apply."""
    sides = {r.side for r in earlier}
    if len(sides) != 1:
        return []
    side = sides.pop()
    other_stands = any(r.established and r.side != side and r.order <= divergence.order for r in draft.revokes)
    if other_stands:
        return []
    return [r for r in earlier if r.law in RECTIFIED_BY_64A or r.law == "64B7"]


def _world_transfers(draft: Draft, estimate: Estimate, world_tricks: int,
                     rectified: list[Revoke]) -> list[tuple[int, str, int, int]]:
    """Law 64A for ``rectified`` in a world with ``world_tricks``: tricks before the divergence as played,
    the rest as the world's outcome gives them (a trick in progress at the divergence has no known winner)."""
    replay = draft.table.replay

    def winner_of(trick: int) -> int | None:
        return replay.winner_of(trick) if trick < estimate.trick else None

    def won_from(side: int, trick: int) -> int:
        played = sum(1 for done in replay.tricks if trick <= done.number < estimate.trick and side_of(done.winner) == side)
        return played + estimate.offending_tricks_from_here(world_tricks, side, draft.declarer_side)

    return law64a_in_play(rectified, winner_of, won_from)


# --- both sides: 64C2b ------------------------------------------------------------------------

def _both_sides(draft: Draft, active: list[Revoke], base: Weighted) -> None:
    """Law 64C2b: both sides revoked; the score is adjusted only where a side was damaged.

    Each side is judged against the other side's first revoke, and gets the table result, the result
    without the other side's revoke or the result had no revoke occurred as ``law64c2b_result_for_side``
    says. Law 12C1 per side: both sides are offenders under ``neither`` (12C1e: the most unfavourable
    result at all probable), each is the non-offender judged against the other's revoke under ``separately``.
    A weighted score has no non-offending side here, so its form is simply the closest (Law 12C1c).
    """
    settings = draft.settings
    draft.law = "64C2b"
    neither = _world(draft, active[0], [])
    draft.chosen = neither.estimate
    chosen: dict[int, Weighted] = {}
    for side in (0, 1):
        harm = next(r for r in active if r.side != side)
        separately = _world(draft, harm, [])
        results = {"table": base, "without-any": neither.outcomes, "without-other": separately.outcomes}
        worth = {name: _expected_worth(draft, side, outcomes) for name, outcomes in results.items()}
        which = law64c2b_result_for_side(worth["table"], worth["without-other"], worth["without-any"],
                                         settings.both_sides)
        chosen[side] = results[which]
        draft.steps.append(SideJudged(side, harm, which, worth["without-other"] > worth["table"],  # type: ignore[arg-type]
                                      chosen[side]))
    if settings.regime == "weighted":
        if chosen[0] == chosen[1]:
            _assign_same(draft, chosen[0], None)
            return
        draft.distribution_ns, draft.distribution_ew = chosen[0], chosen[1]
        forms = [_weighted_form(draft, chosen[side], None, False, (side,)) for side in (0, 1)]
        draft.steps += forms
        draft.ns, draft.ew = forms[0].assigned, forms[1].assigned
        return
    offending = settings.both_sides == "neither"
    draft.distribution_ns, draft.distribution_ew = chosen[0], chosen[1]
    draft.ns = _non_weighted(draft, chosen[0], 0, offending)
    draft.ew = _non_weighted(draft, chosen[1], 1, offending)


# --- Law 12C1: the score assigned ---------------------------------------------------------------

def _assign_same(draft: Draft, distribution: Weighted, non_offending: int | None, offending: int | None = None,
                 form: ScoreAssigned | None = None) -> None:
    """Law 12C1 for a result both sides share: weighted, the directors' form for both (Law 84D for the
    non-offending side; ``form`` when it was already made for the comparison of Law 64C1); non-weighted, the
    most favourable likely result for the non-offending side and the most unfavourable at all probable for
    the offenders (with no offending side, the most favourable likely result for each)."""
    draft.distribution_ns = draft.distribution_ew = distribution
    if len(distribution) == 1:
        draft.ns = draft.ew = distribution
    elif draft.settings.regime == "weighted":
        form = form or _weighted_form(draft, distribution, non_offending, False, (0, 1))
        draft.steps.append(form)
        draft.ns = draft.ew = form.assigned
    else:
        draft.ns = _non_weighted(draft, distribution, 0, offending == 0)
        draft.ew = _non_weighted(draft, distribution, 1, offending == 1)


def _assigned(draft: Draft, distribution: Weighted, non_offending: int,
              given: bool) -> tuple[Weighted, ScoreAssigned | None]:
    """The score a distribution is assigned as for the non-offending side, and under the weighted regime the
    step that assigns it: the directors' form (Law 12C1c, Law 84D; the director's own weights as given);
    non-weighted, 12C1e's one result."""
    if len(distribution) == 1:
        return distribution, None
    if draft.settings.regime == "weighted":
        form = _weighted_form(draft, distribution, non_offending, given, (0, 1))
        return form.assigned, form
    return ((law12c1e_non_weighted(distribution, _worth_function(draft, non_offending), offending=False), 1.0),), None


def _weighted_form(draft: Draft, distribution: Weighted, non_offending: int | None, given: bool,
                   sides: tuple[int, ...]) -> ScoreAssigned:
    """The directors' form of a weighted score for ``sides`` (the director's own weights as given), as a step."""
    settings = draft.settings
    worths: tuple[float | None, float | None] = (None, None)
    if given:
        assigned, distance = distribution, 0.0
    else:
        worth = None if non_offending is None else _worth_function(draft, non_offending)
        form = law84d_assigned_score(distribution, worth, settings.max_outcomes, settings.granularity)
        assigned, distance, worths = form.outcomes, form.distance, (form.estimate_worth, form.assigned_worth)
    return ScoreAssigned(sides, "weighted", distribution, assigned, non_offending, worths[0], worths[1], distance,
                         given, settings.max_outcomes, settings.granularity)


def _non_weighted(draft: Draft, distribution: Weighted, side: int, offending: bool) -> Weighted:
    """Law 12C1e for one side, recorded as a step."""
    tricks = law12c1e_non_weighted(distribution, _worth_function(draft, side), offending=offending)
    settings = draft.settings
    draft.steps.append(ScoreAssigned((side,), "non-weighted", distribution, ((tricks, 1.0),), None, None, None, 0.0,
                                     False, settings.max_outcomes, settings.granularity, offending))
    return ((tricks, 1.0),)


def _worth_function(draft: Draft, side: int) -> Callable[[int], float]:
    """Rates declarer's side's tricks from ``side``'s point of view, in points."""
    def worth(tricks: int) -> float:
        score = ns_score(draft.record.contract, tricks, draft.record.vulnerability)
        return float(score if side == 0 else -score)
    return worth


def _expected_worth(draft: Draft, side: int, outcomes: Weighted) -> float:
    worth = _worth_function(draft, side)
    return sum(weight * worth(tricks) for tricks, weight in outcomes)


# --- estimates ---------------------------------------------------------------------------------

def _estimate(draft: Draft, revoke: Revoke) -> Estimate:
    """The estimate at ``revoke`` (cached); a 62D correction is always double dummy with the best card: the
    offender follows and the others may change their cards over the last two tricks."""
    settings = draft.settings
    trick12 = revoke.law == "62D"
    key = f"{revoke.trick}{SEAT_NAMES[revoke.seat][0]}" + ("-62D" if trick12 else "")
    if key not in draft.estimates:
        assert draft.record.contract is not None
        position, rest = position_before(draft.table.replay, revoke)
        first = next((r for r in draft.revokes if r.established), None)
        judged = settings.outcomes is not None and not trick12 and first is not None and first.order == revoke.order
        estimator = make_estimator("dd" if trick12 or judged else settings.estimator, draft.record, settings.level,
                                   settings.seed)
        estimate = estimator.estimate(position, revoke, draft.record.contract.declarer,
                                      "best" if trick12 else settings.substitute, rest)
        if judged:
            assert settings.outcomes is not None
            estimate = law12c1c_directors_judgement(estimate, settings.outcomes, draft.record)
        draft.estimates[key] = estimate
    return draft.estimates[key]
