"""What the record cannot show: facts a director gets from the players.

When attention was drawn, revokes corrected before establishment (Law 62), penalty cards (Law 50),
lead restrictions, accepted leads out of turn, hidden or missing cards, and who claimed.
Each fact keeps the line of the case file it came from, so an error about it can name the line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from revsim.cards import SEAT_NAMES, SUIT_LETTERS, SUIT_NAMES, Card, Seat
from revsim.records.claim import Claim
from revsim.records.information import Information


class Noticed(StrEnum):
    """When attention was first drawn to the revoke, earliest first (see ``NOTICED_WHEN``)."""

    DURING_PLAY = "during-play"
    END_OF_PLAY = "end-of-play"
    HANDS_RETURNED = "hands-returned"
    AFTER_NEXT_CALL = "after-next-call"
    AFTER_ROUND = "after-round"


NOTICED_WHEN = tuple(str(when) for when in Noticed)
"""When attention was first drawn to the revoke, earliest first.

``during-play``: during the play, after the revoke was established;
``end-of-play``: before the hands were returned to the board (the default);
``hands-returned``: after the hands were returned, before a call on the next deal;
``after-next-call``: after a member of the non-offending side called on the next deal (64B4);
``after-round``: after the round ended (64B5).
"""

NOTICED_WORDS = {
    Noticed.DURING_PLAY: "during the play",
    Noticed.END_OF_PLAY: "at the end of the play, before the hands were returned",
    Noticed.HANDS_RETURNED: "after the hands were returned to the board",
    Noticed.AFTER_NEXT_CALL: "after a call on the next board (Law 64B4)",
    Noticed.AFTER_ROUND: "after the round had ended (Law 64B5)",
}
"""When attention was first drawn, in a director's words (the desk's list says the same)."""


def parse_noticed_at(text: str) -> tuple[int, int | None]:
    """When attention was first drawn during the play: ``T`` (during trick T) or ``T.N`` (after N cards, 0-3,
    of trick T had been played) as (T, N or None). ValueError naming what is wrong."""
    trick_text, dot, cards_text = str(text).strip().partition(".")
    try:
        trick = int(trick_text)
        cards = int(cards_text) if dot else None
    except ValueError:
        raise ValueError(f"{text!r} is not T or T.N (a trick 1-13, then the cards of it played, 0-3: like 4 or 4.1)"
                         ) from None
    if not 1 <= trick <= 13:
        raise ValueError(f"{text!r}: the trick must be 1-13")
    if cards is not None and not 0 <= cards <= 3:
        raise ValueError(f"{text!r}: the cards of trick {trick} already played must be 0-3")
    return trick, cards


def noticed_at_text(trick: int, cards: int | None) -> str:
    """``T`` or ``T.N``, as ``parse_noticed_at`` reads it."""
    return str(trick) if cards is None else f"{trick}.{cards}"


@dataclass(frozen=True)
class CardChange:
    """A card withdrawn after a corrected revoke and replaced (Law 62C1 for the non-offenders, 62C2 for the
    offender's partner)."""

    player: Seat
    withdrawn: Card
    substituted: Card
    line: int | None = None


@dataclass(frozen=True)
class Correction:
    """A revoke noticed before it was established and corrected (Law 62A): ``withdrawn`` was the revoke
    card, ``substituted`` the legal card that stands in the play. ``changes`` are the later cards of the
    trick taken back and replaced under Law 62C."""

    trick: int
    player: Seat
    withdrawn: Card
    substituted: Card
    changes: tuple[CardChange, ...] = ()
    line: int | None = None
    dummy_asked: bool = False
    """Dummy, having forfeited his rights, was first to ask declarer about it (Law 43B2b): corrected, and
    rectified as if established."""

    def describe(self) -> str:
        asked = " at dummy's question, after dummy had forfeited his rights (Law 43B2b)" if self.dummy_asked else ""
        changed = "".join(f"; {SEAT_NAMES[change.player]}'s {change.withdrawn}, played after it, was taken back and "
                          f"the {change.substituted} played (Law 62C)" for change in self.changes)
        return (f"{SEAT_NAMES[self.player]}'s revoke with the {self.withdrawn} on trick {self.trick} was noticed "
                f"in time and corrected{asked}: the {self.substituted} was played instead{changed}")


@dataclass(frozen=True)
class PenaltyCard:
    """A penalty card (Law 50): a major one must be played at the first legal opportunity from ``from_trick`` on;
    a ``minor`` one (50B: a single card below honour rank exposed inadvertently) binds nothing here until its
    holder has a second penalty card, when both are major (``laws.law50.law50b_penalty_cards``)."""

    player: Seat
    card: Card
    from_trick: int
    why: str = ""
    line: int | None = None
    minor: bool = False

    def describe(self) -> str:
        kind = "minor" if self.minor else "major"
        return f"{SEAT_NAMES[self.player]}'s {self.card} is a {kind} penalty card from trick {self.from_trick}"


@dataclass(frozen=True)
class Designation:
    """A card named or designated for ``trick`` by ``player`` before attention was drawn (Law 63A2): it establishes
    a revoke of his side on the trick before, as a card played to it would (``card``: the card, where known)."""

    trick: int
    player: Seat
    card: Card | None = None
    line: int | None = None

    def describe(self) -> str:
        what = f"the {self.card}" if self.card is not None else "a card"
        return f"{SEAT_NAMES[self.player]} named or designated {what} for trick {self.trick} (Law 63A2)"


@dataclass(frozen=True)
class DummyCard:
    """Dummy put in the played position ``placed``, a card declarer did not name; he named ``named`` (Law 45D).
    ``in_time``: attention was drawn before each side had played to the next trick, so the named card is dummy's
    card to the trick and the defenders' cards played after the error may be taken back without penalty
    (``changes``: each card withdrawn, and the one played instead)."""

    trick: int
    named: Card
    placed: Card
    in_time: bool = True
    changes: tuple[CardChange, ...] = ()
    line: int | None = None

    def describe(self) -> str:
        what = (f"dummy put the {self.placed} in the played position on trick {self.trick}, where declarer had named "
                f"the {self.named}")
        if not self.in_time:
            return f"{what}; attention was drawn too late to correct it, so the {self.placed} stands (Law 45D)"
        changed = "".join(f"; {SEAT_NAMES[change.player]}'s {change.withdrawn}, played after it, was taken back "
                          f"without penalty and the {change.substituted} played" for change in self.changes)
        return f"{what}; noticed in time, the {self.named} is dummy's card (Law 45D){changed}"


PLAY_CHOICES = ("highest", "lowest")
"""What declarer may require of the offender's partner's card after a premature play (Law 57A1, 57A2)."""


@dataclass(frozen=True)
class PlayRestriction:
    """What declarer chose for ``player``'s card to ``trick`` after his partner's premature play (Law 57A): his
    ``highest`` or ``lowest`` card of the suit led (``play``, 57A1, 57A2), a card of another ``suit`` (57A3), or no
    card of the suit ``forbid`` (57A4, a suit other than the one led)."""

    trick: int
    player: Seat
    play: str | None = None
    suit: int | None = None
    why: str = ""
    line: int | None = None
    forbid: int | None = None

    def allowed(self, hand: Iterable[Card], led_suit: int | None) -> frozenset[Card]:
        """The cards of ``hand`` that comply; empty where nothing binds him (Law 57B: he cannot comply, and may play
        any legal card): no card of the suit required, a card of another suit required or a suit forbidden while
        he can follow suit, or nothing but the suit forbidden."""
        cards = list(hand)
        following = [card for card in cards if card.suit == led_suit]
        if self.forbid is not None:
            others = [card for card in cards if card.suit != self.forbid]
            return frozenset() if following or not others else frozenset(others)
        if self.suit is not None:   # an option never makes him revoke: only when void in the suit led
            return frozenset() if following else frozenset(card for card in cards if card.suit == self.suit)
        if not following:
            return frozenset()
        pick = max if self.play == "highest" else min
        return frozenset({pick(following, key=lambda card: card.rank)})

    def describe(self) -> str:
        if self.forbid is not None:
            return (f"{SEAT_NAMES[self.player]} was forbidden to play a {SUIT_NAMES[self.forbid][:-1]} to trick "
                    f"{self.trick} (Law 57A4)")
        what = (f"a card of {SUIT_NAMES[self.suit]}" if self.suit is not None
                else f"his {self.play} card of the suit led")
        return f"{SEAT_NAMES[self.player]} was required to play {what} to trick {self.trick} (Law 57A)"


@dataclass(frozen=True)
class LeadRestriction:
    """A lead the Laws or the declarer require or forbid (after a lead out of turn or a penalty card)."""

    trick: int
    player: Seat
    must_lead: int | None = None
    must_not_lead: int | None = None
    why: str = ""
    line: int | None = None

    def describe(self) -> str:
        if self.must_lead is not None:
            rule = f"must lead a {('spade', 'heart', 'diamond', 'club')[self.must_lead]}"
        else:
            assert self.must_not_lead is not None
            rule = f"must not lead a {('spade', 'heart', 'diamond', 'club')[self.must_not_lead]}"
        return f"{SEAT_NAMES[self.player]} {rule} at trick {self.trick}" + (f" ({self.why})" if self.why else "")

    def allows(self, card: Card) -> bool:
        """Whether leading ``card`` complies with the restriction."""
        if self.must_lead is not None:
            return card.suit == self.must_lead
        return card.suit != self.must_not_lead

    @property
    def suit_text(self) -> str:
        suit = self.must_lead if self.must_lead is not None else self.must_not_lead
        return SUIT_LETTERS[suit] if suit is not None else "-"


@dataclass(frozen=True)
class LeadOutOfTurn:
    """A lead out of turn that was accepted (Law 53): ``player`` led trick ``trick``."""

    trick: int
    player: Seat
    line: int | None = None


@dataclass(frozen=True)
class HiddenCard:
    """A card that was not on the table or was found later (a card of dummy's hidden under another,
    a card a player found after the play): its holder could have followed with it."""

    player: Seat
    card: Card
    line: int | None = None

    def describe(self) -> str:
        return f"{SEAT_NAMES[self.player]}'s {self.card} was hidden or missing during the play"


@dataclass(frozen=True)
class Facts:
    """Everything the director adds to the record. ``noticed_trick`` is set when attention was drawn
    during the play, at that trick, and ``noticed_cards`` when it is known how many cards of it (0-3) had been
    played; ``claim_by`` is ``declarer`` or ``defenders`` (who claimed or conceded); ``judgements`` are the
    director's own weights for named worlds (``t4``, or None for the first no-infraction world);
    ``statements`` what the players said and ``findings`` the director's findings of fact, as he wrote them."""

    noticed: str | None = None
    noticed_trick: int | None = None
    noticed_cards: int | None = None
    corrections: tuple[Correction, ...] = ()
    penalty_cards: tuple[PenaltyCard, ...] = ()
    lead_restrictions: tuple[LeadRestriction, ...] = ()
    leads_out_of_turn: tuple[LeadOutOfTurn, ...] = ()
    hidden_cards: tuple[HiddenCard, ...] = ()
    claim_by: str | None = None
    claim_statement: str = ""
    judgements: tuple[tuple[str | None, tuple[tuple[int, float], ...]], ...] = ()
    statements: tuple[str, ...] = ()
    findings: tuple[str, ...] = ()
    claim: Claim | None = None
    """The claim with its status and statement as steps (a case file's or the desk's; None from PBN and LIN)."""
    lines: dict[str, int] = field(default_factory=dict)
    designations: tuple[Designation, ...] = ()
    """Cards named or designated for a trick before attention was drawn (Law 63A2)."""
    play_restrictions: tuple[PlayRestriction, ...] = ()
    """Plays declarer required after a premature play (Law 57A)."""
    information: Information | None = None
    """Unauthorised information a player had from partner (Law 16B)."""
    dummy_cards: tuple[DummyCard, ...] = ()
    """Dummy's cards placed that declarer did not name (Law 45D)."""
    others: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    """Facts of kinds the table of facts declares (``records.fact_specs``) with no field of their own here, by the
    name of their kind."""

    def describe(self, declarer: Seat | None = None) -> list[str]:
        """The facts in sentences, for the readable ruling (``declarer``: who plays dummy's cards)."""
        text: list[str] = []
        if self.noticed_trick is not None:
            text.append(f"attention was drawn {self.noticed_at_phrase()}")
        elif self.noticed is not None:
            text.append(f"attention was first drawn {NOTICED_WORDS[Noticed(self.noticed)]}")
        text += [c.describe() for c in self.corrections]
        text += [p.describe() for p in self.penalty_cards]
        text += [r.describe() for r in self.lead_restrictions]
        text += [f"{SEAT_NAMES[lead.player]}'s lead out of turn to trick {lead.trick} was accepted"
                 for lead in self.leads_out_of_turn]
        text += [h.describe() for h in self.hidden_cards]
        text += [d.describe() for d in self.designations]
        text += [r.describe() for r in self.play_restrictions]
        text += [d.describe() for d in self.dummy_cards]
        text += [self.information.describe(declarer)] if self.information is not None else []
        text += [str(fact.describe()) for found in self.others.values() for fact in found]
        return text

    def of_kind(self, name: str) -> tuple[Any, ...]:
        """The facts of one kind (``FactSpec.field``): its own field's, or those kept in ``others``."""
        return tuple(getattr(self, name)) if name in _OWN_FIELDS else self.others.get(name, ())

    @property
    def when_noticed(self) -> Noticed:
        """When attention was first drawn: during the play when a trick is given, else ``noticed``, else the end
        of the play. The one place this is worked out."""
        if self.noticed_trick is not None:
            return Noticed.DURING_PLAY
        return Noticed(self.noticed) if self.noticed is not None else Noticed.END_OF_PLAY

    def noticed_in_words(self) -> str:
        """When attention was first drawn, in a director's words: ``before the first card of trick 4``, ``after
        the hands were returned to the board``."""
        if self.noticed_trick is not None:
            return self.noticed_at_phrase()
        return NOTICED_WORDS[self.when_noticed]

    def noticed_at_phrase(self) -> str:
        """``during trick 4``, ``before the first card of trick 4`` or ``after 1 card of trick 4``."""
        trick, cards = self.noticed_trick, self.noticed_cards
        if cards is None:
            return f"during trick {trick}"
        if cards == 0:
            return f"before the first card of trick {trick}"
        return f"after {cards} card{'s' if cards > 1 else ''} of trick {trick}"

    def is_empty(self) -> bool:
        return not (self.noticed or self.corrections or self.penalty_cards or self.lead_restrictions
                    or self.leads_out_of_turn or self.hidden_cards or self.claim_by or self.designations
                    or self.play_restrictions or self.information or self.dummy_cards or any(self.others.values()))


def with_extra(facts: Facts, extra: Facts) -> Facts:
    """The record's facts with more facts added (given on the command line): every list of facts is the record's
    and then the extra ones; a single fact is the extra one where it is given (``claim_by``, when attention was
    drawn), else the record's. Every field of Facts is merged, so a new kind of fact is never dropped here."""
    merged: dict[str, Any] = {}
    for item in fields(Facts):
        mine, theirs = getattr(facts, item.name), getattr(extra, item.name)
        if isinstance(mine, tuple):
            merged[item.name] = mine + theirs
        elif item.name == "others":
            merged[item.name] = {name: mine.get(name, ()) + theirs.get(name, ()) for name in {**mine, **theirs}}
        elif item.name in _RECORD_ONLY:
            merged[item.name] = mine
        else:
            merged[item.name] = theirs if theirs is not None else mine
    merged["noticed"] = extra.noticed or facts.noticed
    merged["claim_by"] = extra.claim_by or facts.claim_by
    if extra.noticed_trick is None:
        merged["noticed_cards"] = facts.noticed_cards
    return Facts(**merged)


_RECORD_ONLY = ("claim_statement", "claim", "lines", "information")
"""Facts only a record gives (the command line has no option for them)."""

_OWN_FIELDS = frozenset(item.name for item in fields(Facts))
