"""Random play finishes: every hand reaches its end within a bound, and ends sanely (a
result in the record, returns one per seat that sum to zero, nobody to act)."""

from __future__ import annotations

import math
import random

import pytest

from tests.conformance.games import game_of, new_hand, random_step
from tests.conformance.known_bugs import cases

BOUND = 3_000
"""Steps a hand of uniformly random play may take (the longest of 1,000 Kunken hands with
two packs, the longest game, takes far fewer: its profile's turn_limit ends every hand)."""


def play_hands(game_id: str, hands: int) -> list[int]:
    lengths = []
    for seed in range(hands):
        rng = random.Random(seed)
        state = new_hand(game_id, seed)
        steps = 0
        while not state.is_terminal():
            assert steps < BOUND, f"seed {seed}: the hand is not over after {BOUND} steps"
            random_step(state, rng)
            steps += 1
        game = game_of(state)
        result = game.result(state)
        assert isinstance(result, dict) and result, f"seed {seed}: no result"
        returns = state.returns()
        assert len(returns) == state.deal.players
        assert all(math.isfinite(r) for r in returns)
        assert math.isclose(sum(returns), 0.0, abs_tol=1e-9), f"seed {seed}: {returns}"
        assert state.current_player() < 0, f"seed {seed}: someone is to act in a hand over"
        assert not state.legal_actions(), f"seed {seed}: a hand over offers actions"
        assert len(state.history) == steps
        lengths.append(steps)
    return lengths


@pytest.mark.parametrize("game_id", cases("test_random_hands_finish"))
def test_random_hands_finish(game_id: str) -> None:
    assert len(play_hands(game_id, 50)) == 50


@pytest.mark.slow
@pytest.mark.parametrize("game_id", cases("test_a_thousand_random_hands_finish"))
def test_a_thousand_random_hands_finish(game_id: str) -> None:
    lengths = play_hands(game_id, 1000)
    assert len(lengths) == 1000
    print(f"{game_id}: longest hand {max(lengths)} steps, mean {sum(lengths) / 1000:.0f}")
