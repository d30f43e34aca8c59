"""What bench_luck.py reads: declarer's luck (double dummy on the actual deal against its mean over the
layouts a player could deal), blind parts keyed by more than the margin, and a sharpened estimate."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.likely.solver import total_tricks
from revsim.play.replay import Replay
from tests.conftest import needs_corpus, spade_finesse_ending

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from likely_blend import fit_errors, fit_keyed_errors, sharpened  # noqa: E402
from likely_positions import draw  # noqa: E402
from likely_scoring import mode  # noqa: E402
from luck import LUCK_BUCKETS, luck_bucket, mean_view_tricks  # noqa: E402

N, E, S, W = range(4)


def _finesse() -> Replay:
    """Notrump, two tricks left, South (declarer) on lead with two small spades to dummy's ace-queen; West holds
    the king: the finesse works. North-South have won 6 of the first eleven tricks."""
    return spade_finesse_ending(S)


def test_law64c_declarer_is_lucky_where_the_finesse_he_cannot_see_works() -> None:
    replay = _finesse()
    double_dummy = total_tricks(replay, S)[0]
    assert double_dummy == 8
    from_declarer = mean_view_tricks(replay, S, S, {}, 40, random.Random(1))
    assert 7 < from_declarer < 8               # some layouts put the king with East: one trick there
    assert double_dummy - from_declarer > 0


def test_law64c_the_defender_who_holds_the_king_sees_no_luck() -> None:
    replay = _finesse()
    assert mean_view_tricks(replay, W, S, {}, 20, random.Random(1)) == total_tricks(replay, S)[0]


def test_law64c_the_same_seed_deals_the_same_layouts() -> None:
    replay = _finesse()
    first = mean_view_tricks(replay, S, S, {}, 12, random.Random(7))
    assert mean_view_tricks(_finesse(), S, S, {}, 12, random.Random(7)) == first


@pytest.mark.parametrize(("luck", "bucket"), [(-0.6, "unlucky"), (-0.5, "even"), (0.0, "even"), (0.5, "even"),
                                              (0.51, "lucky")])
def test_luck_buckets_part_at_half_a_trick(luck: float, bucket: str) -> None:
    assert luck_bucket(luck) == bucket


class _Fitted:
    def __init__(self, cut: int, actual: int, dd: int, luck: str) -> None:
        self.cut, self.actual, self.dd, self.event, self.luck, self.target = cut, actual, dd, "event", luck, 7


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([1, 3, 6]), st.integers(-2, 2), st.sampled_from(LUCK_BUCKETS[:2])),
                min_size=1, max_size=40))
def test_law64c_keyed_errors_sum_to_one_and_an_unseen_key_keeps_its_cuts(rows: list[tuple[int, int, str]]) -> None:
    positions = [_Fitted(cut, 8 + error, 8, luck) for cut, error, luck in rows]
    errors = fit_errors(positions)
    keyed = fit_keyed_errors(positions, errors, lambda p: p.luck, LUCK_BUCKETS)
    for cut, by_key in keyed.items():
        for offsets in by_key.values():
            assert sum(offsets.values()) == pytest.approx(1.0)
        unseen = {o: w for o, w in by_key["lucky"].items() if w > 0}
        assert unseen == pytest.approx(errors[cut])


def test_law64c_a_key_seen_often_moves_its_errors_away_from_the_cuts() -> None:
    lucky = [_Fitted(1, 7, 8, "lucky") for _ in range(60)]
    even = [_Fitted(1, 8, 8, "even") for _ in range(60)]
    keyed = fit_keyed_errors(lucky + even, fit_errors(lucky + even), lambda p: p.luck, LUCK_BUCKETS)
    assert keyed[1]["lucky"][-1] > 0.6 > fit_errors(lucky + even)[1][-1]
    assert keyed[1]["even"][0] > 0.6


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.integers(0, 13), st.floats(0.01, 1.0), min_size=1, max_size=6),
       st.floats(0.5, 2.0))
def test_a_sharpened_estimate_sums_to_one_and_keeps_its_most_likely_result(shares: dict[int, float],
                                                                          power: float) -> None:
    total = sum(shares.values())
    distribution = {tricks: share / total for tricks, share in shares.items()}
    sharper = sharpened(distribution, power)
    assert sum(sharper.values()) == pytest.approx(1.0)
    assert distribution[mode(sharper)] == pytest.approx(max(distribution.values()))
    assert sharpened(distribution, 1.0) == pytest.approx(distribution)
    if power > 1 and len({round(v, 9) for v in distribution.values()}) > 1:
        assert max(sharper.values()) > max(distribution.values())


@needs_corpus()
def test_law64c_drawn_positions_keep_the_events_apart_and_repeat_with_their_seed() -> None:
    drawn = draw("club", fit=2, score=3, seed=1, for_errors=5)
    places = [[(p.source, p.index, p.cut) for p in part] for part in (drawn.for_errors, drawn.for_model, drawn.held_out)]
    assert [len(part) for part in places] == [15, 6, 9]
    assert set(places[1]) <= set(places[0])
    assert not {p.event for p in drawn.for_errors} & {p.event for p in drawn.held_out}
    again = draw("club", fit=2, score=3, seed=1, for_errors=5)
    assert [(p.source, p.index, p.cut) for p in again.held_out] == places[2]
    assert [p.dd for p in again.held_out] == [p.dd for p in drawn.held_out]
    assert {p.cut for p in drawn.held_out} == {1, 3, 6}
