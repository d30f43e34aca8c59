"""Rulings, estimates, settings and errors as JSON-ready dictionaries (docs/using.md, "JSON output")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import revsim.records.setting_specs as setting_specs
from revsim.cards import SEAT_LETTERS, SUIT_LETTERS
from revsim.equity.settings import Settings
from revsim.equity.steps import BoardRuling, Outcome, expected
from revsim.likely.estimators import estimator_kind
from revsim.likely.evidence import evidence_json
from revsim.likely.worlds import Estimate
from revsim.outputs.claims import claim_to_dict
from revsim.outputs.decisions import step_to_dict
from revsim.outputs.explain import claim_text, explanation, ruling_line, ruling_title, step_texts
from revsim.outputs.playouts import settled_of, unsettled_note
from revsim.outputs.sides import side_plays
from revsim.outputs.weights import labels_by_tricks, weighted_tricks_and_results
from revsim.records.errors import OverBudget, RecordError
from revsim.records.facts import noticed_at_text
from revsim.records.judgement import outcomes_text
from revsim.records.record import EVENT_KEYS, PLAYER_KEYS, Contract, Record
from revsim.scoring.field import FieldScore, score_against_field
from revsim.scoring.points import ns_score, result_text


def ruling_to_dict(ruling: BoardRuling) -> dict[str, Any]:
    """The JSON object of one adjudicated board (docs/using.md, "JSON output")."""
    record = ruling.record
    contract = record.contract
    assert contract is not None
    table_score = ns_score(contract, ruling.table_tricks, record.vulnerability)
    suspect = ruling.suspect
    return {
        "status": "ok",
        "file": record.source,
        "board": record.board,
        **record_info(record),
        "contract": str(contract),
        "declarer": SEAT_LETTERS[contract.declarer],
        "vulnerable": record.vulnerability,
        "dealer": SEAT_LETTERS[record.dealer] if record.dealer is not None else None,
        "auction": list(record.auction),
        "table_tricks": ruling.table_tricks,
        "table_result": result_text(contract, ruling.table_tricks),
        "table_score": table_score,
        "claimed": ruling.table.claimed,
        "claim": _claim(ruling),
        "revokes": [
            {
                "trick": revoke.trick,
                "player": SEAT_LETTERS[revoke.seat],
                "card": str(revoke.card),
                "suit_led": SUIT_LETTERS[revoke.suit_led] if revoke.suit_led is not None else None,
                "kind": revoke.kind,
                "established": revoke.established,
                "established_by": revoke.establishment,
                "law": revoke.law,
                "transfer": revoke.transfer,
                "reason": revoke.reason,
                "marked_in_record": revoke.marked_in_record,
                "suspect": suspect.get(revoke.order),
            }
            for revoke in ruling.revokes
        ],
        "transfer": ruling.transfer,
        "title": ruling_title(ruling),
        "ruling": {
            "law": ruling.law,
            "laws": list(ruling.law.laws),
            "headline": ruling.law.headline(),
            "written": ruling_line(ruling),
            "ns": _outcomes(contract, ruling.ns),
            "ew": _outcomes(contract, ruling.ew),
            "expected_tricks": {"ns": round(expected(ruling.ns, "tricks"), 4), "ew": round(expected(ruling.ew, "tricks"), 4)},
            "distribution_ns": _outcomes(contract, ruling.distribution_ns),
            "distribution_ew": _outcomes(contract, ruling.distribution_ew),
            "settled": settled_of(ruling),
            "unsettled": unsettled_note(ruling),
        },
        "no_infraction": estimate_to_dict(ruling.no_infraction) if ruling.no_infraction else None,
        "estimates": [estimate_to_dict(estimate) for estimate in ruling.estimates.values()],
        "facts": record.facts.describe(record.contract.declarer if record.contract else None),
        "explanation": explanation(ruling),
        "steps": step_texts(ruling),
        "side_plays": [{"play": letter, "what": words, "outcomes": weighted_tricks_and_results(ruling.record.contract,
                                                                                             outcomes)}
                       for letter, words, outcomes in side_plays(ruling)],
        "decisions": [step_to_dict(step) for step in ruling.steps],
        "notes": record.notes,
    }


def _outcomes(contract: Contract, outcomes: tuple[Outcome, ...]) -> list[dict[str, Any]]:
    """Outcomes with their tricks, weight, result, North-South's score, and the weight as revsim writes it
    (``percent``, by the one rounding rule of ``outputs.weights``)."""
    labels = labels_by_tricks([(o.tricks, o.weight) for o in outcomes])
    return [{"tricks": o.tricks, "weight": round(o.weight, 6), "percent": labels[o.tricks],
             "result": result_text(contract, o.tricks), "score": o.score} for o in outcomes]


def record_info(record: Record) -> dict[str, Any]:
    """The event, date, session, table, room, director and players' names a record gives (None where it gives
    none), and what the players said and the director found (lists, empty when none)."""
    info: dict[str, Any] = {key: record.info.get(key) for key in EVENT_KEYS}
    info["players"] = {seat: record.info.get(name) for seat, name in zip("NESW", PLAYER_KEYS, strict=True)}
    info.update(statements=list(record.facts.statements), findings=list(record.facts.findings))
    return info


def estimate_to_dict(estimate: Estimate) -> dict[str, Any]:
    """The no-infraction estimate: who revoked where, the candidates, the chosen card(s), outcomes and lines."""
    return {
        "estimator": estimate.estimator,
        "substitute": estimate.substitute,
        "revoke": {"trick": estimate.trick, "player": SEAT_LETTERS[estimate.seat], "card": str(estimate.revoke_card)},
        "candidates": [{"card": str(c.card), "tricks": c.declarer_tricks} for c in estimate.candidates],
        "chosen": [str(card) for card in estimate.chosen],
        "outcomes": [{"tricks": tricks, "weight": round(weight, 6)} for tricks, weight in estimate.outcomes],
        "evidence": evidence_json(estimate.evidence),
        "lines": [{"name": line.name, "cards": list(line.cards), "stopped": line.stopped,
                   "tricks": line.declarer_tricks} for line in estimate.lines],
    }


def field_to_dict(ruling: BoardRuling, field: list[int]) -> dict[str, Any]:
    """Matchpoints and IMPs of the ruling for each side, and of the table result, against the field."""
    table_score = ns_score(ruling.record.contract, ruling.table_tricks, ruling.record.vulnerability)

    def view(outcomes: Sequence[Any], for_ns: bool) -> dict[str, Any]:
        return _field_score(score_against_field([(o.score, o.weight) for o in outcomes], field, for_ns))

    return {
        "tables": len(field),
        "ns": view(ruling.ns, True),
        "ew": view(ruling.ew, False),
        "table_result_ns": _field_score(score_against_field([(table_score, 1.0)], field, True)),
        "imps_method": "cross-IMPs: the average over the field; datum: the mean of the field without its top "
                       "and bottom (five or more tables), rounded to 10",
    }


def _field_score(score: FieldScore) -> dict[str, Any]:
    return {"matchpoints": score.matchpoints, "imps_cross": score.imps_cross,
            "imps_datum": score.imps_datum, "datum": score.datum}


def _claim(ruling: BoardRuling) -> dict[str, Any] | None:
    """The claim or concession that ended the play: who, declarer's side's tricks, what was said, in words."""
    if not ruling.table.claimed:
        return None
    facts = ruling.record.facts
    told: dict[str, Any] = {"by": facts.claim_by, "declarer_tricks": ruling.table_tricks,
                            "statement": facts.claim_statement or None, "text": claim_text(ruling)}
    if facts.claim is not None:
        told["status"] = str(facts.claim.status)
    if ruling.claim is not None:
        told["law70"] = claim_to_dict(ruling.claim)
    return told


def settings_to_dict(settings: Settings, record: Record | None = None) -> dict[str, Any]:
    """The settings a ruling was made with, to make it reproducible; without a record (a session's page),
    ``noticed`` only when the settings give it."""
    noticed = record.facts.when_noticed if record is not None else settings.noticed
    used: dict[str, Any] = {"noticed": noticed} if noticed is not None else {}
    facts = record.facts if record is not None else None
    if facts is not None and facts.noticed_trick is not None:
        used["noticed_at"] = noticed_at_text(facts.noticed_trick, facts.noticed_cards)
    elif settings.noticed_at is not None:
        used["noticed_at"] = settings.noticed_at
    used["estimator"] = settings.estimator
    used.update(estimator_kind(settings.estimator).parameters(settings.estimator_options))
    used.update({spec.name: spec.json_value(settings.value(spec.name)) for spec in setting_specs.SETTING_SPECS})
    if settings.outcomes is not None:
        used["outcomes"] = ",".join(f"{tricks}:{weight:g}" for tricks, weight in settings.outcomes)
    for name, outcomes in settings.world_outcomes:
        used[f"outcomes_{name}"] = outcomes_text(outcomes)
    return used


def error_to_dict(error: RecordError) -> dict[str, Any]:
    """The JSON object of a board (or file) that could not be adjudicated."""
    found = {"status": "error", "file": error.source, "board": error.board, "line": error.line,
             "trick": error.trick, "card": error.card, "error": error.describe()}
    return found | {"kind": "over-budget"} if isinstance(error, OverBudget) else found


def skipped_to_dict(record: Record, reason: str) -> dict[str, Any]:
    """The JSON object of a board with nothing to adjudicate (no play, or passed out)."""
    return {"status": "no-play", "file": record.source, "board": record.board, **record_info(record), "reason": reason}
