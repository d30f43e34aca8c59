"""The clauses of the Laws revsim applies, and the kinds of revoke, as enumerations.

A ``StrEnum`` member is its clause's text (``Clause.LAW_64B2 == "64B2"``), so the JSON, the rows and the
prose write it as the book numbers it, and the code cannot misspell one.
"""

from __future__ import annotations

from enum import StrEnum


class Clause(StrEnum):
    """A clause that decides something in a ruling."""

    LAW_12C1C = "12C1c"   # a weighted score
    LAW_12C1E = "12C1e"   # the non-weighted test
    LAW_16B = "16B"       # unauthorised information from partner
    LAW_43B2B = "43B2b"   # dummy, rights forfeited, asked first: corrected, rectified as if established
    LAW_62A = "62A"       # a revoke not established is corrected
    LAW_62B1 = "62B1"     # a defender's withdrawn revoke card becomes a major penalty card
    LAW_62B2 = "62B2"     # declarer's or dummy's revoke card is simply replaced
    LAW_62C3 = "62C3"     # both sides revoked on one trick, both corrected
    LAW_62D = "62D"       # a trick-12 revoke noticed in time is corrected
    LAW_63A1 = "63A1"     # established by a play to the next trick
    LAW_63A2 = "63A2"     # established by naming or designating a card for the next trick
    LAW_63A3 = "63A3"     # established by the offending side's claim or concession
    LAW_63A4 = "63A4"     # established by agreeing to the opponents' claim
    LAW_64A = "64A"       # rectified by a transfer (its amount, 64A1 or 64A2, decided after)
    LAW_64A1 = "64A1"
    LAW_64A2 = "64A2"
    LAW_64B1 = "64B1"
    LAW_64B2 = "64B2"
    LAW_64B3 = "64B3"
    LAW_64B4 = "64B4"
    LAW_64B5 = "64B5"
    LAW_64B6 = "64B6"
    LAW_64B7 = "64B7"
    LAW_64B8 = "64B8"
    LAW_64C1 = "64C1"
    LAW_64C2A = "64C2a"
    LAW_64C2B = "64C2b"


class RulingLaw(StrEnum):
    """The law path of a board's ruling, as the JSON's ``ruling.law`` and the rows' ``law`` give it."""

    NONE = "none"
    TRANSFER = "64A"
    ADJUSTED = "64C1"
    TRANSFER_THEN_ADJUSTED = "64A+64C1"
    REPEATED_REVOKE = "64A+64C2a"
    BOTH_SIDES = "64C2b"
    CORRECTED = "62A"
    CORRECTED_AT_TRICK_12 = "62D"
    CORRECTED_WITH_TRANSFER = "62A+64A"
    CORRECTED_AT_TRICK_12_WITH_TRANSFER = "62D+64A"
    INFORMATION = "16B"
    WITHDRAWN_CARD = "16D"
    BOTH_CORRECTED = "62C3"
    BOTH_CORRECTED_WITH_TRANSFER = "62C3+64A"
    CLAIM = "70"
    CONCESSION = "71"
    NO_TRANSFER_64B1 = "64B1"
    NO_TRANSFER_64B2 = "64B2"
    NO_TRANSFER_64B3 = "64B3"
    NO_TRANSFER_64B4 = "64B4"
    NO_TRANSFER_64B5 = "64B5"
    NO_TRANSFER_64B6 = "64B6"
    NO_TRANSFER_64B7 = "64B7"
    NO_TRANSFER_64B8 = "64B8"


class LawPath(str):
    """The laws that decided a board's score, in the order the ruling applied them, as the JSON's ``ruling.law``
    and the rows' ``law`` give it: ``70`` (a claim), ``64A+64C1``, ``70+64A`` (a claim ruled, then a revoke's
    transfer on the total it gives), or ``none`` where no law changed or upheld anything. A ``str``, so it compares
    with the text it is written as."""

    @classmethod
    def of(cls, *laws: RulingLaw) -> LawPath:
        """The path of ``laws`` in order, those that are ``none`` left out."""
        named = [str(law) for law in laws if law != RulingLaw.NONE]
        return cls("+".join(named) or RulingLaw.NONE.value)

    @property
    def laws(self) -> tuple[str, ...]:
        """Each law of the path (``("70", "64A")``); empty for ``none``."""
        return () if self == RulingLaw.NONE.value else tuple(self.split("+"))

    def headline(self) -> str:
        """The path as a ruling's headline names it: ``Law 70``, ``Laws 64A, 64C1``, or ``none``."""
        laws = self.laws
        if not laws:
            return "none"
        return f"Law {laws[0]}" if len(laws) == 1 else f"Laws {', '.join(laws)}"


class RevokeKind(StrEnum):
    """What a revoke failed to do (Law 61A)."""

    FOLLOW_SUIT = "failure to follow suit"
    PENALTY_CARD = "penalty card not played"
    LEAD_RESTRICTION = "lead restriction broken"
    PLAY_RESTRICTION = "play restriction broken"
