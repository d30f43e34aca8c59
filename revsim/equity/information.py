"""Law 16B in a ruling: a board on which a player had unauthorised information from partner, with no revoke
established or with one side's established revokes before the decision it bore on. Where he chose a card the
information suggested over a logical alternative, the score is adjusted to the result the logical alternatives
would have given (weighted as players of the class choose among them), when that is better for the non-offending
side (Law 16B3, with 12B1: damage)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from revsim.cards import Card, side_of
from revsim.equity.assign import assign_same, expected_worth, likely_result
from revsim.equity.draft import Draft
from revsim.equity.judged import estimator_of, world_transfers
from revsim.equity.law12 import law12c1c_weighted
from revsim.equity.law64c import law64c2a_repeated_revoke_result
from revsim.equity.steps import InformationJudged, TableStands, Weighted
from revsim.information.law16 import InformationJudgement, decision_point, judge_at
from revsim.laws.clauses import RulingLaw
from revsim.laws.detection import Revoke
from revsim.laws.transfer import RECTIFIED_BY_64A
from revsim.likely.budget import doing
from revsim.likely.worlds import Estimate, ShowsReplays
from revsim.play.replay import Replay
from revsim.records.errors import RecordError
from revsim.records.information import Information


def law16b_rule(draft: Draft) -> None:
    """Law 16B3: the ruling on the board's unauthorised information (``Facts.information``): the table result,
    or the score adjusted to the logical alternatives' result where the non-offending side was damaged."""
    information = draft.record.facts.information
    contract = draft.record.contract
    assert information is not None and contract is not None
    judgement, position = _judged(draft)
    table: Weighted = ((draft.table.declarer_tricks, 1.0),)
    non_offending = 1 - side_of(information.player)
    draft.law = _law(information)   # Law 16B (16D) decides the score, adjusted or not
    if not judgement.infraction:
        draft.steps.append(InformationJudged(judgement, (), table, False, 0.0, 0.0))
        draft.steps.append(TableStands("none-established"))
        assign_same(draft, table, None)
        return
    results, combined, replays = _alternatives_result(draft, judgement, position)
    table_worth = expected_worth(draft, non_offending, table)
    valued = likely_result(draft, combined, non_offending, False)
    adjusted_worth = expected_worth(draft, non_offending, valued)
    adjusted = adjusted_worth > table_worth
    draft.steps.append(InformationJudged(judgement, tuple(results), combined, adjusted, table_worth, adjusted_worth,
                                         valued=valued if tuple(valued) != tuple(combined) else (), replays=replays))
    if adjusted:
        assign_same(draft, combined, non_offending)
    else:
        assign_same(draft, table, None)


def _law(information: Information) -> RulingLaw:
    """The law a ruling on unauthorised information is headed by: 16D for a withdrawn card, else 16B."""
    return RulingLaw.WITHDRAWN_CARD if information.law == "16D" else RulingLaw.INFORMATION


def _judged(draft: Draft) -> tuple[InformationJudgement, Replay]:
    """Law 16B at the decision the information bore on, and the position before it."""
    information = draft.record.facts.information
    contract = draft.record.contract
    assert information is not None and contract is not None
    standard = draft.settings.information_standard()
    try:
        position, chosen = decision_point(draft.table.replay, information)
        with doing(f"measuring the logical alternatives at trick {information.trick} (Law 16B)", information.line):
            return judge_at(position, chosen, contract.declarer, information, standard, contract.tricks_needed), position
    except ValueError as error:
        raise RecordError(str(error), **(draft.record.where() | {"line": information.line})) from None


Replays = tuple[tuple[Card, Any], ...]
"""For each alternative whose estimate replayed the play (sd), the estimate's evidence with its most typical replay."""


def _alternatives_result(draft: Draft, judgement: InformationJudgement,
                         position: Replay) -> tuple[tuple[tuple[Card, Weighted], ...], Weighted, Replays]:
    """The likely result after each logical alternative the card chosen was suggested over, those combined as
    players of the class choose among them, and the estimates' evidence with a replay each, where they replayed
    the play (the Law 16B line shown like any other play)."""
    assert draft.record.contract is not None
    estimator = estimator_of(draft)
    declarer = draft.record.contract.declarer
    results: list[tuple[Card, Weighted]] = []
    replays: list[tuple[Card, Any]] = []
    for card in judgement.suggested_over:
        after = position.copy()
        after.play(card)
        likely = (estimator.likely_shown(after, declarer) if isinstance(estimator, ShowsReplays)
                  else estimator.likely(after, declarer))
        results.append((card, tuple(likely.outcomes)))
        if getattr(likely.evidence, "representative", None) is not None:
            replays.append((card, likely.evidence))
    total = sum(judgement.alternative(card).rate for card in judgement.suggested_over)
    combined = tuple(law12c1c_weighted([(tricks, weight * judgement.alternative(card).rate / total)
                                        for card, outcomes in results for tricks, weight in outcomes]))
    return tuple(results), combined, tuple(replays)


def law16b_reaches_revoke_board(draft: Draft, active: list[Revoke], corrected: Revoke | None) -> bool:
    """Whether Law 16B is ruled beside the revokes: one side's established revokes, none corrected, all on tricks
    before the one the information bore on (so the play up to it is the record's in every world)."""
    information = draft.record.facts.information
    return (information is not None and corrected is None and len({r.side for r in active}) == 1
            and all(r.trick < information.trick for r in active))


def law16b_beside_revokes(draft: Draft, active: list[Revoke], base: Weighted,
                          rule_revokes: Callable[[Draft, Weighted], None]) -> Draft:
    """Law 16B3 on a board where one side's established revokes came before the decision the information bore on
    (dummy drawing attention to a revoke once it is established, Law 16, for example): the revokes are ruled on the
    play as recorded (``rule_revokes`` with ``base``) and again on the play with the logical alternatives instead
    (their Law 64A transfers worked out in it, Law 64C compared as on the table). Where the second is better for
    the side without the information, it is the score. Returns the draft of the play chosen, with Law 16B's step
    before the revoke laws' steps on it (``draft`` itself is left as given)."""
    information = draft.record.facts.information
    contract = draft.record.contract
    assert information is not None and contract is not None
    judgement, position = _judged(draft)
    recorded = _copy(draft)
    rule_revokes(recorded, base)
    non_offending = 1 - side_of(information.player)
    recorded_worth = expected_worth(recorded, non_offending, _assigned_to(recorded, non_offending))
    if not judgement.infraction:
        return _with_step(draft, recorded, InformationJudged(judgement, (), base, False, recorded_worth,
                                                              recorded_worth, True))
    results, combined, replays = _alternatives_result(draft, judgement, position)
    rectified = _with_transfers(draft, position, combined, active)
    informed = _copy(draft)
    rule_revokes(informed, rectified)
    informed_worth = expected_worth(informed, non_offending, _assigned_to(informed, non_offending))
    adjusted = informed_worth > recorded_worth
    chosen = _with_step(draft, informed if adjusted else recorded,
                        InformationJudged(judgement, results, rectified, adjusted, recorded_worth, informed_worth, True,
                                          replays=replays))
    if adjusted:
        chosen.law = _law(information)
    return chosen


def _with_transfers(draft: Draft, position: Replay, outcomes: Weighted, active: list[Revoke]) -> Weighted:
    """The result with the logical alternatives, the revokes before the decision rectified in it (Law 64A)."""
    information = draft.record.facts.information
    assert information is not None
    before = position.tricks_won(draft.declarer_side)
    completed = position.tricks_won(0) + position.tricks_won(1)
    world = Estimate("information", "best", information.trick, information.player, position.legal_cards()[0], None,
                     (), (), outcomes, (), completed, before)
    rectified = [r for r in active if r.law in RECTIFIED_BY_64A]
    offenders_declared = bool(rectified) and rectified[0].side == draft.declarer_side
    moved = [(tricks, weight, sum(t for _, _, t, _ in world_transfers(draft, world, tricks, rectified)))
             for tricks, weight in outcomes]
    return tuple(law12c1c_weighted([(law64c2a_repeated_revoke_result(tricks, transfer, offenders_declared), weight)
                                    for tricks, weight, transfer in moved]))


def _assigned_to(draft: Draft, side: int) -> Weighted:
    return draft.ns if side == 0 else draft.ew


def _copy(draft: Draft) -> Draft:
    return replace(draft, revokes=list(draft.revokes), steps=list(draft.steps), estimates=dict(draft.estimates),
                   restrictions=dict(draft.restrictions))


def _with_step(draft: Draft, ruled: Draft, judged: InformationJudged) -> Draft:
    """``ruled`` (a copy of ``draft`` the revoke laws ruled on) with Law 16B's step before the revoke laws' steps."""
    ruled.steps = [*draft.steps, judged, *ruled.steps[len(draft.steps):]]
    return ruled
