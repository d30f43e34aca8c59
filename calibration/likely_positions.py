"""The real positions bench_likely.py fits and scores the likely-result estimators on: every position after
1, 3 and 6 tricks of a level's legal records with a known result, split between fitting and scoring events,
sampled by cut, with double dummy's result; and the auction's rules checked against the hands they read."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace

from corpus_records import CORPUS, clean_replay, event_of, is_fitting, level_records

from revsim.cards import Card
from revsim.likely.levels import CUTS, Level
from revsim.likely.predict import position_after
from revsim.likely.sd import Likely, likely_tricks
from revsim.likely.solver import total_tricks
from revsim.likely.view import HandShape, read_auction, read_auction_rules, record_auction
from revsim.records.record import Record


@dataclass
class Position:
    record: Record
    cut: int
    actual: int
    event: str
    source: str = ""
    index: int = 0
    dd: int = 0

    @property
    def target(self) -> int:
        """The tricks declarer's side needs for its contract."""
        assert self.record.contract is not None
        return self.record.contract.tricks_needed


def collect(level: str) -> list[Position]:
    """Every position after 1, 3 and 6 tricks of the level's legal records with a known result."""
    positions = []
    for file, index, item in level_records(level):
        if not item.play:
            continue
        table = clean_replay(item)
        if table is None:
            continue
        played = len(table.replay.tricks)
        for cut in CUTS:
            if played >= cut or (table.claimed and len(table.replay.plays) >= 4 * cut):
                positions.append(Position(replace(item, notes=[]), cut, table.declarer_tricks, event_of(file, item),
                                          str(file.relative_to(CORPUS)), index))
    return positions


def split(positions: list[Position]) -> tuple[list[Position], list[Position]]:
    """Fitting and scoring positions, by a stable hash of the event: no event on both sides."""
    return [p for p in positions if is_fitting(p.event)], [p for p in positions if not is_fitting(p.event)]


def rules_alone(record: Record) -> Iterator[tuple[str, HandShape, frozenset[Card]]]:
    """Each rule of the auction's reading with the shape it alone gives a seat it read, and that seat's 13
    cards (nothing for an auction that does not end in the record's contract: it is not read)."""
    if not record_auction(record):
        return
    _, rules = read_auction_rules(record.auction, record.dealer)
    for rule in {rule for named in rules.values() for rule in named}:
        alone = read_auction(record.auction, record.dealer, frozenset({rule}))
        for seat, named in rules.items():
            if rule in named and len(record.hands[seat]) == 13:
                yield rule, alone[seat], frozenset(record.hands[seat])


def auction_rules_kept(level: str, threshold: float) -> tuple[frozenset[str], dict[str, tuple[int, float]]]:
    """The auction's rules that real hands of the level's fitting events fit at least ``threshold`` of the
    time, each rule checked alone; with every rule's (hands, fit) to print."""
    hands: Counter[str] = Counter()
    fit: Counter[str] = Counter()
    for file, _, record in level_records(level):
        if is_fitting(event_of(file, record)):
            for rule, shape, hand in rules_alone(record):
                hands[rule] += 1
                fit[rule] += shape.allows(hand)
    rates = {rule: (hands[rule], fit[rule] / hands[rule]) for rule in hands}
    return frozenset(rule for rule, (_, rate) in rates.items() if rate >= threshold), rates


def sample(positions: list[Position], per_cut: int, rng: random.Random) -> list[Position]:
    chosen = []
    for cut in CUTS:
        at_cut = [p for p in positions if p.cut == cut]
        rng.shuffle(at_cut)
        chosen += at_cut[:per_cut]
    return chosen


@dataclass(frozen=True)
class Drawn:
    """The positions of a level that bench_likely.py draws: ``fitting`` and ``scoring`` (every position of the
    fitting and of the scoring events), ``for_errors`` (fitting positions the blind part's errors are counted
    on), ``for_model`` (those of them the play model and the blend are fitted on) and ``held_out`` (scoring
    positions every figure is scored on); the drawn ones with double dummy's result."""

    fitting: list[Position]
    scoring: list[Position]
    for_errors: list[Position]
    for_model: list[Position]
    held_out: list[Position]


def draw(level: str, fit: int, score: int, seed: int, for_errors: int = 400) -> Drawn:
    """The level's positions drawn with ``seed``: ``for_errors`` fitting positions per cut, ``fit`` of them per
    cut for the model and ``score`` scoring positions per cut."""
    rng = random.Random(seed)
    fitting, scoring = split(collect(level))
    errors = sample(fitting, for_errors, rng)
    add_dd(errors)
    model = sample(errors, fit, rng)
    held_out = sample(scoring, score, rng)
    add_dd(held_out)
    return Drawn(fitting, scoring, errors, model, held_out)


def add_dd(positions: list[Position]) -> None:
    for position in positions:
        assert position.record.contract is not None
        position.dd = total_tricks(position_after(position.record, position.cut), position.record.contract.declarer)[0]


def estimate(position: Position, level: Level, seed: int) -> Likely:
    """The level's sd estimate of a position, as ``revsim`` makes it: from the record's play after the cut,
    the players reading the auction the level reads and weighing the contract's target."""
    record = position.record
    assert record.contract is not None
    return likely_tricks(position_after(record, position.cut), record.contract.declarer,
                         record_auction(record, level.auction_rules), level, seed, target=record.contract.tricks_needed)
