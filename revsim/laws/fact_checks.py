"""Facts a director enters that must fit the play (penalty cards, lead and play restrictions, corrections, hidden
cards, when attention was drawn): each that does not is a RecordError naming its line, trick and card."""

from __future__ import annotations

from collections.abc import Callable

from revsim.cards import SEAT_NAMES, SUIT_NAMES, Card, Seat
from revsim.laws.detection import Revoke
from revsim.laws.law61 import law61_failed_to_follow
from revsim.play.replay import Play, Replay
from revsim.records.errors import RecordError
from revsim.records.facts import Correction, Facts


def check_facts(replay: Replay, facts: Facts, source: str, board: str) -> None:
    """Raise RecordError (naming the fact's line) for a fact that does not fit the play."""
    if facts.is_empty():
        return
    last_trick = replay.plays[-1].trick if replay.plays else replay.first_trick - 1
    hands = [set(hand) for hand in replay.initial_hands]
    held_at: dict[tuple[int, Seat], frozenset[Card]] = {}
    card_at: dict[tuple[int, Seat], Play] = {}
    for play in replay.plays:
        held_at[(play.trick, play.seat)] = frozenset(hands[play.seat])
        card_at[(play.trick, play.seat)] = play
        hands[play.seat].discard(play.card)

    def fail(problem: str, line: int | None, trick: int | None = None, card: Card | None = None) -> None:
        raise RecordError(problem, source=source, board=board,
                          line=line, trick=trick, card=str(card) if card else None)

    def never_played(trick: int, line: int | None) -> None:
        if not replay.first_trick <= trick <= last_trick:
            fail(f"the facts speak of trick {trick}, which was never played (the play goes from trick "
                 f"{replay.first_trick} to {last_trick})", line, trick)

    if facts.noticed_trick is not None:
        never_played(facts.noticed_trick, facts.lines.get("noticed"))
    for penalty in facts.penalty_cards:
        never_played(penalty.from_trick, penalty.line)
        held = held_at.get((penalty.from_trick, penalty.player))
        if penalty.card not in replay.initial_hands[penalty.player] or (held is not None and penalty.card not in held):
            fail(f"penalty card {penalty.card}: {SEAT_NAMES[penalty.player]} does not hold it at trick "
                 f"{penalty.from_trick}", penalty.line, penalty.from_trick, penalty.card)
    for restriction in facts.lead_restrictions:
        never_played(restriction.trick, restriction.line)
        lead = next((p for p in replay.plays if p.trick == restriction.trick and p.led_suit is None), None)
        if lead is None or lead.seat != restriction.player:
            fail(f"the lead restriction is on {SEAT_NAMES[restriction.player]}, but "
                 f"{SEAT_NAMES[lead.seat] if lead else 'nobody'} led trick {restriction.trick}", restriction.line,
                 restriction.trick)
        hand = held_at[(restriction.trick, restriction.player)]
        suit = restriction.must_lead if restriction.must_lead is not None else restriction.must_not_lead
        if not any(card.suit == suit for card in hand):
            fail(f"the lead restriction is on {SUIT_NAMES[suit or 0]}, a suit {SEAT_NAMES[restriction.player]} "
                 f"does not hold at trick {restriction.trick}", restriction.line, restriction.trick)
    for correction in facts.corrections:
        _check_correction(correction, card_at, held_at, never_played, fail)
    chosen: set[tuple[int, Seat]] = set()
    for rule in facts.play_restrictions:
        never_played(rule.trick, rule.line)
        if (rule.trick, rule.player) in chosen:
            fail(f"two play restrictions on {SEAT_NAMES[rule.player]}'s card to trick {rule.trick}: declarer chooses one "
                 "option of Law 57A", rule.line, rule.trick)
        chosen.add((rule.trick, rule.player))
        restricted = card_at.get((rule.trick, rule.player))
        if restricted is None or restricted.led_suit is None:
            fail(f"the play restriction is on {SEAT_NAMES[rule.player]}'s card to trick {rule.trick}, but he "
                 f"{'led it' if restricted else 'did not play to it'}: 57A restricts a card played to a trick led",
                 rule.line, rule.trick)
        elif rule.forbid is not None and rule.forbid == restricted.led_suit:
            fail(f"the play restriction forbids {SUIT_NAMES[rule.forbid]}, the suit led to trick {rule.trick}: Law 57A4 "
                 "forbids a card of another suit (declarer may not make him revoke)", rule.line, rule.trick)
    for hidden in facts.hidden_cards:
        if hidden.card not in replay.initial_hands[hidden.player]:
            fail(f"hidden card {hidden.card}: the deal does not give it to {SEAT_NAMES[hidden.player]}",
                 hidden.line, card=hidden.card)


def _check_correction(correction: Correction, card_at: dict[tuple[int, Seat], Play],
                      held_at: dict[tuple[int, Seat], frozenset[Card]],
                      never_played: Callable[[int, int | None], None],
                      fail: Callable[..., None]) -> None:
    never_played(correction.trick, correction.line)
    played = card_at.get((correction.trick, correction.player))
    who = SEAT_NAMES[correction.player]
    if played is None or played.card != correction.substituted:
        fail(f"the correction says {who} played the {correction.substituted} to trick {correction.trick}, "
             f"but the play has {played.card if played else 'no card'}", correction.line, correction.trick,
             correction.substituted)
        return
    hand = held_at[(correction.trick, correction.player)]
    if correction.withdrawn not in hand or correction.withdrawn == correction.substituted:
        fail(f"the correction's withdrawn card {correction.withdrawn}: {who} does not hold it at trick "
             f"{correction.trick}", correction.line, correction.trick, correction.withdrawn)
    if not law61_failed_to_follow(hand, played.led_suit, correction.withdrawn):
        fail(f"the withdrawn {correction.withdrawn} was not a revoke: {who} could not follow or it followed suit",
             correction.line, correction.trick, correction.withdrawn)
    for change in correction.changes:
        changed = card_at.get((correction.trick, change.player))
        if changed is None or changed.card != change.substituted:
            fail(f"the change says {SEAT_NAMES[change.player]} played the {change.substituted} to trick "
                 f"{correction.trick}, but the play has {changed.card if changed else 'no card'}",
                 change.line or correction.line, correction.trick, change.substituted)
        elif change.withdrawn not in held_at[(correction.trick, change.player)]:
            fail(f"the change's withdrawn card {change.withdrawn}: {SEAT_NAMES[change.player]} does not hold it",
                 change.line or correction.line, correction.trick, change.withdrawn)


def check_noticed_trick(revokes: list[Revoke], facts: Facts, source: str, board: str,
                        replay: Replay | None = None) -> None:
    """Attention drawn during the play (``noticed_at_trick``, ``noticed_at``) must follow a revoke, and after N
    cards of a trick the trick must have had N cards: RecordError otherwise."""
    trick, cards = facts.noticed_trick, facts.noticed_cards
    if trick is None:
        return
    line = facts.lines.get("noticed")
    if replay is not None and cards is not None:
        played = sum(1 for play in replay.plays if play.trick == trick)
        if played < cards:
            raise RecordError(f"attention was drawn after {cards} cards of trick {trick}, but the play has "
                              f"{played} card{'s' if played != 1 else ''} of it", source=source, board=board,
                              line=line, trick=trick)

    def before_attention(revoke: Revoke) -> bool:
        if revoke.trick != trick or cards is None or replay is None:
            return revoke.trick <= trick
        order = [play.seat for play in replay.plays if play.trick == trick]
        return order.index(revoke.seat) < cards

    if any(before_attention(r) and r.corrected_by is None for r in revokes):
        return
    first = next((r for r in revokes if r.corrected_by is None), None)
    later = f" (the first revoke is on trick {first.trick})" if first else " (the play has no revoke)"
    raise RecordError(f"attention was drawn {facts.noticed_at_phrase()}, before any revoke had been played{later}: "
                      "it cannot apply", source=source, board=board, line=line, trick=trick)
