"""The play replayed card by card: whose turn, legal cards, trick winners, undo and copy (``replay.py``),
and a record's play with its table result and claim (``table.py``). Revokes replay like any other card.
Imports only ``revsim.cards`` and ``revsim.records``.
"""
