"""Law 45D: a card dummy places that declarer did not name. It must be withdrawn if attention is drawn before each
side has played to the next trick; the card declarer named is then dummy's card (45B), and a defender may withdraw
a card he played after the error and restore it to his hand without penalty. Otherwise the card placed stands."""

from __future__ import annotations

from revsim.cards import Card
from revsim.records.facts import DummyCard
from revsim.records.record import PlayedCard


def law45d_card_that_counts(fact: DummyCard) -> Card:
    """Law 45D: dummy's card to the trick: the card declarer named where attention was drawn in time, else the card
    dummy placed."""
    return fact.named if fact.in_time else fact.placed


def law45d_play_as_corrected(play: list[PlayedCard], fact: DummyCard, first_trick: int) -> list[PlayedCard]:
    """The recorded play with Law 45D applied: where the error was noticed in time, the named card in the placed
    card's place and each defender's card taken back replaced. A record already showing the trick as corrected is
    returned as it is; ValueError where the trick holds neither the placed card nor the named one."""
    if not fact.in_time:
        return play
    start = 4 * (fact.trick - first_trick)
    trick = [played.card for played in play[start:start + 4]]
    swaps = [(fact.placed, fact.named), *((change.withdrawn, change.substituted) for change in fact.changes)]
    corrected = list(play)
    for old, new in swaps:
        if new in trick and old not in trick:
            continue   # the record shows it as corrected
        if old not in trick:
            raise ValueError(f"dummy_card: trick {fact.trick} holds neither the {old} nor the {new}")
        index = start + trick.index(old)
        corrected[index] = corrected[index]._replace(card=new)
    return corrected
