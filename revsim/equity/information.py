"""Law 16B in a ruling: a board on which a player had unauthorised information from partner and no revoke was
established. Where he chose a card the information suggested over a logical alternative, the score is adjusted
to the result the logical alternatives would have given (weighted as players of the class choose among them),
when that is better for the non-offending side (Law 16B3, with 12B1: damage)."""

from __future__ import annotations

from revsim.cards import Card, side_of
from revsim.equity.assign import assign_same, expected_worth, likely_result
from revsim.equity.draft import Draft
from revsim.equity.judged import estimator_of
from revsim.equity.law12 import law12c1c_weighted
from revsim.equity.steps import InformationJudged, TableStands, Weighted
from revsim.information.law16 import decision_point, judge_at
from revsim.laws.clauses import RulingLaw
from revsim.records.errors import RecordError


def law16b_rule(draft: Draft) -> None:
    """Law 16B3: the ruling on the board's unauthorised information (``Facts.information``): the table result,
    or the score adjusted to the logical alternatives' result where the non-offending side was damaged."""
    information = draft.record.facts.information
    contract = draft.record.contract
    assert information is not None and contract is not None
    level = draft.settings.claim_standard().level
    try:
        position, chosen = decision_point(draft.table.replay, information)
        judgement = judge_at(position, chosen, contract.declarer, information, level)
    except ValueError as error:
        raise RecordError(str(error), **(draft.record.where() | {"line": information.line})) from None
    table: Weighted = ((draft.table.declarer_tricks, 1.0),)
    non_offending = 1 - side_of(information.player)
    if not judgement.infraction:
        draft.steps.append(InformationJudged(judgement, (), table, False, 0.0, 0.0))
        draft.steps.append(TableStands("none-established"))
        assign_same(draft, table, None)
        return
    estimator = estimator_of(draft)
    results: list[tuple[Card, Weighted]] = []
    for card in judgement.suggested_over:
        after = position.copy()
        after.play(card)
        results.append((card, tuple(estimator.likely(after, contract.declarer).outcomes)))
    total = sum(judgement.alternative(card).rate for card in judgement.suggested_over)
    combined = tuple(law12c1c_weighted([(tricks, weight * judgement.alternative(card).rate / total)
                                        for card, outcomes in results for tricks, weight in outcomes]))
    table_worth = expected_worth(draft, non_offending, table)
    adjusted_worth = expected_worth(draft, non_offending, likely_result(draft, combined, non_offending, False))
    adjusted = adjusted_worth > table_worth
    draft.steps.append(InformationJudged(judgement, tuple(results), combined, adjusted, table_worth, adjusted_worth))
    if adjusted:
        draft.law = RulingLaw.INFORMATION
        assign_same(draft, combined, non_offending)
    else:
        assign_same(draft, table, None)
