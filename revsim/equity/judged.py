"""The no-infraction worlds of Law 64C, one for each revoke: the estimate where it diverges (or the
director's own weights for it, Law 12C1c), with the earlier revokes' Law 64A transfers worked out in it."""

from __future__ import annotations

from revsim.cards import SEAT_LETTERS, SEAT_NAMES, side_of
from revsim.equity.draft import Draft
from revsim.equity.law12 import judgement_said, law12c1c_directors_judgement, law12c1c_weighted
from revsim.equity.law62d2 import law62d2_restricted, restricted_estimate
from revsim.equity.law64c import law64c2a_repeated_revoke_result
from revsim.equity.law84 import FormStandard
from revsim.equity.steps import Weighted, World
from revsim.laws.clauses import Clause
from revsim.laws.detection import Revoke
from revsim.laws.transfer import RECTIFIED_BY_64A, law64a_in_play
from revsim.likely.budget import doing
from revsim.likely.estimators import make_estimator
from revsim.likely.worlds import Estimate, Estimator, position_before
from revsim.play.replay import Replay
from revsim.records.errors import RecordError
from revsim.records.judgement import NO_REVOKE, SIDE_SCORES, WORLD_KEY, outcomes_text


def world_at(draft: Draft, revoke: Revoke, earlier: list[Revoke], no_revoke: bool = False) -> World:
    """The world diverging at ``revoke``: its estimate, with the earlier revokes' transfers applied in it.
    ``no_revoke``: the world in which no revoke at all occurred, diverging at the first (Law 64C2b: its own
    judgement, ``estimate_at``)."""
    estimate = estimate_at(draft, revoke, no_revoke)
    rectified = rectified_in_world(draft, revoke, earlier)
    offenders_declared = bool(rectified) and rectified[0].side == draft.declarer_side
    outcomes: list[tuple[int, float]] = []
    moved_most_likely = 0
    for tricks, weight in estimate.outcomes:
        moved = sum(transfer for _, _, transfer, _ in world_transfers(draft, estimate, tricks, rectified))
        outcomes.append((law64c2a_repeated_revoke_result(tricks, moved, offenders_declared), weight))
        if tricks == estimate.most_likely:
            moved_most_likely = moved
    clause = Clause.LAW_64C2A if revoke.law == Clause.LAW_64B2 else Clause.LAW_64C1
    return World(clause, revoke, estimate, moved_most_likely, len(rectified), tuple(law12c1c_weighted(outcomes)))


def rectified_in_world(draft: Draft, divergence: Revoke, earlier: list[Revoke]) -> list[Revoke]:
    """The earlier revokes Law 64A rectifies in the world diverging at ``divergence``: none when both sides
    revoked in that world (Law 64B7: the other side's established revoke came before, or is a trick-12
    revoke corrected under 62D). A 64B7 at the table owed to a revoke the world never reaches does not apply."""
    sides = {r.side for r in earlier}
    if len(sides) != 1:
        return []
    side = sides.pop()
    other_stands = any(r.established and r.side != side and r.order <= divergence.order for r in draft.revokes)
    if other_stands:
        return []
    return [r for r in earlier if r.law in RECTIFIED_BY_64A or r.law == Clause.LAW_64B7]


def world_transfers(draft: Draft, estimate: Estimate, world_tricks: int,
                    rectified: list[Revoke]) -> list[tuple[int, Clause, int, int]]:
    """Law 64A for ``rectified`` in a world with ``world_tricks``: tricks before the divergence as played,
    the rest as the world's outcome gives them (a trick in progress at the divergence has no known winner)."""
    replay = draft.table.replay

    def winner_of(trick: int) -> int | None:
        return replay.winner_of(trick) if trick < estimate.trick else None

    def won_from(side: int, trick: int) -> int:
        played = sum(1 for done in replay.tricks if trick <= done.number < estimate.trick and side_of(done.winner) == side)
        return played + estimate.offending_tricks_from_here(world_tricks, side, draft.declarer_side)

    return law64a_in_play(rectified, winner_of, won_from)


def estimator_of(draft: Draft) -> Estimator:
    """The estimator the settings name, for this board."""
    settings = draft.settings
    standard = FormStandard(settings.likely, settings.max_outcomes, settings.granularity,
                            neutral=both_sides_revoked(draft), competent_defence=settings.defence == "competent")
    return make_estimator(settings.estimator, draft.record, settings.estimator_options, standard)


def estimate_at(draft: Draft, revoke: Revoke, no_revoke: bool = False) -> Estimate:
    """The estimate at ``revoke`` (cached), or the director's own weights for its world; a 62D correction is
    always double dummy with the best card: the offender follows and the others may change their cards over
    the last two tricks. ``no_revoke`` (Law 64C2b, ``revoke`` the first): the world with no revoke at all, judged
    by the director's ``none`` (or plain) weights, else estimated; the director's weights for the first revoke's
    own world (in which the other side's later revokes stand) are not used for it."""
    trick12 = revoke.law == Clause.LAW_62D
    key = NO_REVOKE if no_revoke else world_key(revoke) + ("-62D" if trick12 else "")
    if no_revoke and no_revoke_judgement(draft) is None and judgement_for(draft, revoke) is None:
        return estimate_at(draft, revoke)   # the first revoke's estimated world has no revoke at all
    if key not in draft.estimates:
        assert draft.record.contract is not None
        position, rest = position_before(draft.table.replay, revoke)
        weights = (no_revoke_judgement(draft) if no_revoke else None if trick12 else judgement_for(draft, revoke))
        estimator = make_estimator("dd", draft.record) if trick12 or weights else estimator_of(draft)
        world = "with no revoke at all" if no_revoke else f"without {SEAT_NAMES[revoke.seat]}'s revoke on trick {revoke.trick}"
        with doing(f"estimating the likely play {world} (Law 64C)"):
            estimate = estimator.estimate(position, revoke, draft.record.contract.declarer, rest)
        if weights is not None:
            estimate = law12c1c_directors_judgement(estimate, weights, draft.record)
        elif trick12:
            estimate = _partner_restricted(draft, position, revoke, estimate)
        draft.estimates[key] = estimate
    return draft.estimates[key]


def _partner_restricted(draft: Draft, position: Replay, revoke: Revoke, estimate: Estimate) -> Estimate:
    """Law 62D2 in the trick-12 correction's world: the offender's partner's card restricted (kept in
    ``draft.restrictions`` for the law path)."""
    assert draft.record.contract is not None
    restriction = law62d2_restricted(position, revoke, estimate, draft.record.contract.declarer,
                                     draft.settings.information_standard())
    if restriction is None:
        return estimate
    draft.restrictions[revoke.order] = restriction
    return restricted_estimate(estimate, restriction)


def world_key(revoke: Revoke) -> str:
    """The name of the world diverging at ``revoke``: ``t`` and the trick, then the seat's letter."""
    return f"t{revoke.trick}{SEAT_LETTERS[revoke.seat]}"


def is_directors(estimate: Estimate) -> bool:
    """Whether a world's result is the director's own weights (Law 12C1c), used as given."""
    return estimate.estimator == "director"


def both_sides_revoked(draft: Draft) -> bool:
    """Whether both sides have an established revoke on the board (Law 64C2b)."""
    return len({revoke.side for revoke in draft.revokes if revoke.established}) > 1


def no_revoke_judgement(draft: Draft) -> Weighted | None:
    """The director's own weights for the world with no revoke at all when both sides revoked (Law 64C2b): those
    named ``none``, else the plain ones (the first no-infraction world: no revoke, the first or any later)."""
    named = dict(draft.settings.world_outcomes)
    return named.get(NO_REVOKE, draft.settings.outcomes)


def judgement_for(draft: Draft, revoke: Revoke) -> Weighted | None:
    """The director's own weights for the world diverging at ``revoke`` (Law 12C1c): those named for its
    trick (``t4``) or its trick and seat (``t5E``), else the plain ones when it is the first established
    revoke's world and one side revoked (when both did, the plain ones judge the world with no revoke at all,
    ``no_revoke_judgement``)."""
    named = resolve_judgements(draft)
    if world_key(revoke) in named:
        return named[world_key(revoke)]
    first = next((r for r in draft.revokes if r.established), None)
    plain = draft.settings.outcomes
    if plain is not None and first is not None and first.order == revoke.order and not both_sides_revoked(draft):
        return plain
    return None


def resolve_judgements(draft: Draft) -> dict[str, Weighted]:
    """The director's weights for named worlds (``Settings.world_outcomes``), each keyed by the world of the one
    revoke it names; RecordError naming the board when a name fits no revoke or more than one."""
    resolved: dict[str, Weighted] = {}
    given: dict[str, str] = {}
    plain = draft.settings.outcomes
    if plain is not None:
        first = next((r for r in draft.revokes if r.established), None)
        key = NO_REVOKE if both_sides_revoked(draft) else world_key(first) if first is not None else None
        if key is not None:
            given[key] = f"{outcomes_text(plain)} (no world named: the first world)"
    for name, outcomes in draft.settings.world_outcomes:
        if name in SIDE_SCORES:
            continue   # a side's own score (Law 64C2b), not a world
        key = name if name == NO_REVOKE else world_key(_revoke_named(draft, name))
        said = f"{name}={outcomes_text(outcomes)}"
        if key in given:
            raise RecordError(f"the director's weights judge one world twice: {given[key]} and {said} are both for "
                              f"the world {_world_words(draft, key)}; keep one",
                              **(draft.record.where() | {"line": judgement_said(draft.record, name, None)[1]}))
        given[key] = said
        if name != NO_REVOKE:
            resolved[key] = outcomes
    return resolved


def _world_words(draft: Draft, key: str) -> str:
    """``without West's revoke on trick 10``, or ``with no revoke`` for ``none``."""
    revoke = next((r for r in draft.revokes if world_key(r) == key), None)
    if revoke is None:
        return "with no revoke at all (Law 64C2b)"
    return f"without {SEAT_NAMES[revoke.seat]}'s revoke on trick {revoke.trick}"


def _revoke_named(draft: Draft, name: str) -> Revoke:
    match = WORLD_KEY.match(name)
    if match is None:
        said, line = judgement_said(draft.record, name, None)
        raise RecordError(f"{said}: a world is named tT (the revoke on trick T) or tTS (seat S's, when two players "
                          "revoked on trick T), like t4 or t5E", **(draft.record.where() | {"line": line}))
    trick, seat = int(match.group(1)), match.group(2)
    on_trick = [r for r in draft.revokes if r.trick == trick]
    fitting = [r for r in on_trick if seat is None or SEAT_LETTERS[r.seat] == seat.upper()]
    if len(fitting) == 1:
        return fitting[0]
    if not on_trick:
        where = ", ".join(f"t{r.trick}" for r in draft.revokes) or "none"
        problem = f"no revoke was played on trick {trick} (the revokes' worlds: {where})"
    elif not fitting:
        problem = f"{SEAT_NAMES['NESW'.index(seat.upper())]} did not revoke on trick {trick}"
    else:
        problem = (f"{' and '.join(SEAT_NAMES[r.seat] for r in on_trick)} both revoked on trick {trick}: name the "
                   f"world {' or '.join(world_key(r) for r in on_trick)}")
    said, line = judgement_said(draft.record, name, None)
    raise RecordError(f"{said}: {problem}", **(draft.record.where() | {"line": line}))
