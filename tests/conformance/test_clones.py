"""Clones are independent: acting on a clone leaves the original as it was."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tests.conformance.games import snapshot, step
from tests.conformance.known_bugs import cases
from tests.conformance.strategies import Hand, build, hands_and_action

SETTINGS = settings(max_examples=8, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@pytest.mark.parametrize("game_id", cases("test_acting_on_a_clone_leaves_the_original"))
def test_acting_on_a_clone_leaves_the_original(game_id: str) -> None:
    @SETTINGS
    @given(hands_and_action(game_id))
    def check(drawn: tuple[Hand, object]) -> None:
        hand, action = drawn
        state = hand.state
        before = snapshot(state)
        history = list(state.history)
        copy = state.clone()
        assert snapshot(copy) == before  # a clone starts equal
        copy.apply_action(action)
        while not copy.is_terminal() and len(copy.history) < len(history) + 6:
            copy.apply_action(copy.legal_actions()[-1])
        assert state.history == history
        assert snapshot(state) == before
        # And the other way round: acting on the original leaves an earlier clone alone.
        other = state.clone()
        state.apply_action(action)
        assert snapshot(other) == before

    check()


@pytest.mark.parametrize("game_id", cases("test_a_clone_played_on_is_the_hand_played_on"))
def test_a_clone_played_on_is_the_hand_played_on(game_id: str) -> None:
    """A clone taken mid-hand and played on by the same choices ends where the hand does."""
    choices = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]
    for seed in range(3):
        half = build(game_id, seed, choices[:8])
        copy = half.state.clone()
        for choice in choices[len(half.choices):]:
            if copy.is_terminal():
                break
            step(copy, choice)
        assert snapshot(copy) == snapshot(build(game_id, seed, choices).state)
