"""Law 64C2b: both sides revoked. Each side's damage is judged in its own world, without the opponents'
revokes and with its own still standing; the score is adjusted only when a contestant was damaged."""

from __future__ import annotations

from revsim.equity.assign import assign_per_side, expected_worth
from revsim.equity.draft import Draft
from revsim.equity.judged import estimator_of, is_directors, world_at
from revsim.equity.law12 import law12c1c_weighted
from revsim.equity.law64c import law64c2b_damaged, law64c2b_result_for_side
from revsim.equity.steps import SideJudged, SideWorld, Weighted
from revsim.laws.clauses import RulingLaw
from revsim.laws.detection import Revoke
from revsim.likely.worlds import ShowsReplays, follow_record, position_before
from revsim.records.judgement import SIDE_SCORES


def both_sides(draft: Draft, active: list[Revoke], base: Weighted) -> None:
    """Law 64C2b: both sides revoked (``base``: the table result, no transfers under Law 64B7).

    Each side's world without the opponents' revokes (its own standing, ``side_world``) says whether the
    opponents' revoke damaged it; ``law64c2b_result_for_side`` gives each side the table result, its world's
    result, the result had no revoke occurred (the world diverging at the first revoke) or the result without
    its own revokes. Law 12C1 per side: both sides are offenders under ``neither`` (12C1e: the most
    unfavourable result at all probable); a weighted score has no non-offending side here, so its form is
    simply the closest (Law 12C1c).
    """
    settings = draft.settings
    draft.law = RulingLaw.BOTH_SIDES
    neither = world_at(draft, active[0], [], no_revoke=True)
    draft.chosen = neither.estimate
    worlds = {side: side_world(draft, active, side) for side in (0, 1)}
    damaged = {side: law64c2b_damaged(expected_worth(draft, side, base),
                                      expected_worth(draft, side, worlds[side].outcomes)) for side in (0, 1)}
    anyone_damaged = any(damaged.values())
    chosen: dict[int, Weighted] = {}
    for side in (0, 1):
        results = {"table": base, "without-any": neither.outcomes, "without-other": worlds[side].outcomes,
                   "without-own": worlds[1 - side].outcomes}
        worth = {name: expected_worth(draft, side, outcomes) for name, outcomes in results.items()}
        which = law64c2b_result_for_side(worth["table"], worth["without-other"], worth["without-any"],
                                         worth["without-own"], settings.both_sides, anyone_damaged)
        chosen[side] = results[which]
        draft.steps.append(SideJudged(side, worlds[side], which, damaged[side], anyone_damaged,  # type: ignore[arg-type]
                                      chosen[side]))
    given = {SIDE_SCORES[name]: outcomes for name, outcomes in settings.world_outcomes if name in SIDE_SCORES}
    chosen.update(given)   # the director's own score for a side (12C1c), as given
    assign_per_side(draft, chosen, offending=settings.both_sides == "neither" and anyone_damaged, given=frozenset(given))


def side_world(draft: Draft, active: list[Revoke], side: int) -> SideWorld:
    """A side's world without the opponents' revokes, in which its own revokes, earlier or later, still stand.

    It diverges at the opponents' first revoke, where the estimate gives the legal card and the likely result.
    The side's earlier revokes stand in the play before it. When the side revoked again later, the record is
    followed from the legal card, those revokes played as they were, to the end of the last one's trick, and
    the likely result estimated from there; if the play no longer reaches them (or the director judged this
    world himself), the estimate at the divergence stands.
    """
    harm = next(r for r in active if r.side != side)
    start = world_at(draft, harm, [])
    standing = tuple(r for r in active if r.side == side and r.order > harm.order)
    if not standing:
        return SideWorld(side, harm, standing, start.estimate, (), "", True, start.outcomes)
    if is_directors(start.estimate):
        return SideWorld(side, harm, standing, start.estimate, (), "the director's own weights", False, start.outcomes)
    assert draft.record.contract is not None
    position, rest = position_before(draft.table.replay, harm)
    followed = follow_record(position, start.estimate.chosen[0], rest, {(r.trick, r.seat) for r in standing},
                             standing[-1].trick)
    if not followed.reached:
        return SideWorld(side, harm, standing, start.estimate, followed.cards, followed.stopped, False, start.outcomes)
    estimator, declarer = estimator_of(draft), draft.record.contract.declarer
    likely = (estimator.likely_shown(followed.position, declarer) if isinstance(estimator, ShowsReplays)
              else estimator.likely(followed.position, declarer))
    return SideWorld(side, harm, standing, start.estimate, followed.cards, followed.stopped, True,
                     tuple(law12c1c_weighted(list(likely.outcomes))), likely.evidence)
