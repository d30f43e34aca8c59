"""Law 16B, measured: a player with unauthorised information from partner may not choose, from among logical
alternatives, one the information could demonstrably have suggested over another.

A logical alternative (16B1b) is a card players of the class, simulated without the information, choose at
least ``LOGICAL_RATE`` of the time: "given serious consideration by a significant proportion of such players, of
whom it is judged some might select it". The choice model is the one Law 70's normal play uses, fitted on real
players' card choices. The information suggested the card chosen over another (16B1a) where it makes the card
chosen worth at least ``SUGGESTION_MARGIN`` tricks more, relative to the other, on the layouts the player can
imagine: the layouts that fit what it showed against all those he could imagine without it.
"""

from __future__ import annotations

from dataclasses import dataclass

from revsim.cards import Card, Seat, partner
from revsim.information.measure import Alternative, Measured, measure_alternatives
from revsim.likely.choice import ChoiceModel, runs
from revsim.play.replay import Replay
from revsim.records.information import Information
from revsim.records.setting_specs import setting_spec

LOGICAL_RATE = float(setting_spec("logical_rate").default)
"""A card is a logical alternative when players of the class choose it at least one time in ten without the
information. Why: the law asks that a significant proportion consider it and that some might select it; one in
ten choosing it is the choice model's "some", the share at which Law 70 counts a card as normal play (a card
about half a trick worse, on the layouts the player can imagine, than his best). The old rule of thumb of one
player in four choosing it is stricter; the setting ``logical_rate`` (``--logical-rate 1/4``) applies it."""

SUGGESTION_MARGIN = float(setting_spec("suggestion_margin").default)
"""The information demonstrably suggested the card chosen over another logical alternative when it makes the card
chosen worth at least a quarter of a trick more, relative to the other, averaged over the layouts the player can
imagine: a shift no player could overlook, where ordinary sampling noise over 64 layouts is a few hundredths."""


@dataclass(frozen=True)
class InformationStandard:
    """Law 16's standards, settings like Law 70's: the class whose choices are measured (``level``), the least rate
    of a logical alternative (``rate``, 16B1b) and the least gain, in tricks, that shows a suggestion (``margin``,
    16B1a)."""

    level: str = "expert"
    rate: float = LOGICAL_RATE
    margin: float = SUGGESTION_MARGIN

    def __post_init__(self) -> None:
        if isinstance(self.rate, bool) or not isinstance(self.rate, int | float) or not 0 < self.rate <= 1:
            raise ValueError(f"logical_rate must be above 0 and at most 1, like 1/10, not {self.rate!r}")
        if isinstance(self.margin, bool) or not isinstance(self.margin, int | float) or not 0 < self.margin <= 13:
            raise ValueError(f"suggestion_margin must be above 0 and at most 13 tricks, like 1/4, not {self.margin!r}")

    @property
    def model(self) -> ChoiceModel:
        """The class's choice model (``likely.choice``, which Law 70's normal play uses too)."""
        return ChoiceModel(self.level)


@dataclass(frozen=True)
class InformationJudgement:
    """Law 16B at one decision: the card chosen, every alternative measured, the logical alternatives (16B1b) and
    those the information suggested the card chosen over (16B1a), with the standards used."""

    information: Information
    chosen: Card
    """The action chosen, as its alternative's card (``played``: the card itself)."""
    measured: Measured
    logical: tuple[Card, ...]
    suggested_over: tuple[Card, ...]
    rate: float
    margin: float
    played: Card | None = None
    level: str = "expert"
    """The class whose choices were measured."""

    @property
    def infraction(self) -> bool:
        """Whether the card chosen was suggested over a logical alternative (Law 16B1a)."""
        return bool(self.suggested_over)

    def alternative(self, card: Card) -> Alternative:
        return next(alternative for alternative in self.measured.alternatives if alternative.card == card)


def law16b1b_logical_alternatives(alternatives: tuple[Alternative, ...], rate: float = LOGICAL_RATE) -> list[Card]:
    """Law 16B1b: the cards players of the class, without the information, choose at least ``rate`` of the time."""
    return [alternative.card for alternative in alternatives if alternative.rate >= rate]


def law16b1a_suggested_over(chosen: Alternative, logical: list[Alternative],
                            margin: float = SUGGESTION_MARGIN) -> list[Card]:
    """Law 16B1a: the logical alternatives the information could demonstrably have suggested ``chosen`` over: those
    it makes worth at least ``margin`` tricks less than the card chosen, relative to what each was worth without it."""
    return [other.card for other in logical if other.card != chosen.card and chosen.gain - other.gain >= margin]


def law16d_withdrawn_card_restricts_partner(offender: Seat, declarer: Seat, partner_to_play: bool,
                                            choices: int) -> bool:
    """Law 16D (16C in the 2017 code's numbering): information from a withdrawn play is unauthorised for the
    offender's side. A defender's withdrawn revoke card restricts his partner's card to the trick where the partner
    is yet to play to it and has more than one card he may play (declarer's partner, dummy, chooses nothing)."""
    return offender not in (declarer, partner(declarer)) and partner_to_play and choices > 1


def law16d_forbidden(alternatives: tuple[Alternative, ...], logical: tuple[Card, ...],
                     margin: float = SUGGESTION_MARGIN) -> list[Card]:
    """Law 16D (and 62D2, its case at trick 12): the logical alternatives information from a withdrawn card could
    demonstrably have suggested over another logical alternative. The partner may not choose them; the one the
    information favours least is never among them, so a logical alternative is always left to him."""
    candidates = [alternative for alternative in alternatives if alternative.card in logical]
    return [one.card for one in candidates if law16b1a_suggested_over(one, candidates, margin)]


def decision_point(replay: Replay, information: Information) -> tuple[Replay, Card]:
    """The position before the player's card to the trick the information bore on, and the card he chose there;
    ValueError where he did not play to that trick in the record."""
    index = next((i for i, play in enumerate(replay.plays)
                  if play.trick == information.trick and play.seat == information.player), None)
    if index is None:
        raise ValueError(f"information: the record has no card of the player's to trick {information.trick}")
    position = replay.copy()
    for _ in range(len(replay.plays) - index):
        position.undo()
    return position, replay.plays[index].card


def judge_information(replay: Replay, declarer: Seat, information: Information,
                      standard: InformationStandard, need: int | None = None) -> InformationJudgement:
    """Law 16B at the decision the information bore on, by ``standard`` (the class, its logical rate and margin);
    ``need``: declarer's side's tricks for the contract (for information that told of penalty tricks to come)."""
    position, chosen_card = decision_point(replay, information)
    return judge_at(position, chosen_card, declarer, information, standard, need)


def judge_at(position: Replay, chosen_card: Card, declarer: Seat, information: Information,
             standard: InformationStandard, need: int | None = None) -> InformationJudgement:
    """Law 16B at ``position`` (``decision_point``), where the player chose ``chosen_card`` (``need``: declarer's
    side's tricks for the contract, ``measure.measure_alternatives``)."""
    rate, margin = standard.rate, standard.margin
    measured = measure_alternatives(position, declarer, information.shows, standard.model, information.penalty_tricks,
                                    need)
    run_of = {card: lowest for lowest, cards in runs(position, position.legal_cards()).items() for card in cards}
    lowest = run_of.get(chosen_card, chosen_card)
    chosen = next((a for a in measured.alternatives if lowest in a.cards), None)
    if chosen is None:
        raise ValueError(f"information: {chosen_card} is not a card the player could play in turn to trick "
                         f"{information.trick} (a lead out of turn, or a revoke, cannot be judged under Law 16B)")
    logical = law16b1b_logical_alternatives(measured.alternatives, rate)
    others = [alternative for alternative in measured.alternatives if alternative.card in logical]
    suggested_over = law16b1a_suggested_over(chosen, others, margin)
    return InformationJudgement(information, chosen.card, measured, tuple(logical), tuple(suggested_over), rate,
                                margin, chosen_card, standard.level)
