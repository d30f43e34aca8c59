"""The final ruling: Law 62A/62D or Law 64A/B, then Law 64C (C1, C2a, C2b), and the score assigned under
Law 12C1 (weighted as directors write it, Law 84D, or non-weighted), per side.

``rule`` returns the ruling as data (``steps.BoardRuling``): it writes no English. The prose is written
from its steps by ``revsim.outputs.explain``.
"""

from __future__ import annotations

from dataclasses import replace

from revsim.claims.law70 import ClaimRuling
from revsim.equity.assign import assign_same, assigned, expected_worth, likely_result
from revsim.equity.both_sides import both_sides
from revsim.equity.draft import Draft
from revsim.equity.information import law16b_beside_revokes, law16b_reaches_revoke_board, law16b_rule
from revsim.equity.judged import is_directors, rectified_in_world, resolve_judgements, world_at, world_transfers
from revsim.equity.law12 import law12c1c_directors_judgement, law12c1c_weighted
from revsim.equity.law16d import with_law16d_information
from revsim.equity.law64c import law64c1_adjust
from revsim.equity.settings import Settings
from revsim.equity.steps import (
    BaseKind,
    BoardRuling,
    Compared,
    Corrected,
    Outcome,
    Retransfer,
    TableStands,
    Verdict,
    Weighted,
    World,
    WorldsJudged,
    expected,
)
from revsim.laws.clauses import Clause, RulingLaw
from revsim.laws.detection import Revoke
from revsim.laws.law62 import law62c1_cards_that_may_be_withdrawn, law62c2_partner_card_stands
from revsim.play.table import TablePlay
from revsim.records.judgement import NO_REVOKE, SIDE_SCORES
from revsim.records.record import Record

__all__ = ["BoardRuling", "Outcome", "expected", "law12c1c_directors_judgement", "rule"]


def rule(record: Record, table: TablePlay, revokes: list[Revoke], transfer: int, settings: Settings,
         claim: ClaimRuling | None = None) -> BoardRuling:
    """Put Laws 70/71, 62A, 62D, 64A/B, 64C, 16B and 12C1 together for one board.

    ``claim``: a claim or concession the director ruled on (Law 70 or 71), the ruling's first step; ``table``
    holds the total it gives, which the revoke laws start from.

    A revoke the record shows standing that must be corrected (62D at trick 12, or one not established,
    62A) sets the base result: the world in which the legal card was played, with the earlier
    established revokes standing and their transfers worked out in that world. Without one, the base is
    the table result with the transfers. Law 64C is then applied to the established revokes before it:
    by one side (64C1, 64C2a) or by both (64C2b); the score is assigned as Law 12C1 and Law 84D say.
    """
    assert record.contract is not None
    draft = Draft(record, table, list(revokes), transfer, settings, claim=claim)
    with_law16d_information(draft)   # a card withdrawn at the table: Law 16D, measured where the director did not
    record = draft.record
    corrected = _correction(draft.revokes)
    if corrected is None:
        active = [r for r in draft.revokes if r.established]
        base = _transfer_result(draft)
        base_law = RulingLaw.TRANSFER if transfer else _unrectified(active, draft.revokes)
    else:
        _not_in_corrected_play(draft, corrected)
        active = [r for r in draft.revokes if r.established and r.law != Clause.LAW_62D and _before(r, corrected)]
        base, base_law, active = _corrected_base(draft, corrected, active)  # the corrected revoke is never replaced
    if corrected is not None and corrected.law == Clause.LAW_62D and any(r.side != corrected.side for r in active):
        active = sorted([*active, corrected], key=lambda r: r.order)  # both sides revoked: 64B7, 64C2b
    if record.facts.information is not None:
        if not active and corrected is None:
            law16b_rule(draft)   # Law 16B on a board with no revoke to rule
            _note_unused_judgements(draft)
            return draft.freeze()
        if law16b_reaches_revoke_board(draft, active, corrected):
            kind: BaseKind = "transfer" if transfer else "table"
            chosen = law16b_beside_revokes(draft, active, base,
                                           lambda ruled, start: _one_side(ruled, active, start, base_law, kind))
            _note_unused_judgements(chosen)
            return chosen.freeze()
        draft.record = replace(draft.record, notes=[*draft.record.notes, (
            "the unauthorised information is not ruled on: it bore on a decision at or before a revoke ruled on this "
            "board (or both sides revoked, or one was corrected), and Law 16 there is left to the director (his own "
            "weights for the world)")])
        draft.table = replace(draft.table, record=draft.record)
    if not active:
        draft.law = base_law
        assign_same(draft, base, None if corrected is None else 1 - corrected.side)
        if not revokes:
            draft.steps.append(TableStands("no-revoke"))
        elif corrected is None:
            draft.steps.append(TableStands("none-established"))
    elif len({r.side for r in active}) == 2:
        both_sides(draft, active, base)
    else:
        _one_side(draft, active, base, base_law, "corrected" if corrected is not None else
                  "transfer" if transfer else "table")
    _note_unused_judgements(draft)
    return draft.freeze()


def _unrectified(established: list[Revoke], revokes: list[Revoke]) -> RulingLaw:
    """The law of a table result that stands with no transfer: Law 64B's clause of the first established revoke
    (no rectification); Law 62A where no revoke was established and one was corrected as the record shows (the
    correction is why the result stands); none where there was no revoke to correct."""
    for revoke in established:
        if revoke.law is not None and str(revoke.law).startswith("64B"):
            return RulingLaw(str(revoke.law))
    if not established and any(revoke.corrected_by is not None for revoke in revokes):
        return RulingLaw.CORRECTED
    return RulingLaw.NONE


def _note_unused_judgements(draft: Draft) -> None:
    """A note for each of the director's judgements no world of the ruling used: nothing is dropped silently."""
    named = resolve_judgements(draft)
    notes = [f"the director's weights for the world {key} were not used: the ruling does not judge that world"
             for key in named if key not in draft.estimates]
    if NO_REVOKE in dict(draft.settings.world_outcomes) and NO_REVOKE not in draft.estimates:
        notes.append("the director's weights for the world with no revoke (none) were not used: that world is "
                     "judged only when both sides revoked (Law 64C2b)")
    sides = [name for name, _ in draft.settings.world_outcomes if name in SIDE_SCORES]
    if sides and draft.law != RulingLaw.BOTH_SIDES:
        notes.append(f"the director's score for {' and '.join(name.upper() for name in sides)} was not used: a side "
                     "gets a score of its own only when both sides revoked (Law 64C2b)")
    judged = [key for key, estimate in draft.estimates.items() if is_directors(estimate)]
    if draft.settings.outcomes is not None and all(key in named for key in judged):
        notes.append("the director's weights for the first world were not used: the ruling judges no world without "
                     "the first established revoke")
    if notes:
        draft.record = replace(draft.record, notes=[*draft.record.notes, *notes])
        draft.table = replace(draft.table, record=draft.record)


def _correction(revokes: list[Revoke]) -> Revoke | None:
    """The first revoke the record shows standing that must be corrected (62D at trick 12, or 62A)."""
    return next((r for r in revokes if r.law == Clause.LAW_62D or r.corrected_in_play), None)


def _not_in_corrected_play(draft: Draft, corrected: Revoke) -> None:
    """The revokes the record shows after one that is corrected are not in the corrected play (it goes on from the
    legal card): nothing is transferred for them, and their reason says so."""
    where = f"trick {corrected.trick}"
    for index, revoke in enumerate(draft.revokes):
        if _before(corrected, revoke) and revoke.transfer and not revoke.both_sides_corrected:
            draft.revokes[index] = replace(revoke, transfer=0, reason=(
                f"{revoke.reason}; not applied: the revoke on {where} is corrected and the play goes on from the legal "
                f"card, so this revoke, later in the play as recorded, is not in the corrected play"))
    draft.transfer = sum(r.transfer for r in draft.revokes)


def _before(revoke: Revoke, other: Revoke) -> bool:
    """Whether ``revoke`` came before ``other`` in the play."""
    return revoke.order < other.order


def _transfer_result(draft: Draft) -> Weighted:
    """The table result with every Law 64A transfer applied."""
    tricks = draft.table.declarer_tricks + sum(
        r.transfer if r.side != draft.declarer_side else -r.transfer for r in draft.revokes)
    return ((tricks, 1.0),)


def _corrected_base(draft: Draft, corrected: Revoke, active: list[Revoke]) -> tuple[Weighted, RulingLaw, list[Revoke]]:
    """Laws 62D and 62A: the result with the revoke corrected, its law, and the established revokes before it
    as Law 64A leaves them on the corrected play.

    62D: the offender follows, the others may change their cards, so the last two tricks are played double
    dummy. 62A: the play goes on from the legal card as the estimator says; a claim that followed is ruled
    with the legal card in place (Law 70: the claimer gets no more than he claimed). The established
    revokes before it keep their 64A transfers, worked out on the corrected play.
    """
    world = world_at(draft, corrected, active)
    outcomes = world.outcomes
    draft.chosen = world.estimate
    if corrected.law == Clause.LAW_62D:
        draft.corrected_tricks = world.estimate.most_likely
    retransfers: tuple[Retransfer, ...] = ()
    if len(outcomes) == 1:
        retransfers = _retransfer(draft, world, active)
        by_order = {r.order: r for r in draft.revokes}
        active = [by_order[r.order] for r in active]
    capped = _claim_with_legal_card(draft, outcomes) if corrected.claim_not_agreed else None
    assert corrected.law is not None
    plays = draft.table.replay.plays
    withdrawable = law62c1_cards_that_may_be_withdrawn(plays, corrected.trick, corrected.seat)
    also_corrected = {(r.trick, r.seat) for r in draft.revokes if r.both_sides_corrected and r is not corrected}
    withdrawable = [play for play in withdrawable if (play.trick, play.seat) not in also_corrected   # 62C3: its own
                    and draft.table.replay.could_have_played_another(play)]
    stands = (law62c2_partner_card_stands(plays, corrected.trick, corrected.seat, draft.record.contract.declarer)
              if corrected.law == Clause.LAW_62A and draft.record.contract and not corrected.corrected_with else None)
    draft.steps.append(Corrected(corrected.law, corrected, world.estimate, world.moved, outcomes, capped, retransfers,
                                 tuple(withdrawable), draft.restrictions.get(corrected.order), stands))
    return capped or outcomes, RulingLaw(corrected.law + ("+64A" if world.moved else "")), active


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
    rectified = rectified_in_world(draft, world.revoke, active)
    results = world_transfers(draft, world.estimate, world.estimate.outcomes[0][0], rectified)
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

def _one_side(draft: Draft, active: list[Revoke], base: Weighted, base_law: RulingLaw, base_kind: BaseKind) -> None:
    """Laws 64C1 and 64C2a when one side revoked. Each revoke's damage is judged in the world where it (and
    the later ones) did not occur, the earlier revokes standing with their transfers worked out in that
    world (for a repeated revoke this is 64C2a). The ruling is the base (the transfers) or the score
    assigned from the world's estimate that is best for the non-offending side, never both, never in favour
    of the offenders; a tie keeps the base, and among adjusted scores the later revoke's world. The base is
    compared with the likely result as the estimate weighs it (``assign.likely_result``), not with the score
    the form rounds it to: a transfer worth as much as the likely result compensates the non-offending side,
    though the form, rounded towards it under Law 84D, would be worth a little more."""
    offending = active[0].side
    non_offending = 1 - offending
    worlds = [world_at(draft, revoke, [r for r in active if _before(r, revoke)]) for revoke in active]
    forms = [assigned(draft, one.outcomes, non_offending, is_directors(one.estimate)) for one in worlds]
    worth = [expected_worth(draft, non_offending, likely_result(draft, one.outcomes, non_offending,
                                                                is_directors(one.estimate))) for one in worlds]
    best_index = max(reversed(range(len(worlds))), key=lambda i: worth[i])  # ties: the later world
    best = worlds[best_index]
    base_assigned = assigned(draft, base, non_offending, False)
    base_worth = expected_worth(draft, non_offending, base_assigned[0])
    adjust = law64c1_adjust(base_worth, worth[best_index])
    if len(worlds) > 1:
        draft.steps.append(WorldsJudged(tuple(worlds)))
    draft.chosen = best.estimate
    draft.steps.append(Compared(best, base, base_kind, forms[best_index][0], base_worth, worth[best_index],
                                _verdict(adjust, base_kind, base_worth, worth[best_index])))
    if adjust:
        draft.law = _world_law(best)
        assign_same(draft, best.outcomes, non_offending, offending, forms[best_index][1])
    else:
        draft.law = base_law
        assign_same(draft, base, non_offending, offending, base_assigned[1])


def _verdict(adjust: bool, base_kind: BaseKind, base_worth: float, adjusted_worth: float) -> Verdict:
    if adjust:
        return "adjusted"
    if base_kind != "table":
        return "compensated"
    return "no-better" if abs(adjusted_worth - base_worth) < 1e-9 else "favours-offenders"


def _world_law(judged_world: World) -> RulingLaw:
    if judged_world.clause == Clause.LAW_64C2A:
        return RulingLaw.REPEATED_REVOKE
    return RulingLaw.TRANSFER_THEN_ADJUSTED if judged_world.moved else RulingLaw.ADJUSTED
