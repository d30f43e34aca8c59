"""Law 50D in the play that follows: major penalty cards that must be played at the first legal opportunity
(50D1), and declarer's lead options when the holder's partner gains the lead (50D2), valued double dummy.

The solver knows nothing of penalty cards, so the plays while one is on the table are searched here (minimax,
with the solver's values of each card to order the search and cut it short), and the solver values the
positions once no penalty card is left. Each node: the player to play, his cards (one where 50D1 forces it,
one of each run of equal cards otherwise), and at the start of a trick led by a holder's partner, declarer's
three options (require the suit of the penalty card, forbid it, or neither; the first two pick the penalty
card up).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Set
from contextvars import ContextVar

from revsim.cards import Card, Seat, side_of
from revsim.laws.detection import Revoke
from revsim.laws.law50 import law50b_penalty_cards
from revsim.laws.law62 import law62b_withdrawn_card_becomes_penalty_card, law62c2_partner_card_stands
from revsim.likely.budget import check_budget
from revsim.likely.penalty_rules import (
    CorrectedTrick,
    LeadChoice,
    LeadOption,
    Penalty,
    law50d1_designable,
    law50d2_allowed,
    law50d2_carried,
    law50d2_lead_options,
    outstanding,
)
from revsim.likely.solved import position_key, relative_codes
from revsim.likely.solver import card_values, layout_of, side_total, total_tricks
from revsim.play.replay import Play, Replay
from revsim.records.facts import PenaltyCard

NODES = 40_000
"""The most positions one search may visit (a count, so the result does not depend on the machine); past it the
search gives up (``law50d_card_values`` returns None) and the caller values the play without the obligation,
saying so. Every corrected revoke in ``hands/`` is searched exactly: the longest, a trump penalty card from trick 3
(``law62a-attention-at-the-revoke-trick``), takes 11,505 positions with Law 51B's lead options."""


_Memo = dict[tuple[object, ...], tuple[int, int]]
_shared_memos: ContextVar[dict[tuple[int, int], _Memo] | None] = ContextVar("penalty_search_memos", default=None)


@contextlib.contextmanager
def searches_shared() -> Iterator[None]:
    """Within the block, the penalty-card searches of one side and trump share what they have found (a position's
    value, or its bounds): a ruling searches the same plays from many places (the estimate, the candidates, each
    step of a representative play-out). The bounds are exact, so no value changes; the block keeps the sharing to
    one ruling, so how many positions a search visits (``NODES``) never depends on what ruled before it."""
    if _shared_memos.get() is not None:
        yield
        return
    token = _shared_memos.set({})
    try:
        yield
    finally:
        _shared_memos.reset(token)


class SearchTooLarge(RuntimeError):
    """The penalty cards stay on the table too long for an exact search within ``NODES``."""


def penalties_in_play(position: Replay, declarer: Seat, revoke: Revoke,
                      recorded: Iterable[PenaltyCard] = ()) -> tuple[Penalty, ...]:
    """The major penalty cards the players still hold at ``position`` in the world rebuilt at ``revoke``: those the
    record's facts and corrections give (from their trick on), and, where ``revoke`` is corrected in play (Law 62A,
    or 62C3 with the other side's revoke on the trick), a defender's revoke card, which becomes a major penalty
    card once withdrawn (Law 62B1). All bind together: a minor one is major once its holder has a second, the
    withdrawn revoke card counted (Law 50B)."""
    cards = list(recorded)
    if revoke.corrected_in_play:
        withdrawn = [(revoke.seat, revoke.card), *revoke.corrected_with]   # 62C3: the other side's too
        cards += [PenaltyCard(seat, card, revoke.trick, "a withdrawn revoke card (Law 62B1)")
                  for seat, card in withdrawn if law62b_withdrawn_card_becomes_penalty_card(seat, declarer)]
    found = [Penalty(card.player, card.card) for card in law50b_penalty_cards(cards)
             if card.from_trick <= position.trick_number]
    return outstanding(position, dict.fromkeys(found))


def law62c2_corrected_trick(revoke: Revoke, declarer: Seat, recorded_rest: Iterable[Play]) -> CorrectedTrick | None:
    """Laws 62C1 and 62C2 in the world rebuilt at ``revoke`` where it is corrected in play (not with the other side's
    revoke on the trick, Law 62C3): the record's cards of the trick after it (``recorded_rest``: the record's plays
    from the revoke on), where a defender's partner played one that stands (``law62.law62c2_partner_card_stands``)
    unless a non-offender changed his."""
    if not revoke.corrected_in_play or revoke.corrected_with:
        return None
    in_trick = [play for play in recorded_rest if play.trick == revoke.trick]
    revoked = Play(revoke.trick, revoke.seat, revoke.card, revoke.suit_led, True)
    if law62c2_partner_card_stands([revoked, *in_trick], revoke.trick, revoke.seat, declarer) is None:
        return None
    return CorrectedTrick(revoke.trick, revoke.seat, tuple((play.seat, play.card) for play in in_trick))


def law50d1_forced(replay: Replay, penalties: Iterable[Penalty]) -> Card | None:
    """Law 50D1: the card the player to play must play now, his penalty card where it is a legal play; with several,
    the one declarer designates, his best double dummy (the fewest tricks for the holder's side). None where no
    penalty card binds him."""
    cards = law50d1_designable(replay, penalties)
    if len(cards) <= 1:
        return cards[0] if cards else None
    values = card_values(replay)   # tricks for the holder's side
    return min(cards, key=lambda card: values[card])


class _Search:
    """Alpha-beta over the plays while a penalty card is on the table; declarer's side's total tricks.

    The penalty cards only bind the defenders (50D1) and only give declarer options (50D2), so a position's value
    is never below its double-dummy value: each card's double-dummy value (one solver call a position) is a lower
    bound that orders the search and cuts it. A position with only one card worth trying is worth what that card
    leaves, so it is not solved (the next position is). Values are memoised with the bounds they were found within."""

    def __init__(self, declarer: Seat, trump: int, corrected: CorrectedTrick | None = None) -> None:
        self.side = side_of(declarer)
        self.corrected = corrected
        """Laws 62C1, 62C2 in the trick of a revoke corrected in play, where the offender's partner is to play."""
        self.nodes = 0
        shared = _shared_memos.get()
        self.memo: _Memo = {} if shared is None else shared.setdefault((self.side, trump), {})

    def value(self, replay: Replay, penalties: tuple[Penalty, ...], lead: LeadChoice = None,
              alpha: int = -1, beta: int = 14) -> int:
        """Declarer's side's total tricks with best play by all four, the penalty cards obeyed (within ``alpha`` and
        ``beta``: a value at or below ``alpha`` or at or above ``beta`` is a bound). ``lead``: declarer's choice for
        this lead, or for an earlier one whose forbidden suits may still stand (Laws 50D2, 51B, ``LeadOption``)."""
        penalties = outstanding(replay, penalties)
        options: list[tuple[tuple[Penalty, ...], LeadOption]] = []
        if not replay.current_trick and (lead is None or lead.trick != replay.trick_number):   # a lead to choose for
            lead = law50d2_carried(replay, lead)
            options = law50d2_lead_options(replay, self.side, penalties, lead)
        pending = self.corrected if self.corrected is not None and self.corrected.pending(replay) else None
        if replay.is_over or (not penalties and (lead is None or not lead.binds) and pending is None):
            return total_tricks(replay, self.side)[0]
        key = (*_position_key(replay, penalties), lead, pending)
        low, high = self.memo.get(key, (-1, 14))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        self.nodes += 1
        check_budget()
        if self.nodes > NODES:
            raise SearchTooLarge(f"penalty cards on the table for more than {NODES} positions")
        if options:
            result = self._best_option(replay, options, alpha, beta)
        else:
            result = self._best_card(replay, penalties, lead, alpha, beta)
        if result <= alpha:
            self.memo[key] = (low, min(high, result))
        elif result >= beta:
            self.memo[key] = (max(low, result), high)
        else:
            self.memo[key] = (result, result)
        return result

    def exact(self, replay: Replay, penalties: tuple[Penalty, ...], at_least: int) -> int:
        """The exact value of a position worth ``at_least`` double dummy, by tests of one trick more at a time
        (MTD(f) with null windows): the penalty cards usually change the value by a trick or none, and a test
        that fails cuts far more of the tree than one wide search."""
        value = at_least
        while True:
            tested = self.value(replay, penalties, None, value, value + 1)
            if tested <= value:
                return value
            value = tested

    def _best_option(self, replay: Replay, options: list[tuple[tuple[Penalty, ...], LeadOption]], alpha: int,
                     beta: int) -> int:
        best = -1
        for kept, restriction in options:
            best = max(best, self.value(replay, kept, restriction, max(alpha, best), beta))
            if best >= beta:
                break
        return best

    def _best_card(self, replay: Replay, penalties: tuple[Penalty, ...], lead: LeadChoice, alpha: int,
                   beta: int) -> int:
        options = self.options(replay, penalties, lead if not replay.current_trick else None)
        designating = len(options) > 1 and bool(law50d1_designable(replay, penalties))   # declarer designates (50D1)
        maximising = side_of(replay.to_play) == self.side or designating
        if len(options) == 1:   # the position is worth what its one card leaves: no solve to order or cut by
            after = self._after(replay, penalties, options[0])
            replay.play(options[0])
            try:
                return self.value(replay, after, lead, alpha, beta)
            finally:
                replay.undo()
        bounds = self.bounds(replay, options)
        if maximising:
            best = max(bound for _, bound in bounds)   # every card is worth at least its double-dummy value
            if best >= beta:
                return best
        else:
            best = min(bound for _, bound in bounds)
            if best >= beta:
                return best   # every card is worth at least ``beta`` to declarer: the defenders cannot stay below it
            best = 14
        for card, bound in bounds:
            if not maximising and bound >= min(best, beta):
                best = min(best, bound)   # worth at least ``bound``: a lower bound, never more than it (fail-soft)
                continue   # no better for the defenders than a card tried, or than ``beta``
            window = (max(alpha, best), beta) if maximising else (alpha, min(beta, best))
            after = self._after(replay, penalties, card)
            replay.play(card)
            try:   # with nothing left to obey, it is worth its double-dummy value: ``bound``
                bound_is_exact = not outstanding(replay, after) and (lead is None or not lead.forbidden) and \
                    (self.corrected is None or not self.corrected.pending(replay))
                value = bound if bound_is_exact else self.value(replay, after, lead, *window)
            finally:
                replay.undo()
            best = max(best, value) if maximising else min(best, value)
            if (maximising and best >= beta) or (not maximising and best <= alpha):
                break
        return best

    def _after(self, replay: Replay, penalties: tuple[Penalty, ...], card: Card) -> tuple[Penalty, ...]:
        """The penalty cards after ``card``: with the one a partner's change makes (Law 62C2)."""
        made = self.corrected.law62c2_penalty(replay, card) if self.corrected is not None else None
        return penalties if made is None else (*penalties, made)

    def options(self, replay: Replay, penalties: tuple[Penalty, ...], lead: LeadChoice) -> list[Card]:
        """The cards worth trying for the player to play: the penalty card 50D1 forces (declarer designating among
        several), else one of each run of equal cards (within a required or forbidden suit where declarer chose one)."""
        if self.corrected is not None and self.corrected.binds(replay):   # Law 62C2: the partner keeps his card, or not
            own = dict(self.corrected.recorded)[replay.to_play]
            return _one_of_each_run(replay, self.corrected.law62c2_cards(replay, replay.legal_cards()), {own})
        designable = law50d1_designable(replay, penalties)
        if designable:
            return designable
        marked = {penalty.card for penalty in penalties}
        if self.corrected is not None and self.corrected.pending(replay):   # keeping a card is not changing it (62C2)
            marked |= {card for seat, card in self.corrected.recorded if seat == replay.to_play}
        return _one_of_each_run(replay, law50d2_allowed(replay.legal_cards(), lead), marked)

    def bounds(self, replay: Replay, options: list[Card]) -> list[tuple[Card, int]]:
        """``options`` (the cards worth trying), each with its double-dummy value for declarer's side (a lower
        bound), the player's best double dummy first."""
        values = card_values(replay)   # tricks for the player's own side
        ordered = sorted(options, key=lambda card: -values[card])
        return [(card, side_total(replay, self.side, values[card])) for card in ordered]


def _one_of_each_run(replay: Replay, cards: list[Card], marked: Set[Card] = frozenset()) -> list[Card]:
    """One card of each run of cards of one suit with no card between them still to be played by anyone; a penalty
    card (``marked``) is never one of a run: it is not equal to the others, the Laws treat it apart."""
    in_play = frozenset().union(*layout_of(replay), (card for _, card in replay.current_trick))
    kept: list[Card] = []
    for card in sorted(cards, key=lambda c: (c.suit, -c.rank)):
        previous = kept[-1] if kept else None
        if previous is not None and previous.suit == card.suit and card not in marked and previous not in marked \
                and not any(Card(card.suit, rank) in in_play for rank in range(card.rank + 1, previous.rank)):
            continue
        kept.append(card)
    return kept


def _position_key(replay: Replay, penalties: tuple[Penalty, ...]) -> tuple[object, ...]:
    """The position and its penalty cards by relative rank (``solved.relative_codes``): positions equal up to
    touching cards are one position of the search, worth the same (the penalty cards bind by rank order too)."""
    hands, trick = layout_of(replay), tuple(replay.current_trick)
    codes = relative_codes(hands, trick)
    marked = tuple((penalty.seat, codes[penalty.card]) for penalty in penalties)   # outstanding: each still held
    return position_key(hands, replay.leader, trick, replay.trump, codes), replay.tricks_won(0), replay.tricks_won(1), \
        marked


def law50d_card_values(replay: Replay, declarer: Seat, penalties: Iterable[Penalty],
                       allowed: Set[Card] | None = None, corrected: CorrectedTrick | None = None
                       ) -> dict[Card, int] | None:
    """Law 50D: each card the player to play may play (within ``allowed``; only the penalty card where 50D1 forces
    it), with declarer's side's total tricks when every later play obeys the penalty cards (50D1) and declarer
    takes his best lead option (50D2, 51B); double dummy once no penalty card is left. ``corrected``: the trick of a
    defender's revoke corrected in play, where his partner keeps his card unless a non-offender changed his (62C2).
    None where the search would visit more than ``NODES`` positions."""
    search = _Search(declarer, replay.trump, corrected)
    held = outstanding(replay, penalties)
    designable = law50d1_designable(replay, held)
    legal = designable or replay.legal_cards()
    if allowed is not None:
        legal = [card for card in legal if card in allowed] or legal
    values: dict[Card, int] = {}
    double_dummy = card_values(replay)
    for card in legal:
        at_least = side_total(replay, search.side, double_dummy[card])
        replay.play(card)
        try:
            values[card] = search.exact(replay, held, at_least)
        except SearchTooLarge:
            return None
        finally:
            replay.undo()
    if len(designable) > 1:   # declarer designates the penalty card that suits him best (50D1)
        best = max(values, key=lambda card: values[card])
        return {best: values[best]}
    return values


def double_dummy_value(position: Replay, declarer: Seat, allowed: Set[Card] | None,
                       penalties: tuple[Penalty, ...], corrected: CorrectedTrick | None = None) -> int:
    """Declarer's side's total tricks double dummy from ``position`` (within ``allowed``), the penalty cards (and Law
    62C2 in a corrected trick) obeyed where the search reaches (``penalty.law50d_card_values``)."""
    if position.is_over:
        return position.tricks_won(side_of(declarer))
    pending = corrected if corrected is not None and corrected.pending(position) else None
    totals = law50d_card_values(position, declarer, penalties, allowed, pending) if penalties or pending else None
    if totals:
        return (max if side_of(position.to_play) == side_of(declarer) else min)(totals.values())
    return total_tricks(position, declarer, allowed)[0]
