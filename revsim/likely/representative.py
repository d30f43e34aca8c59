"""The play-outs shown to a committee: for a result, the most typical play-out that ends with it, card by card,
with declarer's side's double-dummy total after each card and the first card that parted from perfect play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Set

from revsim.cards import SEAT_LETTERS, Card, Seat
from revsim.likely.playout import PlayOut
from revsim.likely.solver import best_card, total_tricks
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
                            allowed: Set[Card] | None = None, tricks: int | None = None) -> dict[str, object]:
    """The most typical play-out (``typical_index``) that ends with ``tricks`` (by default the result the
    play-outs reached most often), shown card by card with declarer's side's double-dummy total after each
    card, the last tricks played double dummy as the play-outs value them, and the first card where it parted
    from double dummy (``parted``: the card that changed the double-dummy total, or None)."""
    if tricks is None:
        counts = Counter(line.tricks for line in lines)
        tricks = max(counts, key=lambda result: (counts[result], -result))
    index = typical_index(lines, tricks)
    chosen = lines[index]
    replay = position.copy()
    before = total_tricks(replay, declarer, allowed)[0]
    plays: list[list[object]] = []
    parted: dict[str, object] | None = None
    value, planned = before, list(chosen.cards)
    values: dict[Card, int] = {}
    while not replay.is_over:
        card = planned.pop(0) if planned else best_card(values)
        seat, trick = replay.to_play, replay.trick_number
        replay.play(card)
        after, values = total_tricks(replay, declarer)
        plays.append([trick, SEAT_LETTERS[seat], str(card), after])
        if parted is None and after != value:
            parted = {"trick": trick, "player": SEAT_LETTERS[seat], "card": str(card), "before": value, "after": after}
        value = after
    return {"index": index, "tricks": chosen.tricks, "double_dummy_before": before, "plays": plays, "parted": parted,
            "ending_so": sum(1 for line in lines if line.tricks == chosen.tricks)}
