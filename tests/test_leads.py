"""The opening lead as evidence (calibration's ``leads``, measured and not shipped): the fitted lead model, and layouts
weighed by it."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import NOTRUMP, Card
from revsim.likely.sampling import sample_layouts, weighted_layouts
from revsim.likely.view import player_view
from revsim.play.replay import Replay
from tests.conftest import cards_of, needs_corpus

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "calibration"))
from leads import lead_likelihood, load_leads  # noqa: E402
from player_models import ReadingPlayers, lead_weight  # noqa: E402

N, E, S, W = range(4)
DECK = [Card(suit, rank) for suit in range(4) for rank in range(2, 15)]


@pytest.mark.parametrize("level", ["expert", "club"])
def test_the_top_of_a_sequence_is_a_likelier_lead_than_the_same_card_from_a_broken_holding(level: str) -> None:
    model = load_leads(level)
    assert model is not None
    rest = "S7 S5 S3 D8 D6 D4 D2 C9 C5"
    sequence = lead_likelihood(model, cards_of(f"HK HQ HJ H4 {rest}"), Card.parse("HK"), NOTRUMP)
    broken = lead_likelihood(model, cards_of(f"HK H9 H7 H4 {rest}"), Card.parse("HK"), NOTRUMP)
    fourth = lead_likelihood(model, cards_of(f"HK H9 H7 H4 {rest}"), Card.parse("H4"), NOTRUMP)
    assert sequence > 2 * broken and fourth > 2 * broken


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([0, 1, 2, 3, NOTRUMP]), st.sampled_from(["expert", "club"]))
def test_the_lead_model_is_a_distribution_over_the_leaders_cards(seed: int, trump: int, level: str) -> None:
    model = load_leads(level)
    assert model is not None
    hand = frozenset(random.Random(seed).sample(DECK, 13))
    partner_suits = frozenset(random.Random(seed + 1).sample(range(4), random.Random(seed).randint(0, 2)))
    shares = [lead_likelihood(model, hand, card, trump, partner_suits) for card in hand]
    assert abs(sum(shares) - 1) < 1e-9 and all(share > 0 for share in shares)
    assert lead_likelihood(model, hand, next(card for card in DECK if card not in hand), trump) == 0.0


def test_layouts_weighed_by_the_lead_put_the_touching_honour_with_the_leader() -> None:
    """West leads the HK against 3NT: declarer's layouts, weighed by the lead model, give West the HQ more
    often than layouts dealt at random do."""
    model = load_leads("expert")
    assert model is not None
    hands = (cards_of("SA SK S2 HA H5 H3 DA DK D3 CA CK C3 C2"), cards_of("SQ SJ S9 H9 H8 H7 D9 D8 D7 C9 C8 C7 C6"),
             cards_of("ST S8 S7 H6 H2 DQ DJ DT D2 CQ CJ CT C5"), cards_of("S6 S5 S4 S3 HK HQ HJ HT H4 D6 D5 D4 C4"))
    replay = Replay(hands, NOTRUMP, W)
    replay.play(Card.parse("HK"))
    view = player_view(replay, S, S)

    def weight(layout: tuple[frozenset[Card], ...]) -> float:
        return lead_likelihood(model, layout[W] | {Card.parse("HK")}, Card.parse("HK"), NOTRUMP)

    queen = Card.parse("HQ")
    dealt = sample_layouts(view, 400, random.Random(7))
    weighed = weighted_layouts(view, 400, random.Random(7), weight)
    at_random = sum(queen in layout[W] for layout in dealt) / len(dealt)
    after_the_lead = sum(queen in layout[W] for layout in weighed) / len(weighed)
    assert len(weighed) == 400 and after_the_lead > at_random + 0.2
    assert weighted_layouts(view, 400, random.Random(7), weight) == weighed      # seeded


@needs_corpus()
def test_calibrations_lead_model_is_what_bench_inference_fits() -> None:
    """leads.json is what bench_inference.py --fit-leads fits on the fitting events' leads."""
    from bench_inference import fit_lead_model, leads

    shipped = json.loads((Path(__file__).resolve().parent.parent / "calibration" / "leads.json").read_text())
    for level in ("expert", "club"):
        model = fit_lead_model(leads(level, True))
        assert model.suit_weights == shipped[level]["suit"]
        assert {name: list(shares) for name, shares in model.positions.items()} == shipped[level]["positions"]


def test_a_policy_that_reads_the_lead_weighs_the_layouts_of_those_who_cannot_see_the_leader() -> None:
    from revsim.likely.playout import Policy, play_outs

    model = load_leads("expert")
    hands = (cards_of("SA SK S2 HA H5 H3 DA DK D3 CA CK C3 C2"), cards_of("SQ SJ S9 H9 H8 H7 D9 D8 D7 C9 C8 C7 C6"),
             cards_of("ST S8 S7 H6 H2 DQ DJ DT D2 CQ CJ CT C5"), cards_of("S6 S5 S4 S3 HK HQ HJ HT H4 D6 D5 D4 C4"))
    replay = Replay(hands, NOTRUMP, W)
    replay.play(Card.parse("HK"))
    assert lead_weight(replay, player_view(replay, S, S), {}, model) is not None        # declarer reads it
    assert lead_weight(replay, player_view(replay, E, S), {}, model) is not None        # so does the leader's partner
    assert lead_weight(replay, player_view(replay, W, S), {}, model) is None            # the leader knows his hand
    assert lead_weight(replay, player_view(replay, S, S), {}, None) is None             # no model, no reading
    reading = Policy(0.05, 4, model=ReadingPlayers(leads=model))
    first = play_outs(replay, S, {}, reading, 4, random.Random(3))
    assert first == play_outs(replay, S, {}, reading, 4, random.Random(3))              # seeded
    assert all(4 <= tricks <= 13 for tricks, _ in first)
