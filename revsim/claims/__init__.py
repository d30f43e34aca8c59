"""Claims the director rules on (Law 70): the claimer's statement followed step by step, the normal lines
players of the class would choose where it is silent (measured with the simulated players of ``likely``), and
the fewest tricks any of those lines gives against the opponents' best play.

``statement.py`` turns a statement's steps into the cards they allow at each turn; ``normal.py`` is the standard
of a normal card (the rate players of the class choose it, and the careless plays the law names); ``search.py``
finds the worst normal line; ``law70.py`` holds the clauses (70A, 70C, 70D1, 70D2, 70E) and rules on a claim.

This package may import from ``cards``, ``records``, ``play``, ``laws`` and ``likely``; ``equity`` and the
outputs import from it.
"""

from revsim.claims.law70 import ClaimRuling, rule_claim

__all__ = ["ClaimRuling", "rule_claim"]
