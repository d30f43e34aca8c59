"""PBN and LIN reading: tags, pads, marks, inheritance, and errors that name the line."""

from __future__ import annotations

from revsim.adjudicate import Settings, adjudicate
from revsim.records.errors import RecordError
from revsim.records.lin import parse_lin
from revsim.records.pbn import parse_pbn
from revsim.records.record import Record
from tests.conftest import HANDS, one_record

BASE = (HANDS / "duschek-too-late-a.pbn").read_text()


def _only(text: str):
    items = list(parse_pbn(text, "x.pbn"))
    assert len(items) == 1
    return items[0]


def test_pbn_claim_padding_and_result() -> None:
    record = one_record(BASE)
    assert record.claimed_total == 9 and len(record.play) == 20
    assert adjudicate(record, Settings(estimator="dd")).table.claimed


def test_pbn_play_seat_must_be_declarers_lho() -> None:
    error = _only(BASE.replace('[Play "W"]', '[Play "N"]'))
    assert isinstance(error, RecordError)
    assert "wrong seat" in error.problem and error.line is not None and error.board == "duschek-too-late-a"


def test_pbn_card_not_held_names_line_trick_and_card() -> None:
    text = BASE.replace("CK  CQ  C6  C3", "CK  CQ  C6  H5")
    record = one_record(text)
    try:
        adjudicate(record, Settings(estimator="dd"))
    except RecordError as error:
        assert error.trick == 2 and error.card == "H5" and error.line == 14
        assert error.problem == "South does not hold the H5 (North holds it)"
    else:
        raise AssertionError("a card from the wrong hand was accepted")


def test_pbn_bad_deal_is_an_error_with_the_deal_line() -> None:
    lines = BASE.splitlines()
    deal_line = next(i for i, line in enumerate(lines, 1) if line.startswith('[Deal "'))
    error = _only(BASE.replace("N:853.K752", "N:853.K7522"))
    assert isinstance(error, RecordError) and error.line == deal_line


def test_pbn_contract_strain_disagreeing_with_auction_is_an_error() -> None:
    text = BASE.replace('[Play "W"]', '[Auction "S"]\n1S Pass 4H AP\n[Play "W"]')
    error = _only(text)
    assert isinstance(error, RecordError) and "trump suit is in doubt" in error.problem


def test_pbn_declarer_disagreeing_with_auction_is_a_note() -> None:
    text = BASE.replace('[Play "W"]', '[Auction "N"]\n1S Pass 4S AP\n[Play "W"]')
    record = _only(text)
    assert isinstance(record, Record) and any("tags were used" in note for note in record.notes)


def test_pbn_omitted_deal_is_carried_over_from_previous_record() -> None:
    second = "\n".join(line for line in BASE.splitlines()
                       if not line.startswith(("[Deal", "[Board", "[Dealer", "[Vulnerable", "%")))
    items = list(parse_pbn(BASE + "\n" + second, "two.pbn"))
    assert [type(item) for item in items] == [Record, Record]
    assert items[1].hands == items[0].hands and items[1].board == items[0].board


def test_pbn_lead_out_of_turn_accepted() -> None:
    # Trick 2: South leads the C3 out of turn (West won trick 1 and should lead); it is accepted (^L).
    record = one_record(BASE.replace("CK  CQ  C6  C3", "CK  CQ  C6  ^L C3"))
    assert record.play[7].led_out_of_turn
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.table.replay.tricks[1].leader == 2  # South led trick 2
    assert [str(card) for _, card in ruling.table.replay.tricks[1].cards] == ["C3", "CK", "CQ", "C6"]


def test_pbn_comments_notes_and_nags_are_skipped() -> None:
    text = BASE.replace("CA  C7  C5  C2", "CA {a lead} $1 C7 =1= C5 ; the end\nC2")
    record = one_record(text)
    assert [str(p.card) for p in record.play[:4]] == ["CA", "C7", "C5", "C2"]


LIN = ("pn|a,b,c,d|st||md|1SKQT97HA4DKJ2C832,S642HJT9D76CAKT94,S853HK752DAQ94CQ7,|rh||ah|Board 5|sv|o|"
       "mb|1S|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|CA|pc|C7|pc|C5|pc|C2|pc|CK|pc|CQ|pc|C6|pc|C3|mc|9|")


def test_lin_board_contract_from_auction_and_claim() -> None:
    items = list(parse_lin(LIN, "x.lin"))
    assert len(items) == 1 and isinstance(items[0], Record)
    record = items[0]
    assert record.board == "5" and str(record.contract) == "4S" and record.contract.declarer == 2
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.table_tricks == 9 and ruling.table.claimed and not ruling.revokes


def test_lin_bad_card_names_the_line() -> None:
    items = list(parse_lin(LIN.replace("pc|C6|", "pc|Z6|"), "x.lin"))
    assert isinstance(items[0], RecordError) and "Z6" in items[0].problem and items[0].line == 1
