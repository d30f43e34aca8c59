"""The no-infraction world of Law 64C: the play rebuilt at a revoke, a legal card in its place, and an estimate.

An estimator turns such a position into a distribution of declarer's side's tricks. ``dd`` (double
dummy) is the one revsim has: every legal card of the offender is a candidate with its double-dummy
value; ``best`` takes the offender's best card (a player following suit plays sensibly), ``uniform``
weighs every candidate equally. Beside the double-dummy line, a table-like line replays the rest of
the record while it still fits and solves from where it stops fitting.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from .cards import SEAT_NAMES, Card, Seat, side_of
from .detection import Revoke
from .replay import Play, Replay
from .solver import card_values, total_tricks

SUBSTITUTES = ("best", "uniform")


@dataclass(frozen=True)
class Candidate:
    """A legal card the offender could have played, with declarer's side's total tricks double dummy."""

    card: Card
    declarer_tricks: int


@dataclass(frozen=True)
class Line:
    """A line of play from the substitute card: its name, the recorded cards it kept, where it stopped, the result."""

    name: str
    cards: tuple[str, ...]
    stopped: str
    declarer_tricks: int


@dataclass(frozen=True)
class Estimate:
    """The likely result had a revoke not occurred: outcomes (declarer's side's tricks, weight) and the evidence."""

    estimator: str
    substitute: str
    trick: int
    seat: Seat
    revoke_card: Card
    suit_led: int | None
    candidates: tuple[Candidate, ...]
    chosen: tuple[Card, ...]
    outcomes: tuple[tuple[int, float], ...]
    lines: tuple[Line, ...]
    tricks_completed: int
    declarer_tricks_before: int

    @property
    def most_likely(self) -> int:
        """The outcome with the largest weight (the smaller trick count on a tie)."""
        return max(self.outcomes, key=lambda outcome: (outcome[1], -outcome[0]))[0]

    def offending_tricks_from_here(self, declarer_tricks: int, offending_side: int, declarer_side: int) -> int:
        """Tricks the offending side takes from this position on, in an outcome with ``declarer_tricks``."""
        from_here = declarer_tricks - self.declarer_tricks_before
        if offending_side == declarer_side:
            return from_here
        return (13 - self.tricks_completed) - from_here


class Estimator(Protocol):
    """Turns a position at a revoke into an Estimate."""

    name: str

    def estimate(self, position: Replay, revoke: Revoke, declarer: Seat, substitute: str,
                 recorded_rest: list[Play]) -> Estimate: ...


def position_before(replay: Replay, revoke: Revoke) -> tuple[Replay, list[Play]]:
    """The replay just before the revoke card, and the recorded cards after it."""
    index = next(i for i, play in enumerate(replay.plays) if (play.trick, play.seat) == (revoke.trick, revoke.seat))
    position = replay.copy()
    while len(position.plays) > index:
        position.undo()
    return position, replay.plays[index + 1:]


class DoubleDummyEstimator:
    """``dd``: the offender's legal cards valued double dummy by endplay's solver."""

    name = "dd"

    def estimate(self, position: Replay, revoke: Revoke, declarer: Seat, substitute: str,
                 recorded_rest: list[Play]) -> Estimate:
        """Candidates, outcomes and the two lines (double dummy, table-like) from ``position``."""
        if substitute not in SUBSTITUTES:
            raise ValueError(f"substitute must be one of {', '.join(SUBSTITUTES)}, not {substitute!r}")
        declarer_side = side_of(declarer)
        before = position.tricks_won(declarer_side)
        completed = position.tricks_won(0) + position.tricks_won(1)
        remaining = 13 - completed
        offender_is_declarer_side = side_of(position.to_play) == declarer_side
        values = card_values(position)
        if revoke.allowed:
            values = {card: value for card, value in values.items() if card in revoke.allowed} or values
        candidates = tuple(
            Candidate(card, before + (value if offender_is_declarer_side else remaining - value))
            for card, value in sorted(values.items(), key=lambda item: (item[0].suit, -item[0].rank))
        )
        if substitute == "best":
            pick = max if offender_is_declarer_side else min
            best_value = pick(c.declarer_tricks for c in candidates)
            chosen = tuple(c.card for c in candidates if c.declarer_tricks == best_value)
            outcomes: tuple[tuple[int, float], ...] = ((best_value, 1.0),)
        else:
            chosen = tuple(c.card for c in candidates)
            counts = Counter(c.declarer_tricks for c in candidates)
            outcomes = tuple((tricks, count / len(candidates)) for tricks, count in sorted(counts.items(), reverse=True))
        main_card = chosen[0]
        dd_value = next(c.declarer_tricks for c in candidates if c.card == main_card)
        lines = (
            Line("double dummy", (str(main_card),), "best play by all four hands from here", dd_value),
            table_like_line(position, main_card, recorded_rest, declarer),
        )
        return Estimate(self.name, substitute, revoke.trick, revoke.seat, revoke.card, revoke.suit_led, candidates, chosen,
                        outcomes, lines, completed, before)


def table_like_line(position: Replay, substitute: Card, recorded_rest: list[Play], declarer: Seat) -> Line:
    """Play ``substitute``, then the recorded cards while each is still held and legal, then solve from there."""
    line = position.copy()
    line.play(substitute)
    kept = [str(substitute)]
    stopped = "the record ends"
    for play in recorded_rest:
        if line.is_over:
            break
        if play.seat != line.to_play:
            stopped = (f"trick {line.trick_number}: {SEAT_NAMES[line.to_play]} is on play, "
                       f"but the record has {SEAT_NAMES[play.seat]}'s {play.card}")
            break
        if play.card not in line.legal_cards():
            stopped = (f"trick {line.trick_number}: {SEAT_NAMES[play.seat]}'s {play.card} "
                       + ("is no longer held" if play.card not in line.hand(play.seat) else "would not follow suit"))
            break
        line.play(play.card)
        kept.append(str(play.card))
    if not line.is_over:
        stopped += "; double dummy from there"
    return Line("table-like", tuple(kept), stopped, total_tricks(line, declarer)[0])


ESTIMATORS: dict[str, Estimator] = {"dd": DoubleDummyEstimator()}
