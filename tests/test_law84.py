"""Law 12C1c as directors write a weighted score, with Law 84D (doubtful points to the non-offending side)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.equity.law84 import LIKELY, check_likely, earth_movers_distance, law84d_assigned_score
from revsim.records.setting_specs import setting_spec

POINTS_3NT = {8: -50, 9: 400, 10: 430, 11: 460, 12: 490, 13: 520}
WORKED = [(12, 0.535), (11, 0.338), (9, 0.069), (13, 0.047), (10, 0.011)]


def _worth(outcomes, value) -> float:
    return sum(weight * value(tricks) for tricks, weight in outcomes)


def test_law84d_the_worked_example_of_a_3nt_weighted_score() -> None:
    form = law84d_assigned_score(WORKED, POINTS_3NT.__getitem__)
    assert form.outcomes == ((12, 0.6), (11, 0.4))
    assert form.assigned_worth == pytest.approx(478) and form.estimate_worth == pytest.approx(474.4)
    # the closer "60% of 12, 30% of 11, 10% of 9" is worth 472 to declarer's side: Law 84D rules it out
    assert earth_movers_distance([(12, 0.6), (11, 0.3), (9, 0.1)], WORKED) < form.distance
    assert _worth([(12, 0.6), (11, 0.3), (9, 0.1)], POINTS_3NT.__getitem__) < 474.4
    # "60% of 12, 30% of 11, 10% of 10" is closer and worth 475, but keeps 10 tricks (1%) while leaving out the
    # likelier 9 (7%) and 13 (5%): a director never does that
    assert earth_movers_distance([(12, 0.6), (11, 0.3), (10, 0.1)], WORKED) < form.distance
    # with no non-offending side (Law 64C2b) it is simply the closest
    assert law84d_assigned_score(WORKED, None).outcomes == ((12, 0.6), (11, 0.3), (9, 0.1))


def test_law12c1c_the_likely_standard_gives_the_worked_example_two_results() -> None:
    # one time in six: 9, 13 and 10 tricks (7%, 5%, 1%) are not likely; 12 and 11 renormalised are 61/39, worth
    # 478.4 to declarer's side; 60/40 is worth 478, so Law 84D gives 70/30
    form = law84d_assigned_score(WORKED, POINTS_3NT.__getitem__, likely=LIKELY)
    assert form.outcomes == ((12, 0.7), (11, 0.3))
    assert dict(form.left_out) == pytest.approx({9: 0.069, 13: 0.047, 10: 0.011})


def test_law12c1c_one_likely_result_is_the_ruling_alone() -> None:
    # the newcomer's board: 79% of 4S=, 10% of 4S+1, 9% of 4S-1, 2% of 4S+2
    estimate = [(10, 0.79), (11, 0.10), (9, 0.09), (12, 0.02)]
    form = law84d_assigned_score(estimate, lambda tricks: -30.0 * tricks, likely=LIKELY)
    assert form.outcomes == ((10, 1.0),)
    looser = law84d_assigned_score(estimate, lambda tricks: -30.0 * tricks, likely=0.05)
    assert looser.outcomes == ((10, 0.8), (11, 0.1), (9, 0.1))


@pytest.mark.parametrize("text, share", [("1/6", 1 / 6), ("0.2", 0.2), ("20%", 0.2), ("0", 0.0)])
def test_law12c1c_a_likely_standard_is_read_as_a_fraction_a_share_or_a_percentage(text: str, share: float) -> None:
    assert check_likely(float(setting_spec("likely").parse(text))) == pytest.approx(share)


@pytest.mark.parametrize("text", ["1/0", "abc", "120%", "-0.1"])
def test_law12c1c_a_likely_standard_out_of_range_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="likely"):
        check_likely(float(setting_spec("likely").parse(text)))


def test_law12c1c_granularity_1_and_13_results_give_the_estimate_back() -> None:
    form = law84d_assigned_score(WORKED, POINTS_3NT.__getitem__, max_outcomes=13, granularity=1)
    assert dict(form.outcomes) == pytest.approx({12: 0.53, 11: 0.34, 9: 0.07, 13: 0.05, 10: 0.01})


def test_law12c1c_refuses_a_granularity_that_cannot_make_100_percent() -> None:
    with pytest.raises(ValueError, match="granularity"):
        law84d_assigned_score(WORKED, None, granularity=3)


def _brute_force(distribution, value, most: int, step: int, keep_likeliest: bool = True):
    """Every form, scored as the rule says: the closest qualifying, then fewer results, then better for the
    non-offending side (or nearest the estimate's mean with none); only forms that leave out no result likelier
    than one they keep, unless none of those qualifies."""
    found = _brute_force_of(distribution, value, most, step, keep_likeliest)
    return found if found is not None or not keep_likeliest else _brute_force_of(distribution, value, most, step, False)


def _rule_key(form, distribution, value, mean: float) -> tuple[float, int, float]:
    """How the rule ranks a form: its distance from the estimate, then fewer results, then better for the
    non-offending side (or nearer the estimate's mean where there is none)."""
    preference = -_worth(form, value) if value else abs(sum(t * w for t, w in form) - mean)
    return round(earth_movers_distance(form, distribution), 9), len(form), round(preference, 9)


def _brute_force_of(distribution, value, most: int, step: int, keep_likeliest: bool):
    units = 100 // step
    weight_of = dict(distribution)
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
                left = [weight_of[t] for t in support if t not in chosen]
                if keep_likeliest and left and max(left) > min(weight_of[t] for t in chosen) + 1e-9:
                    continue
                key = _rule_key(form, distribution, value, mean)
                if best is None or key < best[0]:
                    best = (key, sorted(form))
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
    key, _ = _brute_force(distribution, value, most, step)
    mean = sum(t * w for t, w in distribution)
    assert _rule_key(list(form.outcomes), distribution, value, mean) == key   # the best, or one tied with it
    weight_of, kept = dict(distribution), {t for t, _ in form.outcomes}
    left = [weight for t, weight in weight_of.items() if t not in kept]
    if _brute_force_of(distribution, value, most, step, True) is not None:    # no likelier result left out
        assert not left or max(left) <= min(weight_of[t] for t in kept) + 1e-9
    assert form.distance == pytest.approx(key[0])


likely_standards = st.sampled_from([1 / 6, 0.1, 0.2, 1 / 3])


@settings(max_examples=200, deadline=None)
@given(distributions, st.sampled_from(sorted(SIDES)), st.integers(1, 4), st.sampled_from([5, 10]), likely_standards)
def test_law12c1c_no_result_under_the_likely_standard_is_weighted(distribution, side, most, step, likely) -> None:
    form = law84d_assigned_score(distribution, SIDES[side], most, step, likely)
    weight_of = dict(distribution)
    kept = [t for t, _ in form.outcomes]
    if any(weight >= likely for weight in weight_of.values()):
        assert all(weight_of[t] >= likely - 1e-9 for t in kept)
    else:   # nothing is likely: the likeliest result alone
        assert kept == [max(weight_of, key=weight_of.__getitem__)] or len(kept) == 1
    assert {t for t, _ in form.left_out} == set(weight_of) - set(kept) or len(kept) < most


@settings(max_examples=200, deadline=None)
@given(distributions, st.sampled_from(sorted(SIDES)), st.integers(1, 4), st.sampled_from([5, 10]), likely_standards)
def test_law12c1c_a_likelier_result_is_never_left_out_for_a_less_likely_one(distribution, side, most, step,
                                                                           likely) -> None:
    form = law84d_assigned_score(distribution, SIDES[side], most, step, likely)
    weight_of = dict(distribution)
    kept = {t for t, _ in form.outcomes}
    left = [weight_of[t] for t in weight_of if t not in kept]
    assert not left or max(left) <= min(weight_of[t] for t in kept) + 1e-9


@settings(max_examples=200, deadline=None)
@given(distributions, st.sampled_from(["declarer's side", "defenders"]), st.integers(1, 4), st.sampled_from([5, 10]),
       likely_standards)
def test_law84d_the_form_never_costs_the_non_offending_side_against_the_likely_results(distribution, side, most, step,
                                                                                    likely) -> None:
    value = SIDES[side]
    form = law84d_assigned_score(distribution, value, most, step, likely)
    weight_of = dict(distribution)
    likely_ones = [(t, w) for t, w in distribution if t not in dict(form.left_out)]
    total = sum(w for _, w in likely_ones)
    assert _worth(form.outcomes, value) >= _worth([(t, w / total) for t, w in likely_ones], value) - 1e-6
    assert form.assigned_worth == pytest.approx(_worth(form.outcomes, value))
    assert set(weight_of) >= {t for t, _ in form.outcomes}


@settings(max_examples=200, deadline=None)
@given(distributions, st.sampled_from(sorted(SIDES)), st.integers(1, 4), st.sampled_from([1, 5, 10, 20]), likely_standards)
def test_law12c1c_one_likely_result_gives_one_result(distribution, side, most, step, likely) -> None:
    form = law84d_assigned_score(distribution, SIDES[side], most, step, likely)
    likely_count = sum(1 for _, weight in distribution if weight >= likely - 1e-9)
    if likely_count <= 1:
        assert len(form.outcomes) == 1
        likeliest = max(weight for _, weight in distribution)   # ties: any of the likeliest results
        assert dict(distribution)[form.outcomes[0][0]] == likeliest or likely_count == 1


def test_law84d_names_the_closest_form_it_passed_over_with_its_worth() -> None:
    # the 3NT repeated revoke's likely results: 70/30 is closest in proportion but worth a little less to
    # North-South than the estimate, so Law 84D writes 80/20; the ruling names both
    estimate = [(12, 0.71), (11, 0.29)]
    form = law84d_assigned_score(estimate, POINTS_3NT.__getitem__)
    assert form.outcomes == ((12, 0.8), (11, 0.2))
    assert form.closest == ((12, 0.7), (11, 0.3))
    assert form.closest_worth == pytest.approx(481.0) and form.estimate_worth == pytest.approx(481.3)
    assert form.closest_worth < form.estimate_worth <= form.assigned_worth
    exact = law84d_assigned_score([(12, 0.7), (11, 0.3)], POINTS_3NT.__getitem__)
    assert exact.outcomes == ((12, 0.7), (11, 0.3)) and exact.closest == ()   # nothing passed over
    assert law84d_assigned_score(estimate, None).closest == ()                # no non-offending side


@settings(max_examples=150, deadline=None)
@given(distributions, st.sampled_from(["declarer's side", "defenders"]), st.integers(1, 4), st.sampled_from([10, 20]))
def test_law84d_a_form_passed_over_is_closer_and_worth_less_to_the_non_offending_side(distribution, side, most,
                                                                                      step) -> None:
    value = SIDES[side]
    form = law84d_assigned_score(distribution, value, most, step)
    if form.closest:
        assert form.closest != form.outcomes and form.closest_worth is not None
        assert form.closest_worth < _worth(distribution, value) - 1e-9 <= _worth(form.outcomes, value)
        assert earth_movers_distance(form.closest, distribution) < form.distance
