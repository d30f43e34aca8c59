"""Rulings as JSON-ready dictionaries and as readable text for directors."""

from __future__ import annotations

from typing import Any

from .adjudicate import BoardRuling, describe_result
from .cards import SEAT_LETTERS, SEAT_NAMES, SUIT_LETTERS, SUIT_SYMBOLS, RANK_LETTERS, Hand, sort_hand
from .errors import RecordError
from .record import Record


def ruling_to_dict(ruling: BoardRuling) -> dict[str, Any]:
    """The JSON object of one adjudicated board (see README: JSON output)."""
    record = ruling.record
    assert record.contract is not None
    return {
        "status": "ok",
        "file": record.source,
        "board": record.board,
        "contract": str(record.contract),
        "declarer": SEAT_LETTERS[record.contract.declarer],
        "vulnerable": record.vulnerability,
        "table_tricks": ruling.table_tricks,
        "claimed": ruling.table.claimed,
        "revokes": [
            {
                "trick": revoke.trick,
                "player": SEAT_LETTERS[revoke.seat],
                "card": str(revoke.card),
                "suit_led": SUIT_LETTERS[revoke.suit_led] if revoke.suit_led is not None else None,
                "kind": revoke.kind,
                "established": revoke.established,
                "established_by": revoke.establishment,
                "law": revoke.law,
                "transfer": revoke.transfer,
                "reason": revoke.reason,
                "marked_in_record": revoke.marked_in_record,
            }
            for revoke in ruling.revokes
        ],
        "transfer": ruling.transfer,
        "ruling": {
            "law": ruling.law,
            "ns": [{"tricks": o.tricks, "weight": o.weight, "score": o.score} for o in ruling.ns],
            "ew": [{"tricks": o.tricks, "weight": o.weight, "score": o.score} for o in ruling.ew],
        },
        "steps": ruling.steps,
        "notes": record.notes,
    }


def error_to_dict(error: RecordError) -> dict[str, Any]:
    """The JSON object of a board (or file) that could not be adjudicated."""
    return {"status": "error", "file": error.source, "board": error.board, "line": error.line,
            "trick": error.trick, "card": error.card, "error": error.describe()}


def skipped_to_dict(record: Record, reason: str) -> dict[str, Any]:
    """The JSON object of a board with nothing to adjudicate (no play, or passed out)."""
    return {"status": "no-play", "file": record.source, "board": record.board, "reason": reason}


def _suit_line(hand: Hand, suit: int) -> str:
    ranks = "".join(RANK_LETTERS[card.rank - 2] for card in sort_hand(hand) if card.suit == suit)
    return f"{SUIT_SYMBOLS[suit]} {ranks or '-'}"


def deal_diagram(hands: tuple[Hand, ...]) -> list[str]:
    """A four-hand diagram, North at the top."""
    indent = " " * 16
    lines = [indent + "North"] + [indent + _suit_line(hands[0], suit) for suit in range(4)]
    lines.append(f"{'West':<32}East")
    for suit in range(4):
        lines.append(f"{_suit_line(hands[3], suit):<32}{_suit_line(hands[1], suit)}")
    lines += [indent + "South"] + [indent + _suit_line(hands[2], suit) for suit in range(4)]
    return lines


def ruling_to_text(ruling: BoardRuling) -> str:
    """The readable ruling: the deal, the revokes, the law path, table result, transfer, final result."""
    record = ruling.record
    assert record.contract is not None
    out = [f"Board {record.board}  ({record.source})",
           f"{record.contract.describe()}, vulnerable: {record.vulnerability}", ""]
    out += deal_diagram(record.hands)
    out.append("")
    claim = " (claimed)" if ruling.table.claimed else ""
    out.append(f"Table result: {describe_result(ruling, ruling.table_tricks)}{claim}")
    if ruling.revokes:
        out.append("Revokes:")
        for revoke in ruling.revokes:
            status = f"established ({revoke.establishment})" if revoke.established else "not established"
            out.append(f"  trick {revoke.trick}: {SEAT_NAMES[revoke.seat]} played the {revoke.card} "
                       f"({SUIT_LETTERS[revoke.suit_led] if revoke.suit_led is not None else '-'} led), {status}; "
                       f"Law {revoke.law}, transfer {revoke.transfer}")
    else:
        out.append("Revokes: none")
    out.append("Law path:")
    out += [f"  - {step}" for step in ruling.steps]
    out.append(f"Transfer: {ruling.transfer} trick{'s' if ruling.transfer != 1 else ''}")
    final = ", ".join(f"{o.weight:.0%} of {describe_result(ruling, o.tricks)}" if len(ruling.ns) > 1
                      else describe_result(ruling, o.tricks) for o in ruling.ns)
    out.append(f"Ruling ({ruling.law}): {final}")
    for note in record.notes:
        out.append(f"Note: {note}")
    return "\n".join(out)
