"""Keeping guards: a defender's discard that gives up a guard on an honour dummy's cards surround, among cards
that tie.

Double dummy values a defender's discards as if declarer saw every card: keeping Q87 under dummy's KJ9 or
throwing a spade to leave Q8 is worth the same, since declarer finds the queen either way. A real defender
keeps his guards, because declarer does not see the cards and must guess between the finesse and the drop.
Among the cards that tie best on his layouts, a simulated defender therefore prefers one that leaves every
such honour as well guarded as it was. An honour is guarded while he holds at least as many other cards of
its suit as there are higher cards of that suit still in the other hands (what has been played is known to
every player). It counts where dummy holds a card of its suit above it and one below it: a tenace over it,
or around it, that leaves declarer the guess.
"""

from __future__ import annotations

from collections.abc import Iterable

from revsim.cards import Card, Seat
from revsim.play.replay import Replay

HONOUR = 10
"""The lowest rank counted as an honour whose guard a defender keeps (the ten)."""


def _guarded(length: int, higher: int) -> bool:
    """An honour in a holding of ``length`` cards of its suit, with ``higher`` higher cards of the suit still in
    the other hands, is guarded while the other cards can be played to those higher ones."""
    return length - 1 >= higher


def gives_up_a_guard(line: Replay, card: Card, dummy: Seat) -> bool:
    """Whether the player to play, discarding ``card`` (not following the suit led), leaves unguarded an honour
    of its suit that was guarded and that ``dummy``'s cards surround (one of its suit higher and one lower), or
    throws such an honour itself."""
    trick = line.current_trick
    if not trick or trick[0][1].suit == card.suit:
        return False
    seat = line.to_play
    suit_held = [held for held in line.hand(seat) if held.suit == card.suit]
    others = [held.rank for other in range(4) if other != seat for held in line.hand(other) if held.suit == card.suit]
    table = [held.rank for held in line.hand(dummy) if held.suit == card.suit]
    for honour in suit_held:
        surrounded = any(rank > honour.rank for rank in table) and any(rank < honour.rank for rank in table)
        if honour.rank < HONOUR or not surrounded:
            continue
        higher = sum(1 for rank in others if rank > honour.rank)
        if _guarded(len(suit_held), higher) and (honour == card or not _guarded(len(suit_held) - 1, higher)):
            return True
    return False


TIE = 1e-9
"""Values closer than this to the best count as tied with it."""


def tied_best(values: dict[Card, float], cards: Iterable[Card]) -> list[Card]:
    """The ``cards`` (in their order) whose values tie with the best of ``values``."""
    best = max(values.values())
    return [card for card in cards if values[card] >= best - TIE]


def keep_guards(line: Replay, values: dict[Card, float], step: float, dummy: Seat) -> None:
    """Where the best cards tie and some keep every guard the others give up (``gives_up_a_guard``), count
    those that give one up as ``step`` worse (one layout's trick): the defender keeps his guards."""
    top = tied_best(values, values)
    losing = [card for card in top if gives_up_a_guard(line, card, dummy)]
    if losing and len(losing) < len(top):
        for card in losing:
            values[card] -= step


def defenders_keep_guards(lines: list[Replay], averages: list[dict[Card, float]], defending: list[bool],
                          layouts: list[int], dummy: Seat) -> None:
    """``keep_guards`` for each deciding defender (``defending``) of one step, his values averaged over his
    ``layouts`` layouts (one layout's trick is the step)."""
    for line, values, defends, count in zip(lines, averages, defending, layouts, strict=True):
        if defends:
            keep_guards(line, values, 1 / count, dummy)
