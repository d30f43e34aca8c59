"""A claimer's statement followed step by step: which cards each step allows the claimer's side at its turn,
and when a step is done.

Steps are taken in order (the first step not done is the one followed) unless the claim says any order (every
step not done counts). A step that says nothing about a turn (a ruff when the claimer is on lead) leaves that
turn to normal play (``normal.py``). A step whose cards the claimer cannot play legally (a ruff while holding
the suit led) is an announced revoke: ``Plan.with_revokes`` says whether the line may make it.
"""

from __future__ import annotations

from dataclasses import dataclass

from revsim.cards import Card, Seat, next_seat, partner, side_of
from revsim.play.replay import Replay
from revsim.records.claim import Claim, ClaimStep

NO_CONSTRAINT = ("trump-mentioned", "no-line")
"""Steps that ask nothing of the play: they are done at once."""


@dataclass(frozen=True)
class Plan:
    """The statement being followed: the steps, which are done, and whether an announced revoke is made."""

    claim: Claim
    done: frozenset[int] = frozenset()
    with_revokes: bool = False

    @property
    def key(self) -> tuple[frozenset[int], bool]:
        return self.done, self.with_revokes

    def current(self) -> list[ClaimStep]:
        """The steps followed now: the first not done, or every one not done in any order."""
        pending = [step for step in self.claim.steps if step.number not in self.done and step.action not in NO_CONSTRAINT]
        return pending if self.claim.any_order else pending[:1]

    def after(self, replay: Replay, claimer_side: int) -> Plan:
        """The plan after the last card played: the steps that card (or the position it leaves) completes."""
        done = set(self.done)
        for step in self.claim.steps:
            if step.number not in done and _is_done(step, replay, claimer_side):
                done.add(step.number)
        return Plan(self.claim, frozenset(done), self.with_revokes) if done != self.done else self


def stated_cards(plan: Plan, replay: Replay, claimer_side: int) -> tuple[list[Card], ClaimStep | None]:
    """The cards the statement allows the player to play (legal ones, or an announced revoke when the plan makes
    it) and the step that allows them; ([], None) when no step speaks to this turn."""
    seat = replay.to_play
    legal = set(replay.legal_cards())
    for step in plan.current():
        cards = _step_cards(step, replay, seat, claimer_side)
        if not cards:
            continue
        allowed = [card for card in cards if card in legal]
        if allowed:
            return sorted(allowed, key=lambda card: (card.suit, -card.rank)), step
        if plan.with_revokes and step.action == "ruff":
            return sorted(cards, key=lambda card: (card.suit, -card.rank)), step
    return [], None


def _step_cards(step: ClaimStep, replay: Replay, seat: Seat, claimer_side: int) -> list[Card]:
    """The cards of ``seat``'s hand that ``step`` asks for at this turn (legal or not); [] when it says nothing."""
    hand = replay.hand(seat)
    trump = replay.trump
    trumps = [card for card in hand if card.suit == trump]
    led = replay.led_suit
    mate = replay.hand(partner(seat))
    if step.action == "ruff":
        if led is None or led != step.suits[0]:
            return []
        return [card for card in step.cards if card in hand] or trumps
    if step.action == "crossruff":
        if led is None:
            mate_trumps = any(card.suit == trump for card in mate)
            return [card for card in hand if card.suit in step.suits and mate_trumps
                    and not any(other.suit == card.suit for other in mate)]
        if led in step.suits and not any(card.suit == led for card in hand):
            return trumps
        return []
    if step.action == "draw-trumps":
        return trumps if led is None else []
    if step.action in ("cash", "lead"):
        named = [card for card in step.cards if card in hand]
        return [card for card in named if led is None or card.suit == led]
    if step.action in ("run", "concede"):
        return [card for card in hand if card.suit == step.suits[0]] if led is None else []
    if step.action == "finesse":
        return _finesse_cards(step, replay, seat)
    return []


def _finesse_cards(step: ClaimStep, replay: Replay, seat: Seat) -> list[Card]:
    """A finesse of ``step.cards[0]`` through ``step.through``: lead the suit from the hand opposite the card when
    that opponent plays next; then play the card when he has played below it."""
    target, through = step.cards[0], step.through
    hand = replay.hand(seat)
    if replay.led_suit is None:
        if target in replay.hand(partner(seat)) and next_seat(seat) == through:
            return [card for card in hand if card.suit == target.suit]
        return []
    trick = replay.current_trick
    if target in hand and replay.led_suit == target.suit and trick[-1][0] == through \
            and trick[-1][1].suit == target.suit and trick[-1][1].rank < target.rank:
        return [target]
    return []


def _is_done(step: ClaimStep, replay: Replay, claimer_side: int) -> bool:
    """Whether ``step`` is complete in the position after the last card played."""
    if step.action in NO_CONSTRAINT:
        return True
    ours = [card for seat in range(4) if side_of(seat) == claimer_side for card in replay.hand(seat)]
    theirs = [card for seat in range(4) if side_of(seat) != claimer_side for card in replay.hand(seat)]
    last = replay.plays[-1] if replay.plays else None
    if step.action in ("cash", "lead", "finesse"):
        return not any(card in ours for card in step.cards)
    if step.action == "draw-trumps":
        return not any(card.suit == replay.trump for card in theirs)
    if step.action == "run":
        return not any(card.suit == step.suits[0] for card in ours)
    if step.action == "crossruff":
        return not any(card.suit == replay.trump for card in ours)
    if step.action == "ruff":
        ruffed = last is not None and side_of(last.seat) == claimer_side and last.led_suit == step.suits[0] \
            and last.card.suit != step.suits[0]
        return ruffed or _trick_of_suit_over(replay, step.suits[0])
    if step.action == "concede":
        return bool(replay.tricks) and not replay.current_trick and replay.tricks[-1].cards[0][1].suit == step.suits[0] \
            and side_of(replay.tricks[-1].winner) != claimer_side
    return True


def _trick_of_suit_over(replay: Replay, suit: int) -> bool:
    """Whether the trick just completed was led in ``suit`` (a ruff the claimer could not make has passed)."""
    return bool(replay.tricks) and not replay.current_trick and replay.tricks[-1].cards[0][1].suit == suit
