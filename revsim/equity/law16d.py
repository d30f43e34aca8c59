"""Law 16D for a card withdrawn mid-play at the table: a defender's revoke card taken back (62B1) or a card his
partner took back after a non-offender changed his (62C2) stays on the table as a major penalty card, and what it
shows (that its holder has it) is unauthorised for his partner (Laws 16D and 50E2; what the penalty card requires
of play is authorised). Where the director entered no information of his own, revsim measures the partner's
decisions while the card is on the table as Law 16B measures any (``information.law16``): the first where the card
could demonstrably have suggested his choice over a logical alternative is the one ruled, else the first measured,
shown as not suggested. The trick-12 correction's own case is ``law62d2``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from revsim.cards import SEAT_NAMES, Card, Seat, partner, side_of
from revsim.equity.draft import Draft
from revsim.information.law16 import decision_point, judge_at
from revsim.laws.clauses import Clause
from revsim.laws.law62 import law62b_withdrawn_card_becomes_penalty_card, law62c2_partner_card_becomes_penalty_card
from revsim.laws.penalty_cards import penalty_cards_in_force
from revsim.likely.budget import doing
from revsim.play.replay import Replay
from revsim.records.facts import Facts
from revsim.records.information import Information, Shown

MOST_DECISIONS = 6
"""The most of the partner's decisions measured for one withdrawn card: a penalty card is usually played within a
few tricks, and each decision is measured by dealing layouts (about a second)."""


@dataclass(frozen=True)
class Withdrawn:
    """A defender's card withdrawn at the table on ``trick`` (``clause``: 62B1 or 62C2), on the table after it."""

    seat: Seat
    card: Card
    trick: int
    clause: str

    def source(self) -> str:
        return (f"withdrawn card: {SEAT_NAMES[self.seat]}'s {self.card}, withdrawn on trick {self.trick} (Law "
                f"{self.clause}) and on the table as a major penalty card: unauthorised for his partner (Law 16D), "
                "measured by revsim")


def law16d_withdrawn_cards(facts: Facts, declarer: Seat) -> list[Withdrawn]:
    """Law 16D's sources among the table's corrections: each defender's card withdrawn, in the order of the play."""
    found: list[Withdrawn] = []
    for correction in sorted(facts.corrections, key=lambda c: c.trick):
        if law62b_withdrawn_card_becomes_penalty_card(correction.player, declarer):
            found.append(Withdrawn(correction.player, correction.withdrawn, correction.trick, "62B1"))
        found += [Withdrawn(change.player, change.withdrawn, correction.trick, "62C2") for change in correction.changes
                  if side_of(change.player) == side_of(correction.player)
                  and law62c2_partner_card_becomes_penalty_card(change.player, declarer)]
    return found


def law16d_decisions(replay: Replay, withdrawn: Withdrawn, facts: Facts, declarer: Seat) -> list[Information]:
    """The withdrawer's partner's decisions after the trick of the withdrawal while the card is still on the table
    (its holder has not yet played it), each a card chosen in turn among more than one he could play (none that a
    penalty card of his own forces, no revoke), as Law 16B information showing that the holder has the card. His
    leads are not measured: there declarer's Law 50D2 choice (require or forbid the suit, or a free lead) comes
    first, and the record does not show it."""
    helper = partner(withdrawn.seat)
    forced_by = {(p.player, p.card): p.from_trick for p in penalty_cards_in_force(facts, declarer)}
    decisions: list[Information] = []
    position = replay.copy()
    while position.plays:
        position.undo()
    for play in replay.plays:
        if play.seat == withdrawn.seat and play.card == withdrawn.card:
            break
        if play.seat == helper and play.trick > withdrawn.trick:
            legal = position.legal_cards()
            own_penalties = [card for card in legal if forced_by.get((helper, card), 99) <= play.trick]
            leading = play.led_suit is None   # declarer's Law 50D2 option comes first, and the record does not show it
            if len(legal) > 1 and not own_penalties and not play.failed_to_follow and not leading:
                decisions.append(Information(play.trick, helper, (Shown(withdrawn.seat, (withdrawn.card,)),),
                                             withdrawn.source()))
        position.play(play.card, play.seat, play.led_out_of_turn)
    return decisions[:MOST_DECISIONS]


def law16d_information(draft: Draft) -> Information | None:
    """The Law 16D judgement revsim makes for the board's first withdrawn card whose holder's partner then decided
    something: the first decision where the card could have suggested his choice, else the first measured. Only
    decisions after every established revoke are measured, as Law 16B is ruled beside the revoke laws
    (``information.law16b_reaches_revoke_board``), and none where a revoke is corrected in the ruling."""
    contract = draft.record.contract
    if contract is None or draft.record.facts.information is not None:
        return None
    if any(revoke.corrected_in_play or revoke.law == Clause.LAW_62D for revoke in draft.revokes):
        return None   # the record after it is not the corrected play
    after = max((revoke.trick for revoke in draft.revokes if revoke.established), default=0)
    replay, standard = draft.table.replay, draft.settings.information_standard()
    for withdrawn in law16d_withdrawn_cards(draft.record.facts, contract.declarer):
        decisions = [information for information in law16d_decisions(replay, withdrawn, draft.record.facts,
                                                                     contract.declarer) if information.trick > after]
        for information in decisions:
            position, chosen = decision_point(replay, information)
            with doing(f"measuring {SEAT_NAMES[information.player]}'s card to trick {information.trick} with "
                       f"{SEAT_NAMES[withdrawn.seat]}'s withdrawn {withdrawn.card} on the table (Law 16D)"):
                judgement = judge_at(position, chosen, contract.declarer, information, standard)
            if judgement.infraction:
                return information
        if decisions:
            return decisions[0]
    return None


def with_law16d_information(draft: Draft) -> None:
    """Puts revsim's own Law 16D judgement (``law16d_information``) in the draft's record, where there is one."""
    information = law16d_information(draft)
    if information is None:
        return
    facts = replace(draft.record.facts, information=information)
    draft.record = replace(draft.record, facts=facts)
    draft.table = replace(draft.table, record=draft.record)
