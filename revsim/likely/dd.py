"""The ``dd`` estimator: the offender's legal cards valued double dummy by endplay's solver.

Double-dummy play sees all four hands: an upper bound on skilful play. ``best`` takes the offender's
best card (a player following suit plays sensibly), ``uniform`` weighs every candidate equally.
"""

from __future__ import annotations

from collections import Counter

from revsim.cards import SEAT_NAMES, Seat, side_of
from revsim.laws.detection import Revoke
from revsim.likely.evidence import DdEvidence
from revsim.likely.penalty import law50d_card_values, law62c2_corrected_trick, penalties_in_play
from revsim.likely.solver import card_values, side_total, total_tricks
from revsim.likely.worlds import SUBSTITUTES, Candidate, Estimate, Likelihood, Line, table_like_line
from revsim.play.replay import Play, Replay
from revsim.records.facts import PenaltyCard


class DoubleDummyEstimator:
    """``dd``: the offender's legal cards valued double dummy by endplay's solver; where major penalty cards are
    on the table in the world rebuilt (``penalty.penalties_in_play``: the record's, and a defender's revoke card
    once a correction makes it one), the play that follows obeys Law 50D (``penalty.law50d_card_values``)."""

    name = "dd"

    def __init__(self, penalty_cards: tuple[PenaltyCard, ...] = (), substitute: str = "best") -> None:
        if substitute not in SUBSTITUTES:
            raise ValueError(f"substitute must be one of {', '.join(SUBSTITUTES)}, not {substitute!r}")
        self.penalty_cards = penalty_cards
        """The record's major penalty cards (Law 50), each from its trick on."""
        self.substitute = substitute
        """The offender's card in the world without the revoke: ``best`` (his double-dummy best) or ``uniform``."""

    def estimate(self, position: Replay, revoke: Revoke, declarer: Seat, recorded_rest: list[Play]) -> Estimate:
        """Candidates, outcomes and the two lines (double dummy, table-like) from ``position``."""
        substitute = self.substitute
        if substitute not in SUBSTITUTES:
            raise ValueError(f"substitute must be one of {', '.join(SUBSTITUTES)}, not {substitute!r}")
        declarer_side = side_of(declarer)
        before = position.tricks_won(declarer_side)
        completed = position.tricks_won(0) + position.tricks_won(1)
        offender_is_declarer_side = side_of(position.to_play) == declarer_side
        penalties = penalties_in_play(position, declarer, revoke, self.penalty_cards)
        corrected = law62c2_corrected_trick(revoke, declarer, recorded_rest)
        searched = (law50d_card_values(position, declarer, penalties, revoke.allowed, corrected)
                    if penalties or corrected else None)
        if searched is not None:
            totals = searched
        else:
            values = card_values(position)
            if revoke.allowed:
                values = {card: value for card, value in values.items() if card in revoke.allowed} or values
            totals = {card: side_total(position, declarer, value) for card, value in values.items()}
        candidates = tuple(Candidate(card, tricks)
                           for card, tricks in sorted(totals.items(), key=lambda item: (item[0].suit, -item[0].rank)))
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
        how = "best play by all four hands from here"
        if penalties:
            cards = " and ".join(f"{SEAT_NAMES[p.seat]}'s {p.card}" for p in penalties)
            how += (f", {cards} played as Law 50D requires" if searched is not None else
                    f"; {cards}, a major penalty card, could not be followed that far by an exact search: valued "
                    "as if it could be kept (Law 50D1 not enforced here)")
        lines = (
            Line("double dummy", (str(main_card),), how, dd_value),
            table_like_line(position, main_card, recorded_rest, declarer),
        )
        return Estimate(self.name, substitute, revoke.trick, revoke.seat, revoke.card, revoke.suit_led, candidates, chosen,
                        outcomes, lines, completed, before)

    def likely(self, position: Replay, declarer: Seat) -> Likelihood:
        """Declarer's side's total tricks with best play by all four hands from ``position``."""
        tricks = total_tricks(position, declarer)[0]
        return Likelihood(((tricks, 1.0),), DdEvidence(tricks))
