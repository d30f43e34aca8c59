"""Law 64C2b in plain words: each side's world without the opponents' revokes, whether it was damaged, and
the result it gets. Each play compared is named by a letter and its results are written once, in a table
(``side_plays``); the sentences refer to the letters."""

from __future__ import annotations

from revsim.cards import SEAT_NAMES, SIDE_NAMES
from revsim.equity.steps import BoardRuling, SideJudged, Weighted
from revsim.laws.detection import Revoke
from revsim.outputs.weights import weighted_tricks_and_results

BOTH_SIDES_OPENING = "Both sides revoked, so each side's score is judged on its own (Law 64C2b)."

SHARED_ROW = "; "
"""Between the descriptions of two plays that end alike, in one row."""

SidePlay = tuple[str, str, Weighted]
"""A play Law 64C2b compares: its letter, what was played, and declarer's side's tricks in it."""


def _sides(ruling: BoardRuling) -> list[SideJudged]:
    return [step for step in ruling.steps_of(SideJudged) if isinstance(step, SideJudged)]


def side_plays(ruling: BoardRuling) -> list[SidePlay]:
    """The plays the 64C2b sentences compare, each once (two that end alike share a row), lettered A, B, ..."""
    rows: dict[Weighted, tuple[Weighted, list[str]]] = {}

    def add(outcomes: Weighted, words: str) -> None:
        _, said = rows.setdefault(_key(outcomes), (outcomes, []))
        if words not in said:
            said.append(words)

    for step in _sides(ruling):
        add(step.world.outcomes, _world_words(step))
        if step.result != "table":
            add(step.outcomes, _RESULT_WORDS[step.result])
    return [(chr(ord("A") + index), SHARED_ROW.join(words), outcomes)
            for index, (outcomes, words) in enumerate(rows.values())]


def _key(outcomes: Weighted) -> Weighted:
    """Two plays that end alike, to the weights shown, are one row."""
    return tuple(sorted((tricks, round(weight, 4)) for tricks, weight in outcomes))


def side_plays_lines(ruling: BoardRuling) -> list[str]:
    """The plays as lines of text: ``A: without East-West's revoke ...: 91% of 6 tricks (1NTX-1), ...``."""
    contract = ruling.record.contract
    return [f"{letter}: {words}: {weighted_tricks_and_results(contract, outcomes)}"
            for letter, words, outcomes in side_plays(ruling)]


def play_letter(ruling: BoardRuling, outcomes: Weighted) -> str:
    """The letter of the play that ends with ``outcomes`` in ``side_plays``."""
    letter = letter_of(ruling, outcomes)
    assert letter is not None, outcomes
    return letter


def letter_of(ruling: BoardRuling, outcomes: Weighted) -> str | None:
    """The letter of the play that ends with ``outcomes``, if one does (None on other rulings)."""
    return next((letter for letter, _, shown in side_plays(ruling) if _key(shown) == _key(outcomes)), None)


def side_text(ruling: BoardRuling, step: SideJudged) -> str:
    """Law 64C2b for one side in two short sentences: whether the opponents' revoke damaged it, and the result it
    gets (the plays by letter, their results in ``side_plays``)."""
    side, other = SIDE_NAMES[step.side], SIDE_NAMES[1 - step.side]
    play = play_letter(ruling, step.world.outcomes)
    if step.damaged:
        judged = f"{side} would have done better without {other}'s revoke (play {play}), so it damaged them."
    else:
        judged = f"{side} would have done no better without {other}'s revoke (play {play}), so they were not damaged."
    return f"{judged} {_side_result_text(ruling, step)}"


def _revoke_at(revoke: Revoke) -> str:
    return f"{SEAT_NAMES[revoke.seat]}'s on trick {revoke.trick}"


def _world_words(step: SideJudged) -> str:
    """What is played in the side's world: without the opponents' revoke, its own as it stands there."""
    world = step.world
    text = f"without {SIDE_NAMES[1 - step.side]}'s revoke ({_revoke_at(world.harm)})"
    if not world.standing:
        return text
    own = " and ".join(_revoke_at(r) for r in world.standing)
    if world.reached:
        return (f"{text}, {own} standing as played (the record followed from the {world.followed[0]} to "
                f"{world.stopped}, then the likely play)")
    if world.estimate.estimator == "director":
        return f"{text}, {own} standing as the director judges that play"
    return f"{text} ({own} cannot stand there: {world.stopped})"


_RESULT_WORDS = {"without-other": "without the opponents' revoke", "without-any": "had no revoke occurred",
                 "without-own": "without the side's own revoke"}


def _side_result_text(ruling: BoardRuling, step: SideJudged) -> str:
    if step.result == "table":
        if not step.anyone_damaged:
            return "No contestant was damaged, so the table result stands (Law 64B7: no transfers)."
        if step.damaged:
            return "They keep the table result."
        return "They keep the table result: an undamaged side only loses what its own revoke gained (Law 12B1)."
    play = play_letter(ruling, step.outcomes)
    if step.result == "without-other":
        never = ", never compensated for their own revoke" if ruling.settings.both_sides == "neither" else ""
        return f"They get the result without the opponents' revoke (play {play}){never}."
    if step.result == "without-any":
        if step.damaged:
            return f"They get the result had no revoke occurred (play {play})."
        return f"As offenders they keep no gain from their own revoke (Law 12B1): play {play}, had no revoke occurred."
    return (f"They keep no gain from their own revoke (Law 12B1) but keep what the opponents' revoke handed them: "
            f"play {play}, without their own revoke.")
