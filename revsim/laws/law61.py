"""Law 61: what a revoke is. Failing to follow suit when able (61A), and failing, when able, to comply
with a major penalty card (Law 50D1), a lead restriction or a play restriction (57A); dummy can revoke too."""

from __future__ import annotations

from collections.abc import Set

from revsim.cards import Card


def law61_failed_to_follow(hand: Set[Card], led_suit: int | None, card: Card) -> bool:
    """Law 61A: playing ``card`` from ``hand`` to a trick led in ``led_suit`` fails to follow suit when able."""
    if led_suit is None or card.suit == led_suit:
        return False
    return any(held.suit == led_suit for held in hand)


def law61a2_penalty_card_not_played(penalty_cards: Set[Card], hand: Set[Card], led_suit: int | None, card: Card) -> bool:
    """Laws 61A and 50D1: a major penalty card must be played at the first legal opportunity (leading,
    following suit, discarding or trumping); playing another card when one could be played is a revoke."""
    if card in penalty_cards:
        return False
    held = [penalty for penalty in penalty_cards if penalty in hand]
    if not held:
        return False
    if led_suit is None:
        return True
    can_follow = any(other.suit == led_suit for other in hand)
    return any(penalty.suit == led_suit or not can_follow for penalty in held)


def law61a2_lead_restriction_broken(hand: Set[Card], card: Card, must_lead: int | None, must_not_lead: int | None) -> bool:
    """Law 61A: failing, when able, to comply with a lead restriction (a suit required or forbidden,
    after a lead out of turn or a penalty card) is a revoke."""
    if must_lead is not None:
        return card.suit != must_lead and any(held.suit == must_lead for held in hand)
    if must_not_lead is not None:
        return card.suit == must_not_lead and any(held.suit != must_not_lead for held in hand)
    return False


def law61a_play_restriction_broken(complying: Set[Card], card: Card) -> bool:
    """Law 61A with 57A: failing, when able, to play the card declarer required after partner's premature play
    (the highest or lowest of the suit led, or a card of another suit) is a revoke; ``complying`` are the cards
    of the player's hand that comply (empty: he cannot, and there is no revoke)."""
    return bool(complying) and card not in complying
