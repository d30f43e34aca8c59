"""The final ruling: Law 62D or Law 64A/B, then Law 64C (C1, C2a, C2b) with Law 12C1's regimes, per side."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from revsim.cards import SEAT_NAMES, SIDE_NAMES, side_of
from revsim.equity.estimators import make_estimator
from revsim.equity.law12 import law12c1c_weighted, law12c1e_non_weighted, weight_text
from revsim.equity.law64c import law64c1_adjust, law64c2a_repeated_revoke_result, law64c2b_result_for_side
from revsim.equity.settings import Settings
from revsim.equity.worlds import Estimate, position_before
from revsim.laws.detection import Revoke
from revsim.laws.transfer import RECTIFIED_BY_64A, law64a_in_play
from revsim.play.table import TablePlay
from revsim.records.errors import RecordError
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
    chosen: Estimate | None = None

    @property
    def table_tricks(self) -> int:
        """Declarer's side's tricks as played and claimed."""
        return self.table.declarer_tricks

    @property
    def no_infraction(self) -> Estimate | None:
        """The main no-infraction estimate: the world the ruling rests on (else the first one made), if any."""
        return self.chosen or next(iter(self.estimates.values()), None)


def expected(outcomes: list[Outcome], field_name: str) -> float:
    """The weighted mean of ``tricks`` or ``score`` over a side's outcomes."""
    return sum(getattr(outcome, field_name) * outcome.weight for outcome in outcomes)


Weighted = list[tuple[int, float]]
"""Declarer's side's tricks with weights summing to 1, most likely first (Law 12C1c)."""


@dataclass
class World:
    """A no-infraction world: where it diverges, its estimate, and the result with the earlier revokes'
    transfers applied in it (Law 64A, several revokes)."""

    revoke: Revoke
    estimate: Estimate
    outcomes: Weighted
    moved: int


def rule(record: Record, table: TablePlay, revokes: list[Revoke], transfer: int, settings: Settings) -> BoardRuling:
    """Put Laws 62A, 62D, 64A/B and 64C together for one board.

    A revoke the record shows standing that must be corrected (62D at trick 12, or one not established,
    62A) sets the base result: the world in which the legal card was played, with the earlier
    established revokes standing and their transfers worked out in that world. Without one, the base is
    the table result with the transfers. Law 64C is then applied to the established revokes before it:
    by one side (64C1, 64C2a) or by both (64C2b).
    """
    assert record.contract is not None
    steps = [_revoke_step(revoke) for revoke in revokes]
    ruling = BoardRuling(record, table, revokes, transfer, "none", [], [], steps)
    corrected = _correction(revokes)
    if corrected is None:
        active = [r for r in revokes if r.established]
        base = _transfer_result(ruling)
        base_law = "64A" if transfer else "none"
    else:
        active = [r for r in revokes if r.established and r.law != "62D" and _before(r, corrected)]
        base, base_law = _corrected_base(ruling, corrected, active, settings)
    if corrected is not None and corrected.law == "62D" and any(r.side != corrected.side for r in active):
        active = sorted([*active, corrected], key=lambda r: r.order)  # both sides revoked: 64B7, 64C2b
    if not active:
        ruling.law = base_law
        _set_regime(ruling, base, settings)
        if not revokes:
            steps.append("No revoke: the table result stands.")
        elif corrected is None:
            steps.append("No established revoke: the table result stands.")
        ruling.explanation = steps[-1]
        return ruling
    if len({r.side for r in active}) == 2:
        _both_sides(ruling, active, base, settings)
    else:
        _one_side(ruling, active, base, base_law, settings)
    return ruling


def _correction(revokes: list[Revoke]) -> Revoke | None:
    """The first revoke the record shows standing that must be corrected (62D at trick 12, or 62A)."""
    return next((r for r in revokes if r.law == "62D" or r.corrected_in_play), None)


def _before(revoke: Revoke, other: Revoke) -> bool:
    """Whether ``revoke`` came before ``other`` in the play."""
    return revoke.order < other.order


def _transfer_result(ruling: BoardRuling) -> Weighted:
    """The table result with every Law 64A transfer applied."""
    assert ruling.record.contract is not None
    declarer_side = side_of(ruling.record.contract.declarer)
    tricks = ruling.table.declarer_tricks + sum(
        r.transfer if r.side != declarer_side else -r.transfer for r in ruling.revokes)
    return [(tricks, 1.0)]


def _corrected_base(ruling: BoardRuling, corrected: Revoke, active: list[Revoke],
                    settings: Settings) -> tuple[Weighted, str]:
    """Laws 62D and 62A: the result with the revoke corrected, and its law.

    62D: the offender follows, the others may change their cards, so the last two tricks are played double
    dummy. 62A: the play goes on from the legal card as the estimator says; a claim that followed is ruled
    with the legal card in place (Law 70: the claimer gets no more than he claimed). The established
    revokes before it keep their 64A transfers, worked out on the corrected play.
    """
    assert ruling.record.contract is not None
    world = _world(ruling, corrected, active, settings)
    outcomes = world.outcomes
    ruling.chosen = world.estimate
    if corrected.law == "62D":
        ruling.corrected_tricks = world.estimate.most_likely
    raw = law12c1c_weighted(world.estimate.outcomes)
    text = (f"Law {corrected.law}: with {SEAT_NAMES[corrected.seat]}'s revoke on trick {corrected.trick} corrected "
            f"({_substitute_phrase(world.estimate)}), declarer's side takes {_outcomes_phrase(ruling, raw)}")
    if world.moved:
        text += (f"; with {world.moved} trick{'s' if world.moved != 1 else ''} transferred for the earlier revokes "
                 f"on the corrected play (Law 64A), {_outcomes_phrase(ruling, outcomes)}")
        if len(outcomes) == 1:
            _record_world_transfers(ruling, world, active)
    if corrected.claim_not_agreed:
        outcomes = _claim_with_legal_card(ruling, outcomes)
        text += (f"; the claim is ruled with the legal card in place and gives the claimer no more than "
                 f"claimed (Law 70): {_outcomes_phrase(ruling, outcomes)}")
    ruling.steps.append(text + ".")
    return outcomes, corrected.law + ("+64A" if world.moved else "")


def _claim_with_legal_card(ruling: BoardRuling, outcomes: Weighted) -> Weighted:
    """Law 70 with the corrected card: the claimer's side gets no more tricks than its claim gave it."""
    assert ruling.record.contract is not None
    declarer_side = side_of(ruling.record.contract.declarer)
    claimer_side = 1 - declarer_side if ruling.record.facts.claim_by == "defenders" else declarer_side
    table = ruling.table.declarer_tricks
    if claimer_side == declarer_side:
        capped = [(min(tricks, table), weight) for tricks, weight in outcomes]
    else:
        capped = [(max(tricks, table), weight) for tricks, weight in outcomes]
    return law12c1c_weighted(capped)


def _record_world_transfers(ruling: BoardRuling, world: World, active: list[Revoke]) -> None:
    """Show the transfers of the revokes before a correction as worked out on the corrected play."""
    rectified = _rectified(ruling, world.revoke, active)
    results = _world_transfers(ruling, world.estimate, world.estimate.outcomes[0][0], rectified)
    for revoke, (_, clause, moved, _) in zip(rectified, results, strict=True):
        if (revoke.law, revoke.transfer) != (clause, moved):
            revoke.reason += (f"; on the play corrected at trick {world.revoke.trick}: {moved} "
                              f"trick{'s' if moved != 1 else ''} (Law {clause})")
        revoke.law, revoke.transfer = clause, moved
    ruling.transfer = sum(r.transfer for r in ruling.revokes)


# --- one offending side: 64C1 and 64C2a -------------------------------------------------------

def _one_side(ruling: BoardRuling, active: list[Revoke], base: Weighted, base_law: str, settings: Settings) -> None:
    """Laws 64C1 and 64C2a when one side revoked. Each revoke's damage is judged in the world where it (and
    the later ones) did not occur, the earlier revokes standing with their transfers worked out in that
    world (for a repeated revoke this is 64C2a). The ruling is the base (the transfers) or the adjusted
    score that is best for the non-offending side, never both, never in favour of the offenders; a
    tie keeps the base, and among adjusted scores the later revoke's world; Law 12C1 for the regime."""
    record = ruling.record
    offending = active[0].side
    non_offending = 1 - offending
    value = _value_for(record, non_offending)
    worlds = [_world(ruling, revoke, [r for r in active if _before(r, revoke)], settings) for revoke in active]
    worth = [_for_non_offenders(world.outcomes, value, settings) for world in worlds]
    best_worth, best = max(reversed(list(zip(worth, worlds, strict=True))), key=lambda pair: pair[0])  # ties: the later
    adjust = law64c1_adjust(_for_non_offenders(base, value, settings), best_worth)
    if len(worlds) > 1:
        for world in worlds:
            ruling.steps.append(_world_step(ruling, world))
    ruling.chosen = best.estimate
    if adjust:
        ruling.law = _world_law(best)
        _set_regime(ruling, best.outcomes, settings, offending)
    else:
        ruling.law = base_law
        _set_regime(ruling, base, settings, offending)
    ruling.explanation = _explain(ruling, best, base, adjust)
    ruling.steps.append(ruling.explanation)


def _for_non_offenders(outcomes: Weighted, value: Callable[[int], float], settings: Settings) -> float:
    """What a result is worth to the non-offending side: the expected points (weighted), or the points of
    the most favourable likely result (non-weighted, Law 12C1e)."""
    if settings.regime == "weighted":
        return _expected_value(outcomes, value)
    return value(law12c1e_non_weighted(outcomes, value, offending=False))


def _world_law(world: World) -> str:
    if world.revoke.law == "64B2":
        return "64A+64C2a"
    return "64A+64C1" if world.moved else "64C1"


def _world(ruling: BoardRuling, revoke: Revoke, earlier: list[Revoke], settings: Settings) -> World:
    """The world diverging at ``revoke``: its estimate, with the earlier revokes' transfers applied in it."""
    estimate = _estimate(ruling, revoke, settings)
    assert ruling.record.contract is not None
    declarer_side = side_of(ruling.record.contract.declarer)
    rectified = _rectified(ruling, revoke, earlier)
    offenders_declared = bool(rectified) and rectified[0].side == declarer_side
    outcomes: list[tuple[int, float]] = []
    moved_most_likely = 0
    for tricks, weight in estimate.outcomes:
        moved = sum(transfer for _, _, transfer, _ in _world_transfers(ruling, estimate, tricks, rectified))
        outcomes.append((law64c2a_repeated_revoke_result(tricks, moved, offenders_declared), weight))
        if tricks == estimate.most_likely:
            moved_most_likely = moved
    return World(revoke, estimate, law12c1c_weighted(outcomes), moved_most_likely)


def _rectified(ruling: BoardRuling, divergence: Revoke, earlier: list[Revoke]) -> list[Revoke]:
    """The earlier revokes Law 64A rectifies in the world diverging at ``divergence``: none when both sides
    revoked in that world (Law 64B7: the other side's established revoke came before, or is a trick-12
    revoke corrected under 62D). A 64B7 at the table owed to a revoke the world never reaches does not apply."""
    sides = {r.side for r in earlier}
    if len(sides) != 1:
        return []
    side = sides.pop()
    other_stands = any(r.established and r.side != side and (r.order < divergence.order or r is divergence)
                       for r in ruling.revokes)
    if other_stands:
        return []
    return [r for r in earlier if r.law in RECTIFIED_BY_64A or r.law == "64B7"]


def _world_transfers(ruling: BoardRuling, estimate: Estimate, world_tricks: int,
                     rectified: list[Revoke]) -> list[tuple[int, str, int, int]]:
    """Law 64A for ``rectified`` in a world with ``world_tricks``: tricks before the divergence as played,
    the rest as the world's outcome gives them (a trick in progress at the divergence has no known winner)."""
    assert ruling.record.contract is not None
    declarer_side = side_of(ruling.record.contract.declarer)
    replay = ruling.table.replay

    def winner_of(trick: int) -> int | None:
        return replay.winner_of(trick) if trick < estimate.trick else None

    def won_from(side: int, trick: int) -> int:
        played = sum(1 for done in replay.tricks if trick <= done.number < estimate.trick and side_of(done.winner) == side)
        return played + estimate.offending_tricks_from_here(world_tricks, side, declarer_side)

    return law64a_in_play(rectified, winner_of, won_from)


def _world_step(ruling: BoardRuling, world: World) -> str:
    revoke = world.revoke
    clause = "64C2a" if revoke.law == "64B2" else "64C1"
    text = (f"Law {clause}, {SEAT_NAMES[revoke.seat]}'s revoke on trick {revoke.trick}: had it not occurred "
            f"({_substitute_phrase(world.estimate)}), declarer's side takes "
            f"{_outcomes_phrase(ruling, law12c1c_weighted(world.estimate.outcomes))}")
    if world.moved:
        text += (f"; with {world.moved} trick{'s' if world.moved != 1 else ''} transferred for the earlier "
                 f"revokes in that world, {_outcomes_phrase(ruling, world.outcomes)}")
    return text + "."


# --- both sides: 64C2b ------------------------------------------------------------------------

def _both_sides(ruling: BoardRuling, active: list[Revoke], base: Weighted, settings: Settings) -> None:
    """Law 64C2b: both sides revoked; the score is adjusted only where a side was damaged.

    Each side is judged against the other side's first revoke, and gets the table result, the result
    without the other side's revoke or the result had no revoke occurred as ``law64c2b_result_for_side``
    says. Law 12C1 per side: both sides are offenders under ``neither`` (12C1e: the most unfavourable
    result at all probable), each is the non-offender judged against the other's revoke under ``separately``.
    """
    record = ruling.record
    ruling.law = "64C2b"
    neither = _world(ruling, active[0], [], settings)
    ruling.chosen = neither.estimate
    chosen: dict[int, Weighted] = {}
    for side in (0, 1):
        value = _value_for(record, side)
        harm = next(r for r in active if r.side != side)
        separately = _world(ruling, harm, [], settings)
        worth = {name: _expected_value(outcomes, value)
                 for name, outcomes in (("table", base), ("without-any", neither.outcomes),
                                        ("without-other", separately.outcomes))}
        which = law64c2b_result_for_side(worth["table"], worth["without-other"], worth["without-any"],
                                         settings.both_sides)
        chosen[side] = {"table": base, "without-any": neither.outcomes, "without-other": separately.outcomes}[which]
        damaged = worth["without-other"] > worth["table"]
        if which == "without-other":
            verdict = (f"damaged: had {SEAT_NAMES[harm.seat]}'s revoke on trick {harm.trick} not occurred, "
                       f"declarer's side takes {_outcomes_phrase(ruling, chosen[side])}")
        elif which == "without-any" and damaged:
            verdict = f"damaged: had no revoke occurred, declarer's side takes {_outcomes_phrase(ruling, chosen[side])}"
        elif which == "without-any":
            verdict = ("not damaged by the other side's revoke, and an offender keeps no advantage over the result "
                       f"had no revoke occurred: declarer's side takes {_outcomes_phrase(ruling, chosen[side])}")
        else:
            verdict = "not damaged by the other side's revoke: the table result stands for it"
        ruling.steps.append(f"Law 64C2b for {SIDE_NAMES[side]}: {verdict}.")
    if settings.regime == "weighted":
        ruling.ns = _outcomes(record, chosen[0])
        ruling.ew = _outcomes(record, chosen[1])
    else:
        offending = settings.both_sides == "neither"
        per_side = {side: law12c1e_non_weighted(chosen[side], _value_for(record, side), offending=offending)
                    for side in (0, 1)}
        _set_sides(ruling, per_side)
    ruling.explanation = " ".join(ruling.steps[-2:])


def _expected_value(outcomes: Weighted, value: Callable[[int], float]) -> float:
    return sum(weight * value(tricks) for tricks, weight in outcomes)


def _set_regime(ruling: BoardRuling, outcomes: Weighted, settings: Settings, offending: int | None = None) -> None:
    """Law 12C1: the weighted result for both sides, or under the non-weighted test the most favourable
    likely result for the non-offending side and the most unfavourable at all probable for the offenders
    (with no offending side, each side gets the most favourable likely result)."""
    if settings.regime == "weighted" or len(outcomes) == 1:
        _set_same(ruling, outcomes)
        return
    record = ruling.record
    if offending is None:
        per_side = {side: law12c1e_non_weighted(outcomes, _value_for(record, side), offending=False) for side in (0, 1)}
    else:
        per_side = {1 - offending: law12c1e_non_weighted(outcomes, _value_for(record, 1 - offending), offending=False),
                    offending: law12c1e_non_weighted(outcomes, _value_for(record, offending), offending=True)}
    _set_sides(ruling, per_side)


# --- helpers ----------------------------------------------------------------------------------

def _estimate(ruling: BoardRuling, revoke: Revoke, settings: Settings) -> Estimate:
    """The estimate at ``revoke`` (cached); a 62D correction is always double dummy with the best card: the
    offender follows and the others may change their cards over the last two tricks."""
    trick12 = revoke.law == "62D"
    key = f"{revoke.trick}{SEAT_NAMES[revoke.seat][0]}" + ("-62D" if trick12 else "")
    if key not in ruling.estimates:
        assert ruling.record.contract is not None
        position, rest = position_before(ruling.table.replay, revoke)
        judged = settings.outcomes is not None and not trick12 and revoke is _first_established(ruling.revokes)
        estimator = make_estimator("dd" if trick12 or judged else settings.estimator, ruling.record, settings.level,
                                   settings.seed)
        estimate = estimator.estimate(position, revoke, ruling.record.contract.declarer,
                                      "best" if trick12 else settings.substitute, rest)
        if judged:
            assert settings.outcomes is not None
            estimate = law12c1c_directors_judgement(estimate, settings.outcomes, ruling.record)
        ruling.estimates[key] = estimate
    return ruling.estimates[key]


def _first_established(revokes: list[Revoke]) -> Revoke | None:
    return next((revoke for revoke in revokes if revoke.established), None)


def law12c1c_directors_judgement(estimate: Estimate, outcomes: tuple[tuple[int, float], ...], record: Record) -> Estimate:
    """Law 12C1c: the Director's own weighting of the likely results replaces the estimate of the first
    no-infraction world; the double-dummy candidates and lines stay beside it as evidence. Outcomes that
    legal play cannot reach from the position (fewer tricks than declarer's side has won, or more than it
    can still win) are refused."""
    low = estimate.declarer_tricks_before
    high = low + 13 - estimate.tricks_completed
    impossible = [tricks for tricks, _ in outcomes if not low <= tricks <= high]
    if impossible:
        raise RecordError(f"--outcomes: {', '.join(map(str, impossible))} tricks cannot be reached from trick "
                          f"{estimate.trick} (declarer's side can finish with {low}-{high})", **record.where())
    evidence = {**estimate.evidence, "judgement": "the director's", "double_dummy": [list(o) for o in estimate.outcomes]}
    return replace(estimate, estimator="director", outcomes=tuple(outcomes), evidence=evidence)


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


def _revoke_step(revoke: Revoke) -> str:
    established = f"established (Law {revoke.establishment})" if revoke.established else "not established"
    return f"Law 61: {revoke.describe()}: a revoke, {established}; {revoke.reason}."


def _substitute_phrase(estimate: Estimate) -> str:
    who = SEAT_NAMES[estimate.seat]
    if estimate.estimator == "director":
        weights = ", ".join(f"{weight_text(weight)} of {tricks}" for tricks, weight in estimate.outcomes)
        return f"the director's judgement of the likely result is {weights} tricks (Law 12C1c; not an estimate)"
    if estimate.substitute == "policy":
        total = estimate.evidence.get("play_out_count")
        shown = ", ".join(f"the {card} in {count} of {total} play-outs"
                          for card, count in estimate.evidence.get("first_cards", []))  # type: ignore[attr-defined]
        return f"{who} chooses his card as the simulated players do ({shown})"
    cards = " or ".join(str(card) for card in estimate.chosen[:4])
    if estimate.substitute == "uniform" and len(estimate.chosen) > 1:
        return f"{who} plays any of {', '.join(str(c) for c in estimate.chosen)}, each equally likely"
    if estimate.suit_led is None:
        verb = "leads"
    else:
        verb = "follows with" if estimate.chosen and estimate.chosen[0].suit == estimate.suit_led else "plays"
    return f"{who} {verb} the {cards}"


def _outcomes_phrase(ruling: BoardRuling, weighted: list[tuple[int, float]]) -> str:
    contract = ruling.record.contract
    if len(weighted) == 1:
        tricks = weighted[0][0]
        return f"{tricks} tricks ({result_text(contract, tricks)})"
    return ", ".join(f"{weight_text(weight)} of {tricks} tricks ({result_text(contract, tricks)})" for tricks, weight in weighted)


def _explain(ruling: BoardRuling, world: World, base: Weighted, adjust: bool) -> str:
    """Plain sentences a player understands, comparing the base result (transfer or correction) with the
    adjusted score."""
    estimate = world.estimate
    who = SEAT_NAMES[estimate.seat]
    raw = ", ".join(f"{weight_text(weight)} of {t}" if len(estimate.outcomes) > 1 else str(t)
                    for t, weight in law12c1c_weighted(estimate.outcomes))
    adjusted = _outcomes_phrase(ruling, world.outcomes)
    if world.revoke.law == "64B2":
        earlier = _rectified(ruling, world.revoke, [r for r in ruling.revokes if r.established and _before(r, world.revoke)])
        applied = ("the transfer for the first revoke" if len(earlier) <= 1 else
                   "the transfers for the earlier revokes (the first in this suit among them), worked out in that world,")
        text = (f"Had {who}'s later revoke on trick {estimate.trick} not occurred, {_substitute_phrase(estimate)} and "
                f"declarer's side takes {raw} tricks; {applied} applied to that gives {adjusted}.")
    elif world.moved:
        text = (f"Had {who}'s revoke on trick {estimate.trick} not occurred, {_substitute_phrase(estimate)} and "
                f"declarer's side takes {raw} tricks; the transfers for the earlier revokes, worked out in that world "
                f"(Law 64A), give {adjusted}.")
    else:
        text = f"Without the revoke on trick {estimate.trick}, {_substitute_phrase(estimate)}: {adjusted}."
    corrected = _correction(ruling.revokes) is not None
    base_name = "the corrected play gives" if corrected else "the transfer would give" if ruling.transfer else \
        "the table result is"
    base_text = (f"{base[0][0]} ({result_text(ruling.record.contract, base[0][0])})" if len(base) == 1
                 else _outcomes_phrase(ruling, base))
    text += f" {base_name[0].upper() + base_name[1:]} {base_text}; the adjusted score gives {adjusted}."
    value = _value_for(ruling.record, 1 - world.revoke.side)
    if adjust:
        text += " The adjusted score is better for the non-offending side, so it is the ruling (Law 64C)."
    elif ruling.transfer or corrected:
        text += (f" {'The transfer' if not corrected else 'The corrected result'} already compensates the "
                 "non-offending side (Law 64C1: never an adjustment in favour of the offenders).")
    elif abs(_expected_value(world.outcomes, value) - _expected_value(base, value)) < 1e-9:
        text += (" The adjusted score is no better for the non-offending side than the table result, so the "
                 "table result stands (Law 64C1).")
    else:
        text += " An adjustment would favour the offenders, so the table result stands (Law 64C1)."
    return text
