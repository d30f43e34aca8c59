"""The ruling's steps as JSON-ready data (``decisions`` in the JSON output): the clause applied, the revoke,
the world, the values compared and the result chosen, with no prose."""

from __future__ import annotations

from typing import Any

from revsim.cards import SEAT_LETTERS
from revsim.equity.steps import (
    ClaimJudged,
    Compared,
    Corrected,
    InformationJudged,
    RevokeRuled,
    ScoreAssigned,
    SideJudged,
    Step,
    TableStands,
    Weighted,
    World,
    WorldsJudged,
)
from revsim.laws.clauses import Clause
from revsim.laws.detection import Revoke
from revsim.outputs.information import information_to_dict, restricted_to_dict

SIDE_KEYS = ("NS", "EW")


def _revoke(revoke: Revoke) -> dict[str, Any]:
    return {"trick": revoke.trick, "player": SEAT_LETTERS[revoke.seat], "card": str(revoke.card)}


def _weighted(outcomes: Weighted | None) -> list[list[Any]] | None:
    return None if outcomes is None else [[tricks, round(weight, 6)] for tricks, weight in outcomes]


def _world(world: World) -> dict[str, Any]:
    return {"clause": world.clause, "revoke": _revoke(world.revoke), "estimator": world.estimate.estimator,
            "estimate": _weighted(world.estimate.outcomes), "moved": world.moved, "rectified": world.rectified,
            "outcomes": _weighted(world.outcomes)}


def step_to_dict(step: Step) -> dict[str, Any]:
    """One step of the ruling as data."""
    if isinstance(step, ClaimJudged):
        claim = step.ruling
        return {"step": "claim", "law": claim.law, "by": claim.claim.by, "status": str(claim.claim.status),
                "claimed": claim.claimed, "ruled": claim.ruled,
                "clauses": [clause.clause for clause in claim.clauses]}
    if isinstance(step, RevokeRuled):
        revoke = step.revoke
        return {"step": "revoke", "law": "61", "revoke": _revoke(revoke), "established_by": revoke.establishment,
                "clause": revoke.law, "transfer": revoke.transfer}
    if isinstance(step, TableStands):
        return {"step": "table-stands", "why": step.why}
    if isinstance(step, Corrected):
        return {"step": "corrected", "law": step.clause, "revoke": _revoke(step.revoke),
                "estimate": _weighted(step.estimate.outcomes), "moved": step.moved, "outcomes": _weighted(step.outcomes),
                "claim_capped": _weighted(step.claim_capped),
                "retransfers": [{"revoke": _revoke(r.revoke), "clause": r.clause, "transfer": r.transfer}
                                for r in step.retransfers],
                "restricted": None if step.restricted is None else restricted_to_dict(step.restricted)}
    if isinstance(step, WorldsJudged):
        return {"step": "worlds", "worlds": [_world(world) for world in step.worlds]}
    if isinstance(step, Compared):
        return {"step": "compared", "law": Clause.LAW_64C1, "world": _world(step.world), "base": _weighted(step.base),
                "base_kind": step.base_kind, "assigned": _weighted(step.assigned),
                "base_worth": round(step.base_worth, 4), "adjusted_worth": round(step.adjusted_worth, 4),
                "verdict": step.verdict}
    if isinstance(step, SideJudged):
        world = step.world
        return {"step": "side", "law": Clause.LAW_64C2B, "side": SIDE_KEYS[step.side], "harm": _revoke(step.harm),
                "world": {"standing": [_revoke(r) for r in world.standing], "followed": list(world.followed),
                          "stopped": world.stopped, "reached": world.reached, "outcomes": _weighted(world.outcomes)},
                "result": step.result, "damaged": step.damaged, "anyone_damaged": step.anyone_damaged,
                "outcomes": _weighted(step.outcomes)}
    if isinstance(step, ScoreAssigned):
        return {"step": "score", "law": Clause.LAW_12C1C if step.regime == "weighted" else Clause.LAW_12C1E,
                "sides": [SIDE_KEYS[side] for side in step.sides], "distribution": _weighted(step.distribution),
                "assigned": _weighted(step.assigned),
                "non_offending": None if step.non_offending is None else SIDE_KEYS[step.non_offending],
                "estimate_worth": None if step.estimate_worth is None else round(step.estimate_worth, 4),
                "assigned_worth": None if step.assigned_worth is None else round(step.assigned_worth, 4),
                "distance": round(step.distance, 6), "given": step.given, "max_outcomes": step.max_outcomes,
                "granularity": step.granularity, "offending": step.offending, "likely": round(step.likely, 6),
                "left_out": _weighted(step.left_out)}
    if isinstance(step, InformationJudged):
        return information_to_dict(step)
    raise TypeError(f"no data form for {type(step).__name__}")
