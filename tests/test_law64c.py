"""Law 64C (C1, C2a, C2b) and the Law 12C1 regimes, on their own and through whole boards."""

from __future__ import annotations

import pytest

from revsim.adjudicate import Settings, adjudicate
from revsim.equity.law12 import AT_ALL_PROBABLE, LIKELY, law12c1c_weighted, law12c1e_non_weighted
from revsim.equity.law64c import law64c1_adjust, law64c2a_repeated_revoke_result
from revsim.outputs.explain import explanation
from revsim.records.pbn import read_pbn
from revsim.records.record import Record
from tests.conftest import HANDS
from tests.test_properties import _random_board


def _hand(name: str, **settings: str):
    record = next(read_pbn(HANDS / f"{name}.pbn"))
    assert isinstance(record, Record)
    return adjudicate(record, Settings(**{"estimator": "dd", **settings}))


def test_64c1_adjust_only_when_better_for_non_offenders() -> None:
    assert law64c1_adjust(-50.0, 420.0)
    assert not law64c1_adjust(450.0, 420.0)
    assert not law64c1_adjust(420.0, 420.0)  # equal: the transfer stands, never both


def test_64c1_adjusted_score_replaces_a_smaller_transfer() -> None:
    ruling = _hand("duschek-too-late-a", noticed="after-round")  # 64B5: no transfer; 64C1 gives 10
    assert ruling.law == "64C1" and ruling.transfer == 0
    assert [o.tricks for o in ruling.ns] == [ruling.no_infraction.most_likely] == [10]
    assert "The table result is 9" in explanation(ruling) and "the adjusted score gives 10" in explanation(ruling)


def test_64c1_transfer_kept_when_it_compensates_more() -> None:
    ruling = _hand("duschek-too-late-a")  # transfer 2 -> 11; without the revoke 10
    assert ruling.law == "64A" and ruling.ns[0].tricks == 11
    assert ruling.no_infraction.most_likely == 10


def test_64c1_dummy_revoke_adjusted() -> None:
    ruling = _hand("duschek-dummy-revoke")
    assert ruling.revokes[0].law == "64B3" and ruling.law == "64C1" and ruling.ns[0].tricks == 11
    assert [str(c.card) for c in ruling.no_infraction.candidates] == ["H3"]


def test_64c2a_result_applies_first_transfer_to_world() -> None:
    assert law64c2a_repeated_revoke_result(10, 2, offenders_declared=True) == 8
    assert law64c2a_repeated_revoke_result(11, 1, offenders_declared=False) == 12


@pytest.mark.parametrize(("name", "world", "final"), [
    ("kooijman-ebl-repeated", 10, 8), ("kooijman-poznan-repeated", 11, 10), ("duschek-repeated-3nt", 11, 12),
])
def test_64c2a_repeated_revokes_whole_boards(name: str, world: int, final: int) -> None:
    ruling = _hand(name)
    assert ruling.law == "64A+64C2a"
    estimate = ruling.no_infraction
    later = [r for r in ruling.revokes if r.law == "64B2"][0]
    assert (estimate.trick, estimate.seat) == (later.trick, later.seat)  # the world without the later revoke
    assert estimate.most_likely == world and ruling.ns[0].tricks == final


def test_64c2b_both_sides_as_if_neither_revoked() -> None:
    ruling = _hand("duschek-both-sides")
    assert ruling.law == "64C2b" and ruling.transfer == 0
    first = ruling.revokes[0]
    assert (ruling.no_infraction.trick, ruling.no_infraction.seat) == (first.trick, first.seat)
    assert ruling.ns[0].tricks == ruling.ew[0].tricks == 4


def test_64c2b_each_revoke_separately() -> None:
    ruling = _hand("duschek-both-sides", both_sides="separately")
    assert ruling.law == "64C2b" and len(ruling.estimates) == 2
    by_seat = {estimate.seat: estimate for estimate in ruling.estimates.values()}
    # North-South are judged in the world without East's revoke: it would not have done better, so it
    # keeps the table result (Law 64C2b: only a damaged side is adjusted); East-West without South's
    assert by_seat[1].most_likely < ruling.table_tricks and ruling.ns[0].tricks == ruling.table_tricks
    assert ruling.ew[0].tricks == by_seat[2].most_likely < ruling.table_tricks


def test_12c1c_weighted_merges_and_normalises() -> None:
    assert law12c1c_weighted([(11, 1), (12, 2), (11, 1)]) == [(12, 0.5), (11, 0.5)]  # ties: more tricks first
    weighted = law12c1c_weighted([(12, 0.7), (11, 0.3)])
    assert weighted == [(12, 0.7), (11, 0.3)]
    with pytest.raises(ValueError):
        law12c1c_weighted([(10, 0.0)])


def test_12c1e_non_weighted_thresholds() -> None:
    def for_declarer(tricks: int) -> float:
        return float(tricks)

    def for_defenders(tricks: int) -> float:
        return float(-tricks)

    outcomes = [(10, 0.5), (11, 0.35), (12, 0.15)]
    assert LIKELY == pytest.approx(1 / 3) and AT_ALL_PROBABLE == pytest.approx(1 / 6)
    # declarer not offending: most favourable likely result (p >= 1/3) is 11, not 12 (only 15%)
    assert law12c1e_non_weighted(outcomes, for_declarer, offending=False) == 11
    # defenders offending: most unfavourable at all probable (p >= 1/6): 11 (12 is below 1/6)
    assert law12c1e_non_weighted(outcomes, for_defenders, offending=True) == 11
    assert law12c1e_non_weighted([(10, 0.5), (11, 0.3), (12, 0.2)], for_defenders, offending=True) == 12


def _uniform_board_with_spread():
    """A seeded random board whose single established revoke has candidates of different values."""
    for seed in range(400):
        record, injected = _random_board(seed, 0.05, None)
        if len(injected) != 1:
            continue
        ruling = adjudicate(record, Settings(estimator="dd", estimator_options={"substitute": "uniform"}))
        estimate = ruling.no_infraction
        if estimate is not None and len(estimate.outcomes) > 1 and ruling.revokes[0].law not in ("62D",):
            return record, ruling
    pytest.fail("no seeded board with a spread of candidate values")


def test_12c1c_uniform_substitute_gives_a_weighted_score() -> None:
    record, ruling = _uniform_board_with_spread()
    estimate = ruling.no_infraction
    counts = {}
    for candidate in estimate.candidates:
        counts[candidate.declarer_tricks] = counts.get(candidate.declarer_tricks, 0) + 1
    assert dict(estimate.outcomes) == {t: n / len(estimate.candidates) for t, n in counts.items()}
    assert abs(sum(w for _, w in estimate.outcomes) - 1) < 1e-9


def test_12c1e_non_weighted_whole_board_sides_get_their_own_result() -> None:
    record, weighted = _uniform_board_with_spread()
    ruling = adjudicate(record, Settings(estimator="dd", estimator_options={"substitute": "uniform"}, regime="non-weighted"))
    assert len(ruling.ns) == len(ruling.ew) == 1
    assert ruling.law in ("64C1", "64A", "none") or ruling.law.startswith("64B")
    if ruling.law == "64C1":
        offending = ruling.revokes[0].side
        nos = ruling.ew if offending == 0 else ruling.ns
        off = ruling.ns if offending == 0 else ruling.ew
        declarer_side = record.contract.declarer % 2
        # the offenders' result is never better for them than the non-offenders' result
        nos_gets_more = (nos[0].tricks >= off[0].tricks) if declarer_side != offending else (nos[0].tricks <= off[0].tricks)
        assert nos_gets_more


def test_12c1c_weights_are_written_with_one_rounding_rule_that_sums_to_100() -> None:
    from revsim.outputs.weights import labelled, percentages, weight_label

    assert percentages([0.7, 0.3]) == [70, 30] and percentages([1.0]) == [100]
    assert sum(percentages([0.535, 0.338, 0.069, 0.047, 0.011])) == 100
    assert percentages([0.335, 0.335, 0.33]) == [34, 33, 33]          # the leftover point to the first of a tie
    assert weight_label(0.003, 0) == "<1%" and weight_label(0.0, 0) == "0%"
    assert weight_label(0.996, 100) == ">99%" and weight_label(1.0, 100) == "100%"
    # the lecture's lead-restriction case: 0.065 is written once, the same everywhere, and the parts add to 100%
    shown = labelled([(12, 0.84), (11, 0.075), (13, 0.065), (10, 0.02)])
    assert [label for *_, label in shown] == ["84%", "8%", "6%", "2%"]


class _Skewed:
    """An estimator whose estimate is half double dummy's result, a quarter one trick more, a quarter three more."""

    name = "skewed"

    def estimate(self, position, revoke, declarer, recorded_rest):  # type: ignore[no-untyped-def]
        from dataclasses import replace

        from revsim.likely.estimators import make_estimator

        base = make_estimator("dd", None).estimate(position, revoke, declarer, recorded_rest)  # type: ignore[arg-type]
        tricks = base.outcomes[0][0]
        return replace(base, estimator=self.name, outcomes=((tricks + 3, 0.25), (tricks + 1, 0.25), (tricks, 0.5)))

    def likely(self, position, declarer):  # type: ignore[no-untyped-def]
        raise NotImplementedError


def test_law64c1_a_transfer_worth_the_likely_result_stands_though_the_rounded_form_is_worth_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """hands/duschek-too-late-a.pbn: East's revoke, 2 tricks transferred, 4S+1 (+450 to North-South). Without the
    revoke double dummy gives 10 tricks; an estimator made for the test gives 50% of 10 tricks, 25% of 11 and 25% of
    13 (+420, +450, +510), all likely, worth exactly what the transfer gives. In steps of 10% the closest form that
    Law 84D allows is 50% of 10, 30% of 13, 20% of 11, worth +453, and compared with that the transfer would look
    insufficient. Law 64C1 asks whether the non-offending side is insufficiently compensated: it is not, the
    transfer is worth the likely result, and it stands."""
    from revsim.equity.steps import Compared
    from revsim.likely.estimators import ESTIMATORS, EstimatorKind

    kind = EstimatorKind("skewed", "skewed", "three results, half and two quarters (a test)", (),
                         lambda record, options: _Skewed(), lambda options: {})
    monkeypatch.setitem(ESTIMATORS, kind.name, kind)
    record = next(read_pbn(HANDS / "duschek-too-late-a.pbn"))
    assert isinstance(record, Record)
    ruling = adjudicate(record, Settings(estimator="skewed", noticed="end-of-play"))
    [compared] = ruling.steps_of(Compared)
    assert isinstance(compared, Compared)
    assert compared.base == ((11, 1.0),) and {tricks for tricks, _ in compared.world.outcomes} == {10, 11, 13}
    assert sorted(compared.assigned) == [(10, 0.5), (11, 0.2), (13, 0.3)]
    form_worth = sum(weight * {10: 420, 11: 450, 13: 510}[tricks] for tricks, weight in compared.assigned)
    assert form_worth == pytest.approx(453)                  # the form alone would have looked better
    assert compared.adjusted_worth == pytest.approx(450) and compared.base_worth == pytest.approx(450)
    assert compared.verdict == "compensated" and ruling.law == "64A"
    assert [(o.tricks, o.weight) for o in ruling.ns] == [(11, 1.0)]


def test_64c1_worths_are_compared_exactly() -> None:
    """2/3 of 6NT-1 and 1/3 of 6NT-4 vulnerable are worth exactly the transfer's 6NT-2 (-200): equal, so the
    likely result is not better and Law 64C1 does not adjust (added as floats, the thirds came to a little more)."""
    from revsim.equity.assign import weighted_worth
    from revsim.equity.law64c import law64c1_adjust
    from revsim.records.record import Contract
    from revsim.scoring.points import ns_score

    contract = Contract(6, 4, 0, 0)   # 6NT by North
    defenders = lambda tricks: float(-ns_score(contract, tricks, "All"))  # noqa: E731
    likely = weighted_worth(defenders, ((11, 2 / 3), (8, 1 / 3)))
    transfer = weighted_worth(defenders, ((10, 1.0),))
    assert likely == transfer == 200.0
    assert sum(w * defenders(t) for t, w in ((11, 2 / 3), (8, 1 / 3))) != 200.0   # what floats gave
    assert not law64c1_adjust(transfer, likely)
