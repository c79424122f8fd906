"""``random``: a uniformly random legal action."""

from __future__ import annotations

import random

from solver.game.actions import Action
from solver.game.observation import Observation


class RandomPlayer:
    name = "random"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        return rng.choice(observation.legal_actions())
