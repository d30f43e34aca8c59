"""From a record to a ruling: replay, find revokes, establish them, apply Laws 62D, 64A/B and 64C, score."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from revsim.cards import SEAT_NAMES
from revsim.claims import ClaimRuling, rule_claim
from revsim.equity.ruling import BoardRuling, Outcome, rule
from revsim.equity.settings import Settings, settings_for_case, with_judgements
from revsim.laws.detection import find_revokes, mark_both_sides_corrections, unfounded_marks
from revsim.laws.fact_checks import check_facts, check_noticed_trick
from revsim.laws.law43 import law43b2b_misapplied
from revsim.laws.transfer import apply_law64
from revsim.likely.budget import BudgetSpent, doing, time_budget
from revsim.likely.penalty import searches_shared
from revsim.outputs.dicts import (
    error_to_dict,
    field_to_dict,
    ruling_to_dict,
    settings_to_dict,
    skipped_to_dict,
)
from revsim.outputs.terminal import printable
from revsim.outputs.text import ruling_to_text
from revsim.outputs.without_field import without_field_to_dict
from revsim.play.replay import Replay
from revsim.play.table import replay_cards, table_result
from revsim.records.claim import ClaimStepError
from revsim.records.errors import OverBudget, RecordError, plural
from revsim.records.facts import Facts, parse_noticed_at
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
                 field: dict[str | None, list[int]] | None = None, symbols: bool = True) -> BoardOutput:
    """Adjudicate one item read from a file (or say why not) into its JSON object and readable text (cards as
    ``♠J`` with ``symbols``, else ``SJ``)."""
    if isinstance(item, RecordError):
        return BoardOutput(error_to_dict(item), printable(f"ERROR {item.describe()}"), True)
    if item.contract is None or not item.play and not _claim_to_rule(item):
        reason = "passed out or no contract" if item.contract is None else "no play recorded"
        return BoardOutput(skipped_to_dict(item, reason), printable(f"Board {item.board}: {reason}: nothing to adjudicate"),
                           False)
    try:
        ruling = adjudicate(item, settings)
    except RecordError as error:
        return BoardOutput(error_to_dict(error), printable(f"ERROR {error.describe()}"), True)
    except Exception as fault:  # noqa: BLE001 - one board's fault is that board's error, never the run's end
        internal = internal_error(fault, item)
        return BoardOutput(error_to_dict(internal), printable(f"ERROR {internal.describe()}"), True)
    result = ruling_to_dict(ruling)
    result["settings"] = settings_to_dict(ruling.settings, ruling.record)   # with the case file's judgements
    text = ruling_to_text(ruling, symbols)
    if field is None:
        result["without_field"] = without_field_to_dict(ruling)
        return BoardOutput(result, text + without_field_text(result["without_field"]), False, ruling=ruling)
    scores = field_for_board(field, item.board)
    if not scores:
        result["field"] = {"error": f"board {item.board} is not in the field file"}
        return BoardOutput(result, text, False, field_missing=True, ruling=ruling)
    result["field"] = field_to_dict(ruling, scores)
    return BoardOutput(result, text + field_text(result["field"]), False, ruling=ruling)


def internal_error(fault: Exception, record: Record) -> RecordError:
    """A fault of revsim's own on one board, as that board's error: it names the board and says it is an
    internal error, so the run goes on and the board can be reported."""
    return RecordError(f"internal error while ruling on this board ({type(fault).__name__}: {fault}); the other "
                       "boards are not affected. Please report it with the file", **record.where())


def without_field_text(scored: dict[str, Any]) -> str:
    """The text's line for a ruling scored without a field (``outputs.without_field``)."""
    return f"\n{scored['text']}\n" if scored["text"] else ""


def field_text(field: dict[str, Any]) -> str:
    """The matchpoints and IMPs against the field, as a line of the readable ruling."""
    ns, ew, table = field["ns"], field["ew"], field["table_result_ns"]
    return (f"\nAgainst the field ({plural(field['tables'], 'table')}, datum {ns['datum']:+d}): "
            f"North-South {ns['matchpoints']:.1f}% / {ns['imps_cross']:+.2f} cross-IMPs / {ns['imps_datum']:+.2f} IMPs; "
            f"East-West {ew['matchpoints']:.1f}% / {ew['imps_cross']:+.2f} / {ew['imps_datum']:+.2f} "
            f"(table result: North-South {table['matchpoints']:.1f}%)")


def adjudicate(record: Record, settings: Settings | None = None) -> BoardRuling:
    """Rule on one record; RecordError when it cannot be replayed or its result is unknown.

    Pure: the record given is not changed. The ruling holds its own copy, with the facts as ruled on (the
    settings' ``noticed`` and ``noticed_at`` in place of the record's, the one place they are resolved) and
    the notes the ruling added. Without ``settings``, a case file's own (its ``settings`` table, how the board
    was ruled) and the defaults; with them, the case file's fill only what ``Settings.chosen`` leaves open.

    An ending written as a case file: East ruffs dummy's heart at trick 10 while holding one, and leads to trick
    11, so the revoke is established; he won the revoke trick and a later one, so two tricks go to declarer
    (Law 64A1), and the no-infraction result (double dummy here) gives no more.

    Examples:
        >>> case = '''
        ... board = "7"
        ... deal = "N:Q.6.7.2 K2.8..3 T.53..K ..A9.87"
        ... contract = "2S"
        ... declarer = "S"
        ... vulnerable = "None"
        ... start = { trick = 10, leader = "N", declarer_tricks = 6 }
        ... play = ["H6 S2 H3 C7", "SK ST C8 SQ", "H8 H5 D9 D7", "C3 CK DA C2"]
        ... '''
        >>> from revsim import Settings, adjudicate
        >>> from revsim.records.readers import parse_text
        >>> [record] = parse_text(case, "case.toml")
        >>> ruling = adjudicate(record, Settings(estimator="dd"))
        >>> str(ruling.law), ruling.table_tricks, ruling.transfer
        ('64A', 7, 2)
        >>> [(outcome.tricks, outcome.weight) for outcome in ruling.ns]
        [(9, 1.0)]
    """
    if not isinstance(record, Record):
        raise TypeError(f"adjudicate takes a Record (from read_records), not {type(record).__name__}")
    if settings is not None and not isinstance(settings, Settings):
        raise TypeError(f"settings must be a Settings, like Settings(estimator='dd'), not {settings!r}")
    with searches_shared():
        try:
            with time_budget(settings.time_budget if settings is not None else None):
                return _adjudicate(record, settings)
        except BudgetSpent as spent:
            raise over_budget(spent, record) from None


def over_budget(spent: BudgetSpent, record: Record) -> OverBudget:
    """The error of a ruling stopped by its time budget: what it was still working on, and that nothing of it is
    given."""
    stopped = f"it was still {spent.doing}" if spent.doing else "it stopped before its first search"
    return OverBudget(f"not ruled within its time budget of {spent.seconds:g} s ({stopped}); nothing of the ruling "
                       "is given. Rule it with a larger budget (--time-budget SECONDS, 0 for none)",
                      **(record.where() | {"line": spent.line or record.line}))


def _adjudicate(record: Record, settings: Settings | None) -> BoardRuling:
    settings = settings_as_ruled(record, settings or Settings(chosen=frozenset()))
    if record.contract is None:
        raise RecordError("no contract (passed out or not given): nothing to adjudicate", **record.where())
    if not record.play and not _claim_to_rule(record):
        raise RecordError("no play recorded: nothing to adjudicate", **record.where())
    declarer = record.contract.declarer
    notes = list(record.notes)
    replay = replay_cards(record, notes)
    record = _result_from_score(record, replay.is_over, notes)
    claim = claim_as_ruled(record, replay, settings)
    if claim is not None:
        record = replace(record, claimed_total=claim.ruled)
    marked = {(record.first_trick + (item.row or 1) - 1, item.card) for item in record.play if item.marked_revoke}
    try:
        table = table_result(record, replay, notes)
    except RecordError as error:
        found = find_revokes(replay, declarer, claimed=True)
        if found:
            listed = ", ".join(f"{SEAT_NAMES[r.seat]}'s {r.card} (trick {r.trick})" for r in found)
            raise RecordError(f"{error.problem}; revokes found in the play: {listed}", source=record.source,
                              board=record.board, line=error.line or record.line, trick=error.trick) from None
        raise
    facts = facts_as_ruled(record.facts, settings, notes)
    check_facts(replay, facts, record.source, record.board)
    misapplied = law43b2b_misapplied(facts.corrections, declarer)
    if misapplied is not None:
        raise RecordError(f"facts: correction on trick {misapplied.trick}: dummy_asked (Law 43B2b) is for declarer's "
                          f"revoke, not {SEAT_NAMES[misapplied.player]}'s", **(record.where() | {"line": misapplied.line}))
    noticed = facts.when_noticed
    revokes = find_revokes(replay, declarer, table.claimed, marked, facts, noticed)
    check_noticed_trick(revokes, facts, record.source, record.board, replay)
    revokes = apply_law64(mark_both_sides_corrections(revokes), table, noticed)
    notes.extend(unfounded_marks(replay, marked))
    record = replace(record, facts=facts, notes=notes)
    table = replace(table, record=record)
    return rule(record, table, revokes, sum(r.transfer for r in revokes), with_judgements(settings, facts), claim)


def _claim_to_rule(record: Record) -> bool:
    """Whether the record ends with a claim the director rules on (Law 70 or 71): one made at the start of an end
    position, before any card of it, is ruled though no card was played."""
    claim = record.facts.claim
    return claim is not None and claim.ruled_by_director


def claim_as_ruled(record: Record, replay: Replay, settings: Settings) -> ClaimRuling | None:
    """Law 70 on a contested claim, or Law 71 on a concession brought to the director, that ended the play (None
    without one); a RecordError naming the step of the statement that cannot be followed."""
    claim = record.facts.claim
    if claim is None or not claim.ruled_by_director or record.contract is None or replay.is_over:
        return None
    try:
        with doing(f"searching the claimer's normal lines from trick {replay.trick_number} (Law 70)", claim.line):
            return rule_claim(replay, record.contract.declarer, claim, settings.claim_standard())
    except ClaimStepError as error:
        raise RecordError(str(error), **(record.where() | {"line": error.line or claim.line or record.line})) from None


def settings_as_ruled(record: Record, settings: Settings) -> Settings:
    """The settings with the case file's own (its ``settings`` table: how the board was ruled) where the caller
    chose nothing (``Settings.chosen``); a RecordError naming the file, the board, the setting that cannot be
    read and its line."""
    if settings.chosen is None or not record.ruled_with:
        return settings
    try:
        return settings_for_case(settings, record.ruled_with, settings.chosen)
    except ValueError as error:
        key = next((key for key in record.ruled_with if str(error).startswith(f"{key} ")), None)
        lines = record.facts.lines
        line = lines.get(f"settings.{key}") or lines.get("settings") or record.line
        raise RecordError(f"settings: {error}", **(record.where() | {"line": line})) from None


def _result_from_score(record: Record, played_out: bool, notes: list[str]) -> Record:
    """A play that stops with no claim or [Result] but with a [Score]: declarer's tricks from the score."""
    if played_out or record.claimed_total is not None or record.stated_score_ns is None:
        return record
    assert record.contract is not None
    tricks = tricks_for_score(record.contract, record.vulnerability, record.stated_score_ns)
    if tricks is None:
        raise RecordError(f"the play stops with no claim or result, and [Score] NS {record.stated_score_ns:+d} is "
                          f"not a score of {record.contract} (vulnerable: {record.vulnerability})", **record.where())
    notes.append(f"the play stops with no claim or result: [Score] NS {record.stated_score_ns:+d} gives "
                 f"declarer {tricks} tricks, taken as the table result")
    return replace(record, claimed_total=tricks, result_from="[Score]")


def facts_as_ruled(facts: Facts, settings: Settings, notes: list[str]) -> Facts:
    """The facts with the settings' ``noticed`` and ``noticed_at`` in place of the record's, so every output
    states the value used; a change of what the record said is added to ``notes``."""
    was = facts.noticed_at_phrase() if facts.noticed_trick is not None else facts.noticed
    if settings.noticed_at is not None:
        trick, cards = parse_noticed_at(settings.noticed_at)
        if (facts.noticed_trick, facts.noticed_cards) == (trick, cards):
            return facts
        ruled = replace(facts, noticed=None, noticed_trick=trick, noticed_cards=cards)
        if was is not None:
            notes.append(f"attention drawn {ruled.noticed_at_phrase()}, as the settings say (the record's facts "
                         f"said {was})")
        return ruled
    if settings.noticed is None or (facts.noticed == settings.noticed and facts.noticed_trick is None):
        return facts
    if was is not None:
        notes.append(f"attention drawn: {settings.noticed}, as the settings say (the record's facts said {was})")
    return replace(facts, noticed=settings.noticed, noticed_trick=None, noticed_cards=None)


__all__ = ["Settings", "Outcome", "BoardRuling", "adjudicate"]
