"""The choice model's rates are remembered by relative rank (``choice.rates_key``): positions equal up to which of
touching cards remain are asked once. What the key holds is all the rates depend on, so a position answered from
the cache gets what it would have got fresh."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import revsim.likely.choice as choice
from revsim.cards import Card
from revsim.likely.choice import ChoiceModel, rates_key
from revsim.likely.solved import relative_codes
from revsim.likely.solver import layout_of
from revsim.play.replay import Replay
from tests.conftest import random_position


def relabelled(position: Replay, seed: int) -> tuple[Replay, dict[Card, Card]]:
    """``position`` with each suit's cards given other ranks in the same order, honours (ten and up) staying honours
    and the others staying below the ten: a position equal to it up to touching cards, with its card map."""
    rng = random.Random(seed)
    played = list(position.current_trick)
    live = [card for seat in range(4) for card in position.hand(seat)] + [card for _, card in played]
    mapping: dict[Card, Card] = {}
    for suit in range(4):
        for low, high in ((2, 9), (10, 14)):
            cards = sorted(card for card in live if card.suit == suit and low <= card.rank <= high)
            ranks = sorted(rng.sample(range(low, high + 1), len(cards)))
            mapping.update({card: Card(suit, rank) for card, rank in zip(cards, ranks, strict=True)})
    start = [set(position.hand(seat)) for seat in range(4)]
    for seat, card in played:
        start[seat].add(card)
    hands = tuple(frozenset(mapping[card] for card in hand) for hand in start)
    other = Replay(hands, position.trump, position.leader, first_trick=position.first_trick,
                   tricks_before=(position.tricks_won(0), position.tricks_won(1)))
    for _, card in played:
        other.play(mapping[card])
    return other, mapping


def _fresh_rates(position: Replay, declarer: int) -> dict[Card, float]:
    choice._RATES.clear()
    return ChoiceModel("expert").rates(position, declarer, position.legal_cards())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), length=st.integers(2, 5), declarer=st.integers(0, 3))
def test_positions_equal_up_to_touching_cards_have_one_key_and_the_same_rates(seed: int, length: int,
                                                                              declarer: int) -> None:
    position = random_position(seed, length)
    if len(position.legal_cards()) < 2:
        return
    other, mapping = relabelled(position, seed + 1)
    codes, other_codes = (relative_codes(layout_of(p), p.current_trick) for p in (position, other))
    assert rates_key("expert", position, declarer, position.legal_cards(), codes) == \
        rates_key("expert", other, declarer, other.legal_cards(), other_codes)
    mine, theirs = _fresh_rates(position, declarer), _fresh_rates(other, declarer)
    assert {mapping[card]: rate for card, rate in mine.items()} == theirs


def test_an_equal_position_is_answered_from_the_cache_on_its_own_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    position = next(p for seed in range(100) if len((p := random_position(seed, 5)).legal_cards()) >= 3)
    other, mapping = relabelled(position, 7)
    assert mapping != {card: card for card in mapping}
    mine = _fresh_rates(position, 2)
    asked: list[Replay] = []
    monkeypatch.setattr(choice, "card_averages", lambda replay, *args, **kwargs: asked.append(replay) or {})
    theirs = ChoiceModel("expert").rates(other, 2, other.legal_cards())
    assert not asked and theirs == {mapping[card]: rate for card, rate in mine.items()}


def test_what_the_play_has_shown_and_which_cards_are_honours_are_part_of_the_key() -> None:
    """A void shown earlier limits the layouts, and a defender keeps his honours guarded by their own rank: two
    positions that differ in either are asked apart."""
    hands = (frozenset({Card(0, 14), Card(0, 2), Card(1, 5)}), frozenset({Card(0, 13), Card(1, 3), Card(2, 4)}),
             frozenset({Card(0, 3), Card(1, 14), Card(1, 13)}), frozenset({Card(2, 14), Card(2, 13), Card(3, 2)}))
    replay = Replay(hands, 4, 0, first_trick=11, tricks_before=(10, 0))
    before = rates_key("expert", replay, 0, replay.legal_cards(), relative_codes(layout_of(replay), ()))
    for card in (Card(0, 14), Card(0, 13), Card(0, 3), Card(2, 14)):   # West shows out of spades
        replay.play(card)
    shown = rates_key("expert", replay, 0, replay.legal_cards(), relative_codes(layout_of(replay), ()))
    assert shown[4] == frozenset({(3, 0)}) and before[4] == frozenset()
    low = Replay(tuple(frozenset(Card(c.suit, c.rank - 5 if c.rank >= 10 else c.rank) for c in hand) for hand in hands),
                 4, 0, first_trick=11, tricks_before=(10, 0))
    assert rates_key("expert", low, 0, low.legal_cards(), relative_codes(layout_of(low), ()))[6] != before[6]
