"""The estimators' evidence as typed data, made where it is written, each with its JSON writer.

An estimate keeps what its estimator read beside its outcomes (``Estimate.evidence``): ``SdEvidence`` for the
single-dummy play-outs, ``DirectorEvidence`` where the director's own weights replace an estimate (the estimator's
evidence kept beside them), ``DdEvidence`` for double dummy's likely result (at a revoke, nothing: its candidates and
lines are the estimate's own fields). Every
reader (the ruling's text, the report, the JSON) reads fields the type checker knows; ``to_json`` writes the JSON's
``evidence`` object, key by key as ``docs/using.md`` gives it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

if TYPE_CHECKING:
    from revsim.likely.settle import Settled

Outcomes = tuple[tuple[int, float], ...]
"""Declarer's side's tricks with their weights."""


class Parted(TypedDict):
    """Where a shown play-out first parted from perfect play: the card, who played it on which trick, and declarer's
    side's double-dummy total before and after it."""

    trick: int
    player: str
    card: str
    before: int
    after: int


class Representative(TypedDict):
    """A play-out shown card by card (``representative.representative_play_out``): its number among the play-outs,
    its result, the double-dummy total before it and after each card (``plays``: trick, seat letter, card, total,
    whether Law 50D1 forced the card), where it parted from perfect play, and how many play-outs end so."""

    index: int
    tricks: int
    double_dummy_before: int
    plays: list[list[Any]]
    parted: Parted | None
    ending_so: int


class Evidence(Protocol):
    """What an estimator read, as it writes it into the JSON."""

    def to_json(self) -> dict[str, object]: ...


@dataclass(frozen=True)
class CompetentPart:
    """Under a competent defence (``likely.competent``): the play-outs with a defender's slip set aside, the
    distribution of those weighed, and real play's estimate (every play-out) beside it."""

    play_outs_with_a_slip: int
    weighed_play_outs: Outcomes
    as_estimated: Outcomes


@dataclass(frozen=True)
class SdEvidence:
    """Everything the ``sd`` estimator read: the blend of its play-outs (``play_outs``) with the record of real
    play (``position_blind``) about the double-dummy value, how far the play-outs agreed and the weight that gave the
    record (``blend``) at the point of the play whose fitted figures applied (``cut``, in contracts double dummy makes
    or misses by ``margin``); how settled the form is against the sampling (``settled``); a competent defence's part
    (``competent``); and, from a revoke or for a play the ruling shows, how the play-outs were drawn and one or more
    of them shown card by card. ``over``: the play was over at the position, no play-out to run."""

    play_outs: Outcomes = ()
    position_blind: Outcomes = ()
    double_dummy: int | None = None
    agreement: str = ""
    """How far the play-outs agreed: ``unanimous``, ``strong`` or ``split``."""
    blend: float = 0.0
    cut: int = 0
    margin: int | None = None
    settled: Settled | None = None
    competent: CompetentPart | None = None
    first_cards: tuple[tuple[str, int], ...] | None = None
    """The offender's card instead of the revoke, with how many play-outs chose it."""
    level: str | None = None
    temperature: float | None = None
    defence_sight: float | None = None
    player_model: Mapping[str, Any] | None = None
    """A calibration run's model of the players, where it has one."""
    play_out_count: int | None = None
    layouts: int | None = None
    seed: int | None = None
    errors: tuple[tuple[int, float], ...] | None = None
    """The record of real play's errors about double dummy at this point: (tricks above it, share)."""
    representative: Representative | None = None
    representatives: tuple[Representative, ...] | None = None
    only_real_play: tuple[int, ...] | None = None
    """The results of the written form that no play-out reached (they come from the record of real play)."""
    over: bool = False

    @property
    def defence(self) -> str | None:
        """``competent`` where the defence was read as competent (its part kept), else None."""
        return None if self.competent is None else "competent"

    @property
    def play_outs_with_a_slip(self) -> int:
        return 0 if self.competent is None else self.competent.play_outs_with_a_slip

    @property
    def same_form_share(self) -> float | None:
        """The share of resamples of the play-outs that give the same form (None where nothing was sampled)."""
        return None if self.settled is None else self.settled.same_form

    def to_json(self) -> dict[str, object]:
        """The JSON's ``evidence`` object (docs/using.md): only what this estimate read."""
        if self.over:
            out: dict[str, object] = {"over": True}
        else:
            out = {"play_outs": rounded(self.play_outs), "position_blind": rounded(self.position_blind),
                   "double_dummy": self.double_dummy, "agreement": self.agreement, "blend": round(self.blend, 6),
                   "cut": self.cut, "margin": self.margin}
            if self.settled is not None:
                out.update(self.settled.evidence())
            if self.competent is not None:
                out.update(defence="competent", play_outs_with_a_slip=self.competent.play_outs_with_a_slip,
                           weighed_play_outs=rounded(self.competent.weighed_play_outs),
                           as_estimated=rounded(self.competent.as_estimated))
        tail: dict[str, object | None] = {
            "first_cards": None if self.first_cards is None else [[card, count] for card, count in self.first_cards],
            "level": self.level, "temperature": self.temperature, "defence_sight": self.defence_sight,
            "player_model": None if self.player_model is None else dict(self.player_model),
            "play_out_count": self.play_out_count, "layouts": self.layouts, "seed": self.seed,
            "errors": None if self.errors is None else [list(error) for error in self.errors],
            "representative": self.representative,
            "representatives": None if self.representatives is None else list(self.representatives),
            "only_real_play": None if self.only_real_play is None else list(self.only_real_play)}
        out.update({key: value for key, value in tail.items() if value is not None})
        return out


@dataclass(frozen=True)
class DdEvidence:
    """Double dummy's from a position with no revoke to mend: its one result."""

    double_dummy: int

    def to_json(self) -> dict[str, object]:
        return {"double_dummy": self.double_dummy}


@dataclass(frozen=True)
class DirectorEvidence:
    """The director's own weights in place of an estimate (Law 12C1c): the estimator's evidence kept beside them
    (``base``), and the estimate they replaced (``double_dummy``, as the JSON has always named it)."""

    base: Evidence | None
    double_dummy: Outcomes

    def to_json(self) -> dict[str, object]:
        base = {} if self.base is None else self.base.to_json()
        return {**base, "judgement": "the director's", "double_dummy": [list(o) for o in self.double_dummy]}


def rounded(outcomes: Outcomes) -> list[list[float]]:
    """Outcomes as JSON data, each weight to six places."""
    return [[tricks, round(weight, 6)] for tricks, weight in outcomes]


def evidence_json(evidence: Evidence | None) -> dict[str, object]:
    """An estimate's evidence as the JSON writes it (an empty object where the estimator read nothing of its own)."""
    return {} if evidence is None else evidence.to_json()


class HasEvidence(Protocol):
    """An estimate, or anything else that keeps an estimator's evidence."""

    @property
    def evidence(self) -> Evidence | None: ...


def sd_evidence(estimate: HasEvidence) -> SdEvidence:
    """``estimate``'s play-outs' evidence: the ``sd`` estimator's own, or that kept under the director's weights; an
    empty one for an estimate that has none (double dummy)."""
    return sd_of(estimate.evidence)


def sd_of(evidence: Evidence | None) -> SdEvidence:
    """The play-outs' evidence in ``evidence`` (an empty one where there is none)."""
    if isinstance(evidence, DirectorEvidence):
        evidence = evidence.base
    return evidence if isinstance(evidence, SdEvidence) else SdEvidence()
