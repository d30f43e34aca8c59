"""revsim: adjudicate revokes in duplicate bridge from recorded deals (Laws 61-64 of the 2017 Laws)."""

from revsim.adjudicate import BoardRuling, adjudicate
from revsim.equity.settings import Settings
from revsim.records.errors import RecordError
from revsim.records.readers import read_records

__all__ = ["BoardRuling", "RecordError", "Settings", "adjudicate", "read_records"]
__version__ = "0.1.0"
