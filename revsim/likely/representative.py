"""The play-outs shown to a committee: for a result, the most typical play-out that ends with it, card by card,
with declarer's side's double-dummy total after each card and the first card that parted from perfect play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Set
from typing import Any

from revsim.cards import SEAT_LETTERS, Card, Seat
from revsim.likely.evidence import Parted, Representative
from revsim.likely.penalty import double_dummy_value, law50d1_forced
from revsim.likely.penalty_rules import CorrectedTrick, Penalty, outstanding
from revsim.likely.playout import PlayOut
from revsim.likely.solver import best_card, card_values
from revsim.play.replay import Replay


def common_start(first: tuple[Card, ...], second: tuple[Card, ...]) -> int:
    """How many cards two play-outs share from the start."""
    shared = 0
    for mine, theirs in zip(first, second, strict=False):
        if mine != theirs:
            break
        shared += 1
    return shared


def typical_index(lines: tuple[PlayOut, ...], tricks: int) -> int:
    """The most typical play-out of those that end with ``tricks``: the one that shares the most cards from the
    start with the others that do (their medoid); the first such on a tie."""
    ending = [number for number, line in enumerate(lines) if line.tricks == tricks]
    if not ending:
        raise ValueError(f"no play-out ends with {tricks} tricks")
    return max(ending, key=lambda number: (sum(common_start(lines[number].cards, lines[other].cards)
                                               for other in ending if other != number), -number))


def representative_play_out(position: Replay, declarer: Seat, lines: tuple[PlayOut, ...],
                            allowed: Set[Card] | None = None, tricks: int | None = None,
                            penalties: tuple[Penalty, ...] = (), corrected: CorrectedTrick | None = None
                            ) -> Representative:
    """The most typical play-out (``typical_index``) that ends with ``tricks`` (by default the result the
    play-outs reached most often), shown card by card with declarer's side's double-dummy total after each
    card, the last tricks played double dummy as the play-outs value them, and the first card where it parted
    from double dummy (``parted``: the card that changed the double-dummy total, or None).

    The totals are the ruling's own: with ``penalties`` (major penalty cards in play), every later card obeys
    Law 50D (``penalty.double_dummy_value``), and in the trick of a revoke corrected in play the offender's
    partner keeps his card unless a non-offender changed his (``corrected``, Law 62C2). A card the law forces (a
    penalty card at its first legal opportunity, Law 50D1; the partner's card that stands) is marked ``forced``
    (the play's fifth field) and is never the card that parted: it was no choice."""
    if tricks is None:
        counts = Counter(line.tricks for line in lines)
        tricks = max(counts, key=lambda result: (counts[result], -result))
    index = typical_index(lines, tricks)
    chosen = lines[index]
    replay = position.copy()
    before = double_dummy_value(replay, declarer, allowed, outstanding(replay, penalties), corrected)
    plays: list[list[Any]] = []
    parted: Parted | None = None
    value, planned = before, list(chosen.cards)
    while not replay.is_over:
        held = outstanding(replay, penalties)
        card = planned.pop(0) if planned else _best_obeying(replay, declarer, held)
        seat, trick = replay.to_play, replay.trick_number
        forced = law50d1_forced(replay, held) == card   # the only legal card changes no total: never "parted"
        if corrected is not None and corrected.binds(replay):
            forced = corrected.law62c2_cards(replay, replay.legal_cards()) == [card]
            made = corrected.law62c2_penalty(replay, card)
            penalties = penalties if made is None else (*penalties, made)
        replay.play(card)
        after = double_dummy_value(replay, declarer, None, outstanding(replay, penalties), corrected)
        plays.append([trick, SEAT_LETTERS[seat], str(card), after, forced])
        if parted is None and after != value and not forced:
            parted = Parted(trick=trick, player=SEAT_LETTERS[seat], card=str(card), before=value, after=after)
        value = after
    return Representative(index=index, tricks=chosen.tricks, double_dummy_before=before, plays=plays, parted=parted,
                          ending_so=sum(1 for line in lines if line.tricks == chosen.tricks))


def _best_obeying(replay: Replay, declarer: Seat, held: tuple[Penalty, ...]) -> Card:
    """The double-dummy best card of the player to play, Law 50D obeyed (his penalty card where it binds him)."""
    forced = law50d1_forced(replay, held)
    if forced is not None:
        return forced
    return best_card(card_values(replay))   # tricks for the player to play's side
