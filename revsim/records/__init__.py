"""What was recorded: a board whatever its format, and the readers that make one.

``Record`` (``record.py``) is a board with its deal, contract, auction, play and the facts the record
cannot show (``facts.py``); the PBN, LIN and TOML case-file readers (``pbn.py`` with its tokenizer
``pbn_games.py``, ``lin.py``, ``casefile.py``) check what they read (``validation.py``, ``auction.py``) and
report each problem as a ``RecordError`` (``errors.py``) naming the file, the board and the line; the
formats are registered in ``formats.py``, and ``read_records`` (``readers.py``) reads a file by its
format; ``choice.py`` picks the one record a report is about. Imports only ``revsim.cards``.
"""

from revsim.records.errors import RecordError
from revsim.records.readers import read_records
from revsim.records.record import Record

__all__ = ["Record", "RecordError", "read_records"]
