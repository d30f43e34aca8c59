"""The auction: reading calls and deriving the final contract, to cross-check a contract tag."""

from __future__ import annotations

import re

from revsim.cards import NOTRUMP, Seat, next_seat
from revsim.records.record import Contract

_BID = re.compile(r"^([1-7])(NT|N|S|H|D|C)$")
_PASS = {"P", "PASS", "-"}
_DOUBLE = {"X", "D", "DBL", "DOUBLE"}
_REDOUBLE = {"XX", "R", "RDBL", "REDOUBLE"}


def normalise_call(text: str) -> str:
    """A call as ``P``, ``X``, ``XX``, ``AP`` or a bid like ``1NT``; ValueError for anything else."""
    call = text.strip().upper().rstrip("!").replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
    if call in _PASS:
        return "P"
    if call in _DOUBLE:
        return "X"
    if call in _REDOUBLE:
        return "XX"
    if call == "AP":
        return "AP"
    match = _BID.match(call)
    if not match:
        raise ValueError(f"{text!r} is not a call")
    level, strain = match.groups()
    return level + ("NT" if strain in ("N", "NT") else strain)


def contract_from_auction(calls: list[str], dealer: Seat) -> Contract | None:
    """The final contract of a complete or ``AP``-terminated auction (None if passed out).

    Raises ValueError for an insufficient bid, a double or redouble out of place,
    or an auction that has not ended.
    """
    seat = dealer
    last_bid: tuple[int, int] | None = None
    last_bidder: Seat | None = None
    doubled = 0
    first_to_name: dict[tuple[int, int], Seat] = {}
    passes_in_row = 0
    ended = False
    for raw in calls:
        call = normalise_call(raw)
        if ended:
            raise ValueError(f"call {raw!r} after the auction ended")
        if call == "AP":
            ended = True
            break
        if call == "P":
            passes_in_row += 1
        elif call == "X":
            if last_bidder is None or last_bidder % 2 == seat % 2 or doubled:
                raise ValueError(f"double {raw!r} is not allowed here")
            doubled, passes_in_row = 1, 0
        elif call == "XX":
            if last_bidder is None or last_bidder % 2 != seat % 2 or doubled != 1:
                raise ValueError(f"redouble {raw!r} is not allowed here")
            doubled, passes_in_row = 2, 0
        else:
            level = int(call[0])
            strain = NOTRUMP if call[1:] == "NT" else "SHDC".index(call[1])
            rank = (level, (4 - strain) if strain != NOTRUMP else 5)
            if last_bid is not None and rank <= last_bid:
                raise ValueError(f"bid {raw!r} is insufficient")
            last_bid, last_bidder, doubled, passes_in_row = rank, seat, 0, 0
            first_to_name.setdefault((seat % 2, strain), seat)
        seat = next_seat(seat)
        if (last_bid is None and passes_in_row == 4) or (last_bid is not None and passes_in_row == 3):
            ended = True
    if not ended:
        raise ValueError("the auction has not ended")
    if last_bid is None or last_bidder is None:
        return None
    level, strain_rank = last_bid
    strain = NOTRUMP if strain_rank == 5 else 4 - strain_rank
    declarer = first_to_name[(last_bidder % 2, strain)]
    return Contract(level, strain, doubled, declarer)
