"""The no-infraction world of Law 64C: the play rebuilt at a revoke, a legal card in its place, and an estimate.

An estimator (one module each, registered in ``estimators.py``) turns such a position into a
distribution of declarer's side's tricks with the evidence behind it. Beside an estimator's own line,
a table-like line replays the rest of the record while it still fits and solves from where it stops
fitting.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from revsim.cards import SEAT_NAMES, Card, Seat
from revsim.laws.detection import Revoke
from revsim.likely.evidence import Evidence
from revsim.likely.solver import total_tricks
from revsim.play.replay import Play, Replay

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
    evidence: Evidence | None = None

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


@dataclass(frozen=True)
class Likelihood:
    """Declarer's side's final tricks from a position with no revoke to mend, most likely first, and what the
    estimator read to say so (JSON data: ``predict --json`` shows it)."""

    outcomes: tuple[tuple[int, float], ...]
    evidence: Evidence | None = None


class Estimator(Protocol):
    """Turns a position at a revoke into an Estimate."""

    name: str

    def estimate(self, position: Replay, revoke: Revoke, declarer: Seat, recorded_rest: list[Play]) -> Estimate: ...

    def likely(self, position: Replay, declarer: Seat) -> Likelihood:
        """Declarer's side's final tricks from a position with no revoke to mend, with the evidence."""
        ...


@runtime_checkable
class ShowsReplays(Protocol):
    """An estimator that can also show the most typical play-out of its estimate from a position (``sd``)."""

    def likely_shown(self, position: Replay, declarer: Seat) -> Likelihood:
        """As ``Estimator.likely``, with ``representative`` and ``play_out_count`` in the evidence."""
        ...


class Form(Protocol):
    """How a director writes a weighted score from an estimate: the results kept and their weights, for the side
    the estimate favours (declarer's when ``favours_more``, the defenders' when False, neither when None). The
    judgement gives it (``equity.law84.FormStandard``); an estimator that samples only asks it, never knows it."""

    @property
    def competent_defence(self) -> bool:
        """Whether a result only a defender's slip reaches is left out (``competent.law12c1c_competent_defence``)."""
        ...

    def form(self, distribution: Sequence[tuple[int, float]], favours_more: bool | None
             ) -> tuple[tuple[int, float], ...]:
        """The results kept and their weights."""
        ...


@runtime_checkable
class Settles(Protocol):
    """An estimator that samples: it can sample until the form a director writes from its estimate (``Form``)
    no longer depends on the sampling."""

    def settling(self, standard: Form) -> Estimator:
        """The same estimator, sampling until its estimate's form under ``standard`` is settled."""
        ...


def position_before(replay: Replay, revoke: Revoke) -> tuple[Replay, list[Play]]:
    """The replay just before the revoke card, and the recorded cards after it."""
    index = next(i for i, play in enumerate(replay.plays) if (play.trick, play.seat) == (revoke.trick, revoke.seat))
    position = replay.copy()
    while len(position.plays) > index:
        position.undo()
    return position, replay.plays[index + 1:]


def table_like_line(position: Replay, substitute: Card, recorded_rest: list[Play], declarer: Seat) -> Line:
    """Play ``substitute``, then the recorded cards while each is still held and legal, then solve from there."""
    followed = follow_record(position, substitute, recorded_rest)
    stopped = followed.stopped + ("" if followed.position.is_over else "; double dummy from there")
    return Line("table-like", followed.cards, stopped, total_tricks(followed.position, declarer)[0])


@dataclass(frozen=True)
class Followed:
    """The record followed from a substitute card: the recorded cards kept (``cards``), where and why it
    stopped, the position there, and whether it played every standing revoke (``reached``)."""

    cards: tuple[str, ...]
    stopped: str
    position: Replay
    reached: bool


def follow_record(position: Replay, substitute: Card, recorded_rest: list[Play],
                  standing: Set[tuple[int, Seat]] = frozenset(), through_trick: int = 13) -> Followed:
    """Play ``substitute``, then the recorded cards while each is still held and legal, the revokes in
    ``standing`` (trick, seat) played as they were, to the end of ``through_trick`` (or of the record)."""
    line = position.copy()
    line.play(substitute)
    kept = [str(substitute)]
    stopped = "the record ends" if through_trick >= 13 else f"the end of trick {through_trick}"
    for play in recorded_rest:
        if line.is_over or line.trick_number > through_trick:
            break
        held = play.card in line.hand(play.seat)
        if play.seat != line.to_play:
            stopped = (f"trick {line.trick_number}: {SEAT_NAMES[line.to_play]} is on play, "
                       f"but the record has {SEAT_NAMES[play.seat]}'s {play.card}")
            break
        if not held or (play.card not in line.legal_cards() and (play.trick, play.seat) not in standing):
            stopped = (f"trick {line.trick_number}: {SEAT_NAMES[play.seat]}'s {play.card} "
                       + ("is no longer held" if not held else "would not follow suit"))
            break
        line.play(play.card)
        kept.append(str(play.card))
    played = {(play.trick, play.seat) for play in line.plays}
    return Followed(tuple(kept), stopped, line, standing <= played)
