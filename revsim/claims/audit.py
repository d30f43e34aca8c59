"""A recorded claim audited as if it had been contested with no line stated: the total Law 70 would give it, from
the claimer's worst normal line (``law70.rule_claim``). An archive's claims are agreed at the table and never come
to a director; the audit finds those a director would have reduced.

A record says how many tricks were claimed, not who claimed: the audit takes declarer's side as the claimer (a
defender's claim is rare in records, and a concession of tricks by declarer reads as his claim of the rest).
"""

from __future__ import annotations

from dataclasses import dataclass

from revsim.cards import Seat
from revsim.claims.law70 import rule_claim
from revsim.claims.normal import NormalStandard
from revsim.play.replay import Replay
from revsim.records.claim import Claim, ClaimStatus, ClaimStep


@dataclass(frozen=True)
class ClaimAudit:
    """``claimed``: declarer's side's total as recorded; ``ruled``: what Law 70 gives it contested with no line
    stated; ``horizon``: the last trick the search tried every normal card at, where it had to stop before the
    end (None: the whole play was searched)."""

    claimed: int
    ruled: int
    horizon: int | None

    @property
    def reduced(self) -> bool:
        """Whether a director, the claim contested, would give declarer's side fewer tricks than it claimed."""
        return self.ruled < self.claimed


def law70_audit_of_a_recorded_claim(position: Replay, declarer: Seat, claimed: int,
                                    standard: NormalStandard) -> ClaimAudit:
    """Law 70 on the claim a record ends with (``claimed``: declarer's side's total), as if declarer had claimed
    with no line stated and the claim had been contested."""
    claim = Claim("declarer", claimed, ClaimStatus.CONTESTED, (ClaimStep("no-line"),), after_cards=None)
    ruling = rule_claim(position, declarer, claim, standard)
    return ClaimAudit(claimed, ruling.ruled, ruling.line.horizon)
