"""The major penalty cards a board's play and every world of it obey: the facts' own, those its corrections made
(62B1: a defender's withdrawn revoke card; 62C2: a card his partner withdrew after the non-offenders changed
theirs), and a minor one once its holder has a second (50B)."""

from __future__ import annotations

from revsim.cards import Seat, side_of
from revsim.laws.law50 import law50b_penalty_cards
from revsim.laws.law62 import law62b_withdrawn_card_becomes_penalty_card, law62c2_partner_card_becomes_penalty_card
from revsim.records.facts import Correction, Facts, PenaltyCard


def derived_penalty_cards(corrections: tuple[Correction, ...], declarer: Seat) -> list[PenaltyCard]:
    """Penalty cards created by corrections: a defender's withdrawn revoke card (Law 62B1) and a defender's
    card withdrawn by the offending side after the non-offenders changed theirs (Law 62C2)."""
    cards = []
    for correction in corrections:
        if law62b_withdrawn_card_becomes_penalty_card(correction.player, declarer):
            cards.append(PenaltyCard(correction.player, correction.withdrawn, correction.trick + 1,
                                     "a withdrawn revoke card (Law 62B1)", correction.line))
        for change in correction.changes:
            if side_of(change.player) == side_of(correction.player) and \
                    law62c2_partner_card_becomes_penalty_card(change.player, declarer):
                cards.append(PenaltyCard(change.player, change.withdrawn, correction.trick + 1,
                                         "a card withdrawn after the correction (Law 62C2)", change.line))
    return cards


def penalty_cards_entered(facts: Facts, declarer: Seat) -> list[PenaltyCard]:
    """Every penalty card of the board, minor ones included: the facts' own and those the corrections made (62B1,
    62C2). A world that makes another (a revoke it corrects) weighs them all together under Law 50B."""
    return [*facts.penalty_cards, *derived_penalty_cards(facts.corrections, declarer)]


def penalty_cards_in_force(facts: Facts, declarer: Seat) -> list[PenaltyCard]:
    """The major penalty cards the play and every world of the board obey from their trick on: the facts' own and
    those the corrections made (62B1, 62C2), with a minor one major once its holder has a second (50B)."""
    return law50b_penalty_cards(penalty_cards_entered(facts, declarer))
