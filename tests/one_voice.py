"""A committee's reading of a report, as a check: every figure printed is a view of one value the ruling recorded.

``figures_disagreeing(page, ruling)`` reads the report's body (before the Method appendix) and its chart of the
estimate the way a committee member does, and lists what disagrees:

- a distribution written in words (``66% of 11 tricks (3NT+2), 27% of 10, ...``) that is no play's recorded
  distribution, or a lone figure (``the 89% of 4 tricks``) that no recorded distribution gives that result;
- one play (world) written with two different figures: its estimate and, beside it, another estimate of the same
  play (real play counting a defender's slips);
- a worth that is not the worth of what stands beside it: the distribution or result before it in its sentence,
  the estimate (``the estimate's +481.2``), the score written, or the table's score;
- a chart whose bars are not the distribution of the play its caption names, or whose green bars are not the
  score assigned;
- a play shown by replays without the sentence deriving its estimate; a play the ruling does not rest on not named
  so; a header's transfer of the recorded play not saying so beside a Law 16B ruling on another play; a choice
  offered to the director where the law (84D, 12C1c) decides.

The recorded values are read from the ruling's steps (``catalogue``), the printed ones from the page's text only,
so a number edited by hand in the page is found.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from typing import Any

from revsim.cards import SEAT_NAMES, SIDE_NAMES
from revsim.outputs.weights import labels_by_tricks
from revsim.scoring.points import ns_score, result_text

_RESULT = r"\d(?:NT|[SHDC])X{0,2}(?:=|[+-]\d+)"
_ITEM = rf"(?:\d+%|<1%|>99%) of (?:{_RESULT}|\d+(?: tricks?)?(?: \({_RESULT}\))?)"
_RUN = re.compile(rf"{_ITEM}(?:, {_ITEM})*")
_PARTS = re.compile(rf"(\d+%|<1%|>99%) of (?:({_RESULT})|(\d+)(?: tricks?)?(?: \(({_RESULT})\))?)")
_WORTH = re.compile(r"(?<![\w+-])(?<!NS )([+-]\d+(?:\.\d)?)(?![\d.])(?= points| to North-South| to East-West|"
                    r" for the| at the table| on the record|\))")
"""A worth in points (IMPs, printed to two decimals, and a result's NS score are not worths)."""
_LONE_RESULT = re.compile(rf"(?<![\w(]){_RESULT}(?![\w)])")
_LIGHT, _GREEN = "#b9a27a", "#2e7a3a"

Labels = dict[int, str]
Entry = tuple[tuple[Any, ...], str, tuple[tuple[int, float], ...]]
"""A recorded distribution: the play (world) it belongs to, what kind of figure it is, and its weights."""


def catalogue(ruling: Any) -> list[Entry]:
    """Every distribution the ruling recorded, with the play it belongs to and its kind (read defensively, so the
    check runs on earlier versions of the steps too)."""
    entries: list[Entry] = []

    def add(world: tuple[Any, ...], kind: str, outcomes: Iterable[Sequence[float]] | None) -> None:
        weights = tuple((int(t), float(w)) for t, w in outcomes or () if float(w) > 0)
        if weights:
            entries.append((world, kind, weights))

    for estimate in ruling.estimates.values():
        world = ("without", estimate.trick, estimate.seat)
        add(world, "estimate", estimate.outcomes)
        competent = getattr(getattr(estimate, "evidence", None), "competent", None)
        if competent is not None and competent.play_outs_with_a_slip:
            add(world, "counting the slips", competent.as_estimated)
    for step in ruling.steps:
        name = type(step).__name__
        if name == "WorldsJudged":
            for world in step.worlds:
                add(_world_key(world), "estimate", world.outcomes)
        elif name == "Compared":
            add(_world_key(step.world), "estimate", step.world.outcomes)
            add(("base", step.base_kind, step.world.revoke.trick), "base", step.base)
        elif name == "Corrected":
            add(("corrected", step.revoke.trick, step.revoke.seat), "estimate", step.outcomes)
            add(("corrected", step.revoke.trick, step.revoke.seat, "claim"), "estimate", step.claim_capped)
        elif name == "InformationJudged":
            add(("16B",), "estimate", step.outcomes)
            add(("16B", "likely"), "valued", getattr(step, "valued", ()))
            for card, outcomes in step.results:
                add(("16B", str(card)), "estimate", outcomes)
        elif name == "SideJudged":
            add(("side play", step.side), "estimate", step.world.outcomes)
            add(("side result", step.side), "estimate", step.outcomes)
        elif name == "ScoreAssigned":
            add(("weighted", tuple(step.sides)), "estimate", step.distribution)
    add(("assigned", 0), "assigned", [(o.tricks, o.weight) for o in ruling.ns])
    add(("assigned", 1), "assigned", [(o.tricks, o.weight) for o in ruling.ew])
    return entries


def _world_key(world: Any) -> tuple[Any, ...]:
    key: tuple[Any, ...] = ("without", world.revoke.trick, world.revoke.seat)
    return key + ("with the transfer",) if world.moved else key


def body_text(page: str) -> list[str]:
    """The report's body before the Method appendix, a block (paragraph, list item, table row) a string; the charts
    left out (``charts`` reads them)."""
    article = page[page.index("<article"):page.index('<section class="appendix">')]
    article = re.sub(r"<svg.*?</svg>|<style.*?</style>|<h1>.*?</h1>|<p class=\"sub\">.*?</p>", " ", article, flags=re.S)
    blocks = re.findall(r"<(p|li|tr|figcaption|div class=\"summary\")\b[^>]*>(.*?)</(?:p|li|tr|figcaption|div)>",
                        article, flags=re.S)
    return [re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", text))).strip() for _, text in blocks]


def _tricks_of(contract: Any, result: str) -> int:
    """Declarer's tricks of a result as written (``3NT+2`` is 11)."""
    for tricks in range(14):
        if result_text(contract, tricks) == result:
            return tricks
    raise ValueError(result)


def _run_labels(contract: Any, run: str) -> Labels:
    labels: Labels = {}
    for share, alone, tricks, result in _PARTS.findall(run):
        labels[int(tricks) if tricks else _tricks_of(contract, alone or result)] = share
    return labels


def _labels(outcomes: Sequence[tuple[int, float]]) -> Labels:
    return dict(labels_by_tricks(outcomes))


def _is_form(labels: Labels) -> bool:
    """A score as directors write it (weights in steps of 10%): the ruling or a form Law 84D or the resamples name."""
    return all(label.endswith("0%") for label in labels.values())


def _worth(ruling: Any, outcomes: Sequence[tuple[int, float]], side: int) -> float:
    contract, vulnerable = ruling.record.contract, ruling.record.vulnerability
    total = sum(weight for _, weight in outcomes)
    sign = 1 if side == 0 else -1
    return sum(weight * sign * ns_score(contract, tricks, vulnerable) for tricks, weight in outcomes) / total


def _agrees(printed: str, value: float) -> bool:
    decimals = len(printed.partition(".")[2])
    return abs(float(printed) - value) <= 0.5 * 10 ** -decimals + 1e-6


def figures_disagreeing(page: str, ruling: Any) -> list[str]:
    """What a committee would find disagreeing in ``page``, the report of ``ruling`` (empty: every figure agrees)."""
    entries, blocks = catalogue(ruling), body_text(page)
    problems: list[str] = []
    worlds_printed: dict[tuple[Any, ...], set[str]] = {}
    for block in blocks:
        for sentence in re.split(r"(?<=[.:;])\s+(?=[A-Z])", block):
            problems += _sentence_problems(ruling, sentence, entries, worlds_printed)
    problems += _unexplained_replays(blocks) + _worlds_not_used(blocks, ruling) + _header_transfer(page, ruling)
    problems += _derivations_not_adding_up(blocks)
    if re.search(r"may choose|\beither\b[^.]*\bwithin the law", " ".join(blocks)):
        problems.append("a second instruction beside the law's: the director offered a choice the law decides")
    for world, kinds in worlds_printed.items():
        if len(kinds) > 1:
            problems.append(f"one play written with two figures ({' and '.join(sorted(kinds))}): {world}")
    problems += _chart_problems(page, ruling, entries)
    return problems


def _sentence_problems(ruling: Any, sentence: str, entries: list[Entry],
                       worlds_printed: dict[tuple[Any, ...], set[str]]) -> list[str]:
    contract = ruling.record.contract
    problems = []
    beside: list[tuple[int, Sequence[tuple[int, float]] | None]] = []   # (end, outcomes) of what a worth may stand beside
    for match in _RUN.finditer(sentence):
        labels = _run_labels(contract, match.group(0))
        matching = [entry for entry in entries if _labels(entry[2]) == labels]
        if len(labels) == 1:
            (tricks, label), = labels.items()
            if not any(_labels(entry[2]).get(tricks) == label for entry in entries):
                problems.append(f"a figure no play gives: {match.group(0)!r} in {sentence!r}")
            beside.append((match.end(), None))
            continue
        if not matching and not _is_form(labels):
            problems.append(f"a distribution no play recorded: {match.group(0)!r}")
        for world, kind, _ in matching:
            worlds_printed.setdefault(world, set()).add(kind)
        exact = matching[0][2] if matching else tuple((t, float(label.strip("%<>")) / 100) for t, label in labels.items())
        beside.append((match.end(), exact))
    runs = [(run.start(), run.end()) for run in _RUN.finditer(sentence)]
    for match in _LONE_RESULT.finditer(sentence):
        if not any(start <= match.start() < end for start, end in runs):
            beside.append((match.end(), ((_tricks_of(contract, match.group(0)), 1.0),)))
    beside.sort(key=lambda item: item[0])
    for match in _WORTH.finditer(sentence):
        problem = _worth_problem(ruling, sentence, match, beside)
        if problem:
            problems.append(problem)
    return problems


_REPLAY_SHOWN = re.compile(r"((?:For [\w-]+, play \w+[^:]*: |With the logical alternative, the \S+, instead: |Play \w+: )?)"
                           r"(?:[aA] replay that ends|all \d+ replays end)")


def _unexplained_replays(blocks: list[str]) -> list[str]:
    """Each play shown by a replay has its estimate derived from its replays and the records of real play in one
    sentence (``... make the 89% of 4 tricks``): a replay's count (``the most typical of the 4 that end so``) is
    never left beside a percentage nothing explains."""
    text = " ".join(blocks)
    plays = {prefix if prefix.startswith(("For", "With")) else "" for prefix in _REPLAY_SHOWN.findall(text)}
    derived = len(re.findall(r" make the (?:\d+%|<1%|>99%) of \d+ tricks?", text))
    if derived < len(plays):
        return [f"{len(plays)} plays shown by a replay, {derived} with their estimate derived"]
    return []


_DERIVATION = re.compile(r"(\d+)% of (?:the|the other \d+) replays' (\d+)% and (\d+)% of [^%]*?(\d+)%(?: \([^)]*\))? "
                         r"make the (\d+)% of")


def _derivations_not_adding_up(blocks: list[str]) -> list[str]:
    """A derivation's printed parts give its printed result, to a point (each part is rounded once)."""
    problems = []
    for block in blocks:
        for replays, replayed, records, recorded, result in _DERIVATION.findall(block):
            made = (int(replays) * int(replayed) + int(records) * int(recorded)) / 100
            if abs(made - int(result)) > 1:
                problems.append(f"a derivation that does not add up ({made:.1f}% against {result}%): {block[:120]!r}")
    return problems


_WORLD_STEP = re.compile(r"^Law 64C(?:1|2a), (\w+)'s revoke on trick (\d+): had it not occurred")


def _worlds_not_used(blocks: list[str], ruling: Any) -> list[str]:
    """A play the law path estimates but the ruling does not rest on (64C1 beside 64C2a's later revoke) says so."""
    used = [(SEAT_NAMES[step.world.revoke.seat], step.world.revoke.trick) for step in ruling.steps
            if type(step).__name__ == "Compared"]
    problems = []
    for block in blocks:
        found = _WORLD_STEP.match(block)
        if found and used and (found[1], int(found[2])) not in used and "Not the play the ruling rests on" not in block:
            problems.append(f"a play the ruling does not use, not named so: {block[:90]!r}")
    return problems


def _header_transfer(page: str, ruling: Any) -> list[str]:
    """The header's transfer says which play it is of where Law 16B moved the ruling to the play with the logical
    alternative (else ``Transfer 1 ... Ruling 4S+2`` reads as a transfer not applied)."""
    moved = any(type(step).__name__ == "InformationJudged" and getattr(step, "beside_revokes", False) and step.adjusted
                for step in ruling.steps)
    cell = re.search(r"<b>Transfer \(64A\)</b>(.*?)</div>", page)
    if moved and cell and "not the one ruled on" not in cell[1]:
        return [f"the header's transfer {cell[1]!r} does not say it is of the play as recorded"]
    return []


def _side_named(sentence: str, at: int) -> int:
    after = sentence[at:at + 30]
    for side, name in enumerate(SIDE_NAMES):
        if after.startswith(f" to {name}") or after.startswith(f" points to {name}"):
            return side
    named = [(abs(m.start() - at), side) for side, name in enumerate(SIDE_NAMES) for m in re.finditer(name, sentence)]
    return min(named)[1] if named else 0


def _recorded_worths(ruling: Any, kind: str) -> list[tuple[float, int]]:
    """The worths the ruling recorded of one kind, each with the side it is the worth to: ``estimate`` (the likely
    results as the estimate weighs them), ``base`` (what Law 64C1 compares: the transfer, the corrected play, the
    table result), ``table`` (the table's score, and Law 16B's worth of the play as recorded), ``information``
    (Law 16B's worth of the play with the logical alternative)."""
    found: list[tuple[float, int]] = []
    for step in ruling.steps:
        name = type(step).__name__
        if name == "ScoreAssigned" and kind == "estimate" and step.estimate_worth is not None:
            found.append((step.estimate_worth, step.non_offending if step.non_offending is not None else 0))
        elif name == "Compared":
            side = 1 - step.world.revoke.side
            found += [(step.adjusted_worth, side)] if kind == "estimate" else []
            found += [(step.base_worth, side)] if kind == "base" else []
        elif name == "InformationJudged":
            side = 1 - int(getattr(step.judgement.information, "player", 1)) % 2
            found += [(step.table_worth, side)] if kind == "table" else []
            found += [(step.adjusted_worth, side)] if kind == "information" else []
    if kind == "table":
        found.append((float(ns_score(ruling.record.contract, ruling.table_tricks, ruling.record.vulnerability)), 0))
    return found


def _one_of(printed: str, side: int, worths: list[tuple[float, int]]) -> bool:
    """Whether ``printed``, a worth to ``side``, is one of ``worths`` (each to its own side: to the other side it
    is worth as much less)."""
    return any(_agrees(printed, value if owner == side else -value) for value, owner in worths)


def _worth_problem(ruling: Any, sentence: str, match: re.Match[str], beside: list[Any]) -> str | None:
    printed, at = match.group(1), match.end(1)
    side = _side_named(sentence, at)
    lead, follow = sentence[:match.start(1)], sentence[at:]
    if lead.endswith("estimate's ") or follow.startswith(" for the likely result without the revoke"):
        return None if _one_of(printed, side, _recorded_worths(ruling, "estimate")) else (
            f"the estimate's worth {printed} is not its worth: {sentence!r}")
    if follow.startswith(" at the table") or follow.startswith(" on the record"):
        return None if _one_of(printed, side, _recorded_worths(ruling, "table")) else (
            f"the table's worth {printed} is not the table's: {sentence!r}")
    if follow.startswith(" for the score written"):
        outcomes = [(o.tricks, o.weight) for o in (ruling.ns if side == 0 else ruling.ew)]
        return None if _agrees(printed, _worth(ruling, outcomes, side)) else f"the score written is not worth {printed}"
    if re.search(r"(the transfer|the corrected play|the table result) is worth $", lead):
        return None if _one_of(printed, side, _recorded_worths(ruling, "base")) else (
            f"a worth {printed} that is not the worth of the result Law 64C1 compares: {sentence!r}")
    before = [outcomes for end, outcomes in beside if end <= match.start(1) and outcomes is not None]
    if before:
        value = _worth(ruling, before[-1], side)
        return None if _agrees(printed, value) else (f"worth {printed} stands beside what is worth {value:+.1f}: "
                                                     f"{sentence!r}")
    if "worth" in lead and _one_of(printed, side, _recorded_worths(ruling, "information")):
        return None
    return f"a worth {printed} beside nothing it is the worth of: {sentence!r}"


def charts(page: str) -> list[tuple[str, Labels, Labels]]:
    """Each chart of an estimate before the appendix (its wide drawing): its caption, its light bars and its green
    bars, by declarer's tricks, as printed."""
    body = page[page.index("<article"):page.index('<section class="appendix">')]
    found = []
    for figure in re.findall(r'<figure class="keep"><div class="chart-wide">(.*?)</figure>', body, flags=re.S):
        svg = figure[:figure.index("</svg>")]
        light: Labels = {}
        green: Labels = {}
        pending: list[tuple[str, str]] = []
        for colour, label, count in re.findall(r'<rect[^>]*fill="(#\w+)"[^>]*>.*?</rect>\s*<text[^>]*>([^<]+)</text>'
                                               r'|<text[^>]*>(\d+)</text>', svg):
            if count:
                for bar_colour, bar_label in pending:
                    (light if bar_colour == _LIGHT else green)[int(count)] = bar_label
                pending = []
            else:
                pending.append((colour, label))
        light = {tricks: html.unescape(label) for tricks, label in light.items()}
        green = {tricks: html.unescape(label) for tricks, label in green.items()}
        caption = html.unescape(re.sub(r"<[^>]+>", "", re.search(r"<figcaption>(.*?)</figcaption>", figure, re.S)[1]))
        found.append((caption, light, green))
    return found


def _chart_problems(page: str, ruling: Any, entries: list[Entry]) -> list[str]:
    problems = []
    for caption, light, green in charts(page):
        named = [entry for entry in entries if _caption_names(caption, entry[0], ruling)]
        if not any(_labels(entry[2]) == light for entry in named):
            problems.append(f"a chart's bars {light} are not the play its caption names: {caption!r}")
        sides = [side for side, name in enumerate(SIDE_NAMES) if f"for {name}" in caption] or [0, 1]
        if not any(_labels([(o.tricks, o.weight) for o in (ruling.ns, ruling.ew)[side]]) == green for side in sides):
            problems.append(f"a chart's green bars {green} are not the score assigned: {caption!r}")
    return problems


def _caption_names(caption: str, world: tuple[Any, ...], ruling: Any) -> bool:
    """Whether a chart's caption names the play ``world``."""
    if world[0] == "without":
        revoke = f"without {SEAT_NAMES[world[2]]}'s revoke on trick {world[1]}"
        generic = "without the revoke," in caption and len(ruling.estimates) == 1
        transfer = "transfer counted" in caption
        return (revoke in caption or generic) and transfer == (len(world) > 3)
    if world[0] == "corrected":
        claim = "no more than claimed" in caption
        return f"revoke on trick {world[1]} corrected" in caption and claim == (len(world) > 3)
    if world == ("16B",):
        return "logical alternative" in caption
    if world[0] == "side result":
        whose = [side for side, name in enumerate(SIDE_NAMES) if f"for {name}" in caption]
        return ("without" in caption or "in play" in caption) and (not whose or whose == [world[1]])
    return False
