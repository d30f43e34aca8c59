"""Law 70: the ruling on a contested claim, clause by clause.

70A: doubtful points go against the claimer: his side gets the fewest tricks any normal line consistent with
his statement gives against the opponents' best play (``search.worst_line``). 70C: an outstanding trump he did
not mention costs a trick where any normal line loses one to it. 70D1: no successful line outside the
statement is accepted where a less successful normal line exists. 70D2: a defender's claim that rests on his
partner choosing one of several normal plays is not accepted. 70E: an unstated finesse or drop is not
accepted (unless an opponent has shown out, or not taking it would be irrational: the standard of normal
play leaves those lines out). A statement that announces a revoke is followed only where the revoke gains
nothing (Kooijman's reading: "if claimer announces to revoke he may, but only if he does not win more tricks
than without the revoke"). The claimer's side never gets more than it claimed, except under Law 71: a concession
of a trick that could not be lost by any normal play is cancelled, so where every normal line gives the claimer's
side more than it claimed (a contested claim, or a concession brought to the director in the correction period), it
gets what the worst normal line gives.
"""

from __future__ import annotations

from dataclasses import dataclass

from revsim.cards import SEAT_NAMES, Card, Seat, card_with_symbol, next_seat, partner, side_of, trick_winner
from revsim.claims.finesse import law70e_finesses
from revsim.claims.normal import NormalStandard
from revsim.claims.search import WorstLine, worst_line
from revsim.claims.statement import NO_CONSTRAINT, Plan
from revsim.likely.solver import card_values, total_tricks
from revsim.play.replay import Replay
from revsim.records.claim import Claim, ClaimStepError
from revsim.records.errors import plural


@dataclass(frozen=True)
class ClauseApplied:
    """One clause of Law 70 the ruling applied, with what it did in this case (data; the prose is the outputs')."""

    clause: str
    detail: str


@dataclass(frozen=True)
class ClaimRuling:
    """A contested claim ruled: the claimer's side, declarer's side's tricks as claimed and as ruled, the worst
    normal line, double dummy's tricks from the claim, the clauses applied, declarer's side's tricks on the line
    the statement announces with its revoke (None without one), and the standard of normal play."""

    claim: Claim
    claimer_side: int
    claimed: int
    ruled: int
    line: WorstLine
    double_dummy: int
    clauses: tuple[ClauseApplied, ...]
    standard: NormalStandard
    with_revoke: int | None = None
    claimer: Seat | None = None
    """The player who claimed or conceded (the record's, or the claiming side's player to play at the claim)."""

    @property
    def changed(self) -> bool:
        return self.ruled != self.claimed

    @property
    def law(self) -> str:
        """The law the total was decided under: ``71`` where a concession was cancelled (or brought to the director
        and upheld), else ``70``."""
        return "71" if any(clause.clause == "71" for clause in self.clauses) else "70"


def rule_claim(position: Replay, declarer: Seat, claim: Claim, standard: NormalStandard) -> ClaimRuling:
    """Law 70 on a contested claim made at ``position`` (the play as it stood): declarer's side's tricks as ruled,
    with the worst normal line and the clauses applied. ClaimStepError names a step that cannot be followed."""
    claimer_side = side_of(declarer) if claim.by == "declarer" else 1 - side_of(declarer)
    claimer = claim.claimer if claim.claimer is not None else claimer_at(position, claimer_side)
    check_statement(position, claim, claimer_side)
    plan = Plan(claim)
    aware = worst_line(position, declarer, claimer_side, plan, standard)
    clauses = [law70a_doubtful_points_against_claimer(aware)]
    line = aware
    forgot = law70c_unmentioned_trump(position, declarer, claim, claimer_side, standard, aware)
    if forgot is not None:
        line, clause = forgot
        clauses.append(clause)
    with_revoke = None
    if any(step.action == "ruff" for step in claim.steps):
        revoking = worst_line(position, declarer, claimer_side, Plan(claim, with_revokes=True), standard)
        if _revokes(position, revoking):
            with_revoke = _declarer_total(position, declarer, claimer_side, revoking.tricks)
            without = _declarer_total(position, declarer, claimer_side, line.tricks)
            clauses.append(law70_announced_revoke(with_revoke, without, revoking.tricks > line.tricks))
            if revoking.tricks < line.tricks:
                line = revoking
    dd = total_tricks(position, declarer)[0]
    claimer_claimed = claim.tricks if claimer_side == side_of(declarer) else 13 - claim.tricks
    worst = line.tricks + position.tricks_won(claimer_side)
    claimer_ruled = min(worst, claimer_claimed)
    cancelled = law71_concession_cancelled(claim, claimer_claimed, worst)
    if cancelled is not None:
        claimer_ruled = worst
        clauses.append(cancelled)
    elif claim.conceded:
        claimer_ruled = claimer_claimed   # Law 71 only gives back: the concession of a trick it could lose stands
        clauses.append(ClauseApplied("71", f"the worst normal line gives the claimer's side "
                                           f"{plural(worst, 'trick')} in all, no more than its claim of {claimer_claimed}: "
                                           "every trick conceded could be lost by a normal line, so the concession "
                                           "stands"))
    ruled = claimer_ruled if claimer_side == side_of(declarer) else 13 - claimer_ruled
    if claim.conceded:   # a concession: Law 71 alone decides, on the worst normal line
        clauses = [clause for clause in clauses if clause.clause == "71"]
        return ClaimRuling(claim, claimer_side, claim.tricks, ruled, line, dd, tuple(clauses), standard, None, claimer)
    clauses += [clause for clause in (law70d1_no_line_outside_the_statement(claim, dd, ruled,
                                                                            claimer_side == side_of(declarer)),
                                      law70d2_partner_among_normal_plays(claim, line, claimer),
                                      law70e1_unstated_finesse(position, line, claimer_side)) if clause is not None]
    return ClaimRuling(claim, claimer_side, claim.tricks, ruled, line, dd, tuple(clauses), standard, with_revoke,
                       claimer)


def claimer_at(position: Replay, claimer_side: int) -> Seat:
    """The claimer where the record does not say: the claiming side's player who last played to the trick in
    progress (the one who led and claimed), else its next player to play."""
    played = [seat for seat, _ in position.current_trick if side_of(seat) == claimer_side]
    if played:
        return played[-1]
    seat = position.to_play
    return seat if side_of(seat) == claimer_side else next_seat(seat, 1)


def law71_concession_cancelled(claim: Claim, claimer_claimed: int, worst: int) -> ClauseApplied | None:
    """Law 71: a concession is cancelled where the conceding side could not lose the trick by any normal play of
    the remaining cards (a claim concedes the tricks it does not claim): where even the worst normal line gives the
    claimer's side more than it claimed, it gets what that line gives. Within the correction period, agreed or
    contested: revsim applies it to a contested claim and to a concession brought to the director
    (``ClaimStatus.CONCEDED``). None where no trick conceded was safe."""
    if not claim.ruled_by_director or worst <= claimer_claimed:
        return None
    conceded = worst - claimer_claimed
    which = "that trick" if conceded == 1 else "those tricks"
    return ClauseApplied("71", f"the claimer's side conceded {plural(conceded, 'trick')} it could not lose: the worst "
                               f"normal line gives it {plural(worst, 'trick')} in all against its claim of "
                               f"{claimer_claimed}, so the concession of {which} is cancelled")

def law70a_doubtful_points_against_claimer(line: WorstLine) -> ClauseApplied:
    """Law 70A: any doubtful point as to a claim is resolved against the claimer: the worst normal line."""
    how = (" (the opponents limited to their double-dummy best cards: the whole search was too large)"
           if line.bounded else "")
    if line.horizon is not None:
        first = line.cards[0].trick if line.cards else line.horizon + 1
        searched = (f"every normal card searched to trick {line.horizon}, the opponents limited to their "
                    f"double-dummy best cards; after it one line" if line.horizon >= first else "one line")
        how = (f" ({searched}, the claimer's side's most likely card: a search of the whole play was too large, so "
               f"a director should look at the later choices himself{later_choices(line)})")
    return ClauseApplied("70A", f"the worst normal line gives the claimer's side {line.tricks} of the tricks "
                                f"left{how}; {line_normality(line)}")


LATER_CHOICES = 6
"""The most turns past a search's horizon that the ruling names for the director to look at."""


def later_choices(line: WorstLine) -> str:
    """The turns past the horizon at which the claimer's side had other normal cards than the one the line plays,
    in words (``: trick 5, South's ♣Q (the ♥A normal too); ...``), the first ``LATER_CHOICES`` of them; empty where none."""
    if line.horizon is None:
        return ""
    turns = [item for item in line.cards if item.trick > line.horizon and item.others]
    if not turns:
        return ", though no later turn of the line had another normal card"
    named = "; ".join(f"trick {item.trick}, {SEAT_NAMES[item.seat]}'s {card_with_symbol(item.card)} "
                      f"({_either(item.others)} normal too)" for item in turns[:LATER_CHOICES])
    more = f" (and {plural(len(turns) - LATER_CHOICES, 'later turn')})" if len(turns) > LATER_CHOICES else ""
    return f": {named}{more}"


def _either(cards: tuple[Card, ...]) -> str:
    """``the ♥A``, ``the ♥A or ♣K``: the other normal cards at a turn."""
    return "the " + " or ".join(card_with_symbol(card) for card in cards)


def line_normality(line: WorstLine) -> str:
    """Why the worst line is normal, in words: how often the class follows it against its likeliest line from the
    claim, and each of the claimer's choices on it that is less likely than the best there."""
    inferior = [item for item in line.cards if item.share < 0.995]
    if not inferior:
        return "a line the class follows as often as its likeliest (no card on it less likely than another there)"
    choices = ", ".join(f"trick {item.trick}, the {card_with_symbol(item.card)} ({item.share:.0%} as often as the "
                        "likeliest card there)" for item in inferior)
    return (f"a normal line: the class follows it {_times(line.likelihood)} as often as its likeliest (its less "
            f"likely choices: {choices})")


def _times(share: float) -> str:
    """``about a third``-style words for a share of the likeliest line: a percentage, at least ``<1%``."""
    return "<1%" if share < 0.005 else f"{share:.0%}"


def law70c_unmentioned_trump(position: Replay, declarer: Seat, claim: Claim, claimer_side: int,
                             standard: NormalStandard, aware: WorstLine) -> tuple[WorstLine, ClauseApplied] | None:
    """Law 70C: an opponent holds a trump the statement did not mention, and it is at all likely the claimer was
    unaware of it (taken so unless the statement speaks of trumps): the normal lines include those of a claimer
    unaware of it (his winners cashed first, so the trump ruffs one). The worst of them is ruled, and the clause is
    cited where the ruled line loses a trick to that trump. None when the clause does not apply or costs nothing."""
    if position.trump > 3 or claim.mentions_trumps():
        return None
    holders = [seat for seat in range(4) if side_of(seat) != claimer_side
               and any(card.suit == position.trump for card in position.hand(seat))]
    if not holders:
        return None
    forgot = worst_line(position, declarer, claimer_side, Plan(claim), standard, forgot_trump=True)
    line = forgot if forgot.tricks < aware.tricks else aware
    ruffed = trump_ruffs(position, line, claimer_side)
    if ruffed:
        trick, seat, card, ruff = ruffed[0]
        return line, ClauseApplied("70C", f"{SEAT_NAMES[seat]} held the {card_with_symbol(ruff)}, a trump the "
                                          "statement did not mention; a claimer unaware of it leads his winner the "
                                          f"{card_with_symbol(card)} and {SEAT_NAMES[seat]} ruffs it at trick {trick}, "
                                          "so that trick is the opponents'")
    if line is aware:
        return None
    names = " and ".join(SEAT_NAMES[seat] for seat in holders)
    lost = plural(aware.tricks - forgot.tricks, "more trick")
    return line, ClauseApplied("70C", f"{names} held a trump the statement did not mention; a claimer unaware of it "
                                      f"plays his cards in an order that loses {lost} on a normal line")


def trump_ruffs(position: Replay, line: WorstLine, claimer_side: int) -> list[tuple[int, Seat, Card, Card]]:
    """The tricks of ``line`` an opponent wins by ruffing a card the claimer's side led in another suit: (trick,
    the opponent, the card led, his trump)."""
    replay = position.copy()
    out: list[tuple[int, Seat, Card, Card]] = []
    for item in line.cards:
        trick = list(replay.current_trick)
        replay.play(item.card)
        if len(trick) != 3:
            continue
        whole = [*trick, (item.seat, item.card)]
        leader, led = whole[0]
        winner = trick_winner(whole, position.trump)
        won_with = next(card for seat, card in whole if seat == winner)
        if (side_of(leader) == claimer_side and side_of(winner) != claimer_side and led.suit != position.trump
                and won_with.suit == position.trump):
            out.append((item.trick, winner, led, won_with))
    return out


def law70d1_no_line_outside_the_statement(claim: Claim, double_dummy: int, ruled: int,
                                          claimer_declares: bool) -> ClauseApplied | None:
    """Law 70D1: no successful line outside the statement is accepted where a less successful normal line exists:
    named where the claimer stated a line and double dummy's line would give his side more than the ruling (with no
    line stated, the clauses of normal play decide: 70A, 70C, 70E1)."""
    more = double_dummy > ruled if claimer_declares else double_dummy < ruled
    if not more or not any(step.action not in NO_CONSTRAINT for step in claim.steps):
        return None
    return ClauseApplied("70D1", f"the best line (double dummy, {double_dummy} tricks for declarer's side) is not "
                                 "accepted: it is not in the statement, and a less successful normal line exists")


def law70d2_partner_among_normal_plays(claim: Claim, line: WorstLine, claimer: Seat) -> ClauseApplied | None:
    """Law 70D2: a defender's claim that depends on his partner choosing one of several normal plays is not
    accepted: named where the claimer's partner had other normal cards on the worst line (the claimer's own
    choices are 70A's, never 70D2's)."""
    if claim.by != "defenders":
        return None
    chosen = [card for card in line.cards if card.others and card.why != "best" and card.seat == partner(claimer)]
    if not chosen:
        return None
    first = chosen[0]
    return ClauseApplied("70D2", f"at trick {first.trick} {SEAT_NAMES[first.seat]} had several normal cards; the "
                                 "claim is not accepted where it depends on which he chooses")


def law70e1_unstated_finesse(position: Replay, line: WorstLine, claimer_side: int) -> ClauseApplied | None:
    """Law 70E1: an unstated line whose success depends on finding one opponent rather than the other with a card
    is not accepted: named where the worst line passed over a finesse (``finesse.law70e_finesses``) that does
    better on the actual deal than the card played, or took a finesse, the suit's normal play, where another card
    (a drop of a bare card) would do better only because of where the card lies."""
    replay = position.copy()
    for item in line.cards:
        if side_of(item.seat) == claimer_side and item.why not in ("stated", "forced"):
            finesses = law70e_finesses(replay, replay.legal_cards())
            if finesses:
                values = card_values(replay)
                played = values.get(item.card, -1)
                if item.card in finesses:
                    better = [card for card in replay.legal_cards() if values.get(card, -1) > played]
                    if better:
                        return ClauseApplied("70E1", f"at trick {item.trick}, with no line stated, the finesse with "
                                                     f"the {card_with_symbol(item.card)} is normal play and loses here; "
                                                     f"the {card_with_symbol(better[0])} would do better only because of "
                                                     "where the opponents' card lies, a line not stated, so it is not "
                                                     "accepted")
                else:
                    better = [card for card in finesses if values.get(card, -1) > played]
                    if better:
                        return ClauseApplied("70E1", f"at trick {item.trick} the finesse with the "
                                                     f"{card_with_symbol(better[0])} would win a trick the "
                                                     f"{card_with_symbol(item.card)} does not; it was not stated, so it "
                                                     "is not accepted")
        replay.play(item.card)
    return None


def law70_announced_revoke(with_it: int, without: int, gains: bool) -> ClauseApplied:
    """A statement that announces a revoke (a ruff while holding the suit): the claimer may revoke only if it
    gains nothing; else the claim is ruled on the legal line. ``with_it`` and ``without``: declarer's side's
    tricks on the two lines; ``gains``: whether the revoke gains the claimer's side a trick."""
    verdict = ("it would gain, so the claim is ruled with the legal card" if gains
               else "it gains nothing, so the statement stands as made")
    return ClauseApplied("70-revoke", f"the statement announces a revoke: with it declarer's side takes {with_it} "
                                      f"tricks, without it {without}; {verdict}")


def check_statement(position: Replay, claim: Claim, claimer_side: int) -> None:
    """Every card a step names is held by the claimer's side at the claim (ClaimStepError naming the step)."""
    held = {card: seat for seat in range(4) for card in position.hand(seat)}
    played = {play.card: play.trick for play in position.plays}
    for step in claim.steps:
        for card in step.cards:
            if card in held and side_of(held[card]) == claimer_side:
                continue
            if card in played:
                why = f"the {card} was already played, at trick {played[card]}"
            elif card in held:
                why = f"the {card} is {SEAT_NAMES[held[card]]}'s, not the claimer's side's"
            else:
                why = f"the {card} is not in the hands left"
            raise ClaimStepError(f"claim step {step.number} ({step.describe()}): {why}", step.line)
        if step.action == "ruff" and (position.trump > 3 or any(card.suit != position.trump for card in step.cards)):
            why = "there are no trumps at notrump" if position.trump > 3 else "a ruff is made with a trump"
            raise ClaimStepError(f"claim step {step.number} ({step.describe()}): {why}", step.line)
        if step.through is not None and side_of(step.through) == claimer_side:
            raise ClaimStepError(f"claim step {step.number} ({step.describe()}): a finesse is taken through an "
                                      f"opponent, not {SEAT_NAMES[step.through]}", step.line)


def _revokes(position: Replay, line: WorstLine) -> bool:
    """Whether the claimer's side fails to follow suit on ``line`` (the statement's revoke is made)."""
    replay = position.copy()
    return any(replay.play(item.card).failed_to_follow for item in line.cards)


def _declarer_total(position: Replay, declarer: Seat, claimer_side: int, claimer_tricks: int) -> int:
    remaining = 13 - position.tricks_won(0) - position.tricks_won(1)
    declarer_side = side_of(declarer)
    won = position.tricks_won(declarer_side)
    if claimer_side == declarer_side:
        return won + claimer_tricks
    return won + remaining - claimer_tricks
