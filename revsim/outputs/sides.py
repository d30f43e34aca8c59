"""Law 64C2b in plain words: each side's world without the opponents' revokes, whether it was damaged, and
the result it gets."""

from __future__ import annotations

from revsim.cards import SEAT_NAMES, SIDE_NAMES
from revsim.equity.steps import BoardRuling, SideJudged
from revsim.laws.clauses import Clause
from revsim.laws.detection import Revoke
from revsim.outputs.weights import weighted_tricks_and_results


def side_text(ruling: BoardRuling, step: SideJudged) -> str:
    """Law 64C2b for one side: its world, whether it was damaged, and the result it gets."""
    side, other = SIDE_NAMES[step.side], SIDE_NAMES[1 - step.side]
    world = step.world
    theirs = [r for r in ruling.revokes if r.side != step.side and r.order >= world.harm.order
              and (r.established or r.law == Clause.LAW_62D)]
    without = (f"{other}'s revokes (the first, {_revoke_at(world.harm)})" if len(theirs) > 1
               else f"{other}'s revoke ({_revoke_at(world.harm)})")
    text = (f"Law 64C2b for {side}: without {without}{_standing_text(step)}, declarer's side takes "
            f"{weighted_tricks_and_results(ruling.record.contract, world.outcomes)}: ")
    if step.damaged:
        text += f"better for {side} than the table result, so {other}'s revoke damaged it"
    else:
        text += f"no better for {side} than the table result, so it was not damaged"
    return f"{text}. {_side_result_text(ruling, step)}"


def _revoke_at(revoke: Revoke) -> str:
    return f"{SEAT_NAMES[revoke.seat]}'s on trick {revoke.trick}"


def _standing_text(step: SideJudged) -> str:
    """How the side's own later revokes stand in its world."""
    world = step.world
    if not world.standing:
        return ""
    own = " and ".join(_revoke_at(r) for r in world.standing)
    if world.reached:
        return (f" and its own revoke ({own}) standing as it was played (the record followed from the "
                f"{world.followed[0]} to {world.stopped}, then the likely play)")
    if world.estimate.estimator == "director":
        return f" and its own revoke ({own}) standing, as the director judges that play"
    return f" (its own revoke, {own}, cannot stand there: {world.stopped})"


def _side_result_text(ruling: BoardRuling, step: SideJudged) -> str:
    outcomes = weighted_tricks_and_results(ruling.record.contract, step.outcomes)
    if step.result == "table":
        if not step.anyone_damaged:
            return "No contestant was damaged, so the table result stands (Law 64B7: no transfers)."
        if step.damaged:
            return "It keeps the table result."
        return ("It keeps the table result: an undamaged side loses only an advantage that came through its own "
                "revoke (Law 12B1), and gains nothing.")
    if step.result == "without-other":
        never = (", never compensated for what its own revoke cost it"
                 if ruling.settings.both_sides == "neither" else "")
        return f"It gets the result without the opponents' revoke{never}: {outcomes}."
    if step.result == "without-any":
        if step.damaged:
            return f"It gets the result had no revoke occurred: {outcomes}."
        return ("As an offender it keeps no advantage gained through its own revoke (Law 12B1): the result had no "
                f"revoke occurred, {outcomes}.")
    return ("It keeps no advantage gained through its own revoke (Law 12B1) but keeps what the opponents' revoke "
            f"handed it: the result without its own revoke, {outcomes}.")
