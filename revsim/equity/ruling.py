"""The final ruling: Law 62D or Law 64A/B, then Law 64C (C1, C2a, C2b) with Law 12C1's regimes, per side."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from revsim.cards import SEAT_NAMES, SIDE_NAMES, side_of
from revsim.equity.estimators import ESTIMATORS
from revsim.equity.law12 import law12c1c_weighted, law12c1e_non_weighted
from revsim.equity.law64c import law64c1_adjust, law64c2a_repeated_revoke_result
from revsim.equity.settings import Settings
from revsim.equity.solver import total_tricks
from revsim.equity.worlds import Estimate, position_before
from revsim.laws.detection import Revoke
from revsim.laws.law64 import law64a_automatic_transfer
from revsim.play.table import TablePlay
from revsim.records.record import Record
from revsim.scoring.points import ns_score, result_text


@dataclass(frozen=True)
class Outcome:
    """One possible result: declarer's side's tricks, its weight, and North-South's score in points."""

    tricks: int
    weight: float
    score: int


@dataclass
class BoardRuling:
    """The ruling on one board: table result, revokes, transfer, estimates, and the final result per side."""

    record: Record
    table: TablePlay
    revokes: list[Revoke]
    transfer: int
    law: str
    ns: list[Outcome]
    ew: list[Outcome]
    steps: list[str] = field(default_factory=list)
    corrected_tricks: int | None = None
    estimates: dict[str, Estimate] = field(default_factory=dict)
    explanation: str = ""

    @property
    def table_tricks(self) -> int:
        """Declarer's side's tricks as played and claimed."""
        return self.table.declarer_tricks

    @property
    def no_infraction(self) -> Estimate | None:
        """The main no-infraction estimate (the first one made), if any."""
        return next(iter(self.estimates.values()), None)


def expected(outcomes: list[Outcome], field_name: str) -> float:
    """The weighted mean of ``tricks`` or ``score`` over a side's outcomes."""
    return sum(getattr(outcome, field_name) * outcome.weight for outcome in outcomes)


def rule(record: Record, table: TablePlay, revokes: list[Revoke], transfer: int, settings: Settings) -> BoardRuling:
    """Put Laws 62D, 64A/B and 64C together for one board."""
    assert record.contract is not None
    steps = [_revoke_step(revoke) for revoke in revokes]
    ruling = BoardRuling(record, table, revokes, transfer, "none", [], [], steps)
    declarer_side = side_of(record.contract.declarer)
    transfer_tricks = table.declarer_tricks + sum(
        r.transfer if r.side != declarer_side else -r.transfer for r in revokes)
    corrected = next((r for r in revokes if r.law == "62D"), None)
    established = [r for r in revokes if r.established and r.law != "62D"]
    if corrected is not None:
        ruling.corrected_tricks = _corrected_trick12(table, corrected)
        ruling.law = "62D"
        _set_same(ruling, [(ruling.corrected_tricks, 1.0)])
        steps.append(f"Law 62D: with the revoke corrected declarer's side takes {ruling.corrected_tricks} tricks.")
        return ruling
    if not established:
        ruling.law = "64A" if transfer else "none"
        _set_same(ruling, [(transfer_tricks, 1.0)])
        steps.append("No revoke: the table result stands." if not revokes else
                     "No established revoke: the table result stands.")
        return ruling
    if len({r.side for r in established}) == 2:
        _both_sides(ruling, established, settings)
    else:
        _one_side(ruling, established, transfer_tricks, settings)
    return ruling


# --- one offending side: 64C1 and 64C2a -------------------------------------------------------

def _one_side(ruling: BoardRuling, established: list[Revoke], transfer_tricks: int, settings: Settings) -> None:
    """Laws 64C1 and 64C2a when one side revoked: the transfer result, or the adjusted score (the likely
    result without the revoke, or for a repeated revoke without the later ones, the first one's
    transfer applied), whichever is better for the non-offending side; Law 12C1 for the regime."""
    record, table = ruling.record, ruling.table
    assert record.contract is not None
    declarer_side = side_of(record.contract.declarer)
    offending = established[0].side
    non_offending = 1 - offending
    repeated = next((r for r in established if r.law == "64B2"), None)
    if repeated is not None:
        first = next(r for r in established if (r.seat, r.suit_led) == (repeated.seat, repeated.suit_led))
        estimate = _estimate(ruling, repeated, settings)
        others = sum(r.transfer for r in established if r is not first and r.law != "64B2")
        world = [(_c2a_result(table, estimate, first, tricks, others, declarer_side), weight)
                 for tricks, weight in estimate.outcomes]
        candidate_law = "64A+64C2a"
    else:
        estimate = _estimate(ruling, established[0], settings)
        world = list(estimate.outcomes)
        candidate_law = "64C1"
    value = _value_for(record, non_offending)
    transfer_value = value(transfer_tricks)
    weighted = law12c1c_weighted(world)
    if settings.regime == "weighted":
        adjusted_value = sum(weight * value(tricks) for tricks, weight in weighted)
        if law64c1_adjust(transfer_value, adjusted_value):
            ruling.law = candidate_law
            _set_same(ruling, weighted)
        else:
            ruling.law = "64A" if ruling.transfer else "none"
            _set_same(ruling, [(transfer_tricks, 1.0)])
    else:
        for_non_offenders = law12c1e_non_weighted(weighted, value, offending=False)
        for_offenders = law12c1e_non_weighted(weighted, _value_for(record, offending), offending=True)
        if law64c1_adjust(transfer_value, value(for_non_offenders)):
            ruling.law = candidate_law
            _set_sides(ruling, {non_offending: for_non_offenders, offending: for_offenders})
        else:
            ruling.law = "64A" if ruling.transfer else "none"
            _set_same(ruling, [(transfer_tricks, 1.0)])
    ruling.explanation = _explain(ruling, estimate, transfer_tricks, repeated is not None, weighted)
    ruling.steps.append(ruling.explanation)


def _c2a_result(table: TablePlay, estimate: Estimate, first: Revoke, world_tricks: int, others: int,
                declarer_side: int) -> int:
    """Law 64C2a for one outcome: the first revoke's transfer worked out in the world without the later ones."""
    offending = first.side
    before_divergence = sum(1 for done in table.replay.tricks
                            if first.trick < done.number < estimate.trick and side_of(done.winner) == offending)
    later = before_divergence + estimate.offending_tricks_from_here(world_tricks, offending, declarer_side)
    winner = table.replay.winner_of(first.trick)
    amount, _ = law64a_automatic_transfer(first.seat, winner, later)
    from_first = later + (1 if winner is not None and side_of(winner) == offending else 0)
    return law64c2a_repeated_revoke_result(world_tricks, min(amount, from_first) + others, offending == declarer_side)


# --- both sides: 64C2b ------------------------------------------------------------------------

def _both_sides(ruling: BoardRuling, established: list[Revoke], settings: Settings) -> None:
    """Law 64C2b: both sides revoked: the likely result had no revoke occurred (``neither``), or each side
    judged as the victim of the other side's first revoke (``separately``); Law 12C1 per side."""
    record = ruling.record
    ruling.law = "64C2b"
    if settings.both_sides == "neither":
        estimate = _estimate(ruling, established[0], settings)
        weighted = law12c1c_weighted(estimate.outcomes)
        if settings.regime == "weighted":
            _set_same(ruling, weighted)
        else:
            _set_sides(ruling, {side: law12c1e_non_weighted(weighted, _value_for(record, side), offending=True)
                                for side in (0, 1)})
        ruling.steps.append(
            f"Law 64C2b: both sides revoked; had no revoke occurred ({_substitute_phrase(estimate)}), "
            f"declarer's side takes {_outcomes_phrase(ruling, weighted)}.")
        ruling.explanation = ruling.steps[-1]
        return
    per_side: dict[int, list[tuple[int, float]]] = {}
    for side in (0, 1):
        harm = next(r for r in established if r.side != side)
        estimate = _estimate(ruling, harm, settings)
        weighted = law12c1c_weighted(estimate.outcomes)
        if settings.regime == "weighted":
            per_side[side] = weighted
        else:
            per_side[side] = [(law12c1e_non_weighted(weighted, _value_for(record, side), offending=False), 1.0)]
        ruling.steps.append(
            f"Law 64C2b (each revoke judged separately): for {SIDE_NAMES[side]}, had "
            f"{SEAT_NAMES[harm.seat]}'s revoke on trick {harm.trick} not occurred ({_substitute_phrase(estimate)}), "
            f"declarer's side takes {_outcomes_phrase(ruling, per_side[side])}.")
    ruling.ns = _outcomes(record, per_side[0])
    ruling.ew = _outcomes(record, per_side[1])
    ruling.explanation = " ".join(ruling.steps[-2:])


# --- helpers ----------------------------------------------------------------------------------

def _estimate(ruling: BoardRuling, revoke: Revoke, settings: Settings) -> Estimate:
    key = f"{revoke.trick}{SEAT_NAMES[revoke.seat][0]}"
    if key not in ruling.estimates:
        assert ruling.record.contract is not None
        position, rest = position_before(ruling.table.replay, revoke)
        estimator = ESTIMATORS[settings.estimator]
        ruling.estimates[key] = estimator.estimate(position, revoke, ruling.record.contract.declarer,
                                                   settings.substitute, rest)
    return ruling.estimates[key]


def _value_for(record: Record, side: int) -> Callable[[int], float]:
    """Rates declarer's side's tricks from ``side``'s point of view, in points."""
    def value(tricks: int) -> float:
        score = ns_score(record.contract, tricks, record.vulnerability)
        return float(score if side == 0 else -score)
    return value


def _outcomes(record: Record, weighted: list[tuple[int, float]]) -> list[Outcome]:
    return [Outcome(tricks, weight, ns_score(record.contract, tricks, record.vulnerability))
            for tricks, weight in weighted]


def _set_same(ruling: BoardRuling, weighted: list[tuple[int, float]]) -> None:
    ruling.ns = _outcomes(ruling.record, weighted)
    ruling.ew = list(ruling.ns)


def _set_sides(ruling: BoardRuling, tricks_by_side: dict[int, int]) -> None:
    ruling.ns = _outcomes(ruling.record, [(tricks_by_side[0], 1.0)])
    ruling.ew = _outcomes(ruling.record, [(tricks_by_side[1], 1.0)])


def _corrected_trick12(table: TablePlay, revoke: Revoke) -> int:
    """Law 62D: declarer's side's tricks when the trick-12 revoke is corrected and the last two tricks replayed.

    The cards played to trick 12 before the revoke stand; the offender must follow suit; the others
    may change their cards (Law 62C1-2), so the rest is played double dummy.
    """
    assert table.record.contract is not None
    position, _ = position_before(table.replay, revoke)
    declarer = table.record.contract.declarer
    return total_tricks(position, declarer)[0]


def _revoke_step(revoke: Revoke) -> str:
    established = f"established (Law {revoke.establishment})" if revoke.established else "not established"
    return f"Law 61: {revoke.describe()}: a revoke, {established}; {revoke.reason}."


def _substitute_phrase(estimate: Estimate) -> str:
    who = SEAT_NAMES[estimate.seat]
    cards = " or ".join(str(card) for card in estimate.chosen[:4])
    if estimate.substitute == "uniform" and len(estimate.chosen) > 1:
        return f"{who} plays any of {', '.join(str(c) for c in estimate.chosen)}, each equally likely"
    verb = "follows with" if estimate.chosen and estimate.chosen[0].suit == estimate.suit_led else "plays"
    return f"{who} {verb} the {cards}"


def _outcomes_phrase(ruling: BoardRuling, weighted: list[tuple[int, float]]) -> str:
    contract = ruling.record.contract
    if len(weighted) == 1:
        tricks = weighted[0][0]
        return f"{tricks} tricks ({result_text(contract, tricks)})"
    return ", ".join(f"{weight:.0%} of {tricks} tricks ({result_text(contract, tricks)})" for tricks, weight in weighted)


def _explain(ruling: BoardRuling, estimate: Estimate, transfer_tricks: int, repeated: bool,
             weighted: list[tuple[int, float]]) -> str:
    """One plain sentence a player understands, comparing the transfer with the adjusted score."""
    contract = ruling.record.contract
    world = ", ".join(f"{weight:.0%} of {t}" if len(estimate.outcomes) > 1 else str(t)
                      for t, weight in law12c1c_weighted(estimate.outcomes))
    if repeated:
        text = (f"Had {SEAT_NAMES[estimate.seat]}'s later revoke on trick {estimate.trick} not occurred, "
                f"{_substitute_phrase(estimate)} and declarer's side takes {world} tricks; the transfer for the "
                f"first revoke applied to that gives {_outcomes_phrase(ruling, weighted)}.")
    else:
        text = (f"Without the revoke on trick {estimate.trick}, {_substitute_phrase(estimate)}: "
                f"{_outcomes_phrase(ruling, weighted)}.")
    text += (f" The transfer would give {transfer_tricks} ({result_text(contract, transfer_tricks)}); "
             f"the adjusted score gives {_outcomes_phrase(ruling, weighted)}.")
    if ruling.law in ("64C1", "64A+64C2a"):
        text += " The adjusted score is better for the non-offending side, so it is the ruling (Law 64C)."
    else:
        text += (" The transfer already compensates the non-offending side (Law 64C1: never an adjustment "
                 "in favour of the offenders)." if ruling.transfer else
                 " An adjustment would favour the offenders, so the table result stands (Law 64C1).")
    return text
