"""A brute-force search of small endings with major penalty cards, written from the Laws alone (no solver, no
pruning, no shared code with ``revsim.likely.penalty``): every card of every hand is tried.

- Law 50D1: a defender with a penalty card that is a legal play must play one; with several, declarer designates.
- Laws 50D2 and 51B: when the partner of a defender with penalty cards is to lead, declarer may require the lead of
  any one of their suits (its penalty cards are picked up), forbid the lead of any of their suits (those are picked
  up, and the lead stays forbidden while the player keeps the lead), or let the lead be free (they stay).
- Law 62C1 and 62C2 at a corrected revoke (``corrected``): the non-offender after the offender may change his card;
  only if he did may the offender's partner, after him, change his, and a defender's changed card becomes a penalty
  card.

Declarer's side maximises its tricks, the defenders minimise them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from revsim.cards import Card, Seat, next_seat, partner, side_of, trick_winner

Hands = tuple[frozenset[Card], ...]


@dataclass(frozen=True)
class Recorded:
    """The trick of a corrected revoke as the record has it after the offender's card: (seat, card) in order."""

    after: tuple[tuple[Seat, Card], ...]
    offender: Seat


def _legal(hand: frozenset[Card], led: int | None) -> list[Card]:
    following = [card for card in hand if card.suit == led]
    return sorted(following or hand, key=lambda c: (c.suit, c.rank))


def brute_tricks(hands: Hands, trump: int, leader: Seat, trick: tuple[tuple[Seat, Card], ...], declarer: Seat,
                 penalties: frozenset[tuple[Seat, Card]], forbidden: tuple[Seat, frozenset[int]] | None = None,
                 required: int | None = None, chosen: bool = False, corrected: Recorded | None = None,
                 changed: bool = False) -> int:
    """Declarer's side's tricks from here (the trick in progress included)."""
    side = side_of(declarer)
    if not trick and not any(hands):
        return 0
    if len(trick) == 4:
        winner = trick_winner(list(trick), trump)
        keep = forbidden if forbidden is not None and forbidden[0] == winner else None
        return (side_of(winner) == side) + brute_tricks(hands, trump, winner, (), declarer, penalties, keep)
    to_play = next_seat(leader, len(trick))
    if not trick and not chosen:
        held = [card for seat, card in penalties if seat == partner(to_play)]
        if held and side_of(to_play) != side:
            return _declarer_chooses_lead(hands, trump, leader, declarer, penalties, forbidden, held)
    led = trick[0][1].suit if trick else None
    legal = _legal(hands[to_play], led)
    choices: Iterable[tuple[Card, frozenset[tuple[Seat, Card]], bool]]
    designated = [card for card in legal if (to_play, card) in penalties]
    if corrected is not None and trick and to_play in dict(corrected.after):
        designated = []
        choices = list(_corrected_choices(corrected, to_play, legal, penalties, changed, declarer))
    elif designated:
        choices = [(card, penalties - {(to_play, card)}, changed) for card in designated]
    else:
        if not trick and required is not None and any(card.suit == required for card in legal):
            legal = [card for card in legal if card.suit == required]
        if not trick and forbidden is not None and forbidden[0] == to_play:
            legal = [card for card in legal if card.suit not in forbidden[1]] or legal
        choices = [(card, penalties, changed) for card in legal]
    maximise = side_of(to_play) == side or len(designated) > 1   # declarer designates (50D1)
    values = []
    for card, after, now_changed in choices:
        rest = tuple(frozenset(hand - {card}) if seat == to_play else hand for seat, hand in enumerate(hands))
        follow = (*trick, (to_play, card))
        still = corrected if corrected is not None and len(follow) < 4 else None
        values.append(brute_tricks(rest, trump, leader, follow, declarer, after, forbidden, required, True, still,
                                   now_changed))
    return max(values) if maximise else min(values)


def _corrected_choices(corrected: Recorded, to_play: Seat, legal: list[Card], penalties: frozenset[tuple[Seat, Card]],
                       changed: bool, declarer: Seat) -> Iterable[tuple[Card, frozenset[tuple[Seat, Card]], bool]]:
    own = dict(corrected.after)[to_play]
    if side_of(to_play) != side_of(corrected.offender):   # 62C1: a non-offender may change, without penalty
        yield from ((card, penalties, changed or card != own) for card in legal)
        return
    if not changed:                                         # 62C2: only after a non-offender changed his
        yield own, penalties, changed
        return
    defender = side_of(to_play) != side_of(declarer)
    for card in legal:
        made = penalties | {(to_play, own)} if card != own and defender else penalties
        yield card, made, changed


def _declarer_chooses_lead(hands: Hands, trump: int, leader: Seat, declarer: Seat,
                           penalties: frozenset[tuple[Seat, Card]], forbidden: tuple[Seat, frozenset[int]] | None,
                           held: list[Card]) -> int:
    suits = sorted({card.suit for card in held})
    holder = partner(leader)
    options: list[tuple[frozenset[tuple[Seat, Card]], tuple[Seat, frozenset[int]] | None, int | None]] = [
        (penalties, forbidden, None)]
    for suit in suits:
        options.append((frozenset(p for p in penalties if not (p[0] == holder and p[1].suit == suit)), forbidden, suit))
    still = forbidden[1] if forbidden is not None and forbidden[0] == leader else frozenset()
    for size in range(1, len(suits) + 1):
        for group in combinations(suits, size):
            picked = frozenset(p for p in penalties if not (p[0] == holder and p[1].suit in group))
            options.append((picked, (leader, still | frozenset(group)), None))
    return max(brute_tricks(hands, trump, leader, (), declarer, kept, banned, required, True)
               for kept, banned, required in options)
