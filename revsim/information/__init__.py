"""Law 16B: unauthorised information from partner. The player's logical alternatives are measured with the same
simulated players as Law 70's normal play, and an alternative the information suggested is found by how much
more the information makes it worth on the layouts the player can imagine (``law16``, ``measure``).

It may import from records, play, scoring, laws, likely and claims (the choice model); equity puts its judgement
into a ruling.
"""

from revsim.information.law16 import InformationJudgement, judge_information

__all__ = ["InformationJudgement", "judge_information"]
