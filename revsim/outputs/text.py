"""Rulings as readable text for directors: the deal diagram, the law path, the evidence and the result with its score."""

from __future__ import annotations

from revsim.cards import RANK_LETTERS, SUIT_LETTERS, SUIT_SYMBOLS, Hand, cards_in_words, high_card_points, sort_hand
from revsim.equity.steps import BoardRuling
from revsim.outputs.claims import claim_lines
from revsim.outputs.estimates import evidence_texts, method_texts
from revsim.outputs.explain import claim_text, corrected_in_the_ruling, describe_result, ruling_line, step_texts
from revsim.outputs.playouts import unsettled_note
from revsim.outputs.sides import side_plays_lines
from revsim.outputs.terminal import printable_lines

NOTHING_SAID = "No statements by the players and no findings of fact were recorded."
"""Said where a case records neither, so a committee knows none were made, not that they were left out."""


def describe_info(info: dict[str, str]) -> str:
    """Like ``Teams final, 2024-05-01, round 3, table 7, Open room, director A. Ruler; N Smith, E Jones, S Brown,
    W Green`` (empty when unknown)."""
    shown = {"session": "round {}", "table": "table {}", "director": "director {}"}
    about = ", ".join(shown.get(key, "{}").format(info[key]) for key in ("event", "date", "session", "table", "room",
                                                                            "director") if key in info)
    players = ", ".join(f"{letter} {info[name]}" for letter, name in zip("NESW", ("north", "east", "south", "west"),
                                                                         strict=True) if name in info)
    return "; ".join(part for part in (about, players) if part)


def _suit_line(hand: Hand, suit: int, symbols: bool) -> str:
    ranks = "".join(RANK_LETTERS[card.rank - 2] for card in sort_hand(hand) if card.suit == suit)
    return f"{(SUIT_SYMBOLS if symbols else SUIT_LETTERS)[suit]} {ranks or '-'}"


def is_whole_deal(hands: tuple[Hand, ...] | list[Hand]) -> bool:
    """Whether the hands are a whole deal (13 cards each), not an end position."""
    return all(len(hand) == 13 for hand in hands)


def deal_diagram(hands: tuple[Hand, ...], symbols: bool = True) -> list[str]:
    """A four-hand diagram, North at the top, each hand's high-card points under it where the deal is whole (an end
    position's few cards left have none worth counting); suits as ``♠`` or, where the terminal cannot write them,
    ``S``."""
    indent = " " * 16
    whole = is_whole_deal(hands)

    def hand_lines(seat: int) -> list[str]:
        return [_suit_line(hands[seat], suit, symbols) for suit in range(4)] + (
            [f"({high_card_points(hands[seat])} HCP)"] if whole else [])

    west, east = hand_lines(3), hand_lines(1)
    lines = [indent + "North"] + [indent + line for line in hand_lines(0)]
    lines.append(f"{'West':<32}East")
    lines += [f"{left:<32}{right}" for left, right in zip(west, east, strict=True)]
    lines += [indent + "South"] + [indent + line for line in hand_lines(2)]
    return lines


def ruling_to_text(ruling: BoardRuling, symbols: bool = True) -> str:
    """The readable ruling: the deal, the revokes, the law path, the evidence in plain words, the ruling, and
    the method last; every line ``printable``, so a name or statement typed with a newline stays on its line.

    Cards in revsim's own words are written ``♠J`` with ``symbols``, else as the records write them (``SJ``);
    names, events, statements and notes are printed as they were typed."""
    record = ruling.record
    facts = record.facts.describe(record.contract.declarer if record.contract else None)

    def own(lines: list[str]) -> list[str]:
        return [cards_in_words(line) for line in lines] if symbols else lines

    said = [f"Statement: {said}" for said in record.facts.statements] + [
        f"Finding: {found}" for found in record.facts.findings]
    return printable_lines(_header_lines(ruling, symbols) + own(["Facts: " + "; ".join(facts) + "."] if facts else [])
                           + (said or [NOTHING_SAID]) + own(_ruling_lines(ruling))
                           + [f"Note: {note}" for note in record.notes] + own(_method_lines(ruling)))


def _header_lines(ruling: BoardRuling, symbols: bool) -> list[str]:
    record = ruling.record
    assert record.contract is not None
    out = [f"Board {record.board}  ({record.source})"]
    about = describe_info(record.info)
    if about:
        out.append(about)
    out += [f"{record.contract.describe()}, vulnerable: {record.vulnerability}", ""]
    out += deal_diagram(record.hands, symbols)
    out.append("")
    return out


def _ruling_lines(ruling: BoardRuling) -> list[str]:
    out = []
    claim = " (claimed)" if ruling.table.claimed else ""
    if ruling.claim is not None:
        claim = (" (conceded; brought to the director)" if ruling.claim.claim.conceded
                 else " (claimed; contested)")
    uncorrected = ", as recorded, the revoke uncorrected" if corrected_in_the_ruling(ruling) else ""
    out.append(f"Table result: {describe_result(ruling, ruling.table_tricks)}{claim}{uncorrected}")
    if ruling.claim is not None:
        out.append(f"Claim (Law {ruling.claim.law}):")
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
    plays = side_plays_lines(ruling)
    if plays:
        out.append("  The plays Law 64C2b compares (declarer's side's tricks; plays that end alike share a line):")
        out += [f"    {line}" for line in plays]
    out.append(f"Transfer: {ruling.transfer} trick{'s' if ruling.transfer != 1 else ''}")
    evidence = evidence_texts(ruling)
    if evidence:
        out.append("The evidence:")
        out += [f"  - {line}" for line in evidence]
    headline = ruling.law.headline() if ruling.law != "none" else "the table result stands"   # never "none"
    out.append(f"Ruling ({headline}): {ruling_line(ruling, detail=True)}")
    unsettled = unsettled_note(ruling)
    if unsettled:
        out.append(f"  {unsettled}")
    return out


def _method_lines(ruling: BoardRuling) -> list[str]:
    method = method_texts(ruling)
    return ["Method:"] + [f"  - {line}" for line in method] if method else []
