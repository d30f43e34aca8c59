"""A competent defence (Law 12C1c): the defenders' slips in the play-outs, and the play-outs a director weighs.

A simulated defender reads his partner's hand (his partner's signals) at some of his decisions
(``Policy.defence_sight``) and deals layouts from what he sees at the others. A card he chooses without
reading his partner that gives his side a trick fewer double dummy on the actual deal is a *slip*: the
signals of a partner he read would have shown him a card that does not. Real defenders slip, and the
estimate of real play keeps their slips. A director judging a class of player whose defenders read their
partner's signals does not count a result that only such a slip reaches as likely
(``law12c1c_competent_defence``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from revsim.cards import Card
from revsim.likely.solver import replays_values
from revsim.play.replay import Replay
from revsim.records.setting_specs import setting_spec

DEFENCE_STANDARDS = setting_spec("defence").choices
"""How the standard of likely reads the defence: ``competent`` (the play-outs with a defender's slip are not
weighed) or ``as-estimated`` (every play-out is, as real defenders play)."""


def slips_of(lines: Sequence[Replay], chosen: Sequence[Card], unread: Sequence[bool],
             legal: Sequence[Sequence[Card]]) -> list[int]:
    """Which of the players deciding at one step of the play-outs slipped (their numbers): a defender who did not
    read his partner's hand (``unread``) and chose a card (``chosen``) that gives his side fewer tricks double
    dummy on the actual deal than his best card among those he could choose (``legal``: a lead restriction or
    declarer's Law 50D2 choice leaves him fewer than the rules of play). The actual deals are solved in one
    batch."""
    asked = [number for number, flag in enumerate(unread) if flag]
    if not asked:
        return []
    values = replays_values([lines[number] for number in asked])
    return [number for number, tricks in zip(asked, values, strict=True)
            if tricks[chosen[number]] < max(tricks[card] for card in legal[number])]


class Slipped(Protocol):
    """A play-out as this module reads it: how many slips its defenders made (``playout.PlayOut``)."""

    @property
    def defence_slips(self) -> int: ...


Line = TypeVar("Line", bound=Slipped)


def law12c1c_competent_defence(lines: Sequence[Line]) -> list[Line]:
    """Law 12C1c: the play-outs a director weighs when the defenders are of a class that reads its partner's
    signals: those in which no defender slipped (``slips_of``). A result only slips reach needs an error no
    competent defender of that class makes there, so it is not likely. When every play-out has a slip, all of
    them are weighed: the play-outs then show no competent defence to weigh instead."""
    clean = [line for line in lines if not line.defence_slips]
    return clean or list(lines)
