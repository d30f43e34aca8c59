"""The single-dummy estimator's evidence as typed data: what its JSON ``evidence`` holds, key by key.

An estimate keeps its evidence as JSON data (``Estimate.evidence``, a mapping every estimator fills its own way);
``sd_evidence`` reads the ``sd`` estimator's as the ``SdEvidence`` below, so a reader of the play-outs (the ruling's
text, the report) is checked by the type checker key by key instead of trusting a string.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

if TYPE_CHECKING:
    from revsim.likely.worlds import Estimate


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


class OtherForm(TypedDict):
    """A form the resamples of the play-outs gave other than the estimate's own, with its share."""

    form: list[list[float]] | int | None
    share: float


class SdEvidence(TypedDict, total=False):
    """Everything the ``sd`` estimator writes into an estimate's evidence.

    Outcomes are lists of ``[declarer's side's tricks, weight]``; cards are written as in PBN (``S8``)."""

    play_outs: list[list[float]]
    """The play-outs' own results."""
    position_blind: list[list[float]]
    """The record of real play's results from positions like this one, about the double-dummy value."""
    double_dummy: int
    agreement: str
    """How far the play-outs agreed: ``unanimous``, ``strong`` or ``split``."""
    blend: float
    """The weight the position-blind part had in the blend."""
    cut: int
    """The point of the play (tricks completed) whose fitted figures applied."""
    margin: int | None
    # how settled the form is against the sampling (``settle.Settled.evidence``)
    play_outs_run: int
    same_form_share: float
    resamples: int
    settled: bool
    max_playouts: int
    form: list[list[float]] | int | None
    other_forms: list[OtherForm]
    # under a competent defence (``likely.competent``)
    defence: str
    play_outs_with_a_slip: int
    weighed_play_outs: list[list[float]]
    as_estimated: list[list[float]]
    # the estimate from a revoke: how it was drawn and what it showed
    first_cards: list[list[Any]]
    """The offender's card instead of the revoke, with how many play-outs chose it: ``[card, count]``."""
    level: str
    temperature: float
    defence_sight: float
    player_model: dict[str, Any]
    """A calibration run's model of the players (``player_model``), where it has one."""
    play_out_count: int
    layouts: int
    seed: int
    errors: list[list[float]]
    """The record of real play's errors about double dummy at this point: ``[tricks above it, share]``."""
    representative: Representative
    representatives: list[Representative]
    only_real_play: list[int]
    """The results of the written form that no play-out reached (they come from the record of real play)."""
    over: bool
    """The play was over at the position: no play-out to run."""


def sd_evidence(estimate: Estimate) -> SdEvidence:
    """``estimate``'s evidence read as the ``sd`` estimator's (the keys another estimator did not write are absent)."""
    return cast(SdEvidence, estimate.evidence)
