"""Finding revokes in a replayed play (Law 61) and deciding whether each was established (Law 63)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import SEAT_NAMES, SUIT_LETTERS, Card, Seat, side_of
from .laws import law63a1_established_by_next_trick, law63a3_a4_established_by_claim
from .replay import Play, Replay

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


@dataclass
class Revoke:
    """One revoke: where it happened, whether it was established, and what Law 64 makes of it.

    ``establishment`` is the clause that established it ("63A1", "63A3", "63A4") or None.
    ``law`` and ``transfer`` are filled in by ``transfer.apply_law64``; ``reason`` says why in a sentence.
    """

    trick: int
    seat: Seat
    card: Card
    suit_led: int | None
    kind: str = "failure to follow suit"
    marked_in_record: bool = False
    establishment: str | None = None
    law: str = ""
    transfer: int = 0
    reason: str = ""

    @property
    def established(self) -> bool:
        """Whether the revoke was established (Law 63)."""
        return self.establishment is not None

    @property
    def side(self) -> int:
        """The offending side: 0 North-South, 1 East-West."""
        return side_of(self.seat)

    def describe(self) -> str:
        """Like ``East played the S5 on trick 2 while holding clubs (a club was led)``."""
        led = SUIT_NAMES[self.suit_led] if self.suit_led is not None else "no suit"
        return (f"{SEAT_NAMES[self.seat]} played the {self.card} to trick {self.trick} "
                f"while holding {led} ({SUIT_LETTERS[self.suit_led] if self.suit_led is not None else '-'} led)")


def find_revokes(replay: Replay, declarer: Seat, claimed: bool, marked: set[tuple[int, Card]] | None = None) -> list[Revoke]:
    """Every card that failed to follow suit when able (Law 61), dummy's included, with its establishment (Law 63).

    ``claimed`` says a claim or concession was agreed; ``marked`` holds (trick, card) pairs the record
    marks as revokes (PBN ``^R``), kept as evidence.
    """
    marked = marked or set()
    players_by_trick: dict[int, list[Seat]] = {}
    for play in replay.plays:
        players_by_trick.setdefault(play.trick, []).append(play.seat)
    revokes = []
    for play in replay.plays:
        if play.failed_to_follow:
            revokes.append(_revoke(play, declarer, claimed, players_by_trick, (play.trick, play.card) in marked))
    return revokes


def _revoke(play: Play, declarer: Seat, claimed: bool, players_by_trick: dict[int, list[Seat]], marked: bool) -> Revoke:
    establishment = None
    if law63a1_established_by_next_trick(play.seat, players_by_trick.get(play.trick + 1, [])):
        establishment = "63A1"
    else:
        establishment = law63a3_a4_established_by_claim(play.seat, declarer, claimed)
    return Revoke(play.trick, play.seat, play.card, play.led_suit, marked_in_record=marked, establishment=establishment)


def unfounded_marks(replay: Replay, marked: set[tuple[int, Card]]) -> list[str]:
    """Notes for cards the record marks as revokes that followed suit, or that the player could not follow."""
    notes = []
    for play in replay.plays:
        if (play.trick, play.card) in marked and not play.failed_to_follow:
            notes.append(f"the record marks {SEAT_NAMES[play.seat]}'s {play.card} on trick {play.trick} as a revoke, "
                         "but it was not one: the player followed suit or had none of the suit led")
    return notes
