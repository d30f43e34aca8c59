"""Laws 62D2 and 16D in the trick-12 correction: the withdrawn revoke card is unauthorised information for the
offender's partner (16D: information from a withdrawn play; 16C in the 2017 code's numbering), and where he is yet
to play to the trick holding cards of two suits, 62D2 says so of the card the revoke could have suggested. Which
card that is, is measured as Law 16 measures it (``information.law16``): the withdrawn card shows that the offender
holds it; the partner's logical alternatives are those players of the class choose without that knowledge, and he
may not choose one it could demonstrably have suggested over another. The corrected play goes on double dummy
from each card left to him, weighted as the class chooses among them."""

from __future__ import annotations

from dataclasses import dataclass, replace

from revsim.cards import SEAT_NAMES, Card, Seat, partner
from revsim.equity.law12 import law12c1c_weighted
from revsim.information.law16 import (
    LOGICAL_RATE,
    SUGGESTION_MARGIN,
    InformationStandard,
    law16b1b_logical_alternatives,
    law16d_forbidden,
    law16d_withdrawn_card_restricts_partner,
)
from revsim.information.measure import Measured, measure_alternatives
from revsim.laws.detection import Revoke
from revsim.laws.law62 import law62d2_partner_restricted
from revsim.likely.solver import total_tricks
from revsim.likely.worlds import Estimate
from revsim.play.replay import Replay
from revsim.records.information import Shown


@dataclass(frozen=True)
class PartnerRestricted:
    """Law 62D2 at the partner's card to trick 12: his alternatives measured with the withdrawn card as the
    information, the logical ones (16B1b), those it could have suggested (``forbidden``), and declarer's side's
    tricks after each card left to him (``results``), combined as the class chooses among them (``outcomes``)."""

    clause: str
    """``62D2`` where the partner holds cards of two suits, else ``16D``."""
    partner: Seat
    revoke_card: Card
    before: tuple[tuple[Seat, Card], ...]
    """The cards played to trick 12 before the partner's turn in the corrected play."""
    measured: Measured
    logical: tuple[Card, ...]
    forbidden: tuple[Card, ...]
    results: tuple[tuple[Card, int], ...]
    outcomes: tuple[tuple[int, float], ...]
    rate: float = LOGICAL_RATE
    margin: float = SUGGESTION_MARGIN

    @property
    def permitted(self) -> tuple[Card, ...]:
        return tuple(card for card, _ in self.results)


def law62d2_restricted(position: Replay, revoke: Revoke, estimate: Estimate, declarer: Seat,
                       standard: InformationStandard) -> PartnerRestricted | None:
    """Laws 62D2 and 16D in the world where ``revoke`` (on trick 12, corrected under 62D) is replaced by the legal
    card ``estimate`` chose from ``position``: the partner's restricted choice, or None where the laws do not
    reach him (declarer's side revoked, the partner has played to the trick, or he has one card he may play).

    A player between the offender and his partner plays the card best for his side knowing the partner is
    restricted (double dummy otherwise: ties go to the card order ``best_card`` uses)."""
    if not estimate.chosen:
        return None
    play = position.copy()
    play.play(estimate.chosen[0])
    helper = partner(revoke.seat)
    if play.to_play == helper or not play.current_trick:
        return _restricted_at(play, revoke, declarer, standard)
    own_side = play.to_play % 2 == declarer % 2
    found: list[tuple[float, int, PartnerRestricted]] = []
    for order, card in enumerate(sorted(play.legal_cards(), key=lambda c: (c.suit, -c.rank))):
        after = play.copy()
        after.play(card)
        restriction = _restricted_at(after, revoke, declarer, standard)
        if restriction is None:
            return None
        tricks = sum(t * w for t, w in restriction.outcomes)
        found.append((tricks if own_side else -tricks, -order, restriction))
    return max(found, key=lambda item: item[:2])[2]


def _restricted_at(play: Replay, revoke: Revoke, declarer: Seat,
                   standard: InformationStandard) -> PartnerRestricted | None:
    """The partner's restricted choice where he is to play in ``play``."""
    helper = partner(revoke.seat)
    to_play = bool(play.current_trick) and play.to_play == helper
    if not law16d_withdrawn_card_restricts_partner(revoke.seat, declarer, to_play, len(play.legal_cards())):
        return None
    two_suits = law62d2_partner_restricted(revoke.seat, declarer, to_play, (card.suit for card in play.hand(helper)))
    shows = (Shown(revoke.seat, (revoke.card,)),)
    measured = measure_alternatives(play, declarer, shows, standard.model)
    logical = tuple(law16b1b_logical_alternatives(measured.alternatives, standard.rate))
    forbidden = tuple(law16d_forbidden(measured.alternatives, logical, standard.margin))
    left = [alternative for alternative in measured.alternatives
            if alternative.card in logical and alternative.card not in forbidden]
    results = []
    for alternative in left:
        after = play.copy()
        after.play(alternative.card)
        results.append((alternative.card, total_tricks(after, declarer)[0]))
    total = sum(alternative.rate for alternative in left)
    outcomes = tuple(law12c1c_weighted([(tricks, alternative.rate / total)
                                        for alternative, (_, tricks) in zip(left, results, strict=True)]))
    return PartnerRestricted("62D2" if two_suits else "16D", helper, revoke.card, tuple(play.current_trick),
                             measured, logical, forbidden, tuple(results), outcomes, standard.rate, standard.margin)


def restricted_estimate(estimate: Estimate, restriction: PartnerRestricted) -> Estimate:
    """The 62D world's estimate with the partner's choice restricted: its outcomes, the legal card's value and
    the double-dummy line are the restriction's, so no figure of the evidence is the unrestricted one."""
    if not restriction.forbidden:
        return estimate
    tricks = max(restriction.outcomes, key=lambda outcome: (outcome[1], -outcome[0]))[0]
    legal = estimate.chosen[0]
    candidates = tuple(replace(c, declarer_tricks=tricks) if c.card == legal else c for c in estimate.candidates)
    note = f"{SEAT_NAMES[restriction.partner]}'s card restricted by Law {restriction.clause}"
    lines = tuple(replace(line, declarer_tricks=tricks, stopped=f"{line.stopped}; {note}") if index == 0 else line
                  for index, line in enumerate(estimate.lines))
    return replace(estimate, outcomes=restriction.outcomes, candidates=candidates, lines=lines)
