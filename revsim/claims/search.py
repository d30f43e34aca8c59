"""The worst normal line: the fewest tricks the claimer's side takes when it follows its statement and plays
normal cards where the statement is silent, and the opponents play their best against it (Law 70A).

Every turn of the claimer's side branches over its normal cards (``normal.normal_choices``); every turn of the
opponents over their legal cards, one of each run of equal cards. Positions already searched are remembered.
A search that would pass ``budget`` positions starts again with the opponents limited to their double-dummy
best cards, and says so (``WorstLine.bounded``). One that still would (a claim with most of the play to come)
branches only up to a horizon, deepened a trick at a time while it fits the budget: past it the claimer's side
plays its most likely normal card and the opponents one double-dummy best card, and the line says where its
horizon was (``WorstLine.horizon``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from revsim.cards import Card, Seat, side_of
from revsim.claims.finesse import law70e_finesses
from revsim.claims.normal import Choice, NormalStandard, normal_choices, runs
from revsim.claims.statement import Plan, stated_cards
from revsim.likely.budget import check_budget
from revsim.likely.progress import tell
from revsim.likely.solver import card_values
from revsim.play.replay import Replay

BUDGET = 20_000
"""The positions a search may visit before the opponents are limited to their double-dummy best cards."""

WHOLE_FIRST = 6
"""A claim with at most this many tricks left is searched whole at once (every normal card, every card of the
opponents') within ``WHOLE_FIRST_BUDGET`` positions, and by deepening horizons only where that does not fit: a late
claim's whole search usually fits, and the horizons before it would be searched for nothing."""
WHOLE_FIRST_BUDGET = 8_000
"""The positions a late claim's first whole search may visit (a part of ``BUDGET``: where it does not fit, the
horizons follow, and what it searched is lost)."""

NAMES_CARDS = ("cash", "lead", "finesse")
"""Steps that name the cards to play (a ruff names one when it says which trump)."""

LINE_ALLOWANCE = 1.0
"""Law 70's normal line: a line is normal when players of the class follow it at least ``NormalStandard.rate`` as
often as their likeliest line from the claim (the product, over the claimer's choices, of each card's rate against
the likeliest card's there). Each choice spends its share of that allowance (``line_costs``: the log of its rate
against the best's, over the log of the standard), so a line holds a few inferior choices, not a chain of them each
normal alone."""

FREE = ("stated", "forced", "careless-order", "trump-too-many", "not-unblocking", "top-down", "no-finesse")
"""Choices that spend nothing of the line's allowance: the claimer's own statement, a forced card, and the careless
plays the law itself counts as normal."""


@dataclass(frozen=True)
class LineCard:
    """One card of the worst normal line: who played it, at which trick, why (``Choice.why``, or ``best`` for an
    opponent), how often the class chooses it, and the other normal cards the claimer's side had there."""

    seat: Seat
    card: Card
    trick: int
    why: str
    rate: float | None = None
    others: tuple[Card, ...] = ()
    share: float = 1.0
    """The card's rate against the likeliest normal card's there (1 for a free choice, ``FREE``, or an opponent's)."""


@dataclass(frozen=True)
class WorstLine:
    """The worst normal line: the claimer's side's tricks from the claim on, its cards, the positions searched,
    whether the opponents had to be limited to their double-dummy best cards (``bounded``), and the horizon of a
    search that had to stop branching before the last trick."""

    tricks: int
    cards: tuple[LineCard, ...]
    positions: int
    bounded: bool = False
    horizon: int | None = None
    """The last trick at which every normal card was searched (None: every trick was)."""
    likelihood: float = 1.0
    """How often the class follows this line against its likeliest line from the claim (at least the standard's
    rate): the product of each of the claimer's cards' rate against the likeliest card's there."""


class SearchTooLarge(Exception):
    """The search passed its budget of positions."""


@dataclass
class _Search:
    declarer: Seat
    claimer_side: int
    standard: NormalStandard
    forgot_trump: bool
    opponents_best_only: bool
    budget: int
    horizon: int | None = None
    choices: dict[tuple[object, ...], list[Choice]] = field(default_factory=dict)
    """Each position's choices, shared by the searches of one claim (the choice model and the solver are slow)."""
    memo: dict[tuple[object, ...], tuple[int, Choice, tuple[Card, ...], float]] = field(default_factory=dict)
    positions: int = 0

    def value(self, replay: Replay, plan: Plan, room: float = LINE_ALLOWANCE) -> int:
        """The claimer's side's fewest tricks from here, on a line with ``room`` of its allowance left."""
        if replay.is_over:
            return 0
        key = (*_key(replay, plan), round(room, 6))
        known = self.memo.get(key)
        if known is not None:
            return known[0]
        self.positions += 1
        check_budget()
        if self.positions > self.budget:
            raise SearchTooLarge
        claimer = side_of(replay.to_play) == self.claimer_side
        known_choices = (key[:-1], claimer or self.opponents_best_only)   # not the room; an opponent's: the limit
        options = self.choices.get(known_choices)
        if options is None:
            options = self._claimer_choices(replay, plan) if claimer else self._opponent_choices(replay)
            self.choices[known_choices] = options
        others = tuple(choice.card for choice in options) if claimer else ()
        if self.horizon is not None and replay.trick_number > self.horizon and len(options) > 1:
            options = [_most_likely(options)]   # past the horizon: one line
        costs = line_costs(options, self.standard.rate) if claimer else [0.0] * len(options)
        best: tuple[int, Choice, tuple[Card, ...], float] | None = None
        for choice, cost in zip(options, costs, strict=True):
            if cost > room + 1e-9:
                continue
            before = replay.tricks_won(self.claimer_side)
            replay.play(choice.card)
            gained = replay.tricks_won(self.claimer_side) - before
            tricks = gained + self.value(replay, plan.after(replay, self.claimer_side), room - cost)
            replay.undo()
            if best is None or tricks < best[0]:
                best = (tricks, choice, others, cost)
            if tricks == 0:
                break
        assert best is not None
        self.memo[key] = best
        return best[0]

    def _claimer_choices(self, replay: Replay, plan: Plan) -> list[Choice]:
        cards, step = stated_cards(plan, replay, self.claimer_side)
        if step is None:
            return self._unstated(replay)
        names = step.action in NAMES_CARDS or step.action == "ruff" and (bool(step.cards) or plan.with_revokes)
        return normal_choices(replay, self.declarer, cards, self.standard, names, self.forgot_trump)

    def _unstated(self, replay: Replay) -> list[Choice]:
        """Normal cards where the statement is silent (Law 70E1). A finesse that is normal play stays among them:
        the worst line takes it where it loses, so an unstated drop that succeeds only because one opponent holds
        the card bare is not accepted. Nor is an unstated finesse: where every normal card is a finesse, the
        claimer may also play the top card of the suit instead (``no-finesse``), and the worst line takes that
        where the finesse would win."""
        legal = replay.legal_cards()
        choices = normal_choices(replay, self.declarer, legal, self.standard, False, self.forgot_trump)
        finesses = set(law70e_finesses(replay, legal))
        if not finesses or any(choice.card not in finesses for choice in choices):
            return choices
        led = replay.led_suit
        tops = [card for card in legal if card not in finesses and card.suit == led]
        if not tops:
            return choices
        return [*choices, Choice(max(tops, key=lambda card: card.rank), "no-finesse")]

    def _opponent_choices(self, replay: Replay) -> list[Choice]:
        cards = one_of_each_run(replay)
        if self.opponents_best_only and len(cards) > 1:
            values = card_values(replay)
            top = max(values[card] for card in cards)
            cards = [card for card in cards if values[card] == top]
        return [Choice(card, "best") for card in cards]

    def line(self, replay: Replay, plan: Plan) -> tuple[LineCard, ...]:
        """The worst line found, replayed from the remembered choices (the replay is left as given)."""
        out: list[LineCard] = []
        played = 0
        room = LINE_ALLOWANCE
        while not replay.is_over:
            known = self.memo.get((*_key(replay, plan), round(room, 6)))
            if known is None:
                break
            _, choice, others, cost = known
            room -= cost
            share = _share(choice, self.choices.get((_key(replay, plan), True), []))
            seat, trick = replay.to_play, replay.trick_number
            replay.play(choice.card)
            played += 1
            plan = plan.after(replay, self.claimer_side)
            out.append(LineCard(seat, choice.card, trick, choice.why, choice.rate,
                                tuple(card for card in others if card != choice.card), share))
        for _ in range(played):
            replay.undo()
        return tuple(out)


def worst_line(position: Replay, declarer: Seat, claimer_side: int, plan: Plan, standard: NormalStandard,
               forgot_trump: bool = False, budget: int | None = None) -> WorstLine:
    """The worst normal line from ``position`` (the claim) for the claimer's side following ``plan``.

    A late claim (``WHOLE_FIRST``) is searched whole first, which is the answer where it fits the budget. Else, the
    opponents limited to their best cards, the horizon is deepened a trick at a time while the next search
    is expected to fit the budget (its size grows by about the ratio of the last two); a search that reaches the
    last trick is tried again with every card of the opponents', which is the answer where it fits."""
    budget = BUDGET if budget is None else budget
    choices: dict[tuple[object, ...], list[Choice]] = {}
    last_trick = position.trick_number + len(position.hand(position.to_play)) - 1

    def whole_search(limit: int) -> WorstLine | None:
        return _search(position, plan, _Search(declarer, claimer_side, standard, forgot_trump, False, limit,
                                               choices=choices))

    late = last_trick - position.trick_number < WHOLE_FIRST
    if late:   # the whole search usually fits at once: tried within a part of the budget
        whole = whole_search(min(budget, WHOLE_FIRST_BUDGET))
        if whole is not None:
            return whole
    found: list[WorstLine] = []
    for horizon in range(position.trick_number - 1, last_trick + 1):
        if len(found) > 1 and found[-1].positions ** 2 / max(found[-2].positions, 1) > budget:
            break
        one_line = horizon < position.trick_number   # at most a position a card: always searched
        if not one_line:
            tell(f"the claimer's normal lines, every card to trick {horizon}")
        search = _Search(declarer, claimer_side, standard, forgot_trump, True, max(budget, 53) if one_line else budget,
                         None if horizon == last_trick else horizon, choices)
        line = _search(position, plan, search)
        if line is None:
            break
        found.append(line)
    assert found, "the one line fits any budget"
    if found[-1].horizon is None and (not late or budget > WHOLE_FIRST_BUDGET):
        whole = whole_search(budget)
        if whole is not None:
            return whole
    return found[-1]


def _search(position: Replay, plan: Plan, search: _Search) -> WorstLine | None:
    """The search's worst line, or None where it passes its budget."""
    replay = position.copy()
    try:
        tricks = search.value(replay, plan)
    except SearchTooLarge:
        return None
    cards = search.line(replay, plan)
    return WorstLine(tricks, cards, search.positions, search.opponents_best_only, search.horizon,
                     math.prod(item.share for item in cards))


def line_costs(options: list[Choice], rate: float) -> list[float]:
    """What each of the claimer's choices spends of a normal line's allowance (``LINE_ALLOWANCE``): nothing for a
    free choice (``FREE``) or one as likely as the likeliest, else the log of the likeliest card's rate against its
    own over the log of ``1 / rate``; so the choices of a line spend at most the whole allowance exactly when the class
    follows it at least ``rate`` as often as its likeliest."""
    top = _top_rate(options)
    allowance = math.log(1 / rate) if rate < 1 else 0.0
    costs = []
    for choice in options:
        if choice.why in FREE or choice.rate is None or choice.rate >= top or top <= 0:
            costs.append(0.0)
        elif allowance <= 0 or choice.rate <= 0:
            costs.append(LINE_ALLOWANCE + 1)
        else:
            costs.append(math.log(top / choice.rate) / allowance)
    return costs


def _top_rate(options: list[Choice]) -> float:
    """The likeliest rate among the claimer's choices at a turn that spend of a line's allowance (0 where none)."""
    return max((choice.rate for choice in options if choice.rate is not None and choice.why not in FREE), default=0.0)


def _share(choice: Choice, options: list[Choice]) -> float:
    """A claimer's choice's rate against the likeliest normal card's at its turn (1 for a free choice)."""
    top = _top_rate(options)
    if choice.why in FREE or choice.rate is None or top <= 0:
        return 1.0
    return min(1.0, choice.rate / top)


def _most_likely(options: list[Choice]) -> Choice:
    """The claimer's side's most likely card (a stated or forced card before a normal one), or an opponent's first
    best card: the one line played past a search's horizon."""
    return max(options, key=lambda choice: 1.0 if choice.rate is None else choice.rate)


def one_of_each_run(replay: Replay) -> list[Card]:
    """The legal cards of the player to play, one of each run of equal cards (``normal.runs``): the lowest of each."""
    return list(runs(replay, replay.legal_cards()))


def _key(replay: Replay, plan: Plan) -> tuple[object, ...]:
    """A position of the search: the cards, the trick in progress, the statement's progress, and the voids the play
    has shown (the players' choices depend on them: ``choice.rates_key``), so that a position's line never depends on
    the order the search reached it in."""
    return (tuple(replay.hand(seat) for seat in range(4)), replay.leader, tuple(replay.current_trick), plan.key,
            replay.shown_voids())
