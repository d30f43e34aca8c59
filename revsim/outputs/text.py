"""Rulings as readable text for directors: the deal diagram, the law path, the evidence and the result with its score."""

from __future__ import annotations

from revsim.cards import RANK_LETTERS, SUIT_SYMBOLS, Hand, sort_hand
from revsim.equity.steps import BoardRuling
from revsim.outputs.claims import claim_lines
from revsim.outputs.estimates import evidence_texts, method_texts
from revsim.outputs.explain import claim_text, describe_result, ruling_line, step_texts
from revsim.outputs.playouts import unsettled_note
from revsim.outputs.terminal import printable_lines


def describe_info(info: dict[str, str]) -> str:
    """Like ``Teams final, 2024-05-01, round 3, table 7, Open room, director A. Ruler; N Smith, E Jones, S Brown,
    W Green`` (empty when unknown)."""
    shown = {"session": "round {}", "table": "table {}", "director": "director {}"}
    about = ", ".join(shown.get(key, "{}").format(info[key]) for key in ("event", "date", "session", "table", "room",
                                                                            "director") if key in info)
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
    """The readable ruling: the deal, the revokes, the law path, the evidence in plain words, the ruling, and
    the method last; every line ``printable``, so a name or statement typed with a newline stays on its line."""
    record = ruling.record
    assert record.contract is not None
    out = [f"Board {record.board}  ({record.source})"]
    about = describe_info(record.info)
    if about:
        out.append(about)
    out += [f"{record.contract.describe()}, vulnerable: {record.vulnerability}", ""]
    out += deal_diagram(record.hands)
    out.append("")
    facts = record.facts.describe(record.contract.declarer if record.contract else None)
    if facts:
        out.append("Facts: " + "; ".join(facts) + ".")
    out += [f"Statement: {said}" for said in record.facts.statements]
    out += [f"Finding: {found}" for found in record.facts.findings]
    claim = " (claimed)" if ruling.table.claimed else ""
    out.append(f"Table result: {describe_result(ruling, ruling.table_tricks)}{claim}")
    if ruling.claim is not None:
        out.append("Claim (Law 70):")
        out += [f"  - {line}" for line in claim_lines(ruling.claim)]
    elif ruling.table.claimed:
        out.append(f"Claim: {claim_text(ruling)}")
    if ruling.revokes:
        out.append("Revokes:")
        for revoke in ruling.revokes:
            status = ("corrected, rectified as if established (43B2b)" if revoke.establishment == "43B2b" else
                      f"established ({revoke.establishment})" if revoke.established else
                      "corrected with the other side's revoke on the trick (62C3)" if revoke.both_sides_corrected else
                      "not established")
            out.append(f"  {revoke.describe()}: {status}; Law {revoke.law}, transfer {revoke.transfer}")
    else:
        out.append("Revokes: none")
    out.append("Law path:")
    out += [f"  - {step}" for step in step_texts(ruling)]
    out.append(f"Transfer: {ruling.transfer} trick{'s' if ruling.transfer != 1 else ''}")
    evidence = evidence_texts(ruling)
    if evidence:
        out.append("The evidence:")
        out += [f"  - {line}" for line in evidence]
    out.append(f"Ruling ({ruling.law}): {ruling_line(ruling, detail=True)}")
    unsettled = unsettled_note(ruling)
    if unsettled:
        out.append(f"  {unsettled}")
    for note in record.notes:
        out.append(f"Note: {note}")
    method = method_texts(ruling)
    if method:
        out.append("Method:")
        out += [f"  - {line}" for line in method]
    return printable_lines(out)
