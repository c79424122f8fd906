"""The perft-style golden counts of every registered game (tests/conformance/golden.json,
written by ``scripts/golden --write``) still hold."""

from __future__ import annotations

import pytest

from tests.conformance.games import GAME_IDS, new_hand
from tests.conformance.known_bugs import cases
from tests.conformance.perft import differences, load, perft


@pytest.mark.parametrize("game_id", cases("test_golden_counts_hold"))
def test_golden_counts_hold(game_id: str) -> None:
    assert differences(load(), (game_id,)) == []


def test_every_registered_game_has_golden_counts() -> None:
    assert sorted(load()) == sorted(GAME_IDS)


def test_perft_counts_sequences() -> None:
    """Depth 1 is the number of legal actions; depth 2 sums them over each child."""
    for game_id in GAME_IDS:
        state = new_hand(game_id, 0)
        assert perft(state, 0) == 1
        actions = state.legal_actions()
        assert perft(state, 1) == len(actions)
        total = 0
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            total += len(child.legal_actions()) if not child.is_terminal() else 1
        assert perft(state, 2) == total
