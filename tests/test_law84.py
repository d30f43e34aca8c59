"""Law 12C1c as directors write a weighted score, with Law 84D (doubtful points to the non-offending side)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.equity.law84 import earth_movers_distance, law84d_assigned_score

POINTS_3NT = {8: -50, 9: 400, 10: 430, 11: 460, 12: 490, 13: 520}
WORKED = [(12, 0.535), (11, 0.338), (9, 0.069), (13, 0.047), (10, 0.011)]


def _worth(outcomes, value) -> float:
    return sum(weight * value(tricks) for tricks, weight in outcomes)


def test_law84d_the_worked_example_of_a_3nt_weighted_score() -> None:
    form = law84d_assigned_score(WORKED, POINTS_3NT.__getitem__)
    assert form.outcomes == ((12, 0.6), (11, 0.3), (10, 0.1))
    assert form.assigned_worth == pytest.approx(475) and form.estimate_worth == pytest.approx(474.4)
    assert form.distance == pytest.approx(0.154)
    # the closer "60% of 12, 30% of 11, 10% of 9" is worth 472 to declarer's side: Law 84D rules it out
    assert earth_movers_distance([(12, 0.6), (11, 0.3), (9, 0.1)], WORKED) < form.distance
    assert _worth([(12, 0.6), (11, 0.3), (9, 0.1)], POINTS_3NT.__getitem__) < 474.4
    # with no non-offending side (Law 64C2b) it is simply the closest
    assert law84d_assigned_score(WORKED, None).outcomes == ((12, 0.6), (11, 0.3), (9, 0.1))


def test_law12c1c_granularity_1_and_13_results_give_the_estimate_back() -> None:
    form = law84d_assigned_score(WORKED, POINTS_3NT.__getitem__, max_outcomes=13, granularity=1)
    assert dict(form.outcomes) == pytest.approx({12: 0.53, 11: 0.34, 9: 0.07, 13: 0.05, 10: 0.01})


def test_law12c1c_refuses_a_granularity_that_cannot_make_100_percent() -> None:
    with pytest.raises(ValueError, match="granularity"):
        law84d_assigned_score(WORKED, None, granularity=3)


def _brute_force(distribution, value, most: int, step: int):
    """Every form, scored as the rule says: the closest qualifying, then fewer results, then better for the
    non-offending side (or nearest the estimate's mean with none)."""
    units = 100 // step
    support = sorted(t for t, _ in distribution)
    worth = None if value is None else _worth(distribution, value)
    mean = sum(t * w for t, w in distribution)
    best = None
    for count in range(1, min(most, len(support)) + 1):
        for chosen in itertools.combinations(support, count):
            for cuts in itertools.combinations(range(1, units), count - 1):
                parts = [b - a for a, b in zip((0, *cuts), (*cuts, units), strict=True)]
                form = [(t, p / units) for t, p in zip(chosen, parts, strict=True)]
                if worth is not None and _worth(form, value) < worth - 1e-9:
                    continue
                preference = -_worth(form, value) if value else abs(sum(t * w for t, w in form) - mean)
                key = (round(earth_movers_distance(form, distribution), 9), count, round(preference, 9))
                if best is None or key < best[0]:
                    best = (key, sorted(form))
    assert best is not None
    return best


distributions = st.lists(st.tuples(st.integers(0, 13), st.integers(1, 1000)), min_size=1, max_size=6,
                         unique_by=lambda pair: pair[0]).map(
    lambda pairs: [(t, w / sum(w for _, w in pairs)) for t, w in pairs])
SIDES = {"declarer's side": lambda t: 30.0 * t, "defenders": lambda t: -30.0 * t - (300 if t >= 10 else 0), "none": None}


@settings(max_examples=150, deadline=None)
@given(distributions, st.sampled_from(sorted(SIDES)), st.integers(1, 4), st.sampled_from([10, 20, 25]))
def test_law12c1c_law84d_the_form_is_the_closest_that_never_costs_the_non_offending_side(
        distribution, side, most, step) -> None:
    value = SIDES[side]
    form = law84d_assigned_score(distribution, value, most, step)
    assert 1 <= len(form.outcomes) <= most
    assert sum(weight for _, weight in form.outcomes) == pytest.approx(1)
    assert all(abs(weight * 100 / step - round(weight * 100 / step)) < 1e-9 and weight > 0 for _, weight in form.outcomes)
    assert {t for t, _ in form.outcomes} <= {t for t, _ in distribution}   # only results legal play reaches
    if value is not None:
        assert _worth(form.outcomes, value) >= _worth(distribution, value) - 1e-9
    key, best = _brute_force(distribution, value, most, step)
    assert [(t, round(w, 9)) for t, w in sorted(form.outcomes)] == [(t, round(w, 9)) for t, w in best]
    assert form.distance == pytest.approx(key[0])
