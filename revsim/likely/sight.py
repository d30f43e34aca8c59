"""Which simulated players read the hands they cannot see at a step of the play-outs: drawn stratified across
the play-outs, so that the share that read is as close to the sight as their number allows."""

from __future__ import annotations

import random


def stratified_readers(eligible: list[bool], sight: float, rng: random.Random) -> list[bool]:
    """Which of the players deciding at one step of the play-outs read the hands they cannot see: only the
    ``eligible`` ones (one side's), each with probability ``sight``. The draw is stratified across the
    play-outs: of n eligible players deciding, floor(sight * n + u) are chosen at random (u uniform), so each
    has exactly the chance ``sight`` and the share that read is as close to ``sight`` as n allows (no draw at
    sight 0 or 1)."""
    players = [number for number, can in enumerate(eligible) if can]
    if sight <= 0 or not players:
        return [False] * len(eligible)
    if sight >= 1:
        return list(eligible)
    chosen = set(rng.sample(players, int(sight * len(players) + rng.random())))
    return [number in chosen for number in range(len(eligible))]
