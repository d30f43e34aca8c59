"""Law 50D2 in the play-outs: declarer's choice when the partner of a defender with a major penalty card is to
lead, made as a player makes it, from what declarer sees.

Declarer sees his hand, dummy and the penalty card, not the defenders' other cards. So, as for any decision of
the simulated players, layouts are dealt from his view, and each option (require the penalty card's suit, forbid
it, or let the lead be free; Law 51B's options with penalty cards in several suits) is worth, on average over
them, the tricks his side takes double dummy after the defender's best lead within it. The penalty card stays
where that leaves him no worse off: on the table it can only help him later. The double-dummy search
(``penalty``) takes the best option for declarer knowing every card.
"""

from __future__ import annotations

import random

from revsim.cards import Seat, side_of
from revsim.likely.penalty_rules import LeadChoice, LeadOption, Penalty, law50d2_allowed, law50d2_lead_options
from revsim.likely.sampling import sample_layouts
from revsim.likely.solver import layout_values
from revsim.likely.view import HandShape, player_view
from revsim.play.replay import Replay


def law50d2_declarer_choice(line: Replay, declarer: Seat, shapes: dict[Seat, HandShape], layouts_dealt: int,
                            rng: random.Random, penalties: tuple[Penalty, ...], carried: LeadOption | None = None
                            ) -> tuple[tuple[Penalty, ...], LeadChoice]:
    """Laws 50D2 and 51B in a play-out: the penalty cards that remain after declarer's choice for this lead and the
    choice (``LeadOption``); ``(penalties, carried)`` where the law gives him no choice here (``carried``: suits
    forbidden at an earlier lead the player kept, ``penalty_rules.law50d2_carried``). ``layouts_dealt``: how many
    layouts declarer deals from his view (the players' ``Policy.layouts``)."""
    options = law50d2_lead_options(line, side_of(declarer), penalties, carried)
    if not options:
        return penalties, carried
    layouts = sample_layouts(player_view(line, declarer, declarer, shapes), layouts_dealt, rng)
    if not layouts:
        return options[0]
    solved = layout_values(layouts, line.trump, line.leader, line.current_trick)
    remaining = 13 - line.tricks_won(0) - line.tricks_won(1)

    def worth(choice: LeadChoice) -> float:
        """Declarer's side's average tricks from here after the defender's best lead within ``choice``."""
        return sum(remaining - max(values[card] for card in law50d2_allowed(list(values), choice))
                   for values in solved) / len(solved)

    return max(options, key=lambda option: (worth(option[1]), option[1] == options[0][1]))   # ties: the penalty cards stay
