"""The rules of major penalty cards in the play (Laws 50D and 51), as data the searches and the play-outs share: which
penalty cards a player holds, which he must play now (50D1, declarer designating among several: 51A), and declarer's
options when the holder's partner is to lead (50D2 with 51B): require the lead of one of their suits, forbid the
lead of any of them while that player keeps the lead, or let the lead be free."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from revsim.cards import Card, Seat, partner, side_of
from revsim.play.replay import Replay


@dataclass(frozen=True)
class Penalty:
    """A defender's major penalty card (Law 50): ``seat`` must play ``card`` at the first legal opportunity."""

    seat: Seat
    card: Card


@dataclass(frozen=True)
class LeadOption:
    """Declarer's choice for a lead by the partner of a penalty cards' holder (Laws 50D2, 51B), made at ``trick`` for
    ``leader``: a suit ``required`` for this lead, or ``forbidden`` suits, which stay forbidden for as long as he keeps
    the lead; neither for a free lead."""

    trick: int
    leader: Seat
    required: int | None = None
    forbidden: frozenset[int] = frozenset()

    @property
    def binds(self) -> bool:
        """Whether the option restricts the lead at all."""
        return self.required is not None or bool(self.forbidden)


LeadChoice = LeadOption | None
"""Declarer's choice for the lead to come, None while it is still to be made (or there is none)."""


def outstanding(replay: Replay, penalties: Iterable[Penalty]) -> tuple[Penalty, ...]:
    """The penalty cards still in their holders' hands."""
    return tuple(penalty for penalty in penalties if penalty.card in replay.hand(penalty.seat))


def law50d1_designable(replay: Replay, penalties: Iterable[Penalty]) -> list[Card]:
    """Law 50D1: the penalty cards the player to play must choose among now, those that are legal plays (in leading,
    following suit, discarding or ruffing); with several, declarer designates which (Law 51A). Empty where none
    binds him."""
    if replay.is_over:
        return []
    seat = replay.to_play
    legal = set(replay.legal_cards())
    return sorted({penalty.card for penalty in penalties if penalty.seat == seat and penalty.card in legal},
                  key=lambda card: (card.suit, -card.rank))


def law50d2_carried(replay: Replay, choice: LeadChoice) -> LeadOption | None:
    """Law 50D2b: the suits declarer forbade at an earlier lead, still forbidden at this one because the same player
    has kept the lead; None otherwise (and during a trick)."""
    if choice is None or replay.current_trick or not choice.forbidden or choice.trick == replay.trick_number:
        return None
    if replay.to_play != choice.leader:
        return None
    return LeadOption(replay.trick_number, choice.leader, None, choice.forbidden)


def law50d2_lead_options(replay: Replay, declarer_side: int, penalties: tuple[Penalty, ...],
                         carried: LeadOption | None = None) -> list[tuple[tuple[Penalty, ...], LeadOption]]:
    """Laws 50D2 and 51B: when the partner of a defender with major penalty cards is to lead a new trick, declarer
    may require the lead of any one of their suits (its penalty cards are then picked up, 51B1a, 51B2a), forbid
    the lead of any of their suits (those are picked up, 51B1b, 51B2b; the lead stays forbidden while the player
    keeps it), or let the lead be free (they stay); each option with the penalty cards that remain. Suits forbidden
    at an earlier lead the player kept (``carried``) stay forbidden in every option. Empty when none applies."""
    if replay.current_trick or replay.is_over:
        return []
    leader = replay.to_play
    held = [penalty for penalty in penalties if penalty.seat == partner(leader)]
    if not held or side_of(leader) == declarer_side:
        return []
    trick = replay.trick_number
    still = carried.forbidden if carried is not None else frozenset()
    suits = sorted({penalty.card.suit for penalty in held})

    def picking_up(group: Iterable[int]) -> tuple[Penalty, ...]:
        named = set(group)
        return tuple(p for p in penalties if not (p.seat == partner(leader) and p.card.suit in named))

    options = [(penalties, LeadOption(trick, leader, None, still))]
    options += [(picking_up([suit]), LeadOption(trick, leader, suit, still)) for suit in suits]
    options += [(picking_up(group), LeadOption(trick, leader, None, still | frozenset(group)))
                for size in range(1, len(suits) + 1) for group in combinations(suits, size)]
    return options


def law50d2_allowed(cards: list[Card], choice: LeadChoice) -> list[Card]:
    """The leads declarer's choice under Laws 50D2 and 51B leaves (all of them where the leader cannot comply)."""
    if choice is None or not choice.binds:
        return cards
    if choice.required is not None:
        cards = [card for card in cards if card.suit == choice.required] or cards
    return [card for card in cards if card.suit not in choice.forbidden] or cards


@dataclass(frozen=True)
class CorrectedTrick:
    """Laws 62C1 and 62C2 in the trick of a defender's revoke corrected in play (``trick``): the record's cards after
    the offender's (``recorded``). A non-offender may change his card without penalty (62C1); the offender's partner
    may change his only after a non-offender changed his, and the card he takes back becomes a major penalty card
    (62C2). Until then he keeps the card he played."""

    trick: int
    offender: Seat
    recorded: tuple[tuple[Seat, Card], ...]

    def binds(self, replay: Replay) -> bool:
        """Whether the offender's partner is to play in this trick now."""
        return (replay.trick_number == self.trick and bool(replay.current_trick)
                and replay.to_play == partner(self.offender) and replay.to_play in dict(self.recorded))

    def pending(self, replay: Replay) -> bool:
        """Whether the rule may still bind later in the position's trick."""
        played = {seat for seat, _ in replay.current_trick}
        return replay.trick_number == self.trick and partner(self.offender) not in played

    def law62c2_cards(self, replay: Replay, legal: list[Card]) -> list[Card]:
        """The cards the offender's partner may play now: his own card as recorded unless a non-offender after the
        offender changed his (Law 62C2), every legal card once one did."""
        recorded = dict(self.recorded)
        own = recorded[replay.to_play]
        changed = any(seat in recorded and card != recorded[seat] and side_of(seat) != side_of(self.offender)
                      for seat, card in replay.current_trick)
        if own not in legal:
            return legal
        return legal if changed else [own]

    def law62c2_penalty(self, replay: Replay, card: Card) -> Penalty | None:
        """The major penalty card the partner's change makes (Law 62C2): his recorded card, where he played another."""
        if not self.binds(replay):
            return None
        own = dict(self.recorded)[replay.to_play]
        return Penalty(replay.to_play, own) if card != own else None
