"""Card-by-card replay of the play: whose turn, legal cards, trick winners, tricks per side; undo and copy.

Revokes replay like any other card (a record is what happened); each card is flagged when it did
not follow suit while the player held the suit led: the fact that ``laws.law61`` makes a revoke.
Declarer and dummy are separate players throughout.
"""

from __future__ import annotations

from typing import NamedTuple

from revsim.cards import SEAT_NAMES, Card, Hand, Seat, next_seat, side_of, trick_winner
from revsim.records.errors import PlayError


class Play(NamedTuple):
    """One card as played: the trick it went to, who played it, the suit led, and whether it revoked."""

    trick: int
    seat: Seat
    card: Card
    led_suit: int | None
    failed_to_follow: bool
    led_out_of_turn: bool = False


class Trick(NamedTuple):
    """A completed trick: its number, leader, cards in the order played, and the winner."""

    number: int
    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat


class Replay:
    """The state of the play: hands, the trick in progress, completed tricks, and the history."""

    def __init__(
        self,
        hands: tuple[Hand, ...],
        trump: int,
        leader: Seat,
        first_trick: int = 1,
        tricks_before: tuple[int, int] = (0, 0),
    ) -> None:
        """``tricks_before`` is the tricks North-South and East-West had won before ``first_trick``."""
        self.hands: list[set[Card]] = [set(hand) for hand in hands]
        self._held: list[frozenset[Card] | None] = [None, None, None, None]   # ``hand`` of each seat, until it plays
        self.initial_hands: tuple[frozenset[Card], ...] = tuple(frozenset(hand) for hand in hands)
        self.trump = trump
        self.first_trick = first_trick
        self.tricks_before = tricks_before
        self.plays: list[Play] = []
        self.tricks: list[Trick] = []
        self._won = [0, 0]                      # tricks each side has won in ``tricks``
        self._leader = leader
        self._initial_leader = leader
        self._current: list[tuple[Seat, Card]] = []

    # --- reading the state -------------------------------------------------------------
    @property
    def trick_number(self) -> int:
        """The number (1-13) of the trick in progress or about to start."""
        return self.first_trick + len(self.tricks)

    @property
    def current_trick(self) -> list[tuple[Seat, Card]]:
        """The cards of the trick in progress, in the order played."""
        return list(self._current)

    @property
    def leader(self) -> Seat:
        """The leader of the trick in progress (or about to start)."""
        return self._leader

    @property
    def to_play(self) -> Seat:
        """Whose turn it is."""
        return next_seat(self._leader, len(self._current))

    @property
    def is_over(self) -> bool:
        """True when every card has been played."""
        return not any(self.hands)

    @property
    def led_suit(self) -> int | None:
        """The suit led to the trick in progress, or None at the start of a trick."""
        return self._current[0][1].suit if self._current else None

    def hand(self, seat: Seat) -> frozenset[Card]:
        """The cards ``seat`` still holds."""
        held = self._held[seat]
        if held is None:
            held = self._held[seat] = frozenset(self.hands[seat])
        return held

    @property
    def lead_faced(self) -> bool:
        """Whether the opening lead has been faced, so that dummy is seen by everyone."""
        return bool(self.plays) or self.first_trick > 1

    def shown_voids(self) -> frozenset[tuple[Seat, int]]:
        """Each (seat, suit) where the seat has failed to follow to the suit led: what the play has shown every
        player (a revoke in the record shows a void that is not there, as it would mislead the players)."""
        return frozenset((play.seat, play.led_suit) for play in self.plays
                         if play.led_suit is not None and play.card.suit != play.led_suit)

    def legal_cards(self, seat: Seat | None = None) -> list[Card]:
        """The cards ``seat`` (default: the player to play) may play: the suit led if he holds it."""
        holder = self.to_play if seat is None else seat
        hand = self.hands[holder]
        led = self.led_suit
        if led is not None:
            following = [card for card in hand if card.suit == led]
            if following:
                return sorted(following, key=lambda card: -card.rank)
        return sorted(hand, key=lambda card: (card.suit, -card.rank))

    def could_have_played_another(self, play: Play) -> bool:
        """Whether the player of ``play`` held another card he could legally have played in its place."""
        earlier = self.plays[:self.plays.index(play)]
        held = set(self.initial_hands[play.seat]) - {p.card for p in earlier if p.seat == play.seat}
        following = [card for card in held if card.suit == play.led_suit]
        return len(following or held) > 1

    def tricks_won(self, side: int) -> int:
        """Tricks side 0 (North-South) or 1 (East-West) has won, those before the replay included."""
        return self.tricks_before[side] + self._won[side]

    def winner_of(self, trick_number: int) -> Seat | None:
        """The winner of a completed trick by number, or None if it is not complete."""
        index = trick_number - self.first_trick
        return self.tricks[index].winner if 0 <= index < len(self.tricks) else None

    # --- changing the state ------------------------------------------------------------
    def play(self, card: Card, seat: Seat | None = None, lead_out_of_turn: bool = False) -> Play:
        """Play ``card``: it must be held by the player whose turn it is (``seat``, when given, is checked).

        ``lead_out_of_turn`` accepts a lead from ``seat`` out of turn (PBN ``^L``): that player leads
        this trick and play goes on clockwise from him. Raises PlayError otherwise.
        """
        current = self._current
        trick = self.first_trick + len(self.tricks)
        if trick > 13:
            raise PlayError("a card after all 13 tricks were played", trick=trick, card=str(card))
        if lead_out_of_turn and seat is not None and not current:
            self._leader = seat
        player = (self._leader + len(current)) % 4
        if seat is not None and seat != player:
            raise PlayError(f"{SEAT_NAMES[seat]} plays, but it is {SEAT_NAMES[player]}'s turn", trick=trick, card=str(card))
        hand = self.hands[player]
        if card not in hand:
            raise PlayError(self._not_held(card, player, trick, seat is None), trick=trick, card=str(card))
        led = current[0][1].suit if current else None
        failed = led is not None and card.suit != led and any(held.suit == led for held in hand)
        hand.remove(card)
        self._held[player] = None
        current.append((player, card))
        record = Play(trick, player, card, led, failed, lead_out_of_turn and len(current) == 1)
        self.plays.append(record)
        if len(current) == 4:
            winner = trick_winner(current, self.trump)
            self.tricks.append(Trick(trick, self._leader, tuple(current), winner))
            self._won[side_of(winner)] += 1
            self._current = []
            self._leader = winner
        return record

    def _not_held(self, card: Card, player: Seat, trick: int, in_playing_order: bool) -> str:
        """Why ``player`` cannot play ``card``; where the play is written in playing order and a player yet to
        play to this trick holds it, who led the trick, since a trick written in seat order reads this way."""
        holder = next((seat for seat in range(4) if card in self.hands[seat]), None)
        if holder is None:
            return f"{SEAT_NAMES[player]} does not hold the {card} (it was played already or is not in the deal)"
        message = f"{SEAT_NAMES[player]} does not hold the {card} ({SEAT_NAMES[holder]} holds it)"
        played = {seat for seat, _ in self._current}
        if not in_playing_order or holder in played:
            return message
        led = (f"{SEAT_NAMES[self._leader]} won trick {trick - 1}, so {SEAT_NAMES[self._leader]} leads trick {trick}"
               if self.tricks else f"{SEAT_NAMES[self._leader]} is on lead at trick {trick}")
        return (f"{message}: {led}, and the trick's first card is {SEAT_NAMES[self._leader]}'s. A trick is written "
                "from its leader, not in seat order")

    def undo(self) -> Play:
        """Take back the last card played, across a completed trick if need be."""
        if not self.plays:
            raise IndexError("nothing to undo")
        last = self.plays.pop()
        if not self._current:
            trick = self.tricks.pop()
            self._won[side_of(trick.winner)] -= 1
            self._current = list(trick.cards)
            self._leader = trick.leader
        self._current.pop()
        if not self._current and last.led_out_of_turn:
            self._leader = self.tricks[-1].winner if self.tricks else self._initial_leader
        self.hands[last.seat].add(last.card)
        self._held[last.seat] = None
        return last

    def copy(self) -> "Replay":
        """An independent copy of this state."""
        clone = Replay(tuple(frozenset(hand) for hand in self.hands), self.trump, self._leader,
                       self.first_trick, self.tricks_before)
        clone._initial_leader = self._initial_leader
        clone.initial_hands = self.initial_hands
        clone.plays = list(self.plays)
        clone.tricks = list(self.tricks)
        clone._won = list(self._won)
        clone._current = list(self._current)
        return clone
