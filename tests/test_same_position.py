"""The lowest CRPS any estimate of the likely result could reach (benchmarks/same_position.py): positions
several tables reached, and half the mean difference of their real results."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.cards import Card
from revsim.records.pbn import parse_pbn_deal
from revsim.records.record import Contract, PlayedCard, Record

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from likely_positions import Position  # noqa: E402
from likely_scoring import bootstrap_ratio, expected_crps  # noqa: E402
from same_position import lowest_crps, mean_crps, same_positions, spread  # noqa: E402

# Each seat holds one suit, so any card is legal and West, on lead against 1NT by South, wins every trick.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def _record(play: str, contract: str = "1NT", declarer: str = "S") -> Record:
    """A record of the one-suit deal whose play is ``play``'s cards in the order played (West leads), then a
    claim of the rest by the defence."""
    return Record("tables.lin", "1", None, parse_pbn_deal(DEAL), Contract.parse(contract, declarer),
                  play=[PlayedCard(Card.parse(text)) for text in play.split()], claimed_total=0, result_from="claim")


def _position(record: Record, cut: int, actual: int) -> Position:
    return Position(record, cut, actual, "event")


TRICK_1 = "C2 S2 H2 D2"
TRICK_2 = "C3 S3 H3 D3"


def test_law64c_tables_with_the_same_deal_contract_and_first_tricks_reach_one_position() -> None:
    first = _record(f"{TRICK_1} {TRICK_2} C4 S4 H4 D4")
    second = _record(f"{TRICK_1} {TRICK_2} C5 S5 H5 D5")
    other_second_trick = _record(f"{TRICK_1} C3 SA H3 D3 C4 S4 H4 D4")
    other_contract = _record(f"{TRICK_1} {TRICK_2} C4 S4 H4 D4", "2NT")
    other_declarer = _record("H2 D2 C2 S2 H3 D3 C3 S3", declarer="N")     # the same cards by seat, East leading
    after_one = same_positions([_position(record, 1, 0) for record in (first, second, other_second_trick,
                                                                        other_contract, other_declarer)])
    assert [[p.record for p in tables.positions] for tables in after_one] == [[first, second, other_second_trick]]
    assert len(same_positions([_position(other_declarer, 1, 0), _position(other_declarer, 1, 1)])) == 1
    after_three = same_positions([_position(record, 3, 0) for record in (first, second, other_second_trick)])
    assert after_three == []
    after_two = same_positions([_position(first, 2, 0), _position(second, 2, 1), _position(other_second_trick, 2, 0)])
    assert [tables.results for tables in after_two] == [[0, 1]]


def test_law64c_a_record_that_does_not_replay_reaches_no_position() -> None:
    played_twice = _record(f"{TRICK_1} C3 S3 H3 D2")
    not_held = _record(f"{TRICK_1} C3 D5 H3 D3")          # North holds no diamond
    good = _record(f"{TRICK_1} {TRICK_2}")
    assert same_positions([_position(record, 1, 0) for record in (good, played_twice, not_held)]) == []
    assert len(same_positions([_position(record, 1, 0) for record in (good, played_twice, good)])) == 1


distributions = st.dictionaries(st.integers(0, 13), st.integers(1, 20), min_size=1, max_size=6).map(
    lambda counts: {tricks: count / sum(counts.values()) for tricks, count in counts.items()})


@settings(max_examples=60, deadline=None)
@given(distributions)
def test_law64c_the_real_distribution_expects_its_spread_of_itself(truth: dict[int, float]) -> None:
    assert abs(spread(truth) - expected_crps(truth, truth)) < 1e-9


@settings(max_examples=60, deadline=None)
@given(distributions, distributions)
def test_law64c_no_estimate_beats_the_real_distribution_on_its_own_draws(truth: dict[int, float],
                                                                         other: dict[int, float]) -> None:
    assert expected_crps(other, truth) >= spread(truth) - 1e-9


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=2, max_size=12))
def test_law64c_the_lowest_crps_of_the_tables_is_their_spread_over_the_pairs(results: list[int]) -> None:
    count = len(results)
    empirical = {tricks: results.count(tricks) / count for tricks in set(results)}
    assert abs(lowest_crps(results) - spread(empirical) * count / (count - 1)) < 1e-9
    assert (lowest_crps(results) == 0) == (len(set(results)) == 1)


def test_the_lowest_crps_needs_two_tables() -> None:
    try:
        lowest_crps([9])
    except ValueError as error:
        assert "two tables" in str(error)
    else:
        raise AssertionError("one table's result gave a lowest CRPS")


def test_an_estimates_crps_is_averaged_over_the_tables() -> None:
    assert mean_crps([9, 10], {9: 1.0}) == 0.5
    assert mean_crps([9, 10], {9: 0.5, 10: 0.5}) == 0.25


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 2), st.floats(0.1, 2), st.integers(0, 5)), min_size=3, max_size=20),
       st.integers(0, 100))
def test_the_ratios_interval_holds_the_ratio_and_repeats_with_its_seed(rows: list[tuple[float, float, int]],
                                                                      seed: int) -> None:
    numerators, denominators, deals = zip(*rows, strict=True)
    low, high = bootstrap_ratio(numerators, denominators, deals, seed, draws=400)
    assert low <= high
    assert min(n / d for n, d in zip(numerators, denominators, strict=True)) - 1e-9 <= low
    assert high <= max(n / d for n, d in zip(numerators, denominators, strict=True)) + 1e-9
    assert (low, high) == bootstrap_ratio(numerators, denominators, deals, seed, draws=400)
