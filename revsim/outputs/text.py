"""Rulings as readable text for directors: the deal diagram, the law path and the result with its score."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from revsim.cards import RANK_LETTERS, SEAT_NAMES, SUIT_SYMBOLS, Hand, sort_hand
from revsim.equity.law12 import weight_text
from revsim.equity.ruling import BoardRuling, Outcome
from revsim.records.record import Contract
from revsim.scoring.points import ns_score, result_text


def describe_result(ruling: BoardRuling, tricks: int) -> str:
    """Like ``4S= (10 tricks, NS +420)``."""
    score = ns_score(ruling.record.contract, tricks, ruling.record.vulnerability)
    return f"{result_text(ruling.record.contract, tricks)} ({tricks} tricks, NS {score:+d})"


def weighted_result(contract: Contract, outcomes: Iterable[Sequence[float]]) -> str:
    """Outcomes ``(tricks, weight)`` as directors write an adjusted result: ``4S+1``, or ``70% 4S=, 30% 4S-1``
    (most weight first)."""
    ordered = sorted(outcomes, key=lambda outcome: (-outcome[1], -outcome[0]))
    if len(ordered) == 1:
        return result_text(contract, int(ordered[0][0]))
    return ", ".join(f"{weight_text(weight)} {result_text(contract, int(tricks))}" for tricks, weight in ordered)


def single_dummy_line(evidence: dict[str, Any]) -> str:
    """How an sd estimate was made, in one line: its settings and its two parts."""
    def shown(outcomes: Any) -> str:
        return ", ".join(f"{weight_text(weight)} of {tricks}" for tricks, weight in outcomes)

    return (f"single dummy: {evidence.get('play_out_count')} play-outs, {evidence.get('layouts')} layouts a decision, "
            f"temperature {evidence.get('temperature')}, defence sight {evidence.get('defence_sight')} "
            f"(level {evidence.get('level')}), seed {evidence.get('seed')}; "
            f"play-outs {shown(evidence.get('play_outs', []))}; position-blind {shown(evidence.get('position_blind', []))}"
            f" (double dummy {evidence.get('double_dummy')}, weighing {evidence.get('blend')} in the blend)")


def describe_info(info: dict[str, str]) -> str:
    """Like ``Teams final, 2024-05-01, Open room; N Smith, E Jones, S Brown, W Green`` (empty when unknown)."""
    about = ", ".join(info[key] for key in ("event", "date", "room") if key in info)
    players = ", ".join(f"{letter} {info[name]}" for letter, name in zip("NESW", ("north", "east", "south", "west"),
                                                                         strict=True) if name in info)
    return "; ".join(part for part in (about, players) if part)


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
    out = [f"Board {record.board}  ({record.source})"]
    about = describe_info(record.info)
    if about:
        out.append(about)
    out += [f"{record.contract.describe()}, vulnerable: {record.vulnerability}", ""]
    out += deal_diagram(record.hands)
    out.append("")
    facts = record.facts.describe()
    if facts:
        out.append("Facts: " + "; ".join(facts) + ".")
    claim = " (claimed)" if ruling.table.claimed else ""
    out.append(f"Table result: {describe_result(ruling, ruling.table_tricks)}{claim}")
    if ruling.revokes:
        out.append("Revokes:")
        for revoke in ruling.revokes:
            status = f"established ({revoke.establishment})" if revoke.established else "not established"
            out.append(f"  {revoke.describe()}: {status}; Law {revoke.law}, transfer {revoke.transfer}")
    else:
        out.append("Revokes: none")
    out.append("Law path:")
    out += [f"  - {step}" for step in ruling.steps]
    out.append(f"Transfer: {ruling.transfer} trick{'s' if ruling.transfer != 1 else ''}")
    estimate = ruling.no_infraction
    if estimate is not None:
        values = ", ".join(f"{c.card} {c.declarer_tricks}" for c in estimate.candidates)
        if estimate.estimator == "director":
            out.append("Without the revoke: the director's judgement (Law 12C1c), given with --outcomes: "
                       + ", ".join(f"{weight_text(w)} of {t} tricks" for t, w in estimate.outcomes))
        out.append(f"Without the revoke (trick {estimate.trick}, {SEAT_NAMES[estimate.seat]}), double dummy, "
                   f"declarer's side's tricks after each legal card: {values}")
        for line in estimate.lines:
            out.append(f"  {line.name} line: {line.declarer_tricks} tricks ({' '.join(line.cards[:12])}"
                       f"{' ...' if len(line.cards) > 12 else ''}; {line.stopped})")
        if estimate.estimator == "sd":
            out.append("  " + single_dummy_line(estimate.evidence))
    if ruling.ns == ruling.ew:
        out.append(f"Ruling ({ruling.law}): {outcomes_text(ruling, ruling.ns)}")
    else:
        out.append(f"Ruling ({ruling.law}): North-South {outcomes_text(ruling, ruling.ns)}; "
                   f"East-West {outcomes_text(ruling, ruling.ew)}")
    for note in record.notes:
        out.append(f"Note: {note}")
    return "\n".join(out)


def outcomes_text(ruling: BoardRuling, outcomes: list[Outcome], separator: str = ", ") -> str:
    """Like ``70% of 4S= (10 tricks, NS +420), 30% of 4S-1 (...)``, or the one result."""
    if len(outcomes) == 1:
        return describe_result(ruling, outcomes[0].tricks)
    return separator.join(f"{weight_text(o.weight)} of {describe_result(ruling, o.tricks)}" for o in outcomes)
