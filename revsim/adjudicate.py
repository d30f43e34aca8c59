"""From a record to a ruling: replay, find revokes, establish them, apply Laws 62D, 64A/B and 64C, score."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from revsim.cards import SEAT_NAMES
from revsim.equity.ruling import BoardRuling, Outcome, rule
from revsim.equity.settings import Settings, noticed_when, with_judgements
from revsim.laws.detection import (
    check_facts,
    check_noticed_trick,
    find_revokes,
    mark_both_sides_corrections,
    unfounded_marks,
)
from revsim.laws.transfer import apply_law64
from revsim.outputs.dicts import error_to_dict, field_to_dict, ruling_to_dict, settings_to_dict, skipped_to_dict
from revsim.outputs.progress import plural
from revsim.outputs.text import ruling_to_text
from revsim.play.table import replay_cards, table_result
from revsim.records.errors import RecordError
from revsim.records.facts import parse_noticed_at
from revsim.records.record import Record
from revsim.scoring.field import field_for_board
from revsim.scoring.points import tricks_for_score


@dataclass(frozen=True)
class BoardOutput:
    """One board as every front end shows it: the JSON object, the readable text, whether it is an error
    row, and whether a field was given that has no scores for this board."""

    result: dict[str, Any]
    text: str
    failed: bool
    field_missing: bool = False
    ruling: BoardRuling | None = None


def board_output(item: Record | RecordError, settings: Settings,
                 field: dict[str | None, list[int]] | None = None) -> BoardOutput:
    """Adjudicate one item read from a file (or say why not) into its JSON object and readable text."""
    if isinstance(item, RecordError):
        return BoardOutput(error_to_dict(item), f"ERROR {item.describe()}", True)
    if item.contract is None or not item.play:
        reason = "passed out or no contract" if item.contract is None else "no play recorded"
        return BoardOutput(skipped_to_dict(item, reason), f"Board {item.board}: {reason}: nothing to adjudicate", False)
    try:
        ruling = adjudicate(item, settings)
    except RecordError as error:
        return BoardOutput(error_to_dict(error), f"ERROR {error.describe()}", True)
    result = ruling_to_dict(ruling)
    result["settings"] = settings_to_dict(ruling.settings, item)   # with the case file's judgements
    text = ruling_to_text(ruling)
    if field is None:
        return BoardOutput(result, text, False, ruling=ruling)
    scores = field_for_board(field, item.board)
    if not scores:
        result["field"] = {"error": f"board {item.board} is not in the field file"}
        return BoardOutput(result, text, False, field_missing=True, ruling=ruling)
    result["field"] = field_to_dict(ruling, scores)
    return BoardOutput(result, text + field_text(result["field"]), False, ruling=ruling)


def field_text(field: dict[str, Any]) -> str:
    """The matchpoints and IMPs against the field, as a line of the readable ruling."""
    ns, ew, table = field["ns"], field["ew"], field["table_result_ns"]
    return (f"\nAgainst the field ({plural(field['tables'], 'table')}, datum {ns['datum']:+d}): "
            f"North-South {ns['matchpoints']:.1f}% / {ns['imps_cross']:+.2f} cross-IMPs / {ns['imps_datum']:+.2f} IMPs; "
            f"East-West {ew['matchpoints']:.1f}% / {ew['imps_cross']:+.2f} / {ew['imps_datum']:+.2f} "
            f"(table result: North-South {table['matchpoints']:.1f}%)")


def adjudicate(record: Record, settings: Settings | None = None) -> BoardRuling:
    """Rule on one record; RecordError when it cannot be replayed or its result is unknown."""
    settings = settings or Settings()
    if record.contract is None:
        raise RecordError("no contract (passed out or not given): nothing to adjudicate", **record.where())
    if not record.play:
        raise RecordError("no play recorded: nothing to adjudicate", **record.where())
    declarer = record.contract.declarer
    replay = replay_cards(record)
    _result_from_score(record, replay.is_over)
    marked = {(record.first_trick + (item.row or 1) - 1, item.card) for item in record.play if item.marked_revoke}
    try:
        table = table_result(record, replay)
    except RecordError as error:
        found = find_revokes(replay, declarer, claimed=True)
        if found:
            listed = ", ".join(f"{SEAT_NAMES[r.seat]}'s {r.card} (trick {r.trick})" for r in found)
            raise RecordError(f"{error.problem}; revokes found in the play: {listed}", source=record.source,
                              board=record.board, line=error.line or record.line, trick=error.trick) from None
        raise
    _override_noticed(record, settings)
    facts = record.facts
    check_facts(replay, facts, record.source, record.board)
    noticed = noticed_when(settings, record)
    revokes = find_revokes(replay, declarer, table.claimed, marked, facts, noticed)
    check_noticed_trick(revokes, facts, record.source, record.board, replay)
    mark_both_sides_corrections(revokes)
    record.notes.extend(unfounded_marks(replay, marked))
    transfer = apply_law64(revokes, table, noticed)
    return rule(record, table, revokes, transfer, with_judgements(settings, facts))


def _result_from_score(record: Record, played_out: bool) -> None:
    """A play that stops with no claim or [Result] but with a [Score]: declarer's tricks from the score."""
    if played_out or record.claimed_total is not None or record.stated_score_ns is None:
        return
    assert record.contract is not None
    tricks = tricks_for_score(record.contract, record.vulnerability, record.stated_score_ns)
    if tricks is None:
        raise RecordError(f"the play stops with no claim or result, and [Score] NS {record.stated_score_ns:+d} is "
                          f"not a score of {record.contract} (vulnerable: {record.vulnerability})", **record.where())
    record.claimed_total = tricks
    record.result_from = "[Score]"
    record.notes.append(f"the play stops with no claim or result: [Score] NS {record.stated_score_ns:+d} gives "
                        f"declarer {tricks} tricks, taken as the table result")


def _override_noticed(record: Record, settings: Settings) -> None:
    """``noticed`` and ``noticed_at`` in the settings override the record's facts, so every output states the
    value used."""
    facts = record.facts
    was = facts.noticed_at_phrase() if facts.noticed_trick is not None else facts.noticed
    if settings.noticed_at is not None:
        trick, cards = parse_noticed_at(settings.noticed_at)
        if (facts.noticed_trick, facts.noticed_cards) == (trick, cards):
            return
        record.facts = replace(facts, noticed=None, noticed_trick=trick, noticed_cards=cards)
        if was is not None:
            record.notes.append(f"attention drawn {record.facts.noticed_at_phrase()}, as the settings say (the "
                                f"record's facts said {was})")
        return
    if settings.noticed is None or (facts.noticed == settings.noticed and facts.noticed_trick is None):
        return
    if was is not None:
        record.notes.append(f"attention drawn: {settings.noticed}, as the settings say (the record's facts said {was})")
    record.facts = replace(facts, noticed=settings.noticed, noticed_trick=None, noticed_cards=None)


__all__ = ["Settings", "Outcome", "BoardRuling", "adjudicate"]
