"""The deal's makeable contracts and par, as a hand record prints them under the deal: for each strain and each
declarer the level he makes with perfect play by all four hands, and the par contract and score."""

from __future__ import annotations

from revsim.cards import SEAT_LETTERS, SEAT_NAMES, SUIT_SYMBOLS
from revsim.likely.solver import DealTable

_STRAINS = ("NT", *SUIT_SYMBOLS)   # rows as hand records print them: notrump first
_ROW_OF = (4, 0, 1, 2, 3)          # DealTable.tricks' index of each row (its strains are S, H, D, C, NT)
_COLUMNS = (0, 2, 1, 3)            # North, South, East, West


def _strain(index: int) -> str:
    return "NT" if index == 4 else SUIT_SYMBOLS[index]


def par_text(table: DealTable) -> str:
    """"Par: 4♠ by North or South, North-South +420" (each par contract, its declarers together)."""
    by_contract: dict[str, list[str]] = {}
    for level, strain, doubled, declarer, result in table.par_contracts:
        contract = f"{level}{_strain(strain)}{'X' if doubled else ''}" + (f"{result:+d}" if result else "")
        by_contract.setdefault(contract, []).append(SEAT_NAMES[declarer])
    contracts = "; ".join(f"{contract} by {' or '.join(seats)}" for contract, seats in by_contract.items())
    return f"Par: {contracts or 'pass'}, North-South {table.par_score:+d}"


NO_TABLE = ('<p class="quiet makeable">No table of the contracts each side makes: the record holds an end position '
            "(the cards left late in the play), and the contracts made belong to the whole deal of 13 cards a hand."
            "</p>")


def makeable_html(table: DealTable | None) -> str:
    """The table of levels made (a dash where fewer than seven tricks) and the par line; for an end position,
    why there is none."""
    if table is None:
        return NO_TABLE
    head = "<tr><th></th>" + "".join(f"<th>{SEAT_LETTERS[seat]}</th>" for seat in _COLUMNS) + "</tr>"
    rows = []
    for label, row in zip(_STRAINS, _ROW_OF, strict=True):
        colour = ' class="red"' if label in ("♥", "♦") else ""
        cells = "".join(f"<td class='num'>{table.tricks[row][seat] - 6 if table.tricks[row][seat] >= 7 else '&ndash;'}"
                        "</td>" for seat in _COLUMNS)
        rows.append(f"<tr><th{colour}>{label}</th>{cells}</tr>")
    return ('<figure class="keep makeable"><table class="makeable">' + head + "".join(rows) + "</table>"
            f"<figcaption>Made with perfect play by all four hands (double dummy), by declarer. "
            f"{par_text(table)}.</figcaption></figure>")
