"""The ruling in plain words, written from its steps (``revsim.equity.steps``) for every front end: the law
path, the explanation a player understands, the evidence an appeals committee can follow without
statistics, and the method, kept apart for reproducibility.
"""

from __future__ import annotations

from revsim.cards import SEAT_NAMES, SIDE_NAMES
from revsim.equity.steps import (
    BoardRuling,
    ClaimJudged,
    Compared,
    Corrected,
    InformationJudged,
    Outcome,
    Retransfer,
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
from revsim.laws.law62 import law62b_withdrawn_card_becomes_penalty_card
from revsim.outputs.assigned import assigned_text
from revsim.outputs.claims import claim_reasons
from revsim.outputs.estimates import substitute_phrase
from revsim.outputs.information import information_texts, restricted_text
from revsim.outputs.sides import BOTH_SIDES_OPENING, side_text
from revsim.outputs.weights import (
    result_with_score,
    trick_word,
    weighted_detail,
    weighted_result,
    weighted_tricks,
    weighted_tricks_and_results,
)
from revsim.scoring.points import ns_score, result_text


def score_text(ruling: BoardRuling, outcomes: Weighted) -> str:
    """A result with its tricks and contract: ``12 tricks (3NT+3)``, or ``60% of 12 tricks (3NT+3), ...``."""
    return weighted_tricks_and_results(ruling.record.contract, outcomes)


def claim_text(ruling: BoardRuling) -> str:
    """The claim or concession that ended the play, with what the table said; empty when there was none."""
    if not ruling.table.claimed:
        return ""
    facts = ruling.record.facts
    who = {"declarer": "Declarer claimed", "defenders": "The defenders claimed or conceded"}.get(
        facts.claim_by or "", "The play ended with a claim or concession")
    tricks = ruling.claim.claimed if ruling.claim is not None else ruling.table_tricks
    text = f"{who}: declarer's side {trick_word(tricks)} in all"
    if facts.claim_statement:
        text += f"; what was said: \u201c{facts.claim_statement}\u201d"
    return text + "."


# --- the law path ------------------------------------------------------------------------------

def step_texts(ruling: BoardRuling) -> list[str]:
    """The law path, one sentence (or a few) a step, in the order the ruling applied them: a claim's ruling (Law 70
    or 71) first, since the total it gives is the one the revoke laws start from."""
    return [text for step in ruling.steps for text in _step_text(ruling, step)]


def _claim_step_text(ruling: BoardRuling, step: ClaimJudged) -> str:
    claim = step.ruling
    law = f"Law {claim.law}"
    what = ("a concession was brought to the director" if claim.law == "71" and not claim.claim.contested
            else "the claim was contested")
    outcome = (f"{law} gives {trick_word(claim.ruled)} ({result_text(ruling.record.contract, claim.ruled)})"
               if claim.changed else f"{law} lets it stand")
    later = ", the total the revoke laws below start from" if ruling.revokes else ""
    who = "the defenders" if claim.claim.by == "defenders" else "declarer"
    made = "conceded" if claim.claim.conceded else "claimed"
    return (f"{law}: {who} {made}, declarer's side {trick_word(claim.claimed)} in all "
            f"({result_text(ruling.record.contract, claim.claimed)}), and {what}; {outcome}{later}.")


def _step_text(ruling: BoardRuling, step: Step) -> list[str]:
    if isinstance(step, ClaimJudged):
        return [_claim_step_text(ruling, step)]
    if isinstance(step, RevokeRuled):
        return [revoke_text(ruling, step.revoke)]
    if isinstance(step, TableStands):
        return [_stands_text(ruling, step)]
    if isinstance(step, Corrected):
        return [_corrected_text(ruling, step)]
    if isinstance(step, WorldsJudged):
        return [_world_text(ruling, world) + _unused_world_text(ruling, world) for world in step.worlds]
    if isinstance(step, Compared):
        return [_compared_text(ruling, step)]
    if isinstance(step, SideJudged):
        return [f"Law 64C2b for {SIDE_NAMES[step.side]}: {side_text(ruling, step)}"]
    if isinstance(step, ScoreAssigned):
        return [assigned_text(ruling, step)]
    if isinstance(step, InformationJudged):
        return information_texts(ruling, step)
    raise TypeError(f"no prose for {type(step).__name__}")


def _stands_text(ruling: BoardRuling, step: TableStands) -> str:
    """Why the result the revoke laws start from stands: the table's, or the total a claim's ruling gave."""
    claim = ruling.claim
    result = "the table result" if claim is None else f"the total Law {claim.law} gives"
    if ruling.record.facts.information is not None and step.why == "none-established":
        return f"No infraction of Law 16B: {result} stands."
    return (f"No revoke: {result} stands." if step.why == "no-revoke"
            else f"No established revoke: {result} stands.")


def revoke_text(ruling: BoardRuling, revoke: Revoke) -> str:
    """Law 61, 63 and 62/64A-B for one revoke, with its transfer worked out again on a corrected play."""
    established = ("corrected at dummy's question, rectified as if established (Law 43B2b)"
                   if revoke.establishment == "43B2b" else
                   f"established (Law {revoke.establishment})" if revoke.established else
                   "corrected with the other side's revoke on the trick" if revoke.both_sides_corrected else
                   "not established")
    again = ""
    for step in ruling.steps_of(Corrected):
        assert isinstance(step, Corrected)
        for change in step.retransfers:
            if change.revoke.order == revoke.order:
                again = _retransfer_text(step, change)
    return f"Law 61: {revoke.describe()}: a revoke, {established}; {revoke.reason}{again}."


def _retransfer_text(step: Corrected, change: Retransfer) -> str:
    moved = trick_word(change.transfer) if change.transfer else "no trick"
    return (f"; worked out on the play corrected at trick {step.revoke.trick}: {moved} transferred "
            f"(Law {change.clause})")


def _corrected_text(ruling: BoardRuling, step: Corrected) -> str:
    estimate = step.estimate
    text = (f"Law {step.clause}: with {SEAT_NAMES[step.revoke.seat]}'s revoke on trick {step.revoke.trick} corrected "
            f"({substitute_phrase(estimate)}), declarer's side takes {score_text(ruling, estimate.outcomes)}")
    if step.withdrawable:
        cards = " and ".join(f"{SEAT_NAMES[play.seat]}'s {play.card}" for play in step.withdrawable)
        text += (f"; {cards}, played after the revoke, may be taken back and another card played (Law 62C1): the "
                 "corrected play chooses again")
    if step.stands is not None:
        who = SEAT_NAMES[step.stands.seat]
        text += (f"; {who}'s {step.stands.card}, played after the revoke, stands unless a non-offender takes his card "
                 f"back first, and a card {who} then takes back becomes a major penalty card (Law 62C2)")
    text += _promoted_text(ruling, step)
    if step.restricted is not None:
        text += "; " + restricted_text(ruling, step.restricted)
    if step.moved:
        text += (f"; with {trick_word(step.moved)} transferred for the earlier revokes on the corrected play "
                 f"(Law 64A), {score_text(ruling, step.outcomes)}")
    if step.claim_capped is not None:
        text += ("; the claim is ruled with the legal card in place and gives the claimer no more than claimed "
                 f"(Law 70): {score_text(ruling, step.claim_capped)}")
    return text + "."


def _promoted_text(ruling: BoardRuling, step: Corrected) -> str:
    """Law 50B in a corrected play: the offender's minor penalty card binds with his withdrawn revoke card."""
    revoke, contract = step.revoke, ruling.record.contract
    if not revoke.corrected_in_play or contract is None or \
            not law62b_withdrawn_card_becomes_penalty_card(revoke.seat, contract.declarer):
        return ""
    minors = [card for card in ruling.record.facts.penalty_cards
              if card.minor and card.player == revoke.seat and card.from_trick <= revoke.trick]
    if not minors:
        return ""
    who = SEAT_NAMES[revoke.seat]
    cards = " and ".join(f"{card.card}" for card in minors)
    return (f"; {who}'s minor penalty {cards} is major from now on, his withdrawn {revoke.card} being a second "
            "(Law 50B), and where both can be played declarer designates which (Law 51A)")


def _world_text(ruling: BoardRuling, world: World) -> str:
    revoke = world.revoke
    text = (f"Law {world.clause}, {SEAT_NAMES[revoke.seat]}'s revoke on trick {revoke.trick}: had it not occurred "
            f"({substitute_phrase(world.estimate)}), declarer's side takes {score_text(ruling, world.estimate.outcomes)}")
    if world.moved:
        text += (f"; with {trick_word(world.moved)} transferred for the earlier revokes in that play, "
                 f"{score_text(ruling, world.outcomes)}")
    return text + "."


BASE_WORDS = {"corrected": "the corrected play", "transfer": "the transfer", "table": "the table result"}
"""The result Law 64C1 compares the adjusted score with, as its worth names it."""


def _compared_text(ruling: BoardRuling, step: Compared, beside_the_law_path: bool = True) -> str:
    """Law 64C1 in plain sentences: the base result against the adjusted score, and which is the ruling."""
    world, estimate = step.world, step.world.estimate
    who = SEAT_NAMES[estimate.seat]
    raw = weighted_tricks(estimate.outcomes)
    adjusted = score_text(ruling, step.assigned)
    if beside_the_law_path and _written_above(ruling, world):
        text = (f"Had {who}'s revoke on trick {estimate.trick} not occurred, declarer's side takes the results "
                "written above for that play.")
    elif world.clause == Clause.LAW_64C2A:
        applied = ("the transfer for the first revoke" if world.rectified <= 1 else
                   "the transfers for the earlier revokes (the first in this suit among them), worked out in that play,")
        text = (f"Had {who}'s later revoke on trick {estimate.trick} not occurred, {substitute_phrase(estimate)} and "
                f"declarer's side takes {raw}; {applied} applied to that gives {score_text(ruling, world.outcomes)}.")
    elif world.moved:
        text = (f"Had {who}'s revoke on trick {estimate.trick} not occurred, {substitute_phrase(estimate)} and "
                f"declarer's side takes {raw}; the transfers for the earlier revokes, worked out in that play "
                f"(Law 64A), give {score_text(ruling, world.outcomes)}.")
    else:
        text = (f"Without the revoke on trick {estimate.trick}, {substitute_phrase(estimate)}: "
                f"{score_text(ruling, world.outcomes)}.")
    base_name = {"corrected": "The corrected play gives", "transfer": "The transfer would give",
                 "table": "The table result is"}[step.base_kind]
    base = step.base
    base_text = (f"{base[0][0]} ({result_text(ruling.record.contract, base[0][0])})" if len(base) == 1
                 else score_text(ruling, base))
    text += f" {base_name} {base_text}; the adjusted score gives {adjusted}."
    side = SIDE_NAMES[1 - world.revoke.side]
    worths = (f" (to {side}, {BASE_WORDS[step.base_kind]} is worth {step.base_worth:+.0f} points against "
              f"{step.adjusted_worth:+.0f} for the likely result without the revoke, as the estimate weighs it)")
    if step.verdict == "adjusted":
        return text + (" The likely result without the revoke is better for the non-offending side" + worths
                       + ", so the adjusted score is the ruling (Law 64C).")
    if step.verdict == "compensated":
        what = "The corrected result" if step.base_kind == "corrected" else "The transfer"
        return text + (f" {what} already compensates the non-offending side{worths[:-1]}; Law 64C1: never an "
                       "adjustment in favour of the offenders).")
    if step.verdict == "no-better":
        return text + (" The adjusted score is no better for the non-offending side than the table result, so the "
                       "table result stands (Law 64C1).")
    return text + " An adjustment would favour the offenders, so the table result stands (Law 64C1)."


def _unused_world_text(ruling: BoardRuling, world: World) -> str:
    """For a world of several revokes the ruling does not rest on: that it is not used, and which world is, and why
    (the one best for the non-offending side, Law 64C1; a later revoke's, its earlier revokes' transfers worked out in
    it, Law 64C2a)."""
    used = next((step.world for step in ruling.steps_of(Compared) if isinstance(step, Compared)), None)
    if used is None or used is world:
        return ""
    why = " (Law 64C2a)" if used.clause == Clause.LAW_64C2A else " (Law 64C1)"
    return (f" Not the play the ruling rests on: the play without {SEAT_NAMES[used.revoke.seat]}'s revoke on trick "
            f"{used.revoke.trick} rules{why}.")


def _written_above(ruling: BoardRuling, world: World) -> bool:
    """Whether the law path already wrote ``world``'s results (a Law 64C2a or 64C1 world of several revokes)."""
    return any(other is world for step in ruling.steps_of(WorldsJudged) if isinstance(step, WorldsJudged)
               for other in step.worlds)


def explanation(ruling: BoardRuling, beside_the_law_path: bool = False) -> str:
    """The ruling in a few plain sentences, never empty, in the words of the law path: the claim's ruling (Law 70
    or 71) and its reasons; Law 16B's judgement; the comparison of Law 64C1, the judgement of each side under 64C2b,
    the correction, or why the result stands. ``beside_the_law_path``: printed with the law path, so a play the
    path has written is referred to, not written again; without it (the desk's panel, the JSON) the sentences
    stand alone."""
    parts: list[str] = []
    claim = ruling.claim
    if claim is not None and not beside_the_law_path:   # beside it, the claim's block and the law path say them
        parts += claim_reasons(claim)
    for step in ruling.steps_of(InformationJudged):
        assert isinstance(step, InformationJudged)
        if not beside_the_law_path:
            parts += information_texts(ruling, step)
    revokes = _revoke_explanation(ruling, beside_the_law_path)
    if revokes and (ruling.revokes or not parts):
        parts.append(revokes)
    if not parts and ruling.steps_of(InformationJudged):
        parts.append("Law 16B's judgement, above, is the ruling.")
    if not parts and claim is not None:
        parts.append(f"The total Law {claim.law} gives, above, is the ruling.")
    if not parts:
        parts.append("No revoke and nothing else to rule on: the table result stands.")
    return " ".join(parts)


def _revoke_explanation(ruling: BoardRuling, beside_the_law_path: bool) -> str:
    compared = ruling.steps_of(Compared)
    if compared:
        return _compared_text(ruling, compared[-1], beside_the_law_path)  # type: ignore[arg-type]
    sides = ruling.steps_of(SideJudged)
    if sides:
        return " ".join([BOTH_SIDES_OPENING, *(side_text(ruling, step) for step in sides)])  # type: ignore[arg-type]
    corrected = ruling.steps_of(Corrected)
    if corrected:
        return _corrected_text(ruling, corrected[-1])  # type: ignore[arg-type]
    stands = ruling.steps_of(TableStands)
    if stands:
        return _step_text(ruling, stands[-1])[0]
    established = [revoke for revoke in ruling.revokes if revoke.established]
    return revoke_text(ruling, established[0]) if established else ""


def ruling_title(ruling: BoardRuling) -> str:
    """What the ruling rules on, as the report and the desk are titled: ``Revoke ruling``, ``Ruling on a contested
    claim (Law 70)``, ``Ruling on unauthorised information (Law 16B)``, or several joined."""
    kinds: list[str] = []
    claim = ruling.claim
    if claim is not None:
        kinds.append("a concession (Law 71)" if claim.claim.conceded else
                     f"a contested claim (Law {claim.law})")
    for step in ruling.steps_of(InformationJudged):
        assert isinstance(step, InformationJudged)
        kinds.append(f"unauthorised information (Law {step.judgement.information.law})")
    if not kinds:
        return "Revoke ruling" if ruling.revokes else "Ruling"
    if ruling.revokes:   # the headline names the laws
        kinds = [kind.split(" (")[0] for kind in kinds] + ["a revoke" if len(ruling.revokes) == 1 else "revokes"]
    return "Ruling on " + " and ".join(kinds)


def play_start(ruling: BoardRuling) -> str:
    """Where the play recorded starts: ``opening lead by West``, or for an end position ``the play from trick 9,
    West on lead``."""
    record = ruling.record
    leader = SEAT_NAMES[record.opening_leader]
    return f"opening lead by {leader}" if record.first_trick == 1 else (
        f"the play from trick {record.first_trick}, {leader} on lead")


def ruling_line(ruling: BoardRuling, detail: bool = False, separator: str = ", ") -> str:
    """The score assigned as directors write it, per side where they differ; with ``detail``, each result with
    its tricks and North-South's score (``60% of 3NT+3 (12 tricks, NS +490), ...``)."""
    contract = ruling.record.contract

    def side(outcomes: tuple[Outcome, ...]) -> str:
        weighted = [(o.tricks, o.weight) for o in outcomes]
        if detail:
            return weighted_detail(contract, weighted, {o.tricks: o.score for o in outcomes}, separator)
        return weighted_result(contract, weighted)

    if ruling.same_for_both:
        return side(ruling.ns)
    return f"North-South {side(ruling.ns)}; East-West {side(ruling.ew)}"


def corrected_in_the_ruling(ruling: BoardRuling) -> Corrected | None:
    """The revoke the ruling corrects (Law 62A, 62D) where the record played on without correcting it (a
    correction the record holds is shown as played)."""
    step = next((s for s in ruling.steps_of(Corrected) if isinstance(s, Corrected)), None)
    return None if step is None or step.revoke.corrected_by else step


def describe_result(ruling: BoardRuling, tricks: int) -> str:
    """Like ``4S= (10 tricks, NS +420)``."""
    return result_with_score(ruling.record.contract, tricks,
                             ns_score(ruling.record.contract, tricks, ruling.record.vulnerability))

