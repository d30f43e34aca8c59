"""What a calibration run may add to how the simulated players choose: one protocol the play-outs ask at each of its
points, so that models calibration measures and does not ship live in ``calibration/`` (``player_models.py``: the
lead and the defenders' cards read, declarer's sight of the defenders' hands, the contract's value, the defenders' own
temperature, the players' insight). No shipped level has one: its players are ``playout.Policy`` alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from revsim.cards import Card, Layout, Seat
from revsim.likely.view import HandShape, View
from revsim.play.replay import Replay


class PlayerModel(Protocol):
    """A model of the players beyond the shipped parameters, asked by ``playout`` where a decision is made."""

    def layout_weight(self, line: Replay, view: View, declarer: Seat,
                      shapes: dict[Seat, HandShape]) -> Callable[[Layout], float] | None:
        """How likely what the player to play has seen is on a layout (None: every layout alike)."""
        ...

    def declarer_sight(self) -> float:
        """How often declarer reads the defenders' hands (he then sees all four)."""
        ...

    def trick_value(self, line: Replay, declarer: Seat, target: int) -> Callable[[int], float]:
        """How the player to play values his side's tricks from here on (``target``: declarer's side's contract)."""
        ...

    def temperature(self, defending: bool, temperature: float) -> float:
        """The softmax temperature of a defender (``defending``) or of declarer, the level's being ``temperature``."""
        ...

    def lean(self, lines: list[Replay], averages: list[dict[Card, float]], defending: list[bool]) -> None:
        """Change the deciding players' values (``averages``, one per line) in place, where the model leans them."""
        ...

    def bad_breaks_fit_auction(self) -> bool:
        """Whether the bad-break layouts that break ties leave out the breaks the auction rules out."""
        ...

    def parameters(self) -> dict[str, Any]:
        """What reproduces the model (the evidence's and the settings' ``player_model``)."""
        ...
