"""Layouts of the cards a player cannot see, dealt at random consistently with his view.

Each unseen card goes to a hidden player who can still hold it (not void in its suit, room left), the
most constrained cards first (a revoke in the play shows a false void: when no layout fits the voids,
they are dropped); a layout that fits the auction (``view.HandShape``, over the player's
original hand: the cards dealt to him now plus those he has played) is kept. When the auction cannot be
met within the tries allowed, it is dropped and the cards seen and the voids alone decide: the play is
evidence, the auction a guess.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from revsim.cards import Card, Layout, Seat
from revsim.likely.view import View


def sample_layouts(view: View, count: int, rng: random.Random, tries_per_layout: int = 6) -> list[Layout]:
    """``count`` layouts of all four hands (the seen hands as they are) consistent with ``view``."""
    layouts: list[Layout] = []
    use_auction = bool(view.shapes)
    budget = count * tries_per_layout
    eligible = {suit: [seat for seat in view.hidden if suit not in view.voids.get(seat, ())] for suit in range(4)}
    by_suit: dict[int, list[Card]] = {suit: [] for suit in range(4)}
    for card in sorted(view.unseen):  # in card order: a set's own order depends on how it was built
        by_suit[card.suit].append(card)
    order = sorted((suit for suit in range(4) if by_suit[suit]), key=lambda suit: len(eligible[suit]))
    attempts = 0
    while len(layouts) < count:
        attempts += 1
        if attempts == 20 * count + 50:
            eligible = {suit: list(view.hidden) for suit in range(4)}
        if attempts > 60 * count + 100:
            raise ValueError("no layout fits the cards seen")
        dealt = _deal(view, rng, eligible, by_suit, order)
        if dealt is None:
            continue
        if use_auction and not _fits_auction(view, dealt):
            budget -= 1
            if budget <= 0:
                use_auction = False
            continue
        layouts.append(_layout(view, dealt))
    return layouts


def weighted_layouts(view: View, count: int, rng: random.Random, weight: Callable[[Layout], float],
                     pool: int = 4) -> list[Layout]:
    """``count`` layouts drawn in proportion to ``weight`` (how likely what was seen is on each layout, such
    as the opening lead from the leader's hand there) from ``pool`` times as many dealt at random: a
    systematic resample, seeded by ``rng``. When no layout has weight, the first ``count`` are kept."""
    candidates = sample_layouts(view, count * pool, rng)
    weights = [max(weight(layout), 0.0) for layout in candidates]
    total = sum(weights)
    if total <= 0:
        return candidates[:count]
    chosen: list[Layout] = []
    step = total / count
    mark = rng.random() * step
    cumulative = 0.0
    for layout, share in zip(candidates, weights, strict=True):
        cumulative += share
        while mark < cumulative and len(chosen) < count:
            chosen.append(layout)
            mark += step
    return chosen


def _deal(view: View, rng: random.Random, eligible: dict[int, list[Seat]], by_suit: dict[int, list[Card]],
          order: list[int]) -> dict[Seat, set[Card]] | None:
    """One random assignment of the unseen cards to the hidden players, voids respected (None if stuck):
    the suits fewest players can hold first, each card to an open seat in proportion to its room."""
    room = dict(view.hidden)
    hands: dict[Seat, set[Card]] = {seat: set() for seat in room}
    for suit in order:
        cards = by_suit[suit][:]
        rng.shuffle(cards)
        for card in cards:
            open_seats = [seat for seat in eligible[suit] if room[seat] > 0]
            total = sum(room[seat] for seat in open_seats)
            if not total:
                return None
            pick = rng.random() * total
            for seat in open_seats:
                pick -= room[seat]
                if pick < 0:
                    break
            hands[seat].add(card)
            room[seat] -= 1
    return hands


def _layout(view: View, dealt: dict[Seat, set[Card]]) -> Layout:
    """The four hands: those ``view`` sees as they are, the hidden ones as ``dealt``."""
    hands = [view.seen.get(seat, frozenset()) | frozenset(dealt.get(seat, ())) for seat in range(4)]
    return hands[0], hands[1], hands[2], hands[3]


def _fits_auction(view: View, dealt: dict[Seat, set[Card]]) -> bool:
    for seat, cards in dealt.items():
        shape = view.shapes.get(seat)
        original = frozenset(cards) | view.played_by.get(seat, frozenset())
        if shape is not None and len(original) == 13 and not shape.allows(original):
            return False
    return True


def bad_break_layouts(view: View, rng: random.Random, tries: int = 8) -> list[Layout]:
    """Layouts where one suit breaks as badly as it can: for each suit with two or more unseen cards that
    two hidden players could hold, and each of them, as many of its unseen cards as fit go to him, the
    other unseen cards dealt at random (voids respected). A bad break the auction rules out (no deal of
    the rest fits it in ``tries``) is not guarded against; when the auction rules out every one, it is not
    asked (its reading is at odds with the cards seen) and they all are."""
    fitting: list[Layout] = []
    unasked: list[Layout] = []
    for suit in range(4):
        cards = sorted(card for card in view.unseen if card.suit == suit)
        holders = [seat for seat in view.hidden if suit not in view.voids.get(seat, ())]
        if len(cards) < 2 or len(holders) < 2:
            continue
        for seat in holders:
            for attempt in range(tries if view.shapes else 1):
                dealt = _deal_with(view, rng, seat, cards[:view.hidden[seat]])
                if dealt is None:
                    break
                layout = _layout(view, dealt)
                if attempt == 0:
                    unasked.append(layout)
                if not view.shapes or _fits_auction(view, dealt):
                    fitting.append(layout)
                    break
    return fitting or unasked


def _deal_with(view: View, rng: random.Random, seat: Seat, given: list[Card]) -> dict[Seat, set[Card]] | None:
    """The unseen cards dealt at random (voids respected, a few tries) after ``given`` went to ``seat``."""
    rest = sorted(view.unseen - set(given))
    for _ in range(20):
        room = dict(view.hidden)
        room[seat] -= len(given)
        hands: dict[Seat, set[Card]] = {s: set() for s in room}
        hands[seat].update(given)
        shuffled = rest[:]
        rng.shuffle(shuffled)
        shuffled.sort(key=lambda card: sum(1 for s in room if card.suit not in view.voids.get(s, ())))
        for card in shuffled:
            open_seats = [s for s in room if room[s] > 0 and card.suit not in view.voids.get(s, ())]
            if not open_seats:
                break
            pick = rng.choices(open_seats, weights=[room[s] for s in open_seats])[0]
            hands[pick].add(card)
            room[pick] -= 1
        else:
            return hands
    return None
