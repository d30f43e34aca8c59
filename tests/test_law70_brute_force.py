"""Law 70 and 71 against a brute-force search written from the Laws alone: on random end positions the ruling is
the worst normal line for the claimer that an exhaustive search of every normal card finds; normal is a line, not
a chain of cards each normal alone; following low to a lead an opponent can still beat is not careless."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from revsim.cards import side_of
from revsim.claims import rule_claim
from revsim.claims.normal import NormalStandard
from revsim.likely.solver import total_tricks
from revsim.records.claim import Claim, ClaimStatus, ClaimStep
from tests.conftest import random_position

LAW_FREE = ("stated", "forced", "careless-order", "trump-too-many", "not-unblocking", "top-down", "no-finesse")


def _brute_worst(replay, declarer: int, claimer_side: int, standard: NormalStandard, forgot: bool,
                 room: float = 1.0) -> int:
    """The claimer's side's fewest tricks over every normal line, by plain minimax with no memory, no budget and no
    horizon: the claimer's normal cards (the standard's, an unstated finesse with the top card beside it where every
    normal card is one), and the opponents' legal cards, the lowest of each run of equal cards (equal cards are one
    choice: the standard's sampled layouts would otherwise tell them apart by chance). A normal line is one the class
    follows at least the standard's rate as often as its likeliest: each choice spends log(top / rate) / log(1 /
    standard rate) of an allowance of 1, the law's careless plays and forced cards nothing."""
    from revsim.claims.finesse import law70e_finesses
    from revsim.claims.normal import normal_choices, runs

    if replay.is_over:
        return 0
    legal = replay.legal_cards()
    spend: dict[object, float] = {}
    if side_of(replay.to_play) == claimer_side:
        choices = normal_choices(replay, declarer, legal, standard, False, forgot)
        cards = [choice.card for choice in choices]
        rated = [c.rate for c in choices if c.rate is not None and c.why not in LAW_FREE]
        top = max(rated, default=0.0)
        for choice in choices:
            free = choice.why in LAW_FREE or choice.rate is None or choice.rate >= top
            spend[choice.card] = 0.0 if free else math.log(top / choice.rate) / math.log(1 / standard.rate)
        finesses = set(law70e_finesses(replay, legal))
        tops = [card for card in legal if card not in finesses and card.suit == replay.led_suit]
        if finesses and all(card in finesses for card in cards) and tops:
            cards.append(max(tops, key=lambda card: card.rank))
    else:
        cards = list(runs(replay, legal))
    best = 13
    for card in cards:
        cost = spend.get(card, 0.0)
        if cost > room + 1e-9:
            continue
        before = replay.tricks_won(claimer_side)
        replay.play(card)
        best = min(best, replay.tricks_won(claimer_side) - before + _brute_worst(replay, declarer, claimer_side,
                                                                                   standard, forgot, room - cost))
        replay.undo()
    return best


def _worst_legal(replay, claimer_side: int) -> int:
    """The claimer's side's fewest tricks over every legal line of both sides."""
    if replay.is_over:
        return 0
    best = 13
    for card in replay.legal_cards():
        before = replay.tricks_won(claimer_side)
        replay.play(card)
        best = min(best, replay.tricks_won(claimer_side) - before + _worst_legal(replay, claimer_side))
        replay.undo()
    return best


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), length=st.integers(2, 3), by_declarer=st.booleans(),
       conceded=st.integers(0, 1))
def test_law70_and_71_the_ruling_is_the_worst_normal_line_a_brute_force_search_finds(
        seed: int, length: int, by_declarer: bool, conceded: int) -> None:
    """On small random endings, 'the rest are mine' (or all but ``conceded``): the claimer's side gets the worst
    normal line's tricks that an independent brute-force search finds (70C's unaware lines among them where a
    trump is out), never more than claimed unless every normal line beats the claim (71), never fewer than the
    worst legal line."""
    position = random_position(seed, length)
    declarer = random.Random(seed).randrange(4)
    claimer_side = side_of(declarer) if by_declarer else 1 - side_of(declarer)
    remaining = 13 - position.tricks_won(0) - position.tricks_won(1)
    mine_claimed = position.tricks_won(claimer_side) + remaining - conceded
    claimed = mine_claimed if by_declarer else 13 - mine_claimed
    claim = Claim("declarer" if by_declarer else "defenders", claimed, ClaimStatus.CONTESTED, (ClaimStep("no-line"),))
    ruling = rule_claim(position, declarer, claim, NormalStandard())
    mine = (lambda total: total) if by_declarer else (lambda total: 13 - total)
    standard = NormalStandard()
    worst = _brute_worst(position.copy(), declarer, claimer_side, standard, False)
    trump_out = position.trump <= 3 and any(card.suit == position.trump for seat in range(4)
                                            if side_of(seat) != claimer_side for card in position.hand(seat))
    if trump_out:
        worst = min(worst, _brute_worst(position.copy(), declarer, claimer_side, standard, True))
    worst += position.tricks_won(claimer_side)
    assert mine(ruling.ruled) == (worst if worst > mine_claimed else min(worst, mine_claimed))
    assert mine(ruling.ruled) >= position.tricks_won(claimer_side) + _worst_legal(position.copy(), claimer_side)
    if worst <= mine_claimed:
        assert mine(ruling.ruled) <= mine_claimed


@pytest.mark.slow
def test_law70a_normal_is_a_line_not_a_chain_of_cards_each_normal_alone() -> None:
    """A six-card notrump ending, 'the rest are mine': a chain of cards each normal alone (each chosen at least one
    time in ten) gives the claimer's side 2 of its 3 double-dummy tricks, but the class follows that chain about one
    time in ninety as often as its likeliest line; no normal line loses a trick, so the claim is ruled at 3 more,
    and the 70A clause says why the ruled line is normal."""
    position = random_position(10, 6)
    declarer = random.Random(10).randrange(4)
    claimer_side = side_of(declarer)
    standard = NormalStandard()
    chain = _brute_worst(position.copy(), declarer, claimer_side, standard, False, room=1e6)
    lines = _brute_worst(position.copy(), declarer, claimer_side, standard, False)
    claim = Claim("declarer", 13, ClaimStatus.CONTESTED, (ClaimStep("no-line"),))
    ruling = rule_claim(position, declarer, claim, standard)
    assert chain == 2 and lines == 3 and ruling.line.tricks == 3
    assert ruling.ruled == position.tricks_won(claimer_side) + 3 == total_tricks(position, declarer)[0]
    assert ruling.line.likelihood >= 0.1
    detail = next(clause.detail for clause in ruling.clauses if clause.clause == "70A")
    assert "as often as its likeliest" in detail


def test_law70_following_low_to_a_lead_an_opponent_can_still_beat_is_not_a_careless_play() -> None:
    """Law 70's careless plays: following low to partner's lead of the suit's master card (not unblocking) is one,
    but following low to a lead an opponent can still beat gives the trick away. East leads the H7 and West holds
    the HK H6 with North's HT still to come: the H6 is not a careless play; to East's HA it is."""
    from revsim.cards import Card
    from revsim.claims.normal import careless_plays
    from revsim.play.replay import Replay

    def hand(text: str) -> frozenset[Card]:
        return frozenset(Card("SHDC".index(card[0]), "23456789TJQKA".index(card[1]) + 2) for card in text.split())

    hands = (hand("HT C2"), hand("H7 HA"), hand("H4 C3"), hand("HK H6"))   # N, E, S, W; notrump, East on lead
    for lead, careless in (("H7", []), ("HA", ["HK", "H6"])):
        replay = Replay(hands, 4, 1, first_trick=12, tricks_before=(5, 6))
        replay.play(Card(1, "23456789TJQKA".index(lead[1]) + 2))
        replay.play(Card(1, 4))   # South's H4
        found = careless_plays(replay, replay.legal_cards(), forgot_trump=False)
        assert sorted(str(card) for card, why in found if why == "not-unblocking") == sorted(careless), lead
