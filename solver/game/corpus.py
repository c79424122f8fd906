"""Positions that players really face: every center-card decision of random self-play."""

from __future__ import annotations

import random

from solver.game.conquian.state import GameState
from solver.game.deal import deal_from_seed
from solver.position import Position

FACING_PHASES = ("turned", "respond", "forced")


def positions_from_play(n: int, seed: int) -> list[Position]:
    """``n`` positions, each as the player facing the center card sees it (with the stock
    count), from hands of uniformly random legal play; the same ``seed`` gives the same list."""
    rng = random.Random(seed)
    positions: list[Position] = []
    hand_number = 0
    while len(positions) < n:
        state = GameState(deal_from_seed(rng.getrandbits(64), hand_number % 2))
        hand_number += 1
        while not state.is_terminal() and len(positions) < n:
            if state.phase in FACING_PHASES:
                position = state.position()
                assert position is not None
                positions.append(position)
            state.apply_action(rng.choice(state.legal_actions()))
    return positions
