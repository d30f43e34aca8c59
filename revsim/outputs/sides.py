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


def distinct_plays(ruling: BoardRuling) -> list[SidePlay]:
    """The plays the 64C2b sentences compare, one letter each, A, B, ... in the order the sentences meet them: each
    side's world without the opponents' revokes, and the play had no revoke occurred where a side gets it. Two
    plays are never one letter, even where they end alike."""
    found: list[tuple[str, Weighted]] = []

    def add(words: str, outcomes: Weighted) -> None:
        if words not in [said for said, _ in found]:
            found.append((words, outcomes))

    for step in _sides(ruling):
        add(_world_words(step), step.world.outcomes)
        if step.result == "without-any":
            add(_RESULT_WORDS["without-any"], step.outcomes)
    return [(chr(ord("A") + index), words, outcomes) for index, (words, outcomes) in enumerate(found)]


def side_plays(ruling: BoardRuling) -> list[SidePlay]:
    """The rows of the plays' table: the distinct plays (``distinct_plays``), two that end alike, to the weights
    shown, sharing a row ("B, C")."""
    rows: dict[Weighted, tuple[Weighted, list[str], list[str]]] = {}
    for letter, words, outcomes in distinct_plays(ruling):
        _, letters, said = rows.setdefault(_key(outcomes), (outcomes, [], []))
        letters.append(letter)
        said.append(words)
    return [(", ".join(letters), SHARED_ROW.join(said), outcomes) for outcomes, letters, said in rows.values()]


def _key(outcomes: Weighted) -> Weighted:
    """Two plays that end alike, to the weights shown, are one row."""
    return tuple(sorted((tricks, round(weight, 4)) for tricks, weight in outcomes))


def side_plays_lines(ruling: BoardRuling) -> list[str]:
    """The plays as lines of text: ``A: without East-West's revoke ...: 91% of 6 tricks (1NTX-1), ...``."""
    contract = ruling.record.contract
    return [f"{letter}: {words}: {weighted_tricks_and_results(contract, outcomes)}"
            for letter, words, outcomes in side_plays(ruling)]


def world_letter(ruling: BoardRuling, step: SideJudged) -> str:
    """The letter of a side's world without the opponents' revokes."""
    return _letter_of_words(ruling, _world_words(step))


def result_letter(ruling: BoardRuling, step: SideJudged) -> str:
    """The letter of the play whose result a side gets: its own world (without the opponents' revoke), the other
    side's (without its own revoke), or the play had no revoke occurred."""
    if step.result == "without-other":
        return world_letter(ruling, step)
    if step.result == "without-own":
        other = next(side for side in _sides(ruling) if side.side != step.side)
        return world_letter(ruling, other)
    return _letter_of_words(ruling, _RESULT_WORDS["without-any"])


def _letter_of_words(ruling: BoardRuling, words: str) -> str:
    letter = next((letter for letter, said, _ in distinct_plays(ruling) if said == words), None)
    assert letter is not None, words
    return letter


def letter_of(ruling: BoardRuling, outcomes: Weighted) -> str | None:
    """The letter of the play had no revoke occurred where it ends with ``outcomes`` (the ruling's no-infraction
    estimate, on a 64C2b ruling), else of the first play that does; None on other rulings."""
    plays = [(letter, words) for letter, words, shown in distinct_plays(ruling) if _key(shown) == _key(outcomes)]
    return next((letter for letter, words in plays if words == _RESULT_WORDS["without-any"]),
                plays[0][0] if plays else None)


def side_text(ruling: BoardRuling, step: SideJudged) -> str:
    """Law 64C2b for one side in two short sentences: whether the opponents' revoke damaged it, and the result it
    gets (the plays by letter, their results in ``side_plays``)."""
    side, other = SIDE_NAMES[step.side], SIDE_NAMES[1 - step.side]
    play = world_letter(ruling, step)
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
    play = result_letter(ruling, step)
    if step.result == "without-other":
        never = ", never compensated for their own revoke" if ruling.settings.both_sides == "neither" else ""
        return f"They get the result without the opponents' revoke (play {play}){never}."
    if step.result == "without-any":
        if step.damaged:
            return f"They get the result had no revoke occurred (play {play})."
        return f"As offenders they keep no gain from their own revoke (Law 12B1): play {play}, had no revoke occurred."
    return (f"They keep no gain from their own revoke (Law 12B1) but keep what the opponents' revoke handed them: "
            f"play {play}, without their own revoke.")
