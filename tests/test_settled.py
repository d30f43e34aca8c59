"""A ruling that does not depend on the seed (Law 12C1c as a director applies it to a sampled estimate): the fitted
8-play-out blend taken in expectation over every 8 of more play-outs, play-outs run until the written form is
settled, the most typical play-out of a result, and the solver's direct batch against endplay's."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from endplay.dds import solve_all_boards
from endplay.types import Card as EndplayCard
from endplay.types import Deal, Denom, Player
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card, Seat, deal_to_pbn
from revsim.equity.law84 import FormStandard
from revsim.likely.levels import agreement_of, load_level
from revsim.likely.playout import PlayOut
from revsim.likely.representative import typical_index
from revsim.likely.sd import likely_tricks
from revsim.likely.settle import (
    MAX_PLAYOUTS,
    MIN_PLAYOUTS,
    Settled,
    blended_estimate,
    resampled_forms,
    subsample_blend,
)
from revsim.likely.solver import _solve_batch, _solve_one
from tests.conftest import spade_finesse_ending

BLEND = {"unanimous": 0.45, "strong": 0.6, "split": 0.35}
counts_of = st.dictionaries(st.integers(0, 13), st.integers(1, 6), min_size=1, max_size=4)


def _brute_subsets(counts: dict[int, int], size: int) -> tuple[dict[int, float], float]:
    """The fitted blend's play-out part and blind weight averaged over every subset of ``size`` play-outs."""
    results = [tricks for tricks, count in counts.items() for _ in range(count)]
    play_part: dict[int, float] = {tricks: 0.0 for tricks in counts}
    blind = 0.0
    subsets = list(itertools.combinations(range(len(results)), size))
    for subset in subsets:
        drawn = Counter(results[i] for i in subset)
        weight = BLEND[agreement_of({t: c / size for t, c in drawn.items()})]
        blind += weight / len(subsets)
        for tricks, count in drawn.items():
            play_part[tricks] += (1 - weight) * count / size / len(subsets)
    return play_part, blind


@settings(max_examples=60, deadline=None)
@given(counts_of, st.integers(2, 8))
def test_the_blend_over_many_play_outs_is_the_fitted_blend_over_every_subset(counts: dict[int, int],
                                                                                  size: int) -> None:
    if sum(counts.values()) < size or sum(counts.values()) > 14:
        return
    exact, blind = subsample_blend(counts, size, BLEND)
    brute, brute_blind = _brute_subsets(counts, size)
    assert blind == pytest.approx(brute_blind)
    assert exact == pytest.approx(brute)
    assert sum(exact.values()) + blind == pytest.approx(1)


@settings(max_examples=60, deadline=None)
@given(counts_of)
def test_with_the_fitted_number_of_play_outs_the_blend_is_unchanged(counts: dict[int, int]) -> None:
    size = sum(counts.values())
    play_part, blind = subsample_blend(counts, size, BLEND)
    weight = BLEND[agreement_of({t: c / size for t, c in counts.items()})]
    assert blind == pytest.approx(weight)
    assert play_part == pytest.approx({t: (1 - weight) * c / size for t, c in counts.items()})


def settled_share(counts: dict[int, int], blind: dict[int, float], form: object, rng: random.Random,
                  resamples: int = 100) -> float:
    """The share of bootstrap resamples of the play-outs whose blended estimate gives the play-outs' own form."""
    point, forms = resampled_forms(counts, blind, 8, BLEND, form, rng, resamples)  # type: ignore[arg-type]
    return Settled.from_forms(sum(counts.values()), point, forms, MAX_PLAYOUTS).same_form


def test_unanimous_play_outs_are_settled_and_a_close_split_is_not() -> None:
    standard = FormStandard()

    def form(distribution: tuple[tuple[int, float], ...]) -> object:
        return standard.form(distribution, True)

    blind = {10: 0.8, 9: 0.1, 11: 0.1}
    assert settled_share({10: 16}, blind, form, random.Random(1)) == 1.0
    # 11 tricks in about a quarter of the play-outs sits on the standard's edge once blended: not settled
    assert settled_share({10: 12, 11: 4}, blind, form, random.Random(1)) < 0.95
    blended, _ = blended_estimate({10: 12, 11: 4}, blind, 8, BLEND)
    assert sum(blended.values()) == pytest.approx(1)


def test_a_settled_estimate_runs_its_rounds_within_the_bounds_and_repeats_with_its_seed() -> None:
    level = load_level("expert")
    position = spade_finesse_ending(2)   # South leads towards the AQ: declarer must guess the finesse
    standard = FormStandard()

    def form(distribution: tuple[tuple[int, float], ...]) -> object:
        return standard.form(distribution, True)

    first = likely_tricks(position, 0, {}, level, 5, settle=form)
    assert MIN_PLAYOUTS <= len(first.lines) <= MAX_PLAYOUTS and len(first.lines) % level.playouts == 0
    assert first.settled is not None and first.settled.playouts == len(first.lines)
    assert first == likely_tricks(position, 0, {}, level, 5, settle=form)
    once = likely_tricks(position, 0, {}, level, 5)
    assert len(once.lines) == level.playouts and once.settled is not None and once.settled.playouts == 8
    assert once.lines == first.lines[:level.playouts]   # the first round is the fitted estimator's own sample


@settings(max_examples=40, deadline=None)
@given(counts_of, st.integers(0, 2**32 - 1))
def test_the_forms_the_resamples_give_account_for_every_resample(counts: dict[int, int], seed: int) -> None:
    standard = FormStandard()

    def form(distribution: tuple[tuple[int, float], ...]) -> object:
        return standard.form(distribution, True)

    blind = {10: 0.8, 9: 0.1, 11: 0.1}
    point, forms = resampled_forms(counts, blind, 8, BLEND, form, random.Random(seed), 50)
    assert sum(forms.values()) == 50
    assert point == form(tuple(sorted(blended_estimate(counts, blind, 8, BLEND)[0].items(), reverse=True)))
    settled = Settled.from_forms(16, point, forms, 64)
    assert settled.same_form + sum(share for _, share in settled.others) == pytest.approx(1)
    assert point not in {other for other, _ in settled.others}
    assert [share for _, share in settled.others] == sorted((share for _, share in settled.others), reverse=True)
    assert settled.same_form == forms[point] / 50 == settled_share(counts, blind, form, random.Random(seed), 50)
    evidence = settled.evidence()
    assert evidence["max_playouts"] == 64 and len(evidence["other_forms"]) == len(settled.others)  # type: ignore[arg-type]


def test_the_most_play_outs_allowed_bounds_an_unsettled_estimate() -> None:
    level = load_level("expert")
    position = spade_finesse_ending(2)
    standard = FormStandard()

    def form(distribution: tuple[tuple[int, float], ...]) -> object:
        return standard.form(distribution, True)

    # a form that never settles (each call a form of its own): the play-outs run to the bound
    for bound in (16, 24, 40):
        drawn = likely_tricks(position, 0, {}, level, 5, settle=lambda distribution: object(), max_playouts=bound)
        assert len(drawn.lines) == bound - bound % level.playouts and drawn.settled is not None
        assert drawn.settled.bound == bound and drawn.settled.evidence()["max_playouts"] == bound
        assert drawn.settled.same_form == 0 and not drawn.settled.evidence()["settled"]
    assert likely_tricks(position, 0, {}, level, 5, settle=form, max_playouts=16).lines == \
        likely_tricks(position, 0, {}, level, 5, settle=form).lines[:16]


def _line(tricks: int, cards: str) -> PlayOut:
    return PlayOut(tricks, None, tuple(Card.parse(card) for card in cards.split()))


def test_the_play_out_shown_for_a_result_is_the_most_typical_of_those_that_reach_it() -> None:
    lines = (_line(10, "SA SK S2"), _line(9, "HA H2 H3"), _line(10, "SA SQ S2"), _line(10, "SA SQ S3"),
             _line(9, "HA H2 H4"))
    assert typical_index(lines, 10) == 2   # shares two cards with the fourth and one with the first
    assert typical_index(lines, 9) == 1    # a tie goes to the first
    with pytest.raises(ValueError, match="no play-out ends with 11"):
        typical_index(lines, 11)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 13), st.integers(0, 4))
def test_the_solvers_direct_batch_gives_endplays_values(seed: int, length: int, trump: int) -> None:
    rng = random.Random(seed)
    deck = [Card(suit, rank) for suit in range(4) for rank in range(2, 15)]
    rng.shuffle(deck)
    hands = [set(deck[i * 13:i * 13 + length]) for i in range(4)]
    leader = rng.randrange(4)
    trick: list[tuple[int, Card]] = []
    for place in range(rng.randint(0, 3)):
        seat = (leader + place) % 4
        suit = trick[0][1].suit if trick else None
        follow = sorted(card for card in hands[seat] if card.suit == suit) or sorted(hands[seat])
        card = rng.choice(follow)
        hands[seat].remove(card)
        trick.append((seat, card))
    key = (tuple(frozenset(hand) for hand in hands), leader, tuple(trick))
    [fast] = _solve_batch([key], trump)
    [slow] = solve_all_boards([_endplay_deal(*key, trump)])
    assert fast == {Card(int(c.suit.value), int(c.rank.value).bit_length() - 1): int(t) for c, t in slow}
    assert _solve_one(key, trump) == fast   # the single-board call (card_values) reads the same


def _endplay_deal(hands: tuple[frozenset[Card], ...], leader: Seat, trick: tuple[tuple[Seat, Card], ...],
                  trump: int) -> Deal:
    """An endplay Deal of ``hands`` (the cards each seat still holds) with ``trick`` played from ``leader``: the
    position as endplay's own path builds it, to check the solver's binary one against."""
    full = [set(hand) for hand in hands]
    for seat, card in trick:
        full[seat].add(card)
    deal = Deal(deal_to_pbn(tuple(frozenset(hand) for hand in full)))
    deal.trump = (Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt)[trump]
    deal.first = Player(leader)
    for _, card in trick:
        deal.play(EndplayCard(str(card)))
    return deal
