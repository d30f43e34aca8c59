"""Law 70E: an unstated finesse is not accepted. A claimer's card is a finesse when it wins the trick so far,
he holds a higher card of the suit, and an opponent still to play to the trick may hold a card between them:
its success depends on finding one opponent rather than the other with that card. The law's exceptions are
kept: an opponent who has shown out of the suit cannot hold it, and where every other card is irrational (not
normal play) the finesse stands."""

from __future__ import annotations

from revsim.cards import Card, Seat, next_seat, side_of, trick_winner
from revsim.play.replay import Replay


def law70e_finesses(replay: Replay, cards: list[Card]) -> list[Card]:
    """Law 70E: those of ``cards`` (the player to play's) that are finesses; [] on lead, in fourth seat, or when
    no opponent still to play can hold a card that beats them."""
    trick = replay.current_trick
    if not trick or len(trick) == 3:
        return []
    seat = replay.to_play
    led = trick[0][1].suit
    hand = replay.hand(seat)
    later = [next_seat(seat, step) for step in range(1, 4 - len(trick))]
    opponents = [other for other in later if side_of(other) != side_of(seat) and not shown_out(replay, other, led)]
    if not opponents:
        return []
    unseen = {card for other in range(4) if side_of(other) != side_of(seat) for card in replay.hand(other)
              if card.suit == led}
    out = []
    for card in cards:
        if card.suit != led or trick_winner([*trick, (seat, card)], replay.trump) != seat:
            continue
        higher_own = [own for own in hand if own.suit == led and own.rank > card.rank]
        if not higher_own:
            continue
        top = max(own.rank for own in higher_own)
        if any(card.rank < other.rank < top for other in unseen):
            out.append(card)
    return out


def shown_out(replay: Replay, seat: Seat, suit: int) -> bool:
    """Whether ``seat`` has failed to follow to ``suit`` earlier in the play."""
    return any(play.seat == seat and play.led_suit == suit and play.card.suit != suit for play in replay.plays)

