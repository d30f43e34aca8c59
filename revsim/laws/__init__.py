"""Laws 61 to 64B, the automatic part of a revoke ruling: one module per law, as a director reads the book.

``law61`` what a revoke is, ``law62`` correcting one, ``law63`` when it is established, ``law64`` the
automatic transfer (64A) and its exceptions (64B): pure functions, each clause named in its docstring.
``clauses`` names the clauses, the ruling's law path and the revoke kinds as enumerations; ``detection``
finds the revokes of a replayed play and establishes them; ``transfer`` applies 64A/B to every revoke of a
board (each step gives new, frozen revokes). Imports only ``revsim.cards``, ``revsim.records`` and ``revsim.play``.
"""

from revsim.laws.law61 import law61_failed_to_follow, law61a2_lead_restriction_broken, law61a2_penalty_card_not_played
from revsim.laws.law62 import (
    law62b_withdrawn_card_becomes_penalty_card,
    law62c1_cards_that_may_be_withdrawn,
    law62c2_partner_card_becomes_penalty_card,
    law62d_trick12_must_be_corrected,
)
from revsim.laws.law63 import law63a1_established_by_next_trick, law63a3_a4_established_by_claim
from revsim.laws.law64 import (
    law64a_automatic_transfer,
    law64b1_no_trick_won,
    law64b2_repeated_revoke_same_suit,
    law64b3_dummy_or_penalty_card,
    law64b4_noticed_after_next_call,
    law64b5_noticed_after_round,
    law64b6_trick_12,
    law64b7_both_sides_revoked,
    law64b8_corrected_under_62c3,
)

__all__ = [
    "law61_failed_to_follow", "law61a2_lead_restriction_broken", "law61a2_penalty_card_not_played",
    "law62b_withdrawn_card_becomes_penalty_card", "law62c1_cards_that_may_be_withdrawn",
    "law62c2_partner_card_becomes_penalty_card",
    "law62d_trick12_must_be_corrected", "law63a1_established_by_next_trick", "law63a3_a4_established_by_claim",
    "law64a_automatic_transfer", "law64b1_no_trick_won", "law64b2_repeated_revoke_same_suit",
    "law64b3_dummy_or_penalty_card", "law64b4_noticed_after_next_call", "law64b5_noticed_after_round",
    "law64b6_trick_12", "law64b7_both_sides_revoked", "law64b8_corrected_under_62c3",
]
