"""Finding revokes in a replayed play (Law 61) and deciding whether each was established (Law 63).

A revoke is a card that fails to follow suit when able (61A1), or that fails, when able, to comply
with a major penalty card or a lead restriction (61A2); the facts of a case file supply the latter,
and the revokes corrected before establishment (Law 62).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from revsim.cards import SEAT_NAMES, SUIT_NAMES, Card, Seat, side_of
from revsim.laws.clauses import Clause, RevokeKind
from revsim.laws.law43 import law43b2b_rectified_as_established
from revsim.laws.law61 import (
    law61a2_lead_restriction_broken,
    law61a2_penalty_card_not_played,
    law61a_play_restriction_broken,
)
from revsim.laws.law62 import (
    law62b_withdrawn_card_becomes_penalty_card,
    law62c3_both_sides_corrected,
)
from revsim.laws.law63 import (
    law63a1_established_by_next_trick,
    law63a1_established_when_noticed,
    law63a2_established_by_designation,
    law63a3_a4_established_by_claim,
)
from revsim.laws.penalty_cards import penalty_cards_in_force
from revsim.play.replay import Play, Replay
from revsim.records.facts import Correction, Facts, LeadRestriction, PenaltyCard, PlayRestriction


@dataclass(frozen=True)
class Revoke:
    """One revoke: where it happened, whether it was established, and what Law 64 makes of it.

    ``establishment`` is the clause that established it ("63A1", "63A3", "63A4") or None.
    ``corrected_by`` is the Law 62 clause under which it was corrected before establishment.
    ``allowed`` are the cards that would have complied (None: any legal card); ``restricted_suit`` the
    suit a broken lead restriction required or forbade; ``substituted`` the legal card that replaced a
    revoke corrected at the table. ``not_established`` says why a revoke the record shows standing was
    not established (attention drawn in time, a claim not yet agreed): it must be corrected.
    ``order`` is the revoke's place in the play. ``law`` and ``transfer`` are decided by
    ``transfer.apply_law64``, which gives the revoke back with them; ``reason`` says why in a sentence.
    Frozen: each step of the ruling gives a new Revoke (``dataclasses.replace``).
    """

    trick: int
    seat: Seat
    card: Card
    suit_led: int | None
    kind: RevokeKind = RevokeKind.FOLLOW_SUIT
    marked_in_record: bool = False
    establishment: Clause | None = None
    corrected_by: Clause | None = None
    allowed: frozenset[Card] | None = None
    restricted_suit: int | None = None
    substituted: Card | None = None
    not_established: str = ""
    claim_not_agreed: bool = False
    both_sides_corrected: bool = False
    """Corrected with the other side's revoke on the same trick (Law 62C3, from when attention was drawn)."""
    corrected_with: tuple[tuple[Seat, Card], ...] = ()
    """The other revokes of the trick corrected with it under Law 62C3: (seat, card withdrawn)."""
    order: int = 0
    law: Clause | None = None
    transfer: int = 0
    reason: str = ""

    @property
    def established(self) -> bool:
        """Whether the revoke was established (Law 63)."""
        return self.establishment is not None

    @property
    def obligation_suit(self) -> int | None:
        """The suit of the obligation broken (Law 64B2): the suit led, or the suit a lead restriction named."""
        restricted = (RevokeKind.LEAD_RESTRICTION, RevokeKind.PLAY_RESTRICTION)
        return self.restricted_suit if self.kind in restricted else self.suit_led

    @property
    def corrected_in_play(self) -> bool:
        """Shown standing in the record, but not established: it is corrected (Law 62A) and the play
        goes on from the legal card."""
        return not self.established and self.corrected_by is None

    @property
    def side(self) -> int:
        """The offending side: 0 North-South, 1 East-West."""
        return side_of(self.seat)

    def describe(self) -> str:
        """Like ``East played the S5 to trick 2 while holding a club, the suit led``."""
        who = SEAT_NAMES[self.seat]
        if self.kind == RevokeKind.PENALTY_CARD:
            cards = " or ".join(str(card) for card in sorted(self.allowed or ()))
            return f"{who} played the {self.card} to trick {self.trick} instead of the penalty card {cards}"
        if self.kind == RevokeKind.LEAD_RESTRICTION:
            return f"{who} led the {self.card} to trick {self.trick}, breaking a lead restriction he could comply with"
        if self.kind == RevokeKind.PLAY_RESTRICTION and self.restricted_suit not in (None, self.suit_led) \
                and self.card.suit == self.restricted_suit:
            return (f"{who} played the {self.card} to trick {self.trick}, a {SUIT_NAMES[self.card.suit][:-1]}, which "
                    "declarer had forbidden after his partner's premature play (Law 57A4)")
        if self.kind == RevokeKind.PLAY_RESTRICTION:
            cards = " or ".join(str(card) for card in sorted(self.allowed or ()))
            return (f"{who} played the {self.card} to trick {self.trick} instead of the {cards} declarer required "
                    "after his partner's premature play (Law 57A)")
        led = f"a {SUIT_NAMES[self.suit_led][:-1]}, the suit led" if self.suit_led is not None else "a card he had to play"
        text = f"{who} played the {self.card} to trick {self.trick} while holding {led}"
        if self.corrected_by or self.establishment == Clause.LAW_43B2B:
            text += f", withdrew it and played the {self.substituted}" if self.substituted else " and corrected it"
        return text


def find_revokes(replay: Replay, declarer: Seat, claimed: bool, marked: set[tuple[int, Card]] | None = None,
                 facts: Facts | None = None, noticed: str = "end-of-play") -> list[Revoke]:
    """Every revoke of the play (Law 61), dummy's included, with its establishment (Law 63), in order.

    ``claimed`` says a claim or concession was agreed; ``marked`` holds (trick, card) pairs the record
    marks as revokes (PBN ``^R``); ``facts`` adds corrected revokes, penalty cards, lead restrictions
    and the trick at which attention was drawn; ``noticed`` is when attention was first drawn (an
    agreement to the opponents' claim establishes a revoke only once Law 69A says it is established).
    """
    marked = marked or set()
    facts = facts or Facts()
    penalties = penalty_cards_in_force(facts, declarer)
    restrictions = {(r.trick, r.player): r for r in facts.lead_restrictions}
    required = {(r.trick, r.player): r for r in facts.play_restrictions}
    players_by_trick: dict[int, list[Seat]] = {}
    for play in replay.plays:
        players_by_trick.setdefault(play.trick, []).append(play.seat)
    hands = [set(hand) for hand in replay.initial_hands]
    found = [_corrected(correction, declarer, replay) for correction in facts.corrections]
    only_following = not penalties and not restrictions and not required
    for play in replay.plays:
        if only_following:
            if not play.failed_to_follow:
                continue
            revoke: Revoke | None = Revoke(play.trick, play.seat, play.card, play.led_suit)
        else:
            hand = hands[play.seat]
            revoke = _revoke_of(play, hand, penalties, restrictions, required)
            hand.discard(play.card)
        if revoke is None:
            continue
        revoke = replace(revoke, marked_in_record=(play.trick, play.card) in marked)
        position = players_by_trick[play.trick].index(play.seat)
        found.append(_established(revoke, position, players_by_trick.get(play.trick + 1, []), declarer, claimed,
                                  facts, noticed))
    found.sort(key=lambda revoke: (revoke.trick, _order_in_trick(replay, revoke)))
    found = _both_sides_on_one_trick(found, players_by_trick, facts)
    return [replace(revoke, order=order) for order, revoke in enumerate(found)]


def _both_sides_on_one_trick(revokes: list[Revoke], players_by_trick: dict[int, list[Seat]], facts: Facts) -> list[Revoke]:
    """Law 62C3 from the play as recorded: where both sides revoked on the trick before the one during which
    attention was drawn, and only one side had played to it, both revokes are corrected, the established one too."""
    trick, cards = facts.noticed_trick, facts.noticed_cards
    if trick is None or cards is None:
        return revokes
    on_trick = [revoke for revoke in revokes if revoke.trick == trick - 1 and revoke.corrected_by is None]
    played = players_by_trick.get(trick, [])[:cards]
    if not law62c3_both_sides_corrected((revoke.side for revoke in on_trick), (side_of(seat) for seat in played)):
        return revokes
    first = SEAT_NAMES[played[0]]
    why = (f"both sides revoked on trick {trick - 1} and attention was drawn {facts.noticed_at_phrase()}, when "
           f"only {first}'s side had played to trick {trick}")
    return [replace(revoke, establishment=None, not_established=why, both_sides_corrected=True,
                    corrected_with=tuple((other.seat, other.card) for other in on_trick if other is not revoke))
            if revoke in on_trick else revoke for revoke in revokes]


def _established(revoke: Revoke, position: int, next_trick_players: list[Seat], declarer: Seat, claimed: bool,
                 facts: Facts, noticed: str) -> Revoke:
    """The revoke with Law 63 applied (``position``: its place in the trick, 0-3); Law 62A when attention was drawn
    before it was established: during the revoke trick, or during the next one before the offender or his
    partner played to it (whatever the record shows afterwards)."""
    who = SEAT_NAMES[revoke.seat]
    claim_by = facts.claim_by
    named = [d.player for d in facts.designations if d.trick == revoke.trick + 1]
    if law63a2_established_by_designation(revoke.seat, named):
        return replace(revoke, establishment=Clause.LAW_63A2)
    when_noticed = law63a1_established_when_noticed(revoke.seat, revoke.trick, position, next_trick_players,
                                                     facts.noticed_trick, facts.noticed_cards)
    if when_noticed is False:
        return replace(revoke, not_established=(f"attention was drawn {facts.noticed_at_phrase()}, before {who} or "
                                                f"partner played to trick {revoke.trick + 1}"))
    if law63a1_established_by_next_trick(revoke.seat, next_trick_players):
        return replace(revoke, establishment=Clause.LAW_63A1)
    claimed_by_declarer = claim_by != "defenders"
    establishment = law63a3_a4_established_by_claim(revoke.seat, declarer, claimed, claimed_by_declarer, noticed)
    if establishment is not None:
        return replace(revoke, establishment=establishment)
    if claimed:
        claimer = "declarer's side" if claimed_by_declarer else "the defenders"
        assumed = (" (the record does not say who claimed: declarer's side is taken to have claimed; "
                   "--noticed after-next-call or after-round says the agreement had been established)"
                   if claim_by is None else "")
        return replace(revoke, claim_not_agreed=True,
                       not_established=(f"{who}'s side agreed to {claimer}'s claim, and that agreement was not yet "
                                        f"established when attention was drawn (Laws 63A4, 69A){assumed}"))
    return replace(revoke, not_established=f"neither {who} nor partner played to the next trick and no claim was made")


def _order_in_trick(replay: Replay, revoke: Revoke) -> int:
    return next((i for i, play in enumerate(replay.plays) if (play.trick, play.seat) == (revoke.trick, revoke.seat)), 0)


def _revoke_of(play: Play, hand: set[Card], penalties: list[PenaltyCard],
               restrictions: dict[tuple[int, Seat], LeadRestriction],
               required: dict[tuple[int, Seat], PlayRestriction]) -> Revoke | None:
    """The revoke a card makes, if any. The penalty-card obligation is checked before the failure to follow:
    a player whose only cards of the suit led are penalty cards and who discards another card has failed
    to play a penalty card (61A, 50D1: Law 64B3), not merely to follow suit. One who could have followed
    with a card that is not a penalty card and discards has failed to follow suit (Law 64A applies)."""
    active = {p.card for p in penalties if p.player == play.seat and p.from_trick <= play.trick}
    if play.failed_to_follow and not _only_penalty_cards_follow(active, hand, play.led_suit):
        return Revoke(play.trick, play.seat, play.card, play.led_suit)
    if law61a2_penalty_card_not_played(active, hand, play.led_suit, play.card):
        can_follow = play.led_suit is not None and any(card.suit == play.led_suit for card in hand)
        allowed = frozenset(card for card in active if card in hand and
                            (play.led_suit is None or card.suit == play.led_suit or not can_follow))
        return Revoke(play.trick, play.seat, play.card, play.led_suit, RevokeKind.PENALTY_CARD, allowed=allowed)
    restriction = restrictions.get((play.trick, play.seat))
    if play.led_suit is None and restriction is not None:
        if law61a2_lead_restriction_broken(hand, play.card, restriction.must_lead, restriction.must_not_lead):
            allowed = frozenset(card for card in hand if restriction.allows(card))
            suit = restriction.must_lead if restriction.must_lead is not None else restriction.must_not_lead
            return Revoke(play.trick, play.seat, play.card, None, RevokeKind.LEAD_RESTRICTION, allowed=allowed,
                          restricted_suit=suit)
    if play.failed_to_follow:
        return Revoke(play.trick, play.seat, play.card, play.led_suit)
    rule = required.get((play.trick, play.seat))
    complying = rule.allowed(hand, play.led_suit) if rule is not None and play.led_suit is not None else frozenset()
    if rule is not None and law61a_play_restriction_broken(complying, play.card):
        suit = next((suit for suit in (rule.forbid, rule.suit) if suit is not None), play.led_suit)
        return Revoke(play.trick, play.seat, play.card, play.led_suit, RevokeKind.PLAY_RESTRICTION, allowed=complying,
                      restricted_suit=suit)
    return None


def _only_penalty_cards_follow(penalty_cards: set[Card], hand: set[Card], led_suit: int | None) -> bool:
    """Whether every card of the suit led the player holds is a penalty card."""
    following = [card for card in hand if led_suit is not None and card.suit == led_suit]
    return bool(following) and all(card in penalty_cards for card in following)


def _corrected(correction: Correction, declarer: Seat, replay: Replay) -> Revoke:
    penalty = law62b_withdrawn_card_becomes_penalty_card(correction.player, declarer)
    played = next((p for p in replay.plays if (p.trick, p.seat) == (correction.trick, correction.player)), None)
    led = played.led_suit if played is not None else None
    if law43b2b_rectified_as_established(correction.dummy_asked, correction.player, declarer):
        return Revoke(correction.trick, correction.player, correction.withdrawn, led, establishment=Clause.LAW_43B2B,
                      substituted=correction.substituted)
    return Revoke(correction.trick, correction.player, correction.withdrawn, led,
                  corrected_by=Clause.LAW_62B1 if penalty else Clause.LAW_62B2, substituted=correction.substituted)


def mark_both_sides_corrections(revokes: list[Revoke]) -> list[Revoke]:
    """The revokes with Law 62C3 marked: both sides revoked on one trick and both revokes were corrected together."""
    by_trick: dict[int, set[int]] = {}
    for revoke in revokes:
        if revoke.corrected_by:
            by_trick.setdefault(revoke.trick, set()).add(revoke.side)
    return [replace(revoke, corrected_by=Clause.LAW_62C3)
            if revoke.corrected_by and len(by_trick.get(revoke.trick, set())) == 2 else revoke for revoke in revokes]


def unfounded_marks(replay: Replay, marked: set[tuple[int, Card]]) -> list[str]:
    """Notes for cards the record marks as revokes that followed suit, or that the player could not follow."""
    notes = []
    for play in replay.plays:
        if (play.trick, play.card) in marked and not play.failed_to_follow:
            notes.append(f"the record marks {SEAT_NAMES[play.seat]}'s {play.card} on trick {play.trick} as a revoke, "
                         "but it was not one: the player followed suit or had none of the suit led")
    return notes
