"""The event's form of scoring, as a record names it (PBN's ``[Scoring]`` tag, a case file's ``scoring``): IMPs
(teams), matchpoints (pairs), or unknown. A ruling without a field is valued by the score table of that form: at
IMPs against the table result; at matchpoints it cannot be, and the ruling says so."""

from __future__ import annotations

import re
from typing import Literal

EventForm = Literal["imps", "matchpoints", "unknown"]

_IMPS = re.compile(r"^\W*(imps?|cross|butler|teams?)\b", re.IGNORECASE)
_MATCHPOINTS = re.compile(r"^\W*(mp\d*|matchpoints?|pairs?|top ?score)\b", re.IGNORECASE)


def event_form(scoring: str | None) -> EventForm:
    """The form a record's scoring names: ``IMP``, ``IMP;Cross``, ``Butler``, ``Teams`` are IMPs; ``MP``,
    ``MP;MP1``, ``Matchpoints``, ``Pairs`` are matchpoints; anything else (absent, ``Rubber``, ``?``) unknown.
    Only the first of PBN's ``;``-separated parts counts (the others refine it)."""
    first = (scoring or "").split(";")[0]
    if _IMPS.match(first):
        return "imps"
    if _MATCHPOINTS.match(first):
        return "matchpoints"
    return "unknown"
