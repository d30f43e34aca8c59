"""Double-dummy traces: declarer's side's tricks, double dummy, before and after every card of a line.

The table line is the play as recorded; the no-infraction line starts at the revoke with the
substitute card, follows the table-like line while the record fits, and then the double-dummy best
play to the end (ties broken by the order of the cards, so the line is deterministic).
"""

from __future__ import annotations

from dataclasses import dataclass

from revsim.cards import Card
from revsim.equity.ruling import BoardRuling
from revsim.likely.solver import best_card, total_tricks
from revsim.likely.worlds import Estimate, position_before
from revsim.play.replay import Replay


@dataclass(frozen=True)
class Trace:
    """A line of play and declarer's side's double-dummy total after each of its cards.

    ``start`` is the number of cards played before the line's first card; ``values[0]`` is the value
    before its first card, ``values[i]`` after its i-th card.
    """

    name: str
    start: int
    cards: tuple[str, ...]
    values: tuple[int, ...]


def table_trace(ruling: BoardRuling) -> Trace:
    """The recorded play, card by card, with the double-dummy value before and after each card."""
    record = ruling.record
    assert record.contract is not None
    declarer = record.contract.declarer
    table = ruling.table.replay
    replay = Replay(table.initial_hands, table.trump, record.opening_leader, table.first_trick, table.tricks_before)
    values = [total_tricks(replay, declarer)[0]]
    for play in table.plays:
        replay.play(play.card, play.seat, play.led_out_of_turn)
        values.append(total_tricks(replay, declarer)[0])
    return Trace("table", 0, tuple(str(play.card) for play in table.plays), tuple(values))


def no_infraction_trace(ruling: BoardRuling, estimate: Estimate) -> Trace:
    """From the revoke: the substitute card, the table-like line while it fits, then double-dummy best play."""
    record = ruling.record
    assert record.contract is not None
    declarer = record.contract.declarer
    revoke = next(r for r in ruling.revokes if (r.trick, r.seat) == (estimate.trick, estimate.seat))
    position, _ = position_before(ruling.table.replay, revoke)
    start = len(position.plays)
    value, choices = total_tricks(position, declarer)
    values = [value]
    table_like = next((line for line in estimate.lines if line.name == "table-like"), None)
    planned = [Card.parse(text) for text in table_like.cards] if table_like else [estimate.chosen[0]]
    cards: list[str] = []
    while not position.is_over:
        card = planned.pop(0) if planned else best_card(choices)
        position.play(card)
        cards.append(str(card))
        value, choices = total_tricks(position, declarer)
        values.append(value)
    return Trace("no infraction", start, tuple(cards), tuple(values))
