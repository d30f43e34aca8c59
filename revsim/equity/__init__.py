"""Law 64C and Law 12C1, the judgement part of a revoke ruling: the likely result had the revoke not occurred,
turned into the score a director assigns.

It asks ``revsim.likely`` for estimates by name (``likely.estimators``) and never knows how one was made.
``law64c`` and ``law12`` are the clauses of equity, ``law84`` the standard of likely and the written form of a
weighted score (Laws 12C1c and 84D); ``judged`` gives each world its estimate or the director's judgement;
``assign`` and ``both_sides`` assign the score per side (64C1, 64C2a, 64C2b); ``steps`` and ``draft`` record
the ruling step by step; ``ruling`` puts 64C together on top of 64A/B; ``trace`` follows the double-dummy value
card by card; ``settings`` holds how to rule. Imports only ``revsim.cards``, ``revsim.records``,
``revsim.play``, ``revsim.scoring``, ``revsim.laws`` and ``revsim.likely``.
"""
