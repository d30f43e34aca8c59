"""Penalty cards from every source bind together in a corrected play: a defender's earlier penalty cards (major, or
minor and made major by his second, Law 50B), the revoke card his correction makes one (62B1), the card his partner
takes back after a non-offender changed his (62C2), declarer designating among several (50D1, 51A) and choosing the
lead of any of their suits or forbidding any of them (50D2, 51B). The double-dummy estimate of the corrected play is
checked against a brute-force search written from the Laws alone (``tests.penalty_brute``), and on two boards of
``hands/`` that would be ruled otherwise without the rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.adjudicate import Settings, adjudicate
from revsim.cards import Card, next_seat, partner, side_of
from revsim.laws.detection import Revoke
from revsim.likely.dd import DoubleDummyEstimator
from revsim.likely.penalty import _Search
from revsim.likely.penalty_rules import Penalty
from revsim.outputs.text import ruling_to_text
from revsim.play.replay import Play, Replay
from revsim.records.facts import PenaltyCard
from revsim.records.record import Record
from tests.conftest import hands_record
from tests.penalty_brute import Recorded, brute_tricks

DECLARER = 2


def _corrected_ending(seed: int) -> tuple[Replay, Revoke, list[Play], list[PenaltyCard]] | None:
    """A three-card ending in which a defender, second to play, revokes and the revoke is corrected in play; his
    earlier penalty cards (some minor), and the record's cards after his (both may be changed under 62C1/62C2)."""
    rng = random.Random(seed)
    suits = rng.sample(range(4), rng.choice([2, 3]))
    deck = [Card(suit, rank) for suit in suits for rank in range(2, 15)]
    rng.shuffle(deck)
    hands = tuple(frozenset(deck[i * 3:(i + 1) * 3]) for i in range(4))
    offender = rng.choice([1, 3])
    leader = next_seat(offender, 3)
    replay = Replay(hands, rng.randrange(5), leader, first_trick=11, tricks_before=(7, 3))
    lead = rng.choice(sorted(hands[leader]))
    held = hands[offender]
    following = [card for card in held if card.suit == lead.suit]
    others = [card for card in held if card.suit != lead.suit]
    if not following or not others:
        return None
    replay.play(lead)
    revoke_card = rng.choice(others)
    earlier = [card for card in held if card != revoke_card]
    facts = [PenaltyCard(offender, card, 11, "exposed earlier", minor=rng.random() < 0.5)
             for card in rng.sample(earlier, rng.choice([0, 1, 1, 2]))]
    third, fourth = next_seat(offender), partner(offender)
    third_card = rng.choice([c for c in hands[third] if c.suit == lead.suit] or sorted(hands[third]))
    fourth_card = rng.choice([c for c in hands[fourth] if c.suit == lead.suit] or sorted(hands[fourth]))
    rest = [Play(11, offender, revoke_card, lead.suit, True), Play(11, third, third_card, lead.suit, False),
            Play(11, fourth, fourth_card, lead.suit, False)]
    revoke = Revoke(11, offender, revoke_card, lead.suit, order=1)
    return replay, revoke, rest, facts


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_law50d1_62c2_every_penalty_card_in_force_binds_the_corrected_play_as_a_brute_force_search_says(
        seed: int) -> None:
    made = _corrected_ending(seed)
    if made is None:
        return
    position, revoke, rest, facts = made
    estimate = DoubleDummyEstimator(tuple(facts)).estimate(position, revoke, DECLARER, rest)
    penalties = frozenset({(revoke.seat, revoke.card)} | {(card.player, card.card) for card in facts})  # 50B: all major
    hands = tuple(position.hand(seat) for seat in range(4))
    recorded = Recorded(tuple((play.seat, play.card) for play in rest[1:]), revoke.seat)
    expected = position.tricks_won(side_of(DECLARER)) + brute_tricks(
        hands, position.trump, position.leader, tuple(position.current_trick), DECLARER, penalties, chosen=True,
        corrected=recorded)
    assert estimate.outcomes == ((expected, 1.0),), (seed, revoke, rest, facts)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 4))
def test_law51b_penalty_cards_in_two_suits_give_declarer_every_lead_option(seed: int, length: int) -> None:
    """A defender with penalty cards in one or two suits: at his partner's lead declarer may require any of their
    suits or forbid any of them (for as long as the partner keeps the lead); the search agrees with trying every
    play and every option."""
    rng = random.Random(seed)
    deck = [Card(suit, rank) for suit in range(4) for rank in range(2, 15)]
    rng.shuffle(deck)
    hands = tuple(frozenset(deck[i * length:(i + 1) * length]) for i in range(4))
    holder = rng.choice([1, 3])
    cards = rng.sample(sorted(hands[holder]), 2)
    leader = partner(holder) if rng.random() < 0.7 else rng.randrange(4)
    replay = Replay(hands, rng.randrange(5), leader, first_trick=14 - length, tricks_before=(13 - length, 0))
    penalties = tuple(Penalty(holder, card) for card in cards)
    value = _Search(DECLARER, replay.trump).value(replay, penalties)
    assert value == 13 - length + brute_tricks(hands, replay.trump, leader, (), DECLARER,
                                               frozenset((holder, card) for card in cards))


def _record(name: str) -> Record:
    return hands_record(name)


@pytest.mark.parametrize("estimator", ["dd", "sd"])
def test_law62c2_the_partner_keeps_his_card_in_the_corrected_trick(estimator: str) -> None:
    ruling = adjudicate(_record("law62c2-partner-keeps-his-card-in-the-corrected-trick"), Settings(estimator=estimator))
    assert ruling.law == "62A" and [o.tricks for o in ruling.ns] == [10]
    text = ruling_to_text(ruling)
    assert "West's ♦4, played after the revoke, stands unless a non-offender takes his card back first" in text
    assert "South's ♦3, played after the revoke, may be taken back" not in text   # his only diamond


@pytest.mark.parametrize("estimator", ["dd", "sd"])
def test_law50d1_an_earlier_minor_penalty_card_and_the_corrected_revoke_card_bind_together(estimator: str) -> None:
    ruling = adjudicate(_record("law50d1-earlier-penalty-card-and-corrected-revoke-card"), Settings(estimator=estimator))
    assert ruling.law == "62A" and 8 in [o.tricks for o in ruling.ns]      # with the CA binding alone: 7 only
    assert estimator == "sd" or [o.tricks for o in ruling.ns] == [8]
    assert "East's minor penalty ♣7 is major from now on, his withdrawn ♣A being a second (Law 50B)" in \
        ruling_to_text(ruling)
