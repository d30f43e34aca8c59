"""What a player reads from the cards a defender has played: signals and the reading of the defence, as the
likelihood of the cards played on each layout (the layouts are then weighed by it, ``sampling.weighted_layouts``).

How a defender is taken to choose among the cards he may play, when his card does not take the lead in the
trick (a card that does is played to win, and only equals are read in it):

- **Equals** (a sequence in his hand, no card between them still out) are played at random: a card from k
  equals has chance 1/k. This is restricted choice: a queen dropped under the ace is twice as likely from a
  singleton queen as from queen-jack.
- **Attitude** on his partner's lead, the first time the suit is led, and on his first discard: a card above
  his lowest encourages, and he encourages when he holds the ace, king or queen of the suit.
- **Count** on declarer's (or dummy's) lead, the first time the suit is led: a card above his lowest from an
  even number of cards, his lowest from an odd number.
- **An honour followed**: an honour (jack or higher) played when he held a lower card is rare (``falsecard``):
  a defender who follows with an honour has no small card left, as declarer reads him.

A signal tells the truth with chance ``honesty``. Other spot cards (later rounds of a suit) are read for
equals and honours only. Declarer's own cards are not read: declarers falsecard freely.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from corpus_records import read_fitted

from revsim.cards import Card, Layout, Seat, partner, trick_winner
from revsim.play.replay import Play

JACK = 11
ATTITUDE_HONOURS = (12, 13, 14)
"""Holding one of these (queen, king, ace) in a suit, a defender encourages it."""


@dataclass(frozen=True)
class Carding:
    """How honest the defenders' signals are and how often a defender follows with an honour he did not need to."""

    honesty: float = 0.8
    falsecard: float = 0.1


@cache
def load_carding(level: str) -> Carding:
    """A level's carding as fitted on its corpus's fitting events (``carding.json``, written by
    ``calibration/bench_carding.py --write``)."""
    data = read_fitted("carding.json")
    if level not in data:
        raise ValueError(f"carding.json has no level {level!r}")
    return Carding(float(data[level]["honesty"]), float(data[level]["falsecard"]))


@dataclass(frozen=True)
class Reading:
    """One card a defender played, as a reader sees it: who, the card, the suit it tells about, what it
    signals (``attitude``, ``count`` or ``""``), whether it took the lead in its trick, the cards of that suit
    gone in earlier tricks (to tell equals), and his own cards of that suit played after it (known to all)."""

    seat: Seat
    card: Card
    signal: str
    wins: bool
    gone: frozenset[int]
    later: frozenset[Card]


def readings(plays: Sequence[Play], declarer: Seat, trump: int, readers_hidden: Sequence[Seat]) -> list[Reading]:
    """The defenders' cards a player reads: every card played by a defender among ``readers_hidden`` (the
    hands the reader cannot see), in the order played, except his leads (the opening lead has its own model)
    and his ruffs."""
    dummy = partner(declarer)
    readers = [seat for seat in readers_hidden if seat not in (declarer, dummy)]
    led_before: set[int] = set()
    discarded: set[Seat] = set()
    gone: dict[int, set[int]] = {suit: set() for suit in range(4)}
    trick: list[tuple[Seat, Card]] = []
    found: list[Reading] = []
    for index, play in enumerate(plays):
        if play.led_suit is None:
            trick = []
        led = play.led_suit if play.led_suit is not None else play.card.suit
        if play.seat in readers and play.led_suit is not None and (play.card.suit == led or play.card.suit != trump):
            signal = _signal(play, trick, led, led_before, discarded, declarer)
            if play.card.suit != led:
                discarded.add(play.seat)
            wins = trick_winner(trick + [(play.seat, play.card)], trump) == play.seat
            later = frozenset(other.card for other in plays[index + 1:]
                              if other.seat == play.seat and other.card.suit == play.card.suit)
            found.append(Reading(play.seat, play.card, signal, wins, frozenset(gone[play.card.suit]), later))
        trick = trick + [(play.seat, play.card)]
        if len(trick) == 4:
            for _, card in trick:
                gone[card.suit].add(card.rank)
            led_before.add(led)
            trick = []
    return found


def _signal(play: Play, trick: list[tuple[Seat, Card]], led: int, led_before: set[int], discarded: set[Seat],
            declarer: Seat) -> str:
    if play.card.suit != led:
        return "attitude" if play.seat not in discarded else ""
    if led in led_before or not trick:
        return ""
    leader = trick[0][0]
    return "attitude" if leader == partner(play.seat) else "count" if leader in (declarer, partner(declarer)) else ""


def likelihood(carding: Carding, reading: Reading, holding: frozenset[int]) -> float:
    """The chance the defender played ``reading.card`` from ``holding`` (the ranks of that suit he held then,
    the card included) under the module's carding."""
    ranks = sorted(holding)
    classes = equal_groups(ranks, reading.gone)
    mine = next(number for number, group in enumerate(classes) if reading.card.rank in group)
    share = 1 / len(classes[mine])
    if reading.wins or len(classes) == 1:
        return share
    spots = sum(1 for group in classes[1:] if max(group) < JACK)
    high = _chance_high(carding, reading.signal, ranks)
    weights = [1 - high if spots else 1.0] + [high / spots if max(group) < JACK else carding.falsecard
                                              for group in classes[1:]]
    return share * weights[mine] / sum(weights)


def _chance_high(carding: Carding, signal: str, ranks: list[int]) -> float:
    """The chance of a card above his lowest spot, as his signal says (0.5 when he signals nothing)."""
    if signal == "attitude":
        likes = any(rank in ATTITUDE_HONOURS for rank in ranks)
        return carding.honesty if likes else 1 - carding.honesty
    if signal == "count":
        return carding.honesty if len(ranks) % 2 == 0 else 1 - carding.honesty
    return 0.5


def equal_groups(ranks: list[int], gone: frozenset[int]) -> list[list[int]]:
    """``ranks`` (ascending) in groups of equals: no rank between neighbours still out (``gone``: played)."""
    groups: list[list[int]] = []
    for rank in ranks:
        if groups and all(between in gone for between in range(groups[-1][-1] + 1, rank)):
            groups[-1].append(rank)
        else:
            groups.append([rank])
    return groups


def carding_weight(carding: Carding, read: list[Reading]) -> Callable[[Layout], float] | None:
    """The likelihood of the defenders' cards ``read`` on a layout (the cards each seat still holds), or None
    when there is nothing to read. Holdings repeat across layouts: each is valued once."""
    if not read:
        return None
    fixed = [frozenset(card.rank for card in reading.later) | {reading.card.rank} for reading in read]
    known: dict[tuple[int, frozenset[int]], float] = {}

    def weight(layout: Layout) -> float:
        held: dict[Seat, list[list[int]]] = {}
        product = 1.0
        for number, reading in enumerate(read):
            if reading.seat not in held:
                held[reading.seat] = [[], [], [], []]
                for card in layout[reading.seat]:
                    held[reading.seat][card.suit].append(card.rank)
            key = (number, fixed[number].union(held[reading.seat][reading.card.suit]))
            value = known.get(key)
            if value is None:
                value = known[key] = likelihood(carding, reading, key[1])
            product *= value
        return product

    return weight
