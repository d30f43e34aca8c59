"""revsim: adjudicate revokes in duplicate bridge from recorded deals (Laws 61-64 of the 2017 Laws)."""

from .adjudicate import BoardRuling, Settings, adjudicate
from .errors import RecordError
from .readers import read_records

__all__ = ["BoardRuling", "RecordError", "Settings", "adjudicate", "read_records"]
__version__ = "0.1.0"
