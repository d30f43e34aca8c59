"""A ruling while it is being made: the one mutable piece of ``ruling.rule``; ``freeze`` gives the frozen
``steps.BoardRuling``."""

from __future__ import annotations

from dataclasses import dataclass, field

from revsim.cards import side_of
from revsim.claims.law70 import ClaimRuling
from revsim.equity.law62d2 import PartnerRestricted
from revsim.equity.settings import Settings
from revsim.equity.steps import BoardRuling, ClaimJudged, Outcome, RevokeRuled, Step, Weighted
from revsim.laws.clauses import LawPath, RulingLaw
from revsim.laws.detection import Revoke
from revsim.laws.slips import suspect_reasons
from revsim.likely.worlds import Estimate
from revsim.play.table import TablePlay
from revsim.records.record import Record
from revsim.scoring.points import ns_score


@dataclass
class Draft:
    """The ruling while it is being made; ``freeze`` gives the frozen BoardRuling."""

    record: Record
    table: TablePlay
    revokes: list[Revoke]
    transfer: int
    settings: Settings
    law: RulingLaw = RulingLaw.NONE
    ns: Weighted = ()
    ew: Weighted = ()
    distribution_ns: Weighted = ()
    distribution_ew: Weighted = ()
    steps: list[Step] = field(default_factory=list)
    estimates: dict[str, Estimate] = field(default_factory=dict)
    chosen: Estimate | None = None
    corrected_tricks: int | None = None
    restrictions: dict[int, PartnerRestricted] = field(default_factory=dict)
    """Law 62D2's restriction of the offender's partner, by the corrected revoke's order."""
    claim: ClaimRuling | None = None
    """The claim or concession as Law 70 or 71 ruled it: the first step, whose total the table play here holds."""

    def freeze(self) -> BoardRuling:
        def scored(weighted: Weighted) -> tuple[Outcome, ...]:
            return tuple(Outcome(tricks, weight, ns_score(self.record.contract, tricks, self.record.vulnerability))
                         for tricks, weight in weighted)

        claimed = () if self.claim is None else (ClaimJudged(self.claim),)
        steps = (*claimed, *[RevokeRuled(revoke) for revoke in self.revokes], *self.steps)
        path = LawPath.of(*(step.law for step in claimed), self.law)
        return BoardRuling(self.record, self.table, tuple(self.revokes), self.transfer, path, scored(self.ns),
                           scored(self.ew), scored(self.distribution_ns), scored(self.distribution_ew), steps,
                           dict(self.estimates), self.settings, self.chosen, self.corrected_tricks,
                           suspect_reasons(self.table.replay, list(self.revokes)))

    @property
    def declarer_side(self) -> int:
        assert self.record.contract is not None
        return side_of(self.record.contract.declarer)
