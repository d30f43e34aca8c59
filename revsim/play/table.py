"""What happened at the table: a record replayed card by card, and the claim that ended it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from revsim.cards import SEAT_NAMES, side_of
from revsim.play.replay import Replay
from revsim.records.claim import ClaimStatus
from revsim.records.errors import PlayError, RecordError, plural
from revsim.records.record import PlayedCard, Record


@dataclass
class TablePlay:
    """The replayed play and the table result.

    ``claimed`` is True when a claim or concession ended the play; ``claim_tricks`` is what it gave
    each side (North-South, East-West) of the tricks not played. ``declarer_tricks`` is the table result.
    """

    record: Record
    replay: Replay
    claimed: bool
    claim_tricks: tuple[int, int]
    declarer_tricks: int

    @property
    def declarer_side(self) -> int:
        """0 when North-South declared, 1 for East-West."""
        assert self.record.contract is not None
        return side_of(self.record.contract.declarer)


def replay_record(record: Record) -> TablePlay:
    """Replay a record's play card by card and work out the table result; RecordError if it cannot be done."""
    return table_result(record, replay_cards(record))


def replay_cards(record: Record, notes: list[str] | None = None) -> Replay:
    """Replay a record's cards in the order played; RecordError names the line, trick and card of a bad one.
    What the replay notices about the record (a last trick left unfinished) is added to ``notes``."""
    if record.contract is None:
        raise RecordError("no contract: nothing was played", **record.where())
    contract = record.contract
    before = record.tricks_before
    tricks_before = (before[0], before[1]) if side_of(contract.declarer) == 0 else (before[1], before[0])
    replay = Replay(record.hands, contract.trump, record.opening_leader, record.first_trick, tricks_before)
    for item in _in_order_played(record, replay, notes if notes is not None else []):
        try:
            replay.play(item.card, item.seat, item.led_out_of_turn)
        except PlayError as error:
            order = _hands_order_that_fits(record, tricks_before)
            if order is not None:
                error = PlayError(f"{error.problem}. The deal's hands seem to be in the wrong order: the play fits "
                                  f"the deal only when {order}. A deal lists the hands clockwise from the seat named "
                                  "first (N:, E:, S: or W:)", trick=error.trick, card=error.card)
            raise error.located(source=record.source, board=record.board, line=item.line or record.line) from None
    return replay


def _hands_order_that_fits(record: Record, tricks_before: tuple[int, int]) -> str | None:
    """When the four hands are each complete and the whole play fits them in another order only, that order in
    words ("the hand written for North is East's, ..."); None otherwise."""
    assert record.contract is not None
    if any(len(hand) != 13 for hand in record.hands) or len(set().union(*record.hands)) != 52:
        return None
    for order in itertools.permutations(range(4)):
        if order == (0, 1, 2, 3):
            continue
        hands = tuple(record.hands[order[seat]] for seat in range(4))
        replay = Replay(hands, record.contract.trump, record.opening_leader, record.first_trick, tricks_before)
        try:
            for item in _in_order_played(record, replay, []):
                replay.play(item.card, item.seat, item.led_out_of_turn)
        except PlayError:
            continue
        moved = [f"the hand written for {SEAT_NAMES[order[seat]]} is {SEAT_NAMES[seat]}'s" for seat in range(4)
                 if order[seat] != seat]
        return ", ".join(moved)
    return None


def _in_order_played(record: Record, replay: Replay, notes: list[str]) -> Iterator[PlayedCard]:
    """The record's cards in the order played: as given (LIN), or row by row from each trick's leader (PBN)."""
    if not record.play or record.play[0].row is None:
        yield from record.play
        return
    rows: dict[int, dict[int, PlayedCard]] = {}
    for item in record.play:
        assert item.row is not None and item.seat is not None
        rows.setdefault(item.row, {})[item.seat] = item
    last_row = max(rows)
    for row_number in sorted(rows):
        by_seat = dict(rows[row_number])
        lead = next((item for item in by_seat.values() if item.led_out_of_turn), None)
        if lead is not None:
            yield by_seat.pop(lead.seat)  # type: ignore[arg-type]
        seat = replay.to_play
        while by_seat:
            if seat not in by_seat:
                other = next(iter(by_seat.values()))
                if row_number == last_row and record.claimed_total is not None:
                    left_out = " ".join(f"{SEAT_NAMES[item.seat or 0]}'s {item.card}" for item in by_seat.values())
                    notes.append(
                        f"the last, unfinished trick does not start with {SEAT_NAMES[seat]}, who was on lead: "
                        f"{left_out} left out; the claim gives the rest"
                    )
                    return
                raise RecordError(
                    f"{SEAT_NAMES[seat]} has no card in this trick, but {SEAT_NAMES[other.seat or 0]}'s "
                    f"{other.card} follows: the [Play] columns do not fit the trick winners",
                    source=record.source, board=record.board, line=other.line, trick=replay.trick_number, card=str(other.card),
                )
            yield by_seat.pop(seat)
            seat = (seat + 1) % 4
        if replay.current_trick and row_number != last_row:
            raise RecordError(
                f"trick {replay.trick_number} is incomplete but the play goes on",
                trick=replay.trick_number, **record.where(),
            )


def table_result(record: Record, replay: Replay, notes: list[str] | None = None) -> TablePlay:
    """The table result of a replayed record: the play, plus the claim or concession that ended it. A
    [Result] the play contradicts is said in ``notes``."""
    assert record.contract is not None
    side = side_of(record.contract.declarer)
    won = replay.tricks_won(side)
    remaining = 13 - replay.tricks_won(0) - replay.tricks_won(1)
    if replay.is_over:
        if record.stated_result is not None and record.stated_result != won and notes is not None:
            notes.append(
                f"[Result] gives declarer {record.stated_result} tricks, the play {won}: the play was used"
            )
        return TablePlay(record, replay, False, (0, 0), won)
    total = record.claimed_total
    line = record.facts.lines.get("claim", record.line)
    if total is None:
        claim = record.facts.claim
        withdrawn = claim is not None and claim.status == ClaimStatus.WITHDRAWN
        problem = (f"the claim was withdrawn and the play went on, but it stops at trick {replay.trick_number} with "
                   "no result: give the rest of the play, or the result" if withdrawn else
                   f"the play stops at trick {replay.trick_number} with no claim or result: the table result is unknown")
        raise RecordError(problem, source=record.source, board=record.board, line=line, trick=replay.trick_number)
    if not won <= total <= won + remaining:
        given_by = {"[Result]": "[Result]", "[Score]": "[Score]", "mc": "the claim (mc|)"}.get(
            record.result_from or "", "the claim")
        problem = (f"fewer than the {plural(won, 'trick')} declarer had already won" if total < won else
                   f"more than declarer can have: {won} won and only {remaining} remain")
        raise RecordError(
            f"{given_by} gives declarer {plural(total, 'trick')}: {problem}",
            source=record.source, board=record.board, line=line, trick=replay.trick_number,
        )
    extra_declarer, extra_defenders = total - won, remaining - (total - won)
    claim_tricks = (extra_declarer, extra_defenders) if side == 0 else (extra_defenders, extra_declarer)
    return TablePlay(record, replay, True, claim_tricks, total)
