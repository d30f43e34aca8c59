"""Play-outs by simulated players who see only what they would see at the table.

At each decision the player to play (declarer for dummy) deals the cards he cannot see ``layouts`` times
consistently with his view (``sampling``), values each legal card on every layout with the double-dummy
solver (batched), and chooses by a softmax over the average tricks: the temperature stands for human
error (0 is the best card on average; larger is more random). A forced card is simply played. Best cards
that tie on his layouts (and are not one sequence) are weighed on the layouts where a suit breaks as
badly as it can: the safety play that costs nothing is taken. A defender reads his partner's hand with
probability ``defence_sight`` (his partner's signals: he then sees all four hands), drawn stratified across the
play-outs that decide at the same step. A defender, among the cards that tie best, may keep his guards on the
honours dummy surrounds (``guards``, ``keep_guards``). A calibration run may add a model of the players
(``player_model.PlayerModel``: what they read in the lead and the defenders' cards, declarer's sight, the
contract's value, their insight); no shipped level has one. The last ``endgame`` tricks are played double dummy:
with so few cards left, players rarely go wrong.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Set
from dataclasses import dataclass, replace

from revsim.cards import Card, Layout, Seat, partner, side_of
from revsim.likely.competent import slips_of
from revsim.likely.guards import defenders_keep_guards, tied_best
from revsim.likely.lead_options import law50d2_declarer_choice
from revsim.likely.penalty import law50d1_forced
from revsim.likely.penalty_rules import (
    CorrectedTrick,
    LeadChoice,
    Penalty,
    law50d2_allowed,
    law50d2_carried,
    outstanding,
)
from revsim.likely.player_model import PlayerModel
from revsim.likely.sampling import bad_break_layouts, sample_layouts, weighted_layouts
from revsim.likely.sight import stratified_readers
from revsim.likely.solver import positions_values, total_tricks
from revsim.likely.view import HandShape, View, player_view
from revsim.play.replay import Replay


@dataclass(frozen=True)
class Policy:
    """How simulated players choose: the softmax temperature over average tricks, layouts per decision,
    the tricks left when the play goes double dummy, how often a defender reads his partner's hand
    (``defence_sight``: his partner's signals and the play tell him), and whether ties between the best
    cards are broken by the bad breaks (``safety``)."""

    temperature: float
    layouts: int = 16
    endgame: int = 2
    defence_sight: float = 0.0
    safety: bool = True
    keep_guards: bool = False
    """Whether a defender, among cards that tie best on his layouts, keeps his guards on honours (``guards``)."""
    model: PlayerModel | None = None
    """A model of the players a calibration run adds (``player_model``; None in every shipped level)."""

    def temperature_of(self, defending: bool) -> float:
        """The softmax temperature of a defender (``defending``) or of declarer."""
        return self.temperature if self.model is None else self.model.temperature(defending, self.temperature)

    def fits_auction(self) -> bool:
        """Whether the bad-break layouts that break ties leave out the breaks the auction rules out."""
        return self.model is not None and self.model.bad_breaks_fit_auction()


@dataclass
class PlayoutStats:
    """What play-outs cost: decisions taken, forced cards played without one, layouts dealt, and the
    bad-break layouts dealt to weigh tied best cards."""

    decisions: int = 0
    forced: int = 0
    layouts: int = 0
    safety_layouts: int = 0
    sequences: int = 0
    """Decisions among cards of one sequence, taken without solving their layouts (``_step_averages``)."""


STATS = PlayoutStats()


@dataclass(frozen=True)
class _Decision:
    """One line's decision at a step of ``play_outs``: its legal cards, the view, its layouts in the batch."""

    index: int
    legal: list[Card]
    view: View
    start: int
    end: int


def softmax_choice(values: dict[Card, float], temperature: float, rng: random.Random) -> Card:
    """A card drawn with weight exp((value - best) / temperature); temperature 0 takes a best card. Cards
    are considered in a fixed order, so a seeded generator gives the same choice."""
    cards = sorted(values, key=lambda card: (card.suit, card.rank))
    best = max(values.values())
    if temperature <= 0:
        return rng.choice([card for card in cards if values[card] == best])
    weights = [math.exp((values[card] - best) / temperature) for card in cards]
    return rng.choices(cards, weights=weights)[0]


@dataclass(frozen=True)
class PlayOut:
    """One play-out: declarer's side's total tricks, the first card chosen, and the cards the simulated
    players chose from the position (the last ``Policy.endgame`` tricks, valued double dummy, not included)."""

    tricks: int
    first: Card | None
    cards: tuple[Card, ...]
    defence_slips: int = 0
    """How many cards a defender chose without reading his partner's hand that gave a trick double dummy
    (``competent.slips_of``)."""


def play_outs(position: Replay, declarer: Seat, shapes: dict[Seat, HandShape], policy: Policy, count: int,
              rng: random.Random, first_allowed: Set[Card] | None = None,
              target: int | None = None) -> list[tuple[int, Card | None]]:
    """``count`` play-outs from ``position`` by the simulated players, run side by side so that each step's
    layouts go to the solver in one batch: for each, declarer's side's total tricks and the first card
    chosen (restricted to ``first_allowed`` when given: a penalty card, a lead restriction). ``target``: the
    tricks declarer's side needs for its contract (``Contract.tricks_needed``), which the players' ``contract_value``
    weighs; None: tricks alone."""
    return [(line.tricks, line.first)
            for line in play_out_lines(position, declarer, shapes, policy, count, rng, first_allowed, target=target)]


def play_out_lines(position: Replay, declarer: Seat, shapes: dict[Seat, HandShape], policy: Policy, count: int,
                   rng: random.Random, first_allowed: Set[Card] | None = None,
                   on_step: Callable[[int], None] | None = None, target: int | None = None,
                   penalties: tuple[Penalty, ...] = (), corrected: CorrectedTrick | None = None) -> list[PlayOut]:
    """``play_outs`` with the cards of every play-out; ``on_step`` is told the trick the play-outs have reached
    (for a progress line); ``penalties``: major penalty cards, played at the first legal opportunity (Law 50D1;
    the last tricks are played double dummy only once none is left), with declarer's lead options when the
    holder's partner is to lead (Law 50D2, ``lead_options``). ``corrected``: the trick of a defender's revoke
    corrected in play, where his partner keeps his card unless a non-offender changed his (Law 62C2)."""
    side = side_of(declarer)
    lines = [position.copy() for _ in range(count)]
    firsts: list[Card | None] = [None] * count
    results: list[int | None] = [None] * count
    held = [penalties] * count                       # each play-out's penalty cards, as Law 50D2 leaves them
    choices: list[LeadChoice] = [None] * count       # declarer's Law 50D2 choice for the lead to come
    slips = [0] * count                              # each play-out's defence slips (``PlayOut.defence_slips``)
    while True:
        deciding: list[tuple[int, list[Card]]] = []
        for index, line in enumerate(lines):
            if results[index] is not None:
                continue
            remaining = 13 - line.tricks_won(0) - line.tricks_won(1)
            if line.is_over:
                results[index] = line.tricks_won(side)
                continue
            if remaining <= policy.endgame and firsts[index] is not None and not outstanding(line, held[index]) \
                    and (corrected is None or not corrected.pending(line)):
                results[index] = total_tricks(line, declarer)[0]
                continue
            choice = choices[index]
            if penalties and not line.current_trick and (choice is None or choice.trick != line.trick_number):
                held[index], choices[index] = law50d2_declarer_choice(line, declarer, shapes, policy.layouts, rng,
                                                                      outstanding(line, held[index]),
                                                                      law50d2_carried(line, choice))
            forced = law50d1_forced(line, held[index]) if penalties else None
            leading = choices[index] if not line.current_trick else None
            legal = [forced] if forced is not None else law50d2_allowed(
                _choices(line, first_allowed if firsts[index] is None else None), leading)
            if corrected is not None and corrected.binds(line):
                legal = corrected.law62c2_cards(line, line.legal_cards())
            if len(legal) == 1:
                STATS.forced += 1
                held[index] = _play(line, legal[0], firsts, index, held[index], corrected)
                continue
            deciding.append((index, legal))
        defending = [side_of(lines[index].to_play) != side for index, _ in deciding]
        reading = hand_readers(defending, policy, rng)
        asking: list[_Decision] = []
        batch: list[Layout] = []
        for (index, legal), reads in zip(deciding, reading, strict=True):
            view, layouts = _view_and_layouts(lines[index], declarer, shapes, policy, reads, rng)
            asking.append(_Decision(index, legal, view, len(batch), len(batch) + len(layouts)))
            batch.extend(layouts)
        if not asking and all(result is not None for result in results):
            start = len(position.plays)
            return [PlayOut(result, first, tuple(play.card for play in line.plays[start:]), slipped)  # type: ignore[arg-type]
                    for result, first, line, slipped in zip(results, firsts, lines, slips, strict=True)]
        if not asking:
            continue
        if on_step is not None:
            on_step(min(lines[d.index].trick_number for d in asking))
        averages = _step_averages(lines, asking, batch, lambda line: goal_value(line, declarer, target, policy))
        if policy.safety:
            _break_ties(lines, asking, averages, rng, policy.fits_auction())
        deciders = [lines[decision.index] for decision in asking]
        if policy.keep_guards:
            defenders_keep_guards(deciders, averages, defending, [d.end - d.start for d in asking], partner(declarer))
        if policy.model is not None:
            policy.model.lean(deciders, averages, defending)
        chosen = [softmax_choice(values, policy.temperature_of(defends), rng)
                  for values, defends in zip(averages, defending, strict=True)]
        unread = [defends and not reads and not _all_equivalent(lines[decision.index], decision.legal)
                  for defends, reads, decision in zip(defending, reading, asking, strict=True)]   # no slip in a run
        for number in slips_of(deciders, chosen, unread, [decision.legal for decision in asking]):
            slips[asking[number].index] += 1
        for decision, card in zip(asking, chosen, strict=True):
            held[decision.index] = _play(lines[decision.index], card, firsts, decision.index, held[decision.index],
                                         corrected)


def _view_and_layouts(line: Replay, declarer: Seat, shapes: dict[Seat, HandShape], policy: Policy, reads: bool,
                      rng: random.Random) -> tuple[View, list[Layout]]:
    """The view of the player to play and the layouts he deals from it: one when he sees all but one hand
    (a defender who reads his partner), else ``policy.layouts``."""
    view = player_view(line, line.to_play, declarer, shapes, reads_hands=reads)
    if len(view.hidden) <= 1:
        return view, sample_layouts(view, 1, rng)
    weight = None if policy.model is None else policy.model.layout_weight(line, view, declarer, shapes)
    if weight is None:
        return view, sample_layouts(view, policy.layouts, rng)
    return view, weighted_layouts(view, policy.layouts, rng, weight)


def hand_readers(defending: list[bool], policy: Policy, rng: random.Random) -> list[bool]:
    """Which of the players deciding at one step read the hands they cannot see: each defender (``defending``)
    his partner's with the policy's ``defence_sight``, declarer the defenders' where a player model gives him a
    sight, each side drawn stratified on its own (``stratified_readers``; at declarer sight 0, no draw for him)."""
    sight = 0.0 if policy.model is None else policy.model.declarer_sight()
    defenders = stratified_readers(defending, policy.defence_sight, rng)
    declarers = stratified_readers([not defends for defends in defending], sight, rng)
    return [defender or reads for defender, reads in zip(defenders, declarers, strict=True)]


def _break_ties(lines: list[Replay], asking: list[_Decision], averages: list[dict[Card, float]],
                rng: random.Random, fit_auction: bool = False) -> None:
    """Where a player's best cards tie on his layouts (and are not equivalent), weigh them on the layouts
    where a suit breaks as badly as it can (``sampling.bad_break_layouts``): the ones that do best there
    stay best; the others count as one trick worse on one sampled layout. A careful player takes the
    safety play when it costs nothing."""
    tied: list[tuple[int, list[Card], int, int]] = []
    batch: list[Layout] = []
    for number, (decision, values) in enumerate(zip(asking, averages, strict=True)):
        top = tied_best(values, decision.legal)
        if len(top) < 2 or _all_equivalent(lines[decision.index], top):
            continue
        layouts = bad_break_layouts(decision.view if fit_auction else replace(decision.view, shapes={}), rng)
        if layouts:
            tied.append((number, top, len(batch), len(batch) + len(layouts)))
            batch.extend(layouts)
    if not tied:
        return
    solved = _solve(lines, [(asking[number].index, start, end) for number, _, start, end in tied], batch)
    for number, top, start, end in tied:
        STATS.safety_layouts += end - start
        on_bad_breaks = {card: sum(value[card] for value in solved[start:end]) for card in top}
        safest = max(on_bad_breaks.values())
        decision = asking[number]
        step = 1 / (decision.end - decision.start)
        for card in top:
            if on_bad_breaks[card] < safest:
                averages[number][card] -= step


def _step_averages(lines: list[Replay], asking: list[_Decision], batch: list[Layout],
                   value_of: Callable[[Replay], Callable[[int], float]]) -> list[dict[Card, float]]:
    """Each decision's values at one step of the play-outs (``_averages``), its layouts solved in one batch. A
    decision whose legal cards are one sequence (``_all_equivalent``) is not solved: its cards are worth the same
    on every layout, so each is given 0 (the player's layouts were still dealt, so the seeded draws that follow
    are the same)."""
    solving = [d for d in asking if not _all_equivalent(lines[d.index], d.legal)]
    spans, start = [], 0
    for d in solving:
        spans.append((d.index, start, start + d.end - d.start))
        start += d.end - d.start
    solved = _solve(lines, spans, [layout for d in solving for layout in batch[d.start:d.end]]) if solving else []
    found = {d.index: solved[begin:end] for d, (_, begin, end) in zip(solving, spans, strict=True)}
    averages = []
    for d in asking:
        if d.index in found:
            averages.append(_averages(d.legal, found[d.index], value_of(lines[d.index])))
        else:
            STATS.decisions += 1
            STATS.sequences += 1
            averages.append(dict.fromkeys(d.legal, 0.0))
    return averages


def _all_equivalent(line: Replay, cards: list[Card]) -> bool:
    """Whether ``cards`` (of the player to play) are one sequence: one suit, and no card between them still
    in any hand or on the trick in progress (a card on the trick can make them differ)."""
    if len({card.suit for card in cards}) > 1:
        return False
    suit = cards[0].suit
    own = set(line.hand(line.to_play))
    in_play = {card for seat in range(4) for card in line.hand(seat)} | {card for _, card in line.current_trick}
    low, high = min(card.rank for card in cards), max(card.rank for card in cards)
    return not any(card.suit == suit and low < card.rank < high and card not in own for card in in_play)


def _choices(replay: Replay, allowed: Set[Card] | None) -> list[Card]:
    """The legal cards of the player to play, limited to ``allowed`` when any of them is legal."""
    legal = replay.legal_cards()
    return [card for card in legal if allowed is None or card in allowed] or legal


def goal_value(line: Replay, declarer: Seat, target: int | None, policy: Policy) -> Callable[[int], float]:
    """How the player to play values his side's tricks from here on: the tricks, or as a player model values them
    towards the contract (``target``: declarer's side's tricks needed)."""
    if target is None or policy.model is None:
        return float
    return policy.model.trick_value(line, declarer, target)


def _averages(legal: list[Card], solved: list[dict[Card, int]],
              value: Callable[[int], float] = float) -> dict[Card, float]:
    """Each card's value (``goal_value``: by default its double-dummy tricks) averaged over the layouts solved
    for one decision (counted in STATS)."""
    STATS.decisions += 1
    STATS.layouts += len(solved)
    return {card: sum(value(tricks[card]) for tricks in solved) / len(solved) for card in legal}


def _play(line: Replay, card: Card, firsts: list[Card | None], index: int, held: tuple[Penalty, ...],
          corrected: CorrectedTrick | None) -> tuple[Penalty, ...]:
    """Plays ``card``; the penalty cards after it (with the one a partner's change makes, Law 62C2)."""
    if firsts[index] is None:
        firsts[index] = card
    made = corrected.law62c2_penalty(line, card) if corrected is not None else None
    line.play(card)
    return held if made is None else (*held, made)


def _solve(lines: list[Replay], spans: list[tuple[int, int, int]], batch: list[Layout]) -> list[dict[Card, int]]:
    """The values of ``batch`` in one solver call: ``spans`` gives each asking line's index and its layouts
    (start, end) in the batch, solved in that line's position (leader, trick in progress)."""
    positions = []
    for index, start, end in spans:
        line = lines[index]
        positions += [(layout, line.leader, tuple(line.current_trick)) for layout in batch[start:end]]
    return positions_values(positions, lines[0].trump)


def card_averages(replay: Replay, declarer: Seat, shapes: dict[Seat, HandShape], policy: Policy,
                  rng: random.Random, allowed: Set[Card] | None = None, target: int | None = None) -> dict[Card, float]:
    """Each legal card (among ``allowed``) of the player to play, with its average value for his side
    (``goal_value``) over layouts dealt from his view (tied best cards weighed on the bad breaks, and a
    defender's guards kept, as in play-outs)."""
    legal = _choices(replay, allowed)
    if len(legal) == 1:
        return {legal[0]: 0.0}
    [reads] = hand_readers([side_of(replay.to_play) != side_of(declarer)], policy, rng)
    view, layouts = _view_and_layouts(replay, declarer, shapes, policy, reads, rng)
    decision = _Decision(0, legal, view, 0, len(layouts))
    averages = _step_averages([replay], [decision], layouts, lambda line: goal_value(line, declarer, target, policy))
    if policy.safety:
        _break_ties([replay], [decision], averages, rng, policy.fits_auction())
    defending = [side_of(replay.to_play) != side_of(declarer)]
    if policy.keep_guards:
        defenders_keep_guards([replay], averages, defending, [len(layouts)], partner(declarer))
    if policy.model is not None:
        policy.model.lean([replay], averages, defending)
    return averages[0]


def choose(replay: Replay, declarer: Seat, shapes: dict[Seat, HandShape], policy: Policy, rng: random.Random,
           allowed: Set[Card] | None = None, target: int | None = None) -> Card:
    """The card the simulated player to play chooses (a forced card at once)."""
    return softmax_choice(card_averages(replay, declarer, shapes, policy, rng, allowed, target),
                          policy.temperature_of(side_of(replay.to_play) != side_of(declarer)), rng)
