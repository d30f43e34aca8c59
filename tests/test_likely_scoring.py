"""How the benchmarks score a likely-result estimate against the players' results: CRPS, the paired count
of most likely outcomes, and the CRPS ratio with its interval by a bootstrap over the boards."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "calibration"))
from likely_scoring import crps, expected_crps, own_world, paired_exact, ratio_interval  # noqa: E402


@dataclass(frozen=True)
class _Position:
    cut: int
    actual: int


def test_crps_of_one_result_is_its_distance_and_a_spread_is_scored_between() -> None:
    assert crps({9: 1.0}, 9) == 0
    assert crps({9: 1.0}, 11) == 2
    assert crps({9: 0.5, 10: 0.5}, 9) == 0.25


def test_paired_exact_counts_the_positions_each_gets_right_alone() -> None:
    positions = [_Position(1, 9), _Position(1, 10), _Position(3, 8)]
    ours = [(positions[0], {9: 1.0}), (positions[1], {10: 0.6, 9: 0.4}), (positions[2], {9: 1.0})]
    theirs = [(positions[0], {9: 1.0}), (positions[1], {9: 1.0}), (positions[2], {8: 1.0})]
    assert paired_exact(ours, theirs).startswith("+0.000 (1 positions right where the other is wrong, 1 the other way")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 13), st.integers(0, 13), st.integers(0, 13), st.integers(0, 5)),
                min_size=2, max_size=30), st.integers(0, 100))
def test_the_crps_ratio_interval_is_seeded_ordered_and_one_against_itself(
        rows: list[tuple[int, int, int, int]], seed: int) -> None:
    positions = [_Position(1, actual) for actual, _, _, _ in rows]
    ours = [(p, {a: 0.5, b: 0.5}) for p, (_, a, b, _) in zip(positions, rows, strict=True)]
    reference = [(p, {b: 1.0}) for p, (_, _, b, _) in zip(positions, rows, strict=True)]
    boards = [board for _, _, _, board in rows]
    value, low, high = ratio_interval(ours, reference, boards, seed, draws=200)
    if not sum(crps(d, p.actual) for p, d in reference):
        assert all(math.isnan(x) for x in (value, low, high))   # the reference is perfect: there is no ratio
        return
    assert ratio_interval(ours, reference, boards, seed, draws=200) == (value, low, high)
    assert value == sum(crps(d, p.actual) for p, d in ours) / sum(crps(d, p.actual) for p, d in reference)
    assert low <= high
    assert ratio_interval(reference, reference, boards, seed, draws=200) == (1.0, 1.0, 1.0)


def test_the_crps_ratio_interval_narrows_with_more_boards_and_holds_the_ratio() -> None:
    """Half the estimate's weight on the result, half a trick off; the reference always a trick off: the
    ratio is 0.25 on every board, and with boards that differ the interval holds the pooled ratio."""
    few, many = [], []
    for board in range(40):
        p = _Position(1, 9)
        row = ((p, {9: 0.5, 10: 0.5 if board % 2 else 0.0, 8: 0.0 if board % 2 else 0.5}), (p, {10 + board % 3: 1.0}))
        (few if board < 8 else many).append((row, board))
        many.append((row, board))
    for rows in (few, many):
        value, low, high = ratio_interval([r[0] for r, _ in rows], [r[1] for r, _ in rows], [b for _, b in rows])
        assert low <= value <= high
    width = [ratio_interval([r[0] for r, _ in rows], [r[1] for r, _ in rows], [b for _, b in rows]) for rows in (few, many)]
    assert width[1][2] - width[1][1] < width[0][2] - width[0][1]


def test_a_fitted_setting_replaces_the_shipped_one_only_when_clearly_better_on_two_seeds() -> None:
    from bench_likely import keep_unless_clearly_better

    positions = [_Position(1, 9 + i % 2) for i in range(40)]
    shipped, close, clear = (0.02, 0.5, 0.0, 0.0), (0.02, 0.5, 0.0, 1.0), (0.02, 0.5, 0.5, 3.0)
    runs = {shipped: [(p, {9: 0.5, 10: 0.5}) for p in positions],
            close: [(p, {p.actual: 0.55, 19 - p.actual: 0.45}) if i % 4 == 0 else (p, {9: 0.5, 10: 0.5})
                    for i, p in enumerate(positions)],
            clear: [(p, {p.actual: 0.9, 19 - p.actual: 0.1}) for p in positions]}
    assert keep_unless_clearly_better(runs, clear, shipped) == clear
    noisy = {shipped: runs[shipped], close: [(p, {p.actual: 1.0}) if i == 0 else (p, {9: 0.5, 10: 0.5})
                                             for i, p in enumerate(positions)]}
    assert keep_unless_clearly_better(noisy, close, shipped) == shipped
    assert keep_unless_clearly_better({close: runs[close]}, close, shipped) == close   # the shipped one not played
    replayed: list[tuple[float, ...]] = []

    def fresh_seed(holds: bool) -> Callable[[tuple[float, ...]], list[tuple[_Position, dict[int, float]]]]:
        def replay(setting: tuple[float, ...]) -> list[tuple[_Position, dict[int, float]]]:
            replayed.append(setting)
            return runs[setting] if holds or setting == shipped else runs[shipped]
        return replay

    assert keep_unless_clearly_better(runs, clear, shipped, fresh_seed(True)) == clear
    assert replayed == [clear, shipped]
    assert keep_unless_clearly_better(runs, clear, shipped, fresh_seed(False)) == shipped   # a gain on one seed alone
    assert keep_unless_clearly_better(noisy, close, shipped, fresh_seed(True)) == shipped and len(replayed) == 4


_DISTRIBUTIONS = st.dictionaries(st.integers(0, 13), st.floats(0.01, 1), min_size=1, max_size=5).map(
    lambda d: {tricks: weight / sum(d.values()) for tricks, weight in d.items()})


@settings(max_examples=60, deadline=None)
@given(_DISTRIBUTIONS, _DISTRIBUTIONS, st.integers(0, 13))
def test_expected_crps_is_the_crps_averaged_over_the_truth_and_proper(forecast: dict[int, float],
                                                                      truth: dict[int, float], actual: int) -> None:
    """Against one certain result it is that result's CRPS; against any truth it is the truth-weighted mean of
    the CRPS of each result; and no forecast does better on average than the truth itself (CRPS is proper)."""
    assert math.isclose(expected_crps(forecast, {actual: 1.0}), crps(forecast, actual), abs_tol=1e-9)
    averaged = sum(weight * crps(forecast, tricks) for tricks, weight in truth.items())
    assert math.isclose(expected_crps(forecast, truth), averaged, abs_tol=1e-9)
    assert expected_crps(truth, truth) <= expected_crps(forecast, truth) + 1e-9


def test_own_world_scores_the_play_outs_against_a_second_seeds_results() -> None:
    first = [{9: 1.0}, {9: 0.5, 10: 0.5}]
    second = [{9: 1.0}, {10: 1.0}]
    played, missed = own_world(first, second, [10, 10])
    assert played == (0 + 0.25) / 2 and missed == (1 + 0) / 2
