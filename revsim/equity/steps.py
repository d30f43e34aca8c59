"""The ruling as data: the board's result per side and the steps that led to it, each a frozen record of
the clause applied, the revoke, the world, the values compared and the result chosen.

Nothing here writes English: ``revsim.outputs.explain`` writes the prose of every front end from these
steps, as a calculation is recorded as a trace and written out elsewhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from revsim.cards import Card
from revsim.claims.law70 import ClaimRuling
from revsim.equity.law62d2 import PartnerRestricted
from revsim.equity.settings import Settings
from revsim.information.law16 import InformationJudgement
from revsim.laws.clauses import Clause, LawPath, RulingLaw
from revsim.laws.detection import Revoke
from revsim.likely.evidence import Evidence
from revsim.likely.worlds import Estimate
from revsim.play.replay import Play
from revsim.play.table import TablePlay
from revsim.records.record import Record

Weighted = tuple[tuple[int, float], ...]
"""Declarer's side's tricks with weights summing to 1, most likely first (Law 12C1c)."""


@dataclass(frozen=True)
class Outcome:
    """One possible result: declarer's side's tricks, its weight, and North-South's score in points."""

    tricks: int
    weight: float
    score: int


@dataclass(frozen=True)
class ClaimJudged:
    """Law 70 (a contested claim) or Law 71 (a concession brought to the director): the claim as made and the
    total the law gives (``ruling``), which the revoke laws then start from."""

    ruling: ClaimRuling

    @property
    def law(self) -> RulingLaw:
        """The law that decided the claim's total: 71 for a concession, else 70."""
        return RulingLaw(self.ruling.law)


@dataclass(frozen=True)
class RevokeRuled:
    """Law 61 found a revoke; Law 63 established it or not; Laws 62 and 64A/B gave its clause and transfer
    (``revoke.law``, ``revoke.transfer``, ``revoke.reason``)."""

    revoke: Revoke


@dataclass(frozen=True)
class TableStands:
    """No revoke, or none established and none to correct: the table result stands."""

    why: Literal["no-revoke", "none-established"]


@dataclass(frozen=True)
class Retransfer:
    """An earlier revoke's Law 64A clause and transfer, worked out again on a corrected play."""

    revoke: Revoke
    clause: Clause
    transfer: int


@dataclass(frozen=True)
class Corrected:
    """Law 62A or 62D: the revoke corrected, the play going on from the legal card (``estimate``); the earlier
    revokes' transfers worked out on the corrected play (``moved`` tricks, ``retransfers`` where a clause or
    amount changed), a claim that followed ruled with the legal card in place (Law 70, ``claim_capped``), and the
    non-offenders' cards played after the revoke, which they may take back (Law 62C1, ``withdrawable``)."""

    clause: Clause
    revoke: Revoke
    estimate: Estimate
    moved: int
    outcomes: Weighted
    claim_capped: Weighted | None
    retransfers: tuple[Retransfer, ...]
    withdrawable: tuple[Play, ...] = ()
    restricted: PartnerRestricted | None = None
    """Law 62D2: the offender's partner's card to trick 12, restricted in the corrected play."""
    stands: Play | None = None
    """Law 62C2: the offender's partner's card after the revoke, which stands unless a non-offender changes his."""


@dataclass(frozen=True)
class World:
    """A no-infraction world (Law 64C1, or 64C2a for a repeated revoke): it diverges at ``revoke``; its
    estimate; the earlier revokes' transfers worked out in it (``moved`` in the most likely outcome, over
    ``rectified`` revokes); ``outcomes``, its result with them applied."""

    clause: Clause
    revoke: Revoke
    estimate: Estimate
    moved: int
    rectified: int
    outcomes: Weighted


@dataclass(frozen=True)
class WorldsJudged:
    """Several revokes by one side: every world judged (Law 64C1, 64C2a)."""

    worlds: tuple[World, ...]


Verdict = Literal["adjusted", "compensated", "no-better", "favours-offenders"]
BaseKind = Literal["transfer", "corrected", "table"]


@dataclass(frozen=True)
class Compared:
    """Law 64C1: the base result (the transfer, the corrected play, or the table result) against the score
    the world's estimate is assigned as, each worth ``base_worth`` and ``adjusted_worth`` points to the
    non-offending side; the verdict."""

    world: World
    base: Weighted
    base_kind: BaseKind
    assigned: Weighted
    base_worth: float
    adjusted_worth: float
    verdict: Verdict


SideResult = Literal["table", "without-any", "without-other", "without-own"]


@dataclass(frozen=True)
class SideWorld:
    """Law 64C2b: a side's world without the opponents' revokes, its own standing. It diverges at the
    opponents' first revoke (``harm``, the estimate there); where the side revoked again later (``standing``)
    the record is followed from the legal card (``followed``, ``stopped``) with those revokes played as they
    were, and the likely result estimated from where it stops (``reached`` False: the play no longer reaches
    them, and the estimate at ``harm`` stands). ``outcomes``: declarer's side's tricks in it."""

    side: int
    harm: Revoke
    standing: tuple[Revoke, ...]
    estimate: Estimate
    followed: tuple[str, ...]
    stopped: str
    reached: bool
    outcomes: Weighted
    continued: Evidence | None = None
    """Where the play is estimated again from where the record stops: that estimate's evidence (its most typical
    play-out, where the estimator shows one)."""


@dataclass(frozen=True)
class SideJudged:
    """Law 64C2b for one side: its world without the opponents' revokes (``world``), whether the opponents'
    revoke damaged it (``damaged``: it would have done better there than at the table), whether any contestant
    was damaged, and which result the side gets (``result``, ``outcomes``)."""

    side: int
    world: SideWorld
    result: SideResult
    damaged: bool
    anyone_damaged: bool
    outcomes: Weighted

    @property
    def harm(self) -> Revoke:
        """The opponents' first revoke, where the side's world diverges."""
        return self.world.harm


@dataclass(frozen=True)
class ScoreAssigned:
    """Law 12C1: the score assigned to ``sides`` from the full estimate (``distribution``).

    Weighted (12C1c with Law 84D): ``assigned`` is the directors' form of the results at least ``likely``, at
    most ``max_outcomes`` results in steps of ``granularity`` percent, never worth less to the ``non_offending``
    side than those likely results weighted as the estimate weighs them, at
    earth mover's ``distance`` from it; ``given`` when the director's own weights were used as given.
    Non-weighted (12C1e): one result per side, the most favourable likely one for a non-offending side
    (``offending`` False), the most unfavourable at all probable for an offending one (True)."""

    sides: tuple[int, ...]
    regime: str
    distribution: Weighted
    assigned: Weighted
    non_offending: int | None
    estimate_worth: float | None
    assigned_worth: float | None
    distance: float
    given: bool
    max_outcomes: int
    granularity: int
    offending: bool | None = None
    likely: float = 0.0
    """The standard of a likely result the form applied (Law 12C1c: results under it are not weighted)."""
    left_out: Weighted = ()
    """The estimate's results under that standard (or past ``max_outcomes``), with the estimate's weights."""
    closest: Weighted = ()
    """The form closest to the estimate in proportion where Law 84D chose another, and its worth to the
    non-offending side (``closest_worth``)."""
    closest_worth: float | None = None


@dataclass(frozen=True)
class InformationJudged:
    """Law 16B: the judgement at the decision the unauthorised information bore on; ``results`` the likely result
    after each logical alternative the card chosen was suggested over, ``outcomes`` those combined as players of
    the class would choose among them; ``adjusted`` whether the non-offending side was damaged (Law 16B3, 12B1),
    so the score is adjusted, with ``table_worth`` and ``adjusted_worth`` what each is worth to it."""

    judgement: InformationJudgement
    results: tuple[tuple[Card, Weighted], ...]
    outcomes: Weighted
    adjusted: bool
    table_worth: float
    adjusted_worth: float
    beside_revokes: bool = False
    """Whether revokes were ruled on the board too: ``outcomes`` then has their transfers applied, and the worths
    are of the scores the revoke laws give on the play as recorded and on the play with the alternatives."""
    valued: Weighted = ()
    """The results ``adjusted_worth`` is the worth of, where they are not ``outcomes`` itself: its likely results
    (Law 12C1c's standard of likely), weighted as the estimate weighs them."""
    replays: tuple[tuple[Card, Any], ...] = ()
    """For each alternative in ``results`` whose estimate replayed the play (sd), the estimate's evidence, with its
    most typical replay (``representative``, ``play_out_count``): the Law 16B line shown like any other play."""


Step = (ClaimJudged | RevokeRuled | TableStands | Corrected | WorldsJudged | Compared | SideJudged | ScoreAssigned
        | InformationJudged)


@dataclass(frozen=True)
class BoardRuling:
    """The ruling on one board, frozen: the record, the table play, the revokes (as Law 64 left them), the
    transfer, the law path's summary (``law``), the score assigned to each side (``ns``, ``ew``) and the full
    estimate behind it (``distribution_ns``, ``distribution_ew``), the steps, every estimate made, the one the
    ruling rests on (``chosen``), the corrected trick count of a 62D, the settings it was made with, and the
    recording slips its revokes show (``suspect``)."""

    record: Record
    table: TablePlay
    revokes: tuple[Revoke, ...]
    transfer: int
    law: LawPath
    ns: tuple[Outcome, ...]
    ew: tuple[Outcome, ...]
    distribution_ns: tuple[Outcome, ...]
    distribution_ew: tuple[Outcome, ...]
    steps: tuple[Step, ...]
    estimates: Mapping[str, Estimate]
    settings: Settings
    chosen: Estimate | None = None
    corrected_tricks: int | None = None
    suspect: Mapping[int, str] = field(default_factory=dict)
    """For each revoke (by its ``order``) that shows a recording slip's signature, the signatures' names joined by
    ``;`` (``laws.slips``): recorded with the ruling, so every writer reads them here."""

    @property
    def claim(self) -> ClaimRuling | None:
        """The claim or concession as Law 70 or 71 ruled it (its step); None without one."""
        return next((step.ruling for step in self.steps if isinstance(step, ClaimJudged)), None)

    @property
    def table_tricks(self) -> int:
        """Declarer's side's tricks as the table recorded them: as played, and for a claim the director ruled on,
        as claimed (the total Law 70 or 71 gives is the claim step's, and the revoke laws start from it)."""
        claim = self.claim
        return claim.claimed if claim is not None else self.table.declarer_tricks

    @property
    def no_infraction(self) -> Estimate | None:
        """The main no-infraction estimate: the world the ruling rests on (else the first one made), if any."""
        return self.chosen or next(iter(self.estimates.values()), None)

    @property
    def same_for_both(self) -> bool:
        """Whether both sides get the same score."""
        return self.ns == self.ew

    def steps_of(self, kind: type) -> list[Step]:
        """The steps of one kind, in order."""
        return [step for step in self.steps if isinstance(step, kind)]


def expected(outcomes: tuple[Outcome, ...] | list[Outcome], field_name: str) -> float:
    """The weighted mean of ``tricks`` or ``score`` over a side's outcomes."""
    return float(sum(getattr(outcome, field_name) * outcome.weight for outcome in outcomes))
