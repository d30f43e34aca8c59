"""Scores: a contract's points for a number of tricks (``points.py``), and matchpoints and IMPs against
the other tables' scores on a board (``field.py``). Imports only ``revsim.cards`` and ``revsim.records``.
"""
