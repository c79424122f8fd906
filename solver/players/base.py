"""The one interface every computer player implements.

A player sees only its :class:`~solver.game.conquian.view.Observation` (never the opponent's
hand or the stock order) and a random generator, and returns one legal action.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from solver.game.conquian.actions import Action
from solver.game.conquian.view import Observation


class Player(Protocol):
    name: str

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """One legal action for the player to act, using only ``observation``."""
        ...


@runtime_checkable
class Remembering(Protocol):
    """A player that learns from the hand as it goes (the expert's opponent model).

    A server that makes a new player for every request first hands it that player's
    earlier decisions of the hand, in order, so that nothing learned is lost."""

    def remember(self, observation: Observation, action: Action) -> None:
        """One earlier decision of this player: what it saw and what it did."""
        ...
