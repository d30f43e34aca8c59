"""What a player knows when he chooses a card: his hand, dummy once the opening lead is faced, every card
played, the suits each player has shown out of, and what the auction said.

The auction is read simply, as most pairs play (no partnership agreements are known): for each player,
a range of high-card points (A=4, K=3, Q=2, J=1) and a least length per suit, over his original 13 cards.

- An opening bid (the first bid of the auction): one of a suit 11-21 points and 4 cards in it (3 in a
  minor); 1NT 15-17; 2C 22+; two of another suit 5-10 and 6 cards; 2NT 20-21; three of a suit or higher
  5-10 and 7 cards.
- A pass before anyone has bid: at most 11 points.
- A player's first bid after an opening: in a suit, at least 6 points and 4 cards (an overcall, 5 cards
  and 8-17 points at the one or two level); in notrump, at least 6 points.
- A raise of partner's suit: 3 cards in it. Doubles, redoubles and later bids say nothing here.

Each rule has a name (``RULES``); a level keeps only the rules real hands of its fitting events fit often
enough (``calibration/bench_likely.py --auction-fit``). Every constraint is a floor or a ceiling a sampled
hand must meet; when the sampler cannot meet them all it drops the auction (``sampling.sample_layouts``),
never the cards seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from revsim.cards import NOTRUMP, Card, Seat, next_seat, partner
from revsim.play.replay import Replay
from revsim.records.auction import contract_from_auction, normalise_call
from revsim.records.record import Record

HCP = {14: 4, 13: 3, 12: 2, 11: 1}
RULES = ("pass before an opening", "opening 1NT", "opening 2NT", "opening 3NT", "opening one of a major",
         "opening one of a minor", "opening 2C", "opening weak two", "opening pre-empt", "first bid in notrump",
         "raise of partner's suit", "overcall", "new suit")
"""The names of the auction's rules, as ``read_auction_rules`` gives them."""


@dataclass(frozen=True)
class HandShape:
    """What the auction says of one player's original hand: points and least suit lengths; and the suits he
    named (a fact of the auction whatever rules are read: the opening leader's partner's suits)."""

    min_points: int = 0
    max_points: int = 37
    min_length: tuple[int, int, int, int] = (0, 0, 0, 0)
    named: frozenset[int] = frozenset()

    def allows(self, hand: frozenset[Card]) -> bool:
        """Whether a whole 13-card hand fits."""
        return not self.misfit(hand)

    def misfit(self, hand: frozenset[Card]) -> str:
        """Why a whole 13-card hand does not fit ('more points', 'fewer points', 'a suit shorter'), or ''."""
        points = sum(HCP.get(card.rank, 0) for card in hand)
        if points > self.max_points:
            return "more points"
        if points < self.min_points:
            return "fewer points"
        if any(sum(1 for card in hand if card.suit == suit) < least for suit, least in enumerate(self.min_length)):
            return "a suit shorter"
        return ""


def _with_length(shape: HandShape, suit: int, least: int) -> HandShape:
    lengths = list(shape.min_length)
    lengths[suit] = max(lengths[suit], least)
    return HandShape(shape.min_points, shape.max_points, (lengths[0], lengths[1], lengths[2], lengths[3]), shape.named)


def read_auction(calls: list[str], dealer: Seat | None, kept: frozenset[str] | None = None) -> dict[Seat, HandShape]:
    """Each player's HandShape from the auction (see the module's rules); an empty dict when it is unknown.
    ``kept``: only the rules of these names are read (a level keeps those real hands fit; None: all)."""
    return read_auction_rules(calls, dealer, kept)[0]


def record_auction(record: Record, kept: frozenset[str] | None = None) -> dict[Seat, HandShape]:
    """The players' HandShapes from a record's auction, when that auction ends in the record's contract
    (level, strain, doubles and declarer). An auction that ends elsewhere belongs to another table or was
    misrecorded: what it says of these hands is not read (in the championship records of the corpus, such
    auctions fit the hands' points and lengths under 10% of the time, against close to 90%)."""
    if not record.auction or record.contract is None or record.dealer is None:
        return {}
    try:
        ended = contract_from_auction(record.auction, record.dealer)
    except ValueError:
        return {}
    if ended != record.contract:
        return {}
    return read_auction(record.auction, record.dealer, kept)


def read_auction_rules(calls: list[str], dealer: Seat | None, kept: frozenset[str] | None = None,
                       ) -> tuple[dict[Seat, HandShape], dict[Seat, list[str]]]:
    """Each player's HandShape from the auction, and the names of the rules that made it (a benchmark checks
    each rule against real hands); a rule not in ``kept`` is named but says nothing."""
    rules: dict[Seat, list[str]] = {seat: [] for seat in range(4)}
    if not calls or dealer is None:
        return {}, rules
    try:
        calls = [normalise_call(call) for call in calls if call.strip() not in ("", "-")]
    except ValueError:
        return {}, rules
    shapes = {seat: HandShape() for seat in range(4)}
    opened = False
    has_bid: set[Seat] = set()
    named: dict[Seat, set[int]] = {seat: set() for seat in range(4)}
    seat = dealer
    for call in calls:
        if call == "AP":
            break
        if call == "P" and not opened:
            if kept is None or "pass before an opening" in kept:
                shapes[seat] = HandShape(0, min(shapes[seat].max_points, 11), shapes[seat].min_length)
            rules[seat].append("pass before an opening")
        elif call not in ("P", "X", "XX") and seat not in has_bid:
            level, strain = int(call[0]), (NOTRUMP if call[1:] == "NT" else "SHDC".index(call[1]))
            shape, rule = _first_bid(shapes[seat], level, strain, opened, strain in named[partner(seat)],
                                     overcall=opened and not has_bid & {partner(seat)} and _opponents_opened(has_bid, seat))
            if kept is None or rule in kept:
                shapes[seat] = shape
            rules[seat].append(rule)
            opened = True
            has_bid.add(seat)
            if strain != NOTRUMP:
                named[seat].add(strain)
        elif call not in ("P", "X", "XX"):
            strain = NOTRUMP if call[1:] == "NT" else "SHDC".index(call[1])
            if strain != NOTRUMP:
                named[seat].add(strain)
        seat = next_seat(seat)
    return {seat: replace(shape, named=frozenset(named[seat])) for seat, shape in shapes.items()}, rules


def _opponents_opened(has_bid: set[Seat], seat: Seat) -> bool:
    return any(other % 2 != seat % 2 for other in has_bid)


def _first_bid(shape: HandShape, level: int, strain: int, opened: bool, raises_partner: bool,
               overcall: bool) -> tuple[HandShape, str]:
    """The HandShape a player's first bid gives (see the module's rules), and the rule's name."""
    if not opened:
        if strain == NOTRUMP:
            points = {1: (15, 17), 2: (20, 21)}.get(level, (15, 37) if level >= 3 else (15, 17))
            return HandShape(points[0], points[1], shape.min_length), f"opening {min(level, 3)}NT"
        if level == 1:
            return (_with_length(HandShape(11, 21, shape.min_length), strain, 4 if strain in (0, 1) else 3),
                    "opening one of a major" if strain in (0, 1) else "opening one of a minor")
        if level == 2 and strain == 3:
            return HandShape(22, 37, shape.min_length), "opening 2C"
        if level == 2:
            return _with_length(HandShape(5, 10, shape.min_length), strain, 6), "opening weak two"
        return _with_length(HandShape(5, 10, shape.min_length), strain, 7), "opening pre-empt"
    if strain == NOTRUMP:
        return HandShape(6, 37, shape.min_length), "first bid in notrump"
    if raises_partner:
        return _with_length(HandShape(6, 37, shape.min_length), strain, 3), "raise of partner's suit"
    if overcall and level <= 2:
        return _with_length(HandShape(8, 17, shape.min_length), strain, 5), "overcall"
    return _with_length(HandShape(6, 37, shape.min_length), strain, 4), "new suit"


@dataclass(frozen=True)
class View:
    """What ``seat`` knows at a decision: the cards he sees, the cards he does not and where they may be."""

    seat: Seat
    seen: dict[Seat, frozenset[Card]]
    hidden: dict[Seat, int]
    unseen: frozenset[Card]
    voids: dict[Seat, frozenset[int]]
    played_by: dict[Seat, frozenset[Card]] = field(default_factory=dict)
    shapes: dict[Seat, HandShape] = field(default_factory=dict)


def player_view(replay: Replay, deciding: Seat, declarer: Seat, shapes: dict[Seat, HandShape] | None = None,
                reads_hands: bool = False) -> View:
    """The view of ``deciding`` (declarer decides for dummy) in the replay's current position.

    Dummy is seen by everyone once the opening lead is faced (after the first card of the play). A player
    who did not follow to a suit led has none of it left (a revoke in the record can mislead, as it would
    mislead the players). ``reads_hands``: a defender who reads his partner's hand (``Policy.defence_sight``)
    sees it too, and declarer who reads the defenders' (a player model's ``declarer_sight``) sees his left-hand
    opponent's, which leaves his right-hand opponent's known."""
    dummy = partner(declarer)
    seer = declarer if deciding == dummy else deciding
    visible = {seer} | ({dummy} if replay.lead_faced else set())
    if reads_hands:
        visible.add(partner(seer) if seer not in (declarer, dummy) else next_seat(declarer))
    seen = {seat: frozenset(replay.hand(seat)) for seat in visible}
    hidden = {seat: len(replay.hand(seat)) for seat in range(4) if seat not in visible}
    unseen = frozenset(card for seat in hidden for card in replay.hand(seat))
    voids: dict[Seat, set[int]] = {seat: set() for seat in range(4)}
    played_by: dict[Seat, set[Card]] = {seat: set() for seat in range(4)}
    for play in replay.plays:
        played_by[play.seat].add(play.card)
        if play.led_suit is not None and play.card.suit != play.led_suit:
            voids[play.seat].add(play.led_suit)
    return View(seer, seen, hidden, unseen, {seat: frozenset(suits) for seat, suits in voids.items()},
                {seat: frozenset(cards) for seat, cards in played_by.items()}, shapes or {})
