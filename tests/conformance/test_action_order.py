"""A hand read back keeps its legal actions in the same order: the site numbers the
choices it offers, and a player's computer seat, a review or a replay that picks "action
number i" must pick the same move before and after the server stored the hand."""

from __future__ import annotations

import json
import random

import pytest

from solver.game.record import state_from_dict, state_to_dict
from tests.conformance.games import new_hand, random_step
from tests.conformance.known_bugs import cases

HANDS = 6
"""Random hands per game, every position of each compared."""


def _listed(state: object) -> list[object]:
    return [a.to_dict() for a in state.legal_actions()]  # type: ignore[attr-defined]


def _through_json(data: object) -> object:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("game_id", cases("test_legal_actions_keep_their_order_read_back"))
def test_legal_actions_keep_their_order_read_back(game_id: str) -> None:
    for seed in range(HANDS):
        rng = random.Random(f"action-order:{game_id}:{seed}")
        state = new_hand(game_id, seed)
        while not state.is_terminal():
            back = state_from_dict(_through_json(state_to_dict(state)))
            steps = len(state.history)
            assert _listed(back) == _listed(state), f"seed {seed}, after {steps} moves"
            random_step(state, rng)
