"""The one interface every computer player implements.

A player sees only its :class:`~solver.game.observation.Observation` (never the opponent's
hand or the stock order) and a random generator, and returns one legal action.
"""

from __future__ import annotations

import random
from typing import Protocol

from solver.game.actions import Action
from solver.game.observation import Observation


class Player(Protocol):
    name: str

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """One legal action for the player to act, using only ``observation``."""
        ...
