"""Every registered game carries its own computer players (issue 28: players register with
their game, conquian-40's too) and every game's replay refuses a step out of turn or after
the hand, through the one guard (solver.game.protocol.check_turn)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solver.errors import IllegalActionError
from solver.game.deal import deal_from_seed
from solver.game.registry import GAMES, game_rules
from solver.rules import get_profile

PROFILES = sorted(GAMES)


def _hand(profile: str) -> Any:
    rules = get_profile(profile)
    return game_rules(rules).new_hand(deal_from_seed(7, 0, rules), ())


@pytest.mark.parametrize("profile", PROFILES)
def test_each_game_registers_random_greedy_and_expert(profile: str) -> None:
    game = game_rules(profile)
    assert {"random", "greedy", "expert"} <= set(game.players)
    state = _hand(profile)
    seat = state.current_player()
    for make in game.players.values():
        action = make().choose(game.observe(state, seat), random.Random(1))
        state.clone().apply_action(action)  # the engine accepts it (IllegalActionError if not)


@pytest.mark.parametrize("profile", PROFILES)
def test_replay_refuses_the_wrong_player_and_a_finished_hand(profile: str) -> None:
    game = game_rules(profile)
    state = _hand(profile)
    seat = state.current_player()
    action = state.legal_actions()[0]
    with pytest.raises(IllegalActionError, match=f"step 1: player {seat + 1} acts, but it is "
                                                 f"player {seat}'s move"):
        game.replay_step(state, seat + 1, action, "step 1")
    greedy = game.players["greedy"]()
    rng = random.Random(3)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(greedy.choose(game.observe(state, seat), rng))
    with pytest.raises(IllegalActionError, match=r"step 9: the (hand|deal) is already over"):
        game.replay_step(state, 0, action, "step 9")
