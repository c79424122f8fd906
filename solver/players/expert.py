"""placeholder"""
from __future__ import annotations

from solver.players.greedy import GreedyPlayer


class ExpertPlayer(GreedyPlayer):
    name = "expert"
