"""Duplicate scores in points, from a freshly built endplay Contract (``Contract.copy()`` loses doubles)."""

from __future__ import annotations

from functools import lru_cache

from endplay.types import Contract as EndplayContract
from endplay.types import Denom, Penalty, Player, Vul

from revsim.records.record import Contract

_VUL = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
_PENALTY = (Penalty.passed, Penalty.doubled, Penalty.redoubled)
_DENOMS = (Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt)


@lru_cache(maxsize=8192)
def ns_score(contract: Contract | None, declarer_tricks: int, vulnerability: str) -> int:
    """North-South's score in points when declarer takes ``declarer_tricks`` (0 for a passed-out board)."""
    if contract is None:
        return 0
    built = EndplayContract(
        level=contract.level, denom=_DENOMS[contract.strain], declarer=Player(contract.declarer),
        penalty=_PENALTY[contract.doubled], result=declarer_tricks - contract.tricks_needed,
    )
    score = int(built.score(_VUL[vulnerability]))
    return score if contract.declarer % 2 == 0 else -score


def result_text(contract: Contract | None, declarer_tricks: int) -> str:
    """Like ``4S=``, ``3NTX-2``, ``6H+1``."""
    if contract is None:
        return "passed out"
    over = declarer_tricks - contract.tricks_needed
    return f"{contract}{'=' if over == 0 else f'{over:+d}'}"


def tricks_for_score(contract: Contract, vulnerability: str, ns_points: int) -> int | None:
    """Declarer's tricks that give North-South ``ns_points`` in ``contract``, or None when none does."""
    return next((tricks for tricks in range(14) if ns_score(contract, tricks, vulnerability) == ns_points), None)
