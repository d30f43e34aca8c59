"""Laws 62D2 and 16D in the trick-12 correction: the withdrawn revoke card is unauthorised information for the
offender's partner; where he is yet to play to the trick with cards of two suits (62D2) or of one (16D), he may
not choose a logical alternative it could have suggested over another. Boards: hands/law62d2-*.toml (rulings in
hands/law-cases.json), and a property of the rule: the partner is never left with a suggested card while another
logical alternative exists."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from revsim.adjudicate import Settings, adjudicate
from revsim.cards import Card
from revsim.equity.steps import Corrected
from revsim.information.law16 import (
    SUGGESTION_MARGIN,
    law16b1b_logical_alternatives,
    law16d_forbidden,
    law16d_withdrawn_card_restricts_partner,
)
from revsim.information.measure import Alternative
from revsim.laws.law62 import law62d2_partner_restricted
from revsim.outputs.dicts import ruling_to_dict
from revsim.outputs.text import ruling_to_text
from revsim.records.readers import read_records
from revsim.records.record import Record
from tests.conftest import HANDS


def _rule(name: str, estimator: str = "dd"):
    [record] = list(read_records(HANDS / f"{name}.toml"))
    assert isinstance(record, Record), str(record)
    return adjudicate(record, Settings(estimator=estimator))


def _restricted(ruling):
    [step] = ruling.steps_of(Corrected)
    assert isinstance(step, Corrected) and step.restricted is not None
    return step.restricted


@pytest.mark.parametrize("estimator", ["dd", "sd"])
def test_law62d2_partner_with_two_suits_may_not_choose_the_discard_the_revoke_suggested(estimator: str) -> None:
    ruling = _rule("law62d2-two-suits-partner-restricted", estimator)
    restricted = _restricted(ruling)
    assert restricted.clause == "62D2" and "NESW"[restricted.partner] == "W"
    assert [str(card) for card in restricted.logical] == ["S9", "HK"]
    assert [str(card) for card in restricted.forbidden] == ["S9"] and [str(c) for c in restricted.permitted] == ["HK"]
    assert ruling.table_tricks == 12 and [o.tricks for o in ruling.ns] == [13]   # a 62D correction is double dummy
    text = ruling_to_text(ruling)
    assert "Law 62D2" in text and "may not choose it and plays the ♥K" in text
    assert "double dummy line, 13 tricks" in text and "12 tricks (D3;" not in text   # one figure for the world
    data = [d for d in ruling_to_dict(ruling)["decisions"] if d["step"] == "corrected"][0]["restricted"]
    assert data["forbidden"] == ["S9"] and data["results"] == [{"card": "HK", "declarer_tricks": 13}]


def test_law16d_withdrawn_card_measured_where_the_partner_holds_one_suit() -> None:
    ruling = _rule("law62d2-partner-may-not-use-the-revoke")
    restricted = _restricted(ruling)
    assert restricted.clause == "16D" and not restricted.forbidden
    overtake = [a for a in restricted.measured.alternatives if Card.parse("HQ") in a.cards]
    assert overtake and all(a.rate < 0.1 or a.card in restricted.logical for a in overtake)
    assert [o.tricks for o in ruling.ns] == [11] and "Law 16D" in ruling_to_text(ruling)


def test_law62d2_reaches_only_a_defenders_partner_yet_to_play_with_two_suits() -> None:
    declarer = 2   # South
    assert law62d2_partner_restricted(1, declarer, True, [0, 1])
    assert not law62d2_partner_restricted(1, declarer, True, [1, 1])     # one suit: 16D, not 62D2
    assert not law62d2_partner_restricted(1, declarer, False, [0, 1])    # he has played to the trick
    assert not law62d2_partner_restricted(0, declarer, True, [0, 1])     # dummy revoked: declarer's side
    assert law16d_withdrawn_card_restricts_partner(3, declarer, True, 2)
    assert not law16d_withdrawn_card_restricts_partner(3, declarer, True, 1)   # one card he may play
    assert not law16d_withdrawn_card_restricts_partner(2, declarer, True, 2)   # declarer revoked


_CARDS = [Card.parse(text) for text in ("SA", "S7", "HK", "H4", "DQ", "C2")]


@given(st.lists(st.tuples(st.floats(0.001, 1.0), st.floats(0, 3), st.floats(0, 3)), min_size=1, max_size=6),
       st.sampled_from([0.1, 0.25]), st.sampled_from([SUGGESTION_MARGIN, 0.5]))
def test_law16d_a_restricted_partner_never_chooses_a_suggested_alternative_when_another_exists(
        measured: list[tuple[float, float, float]], rate: float, margin: float) -> None:
    total = sum(weight for weight, _, _ in measured)
    alternatives = tuple(Alternative(card, weight / total, without, informed)
                         for card, (weight, without, informed) in zip(_CARDS, measured, strict=False))
    logical = tuple(law16b1b_logical_alternatives(alternatives, rate))
    forbidden = law16d_forbidden(alternatives, logical, margin)
    permitted = [a for a in alternatives if a.card in logical and a.card not in forbidden]
    if logical:
        assert permitted, "a logical alternative is always left to him"
    for chosen in permitted:   # no card left to him is one the information suggested over a logical alternative
        assert all(chosen.gain - other.gain < margin for other in alternatives if other.card in logical)
    for card in forbidden:
        one = next(a for a in alternatives if a.card == card)
        assert any(one.gain - other.gain >= margin for other in alternatives if other.card in logical)


def test_law16d_a_withdrawn_card_that_shows_another_players_show_out_was_a_revoke_is_still_measured() -> None:
    """The withdrawn revoke card (South's C7) tells North that East's earlier show-out in hearts was a revoke: no
    layout fits both, so North's layouts are drawn without the show-outs instead of the ruling failing (a board
    hypothesis found, 62D with four revokes under 64B7 before it)."""
    from revsim.adjudicate import Settings, adjudicate
    from tests.test_properties import _random_board

    record = _random_board(1855319, 0.2, None)
    ruling = adjudicate(record[0] if isinstance(record, tuple) else record, Settings(estimator="dd"))
    assert ruling.law == "64C2b" and [str(revoke.law) for revoke in ruling.revokes][-1] == "62D"
