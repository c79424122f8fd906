"""K13: a Kunken hand nobody wins ends after the profile's ``turn_limit`` turns even with
stock left (the players could take discards for ever), scores nothing and is shown as the
turn limit, not as an empty stock.  The limit is asked of the profile, so a profile with a
short one stands in for the 300 turns of the real ones."""

from __future__ import annotations

import random

import pytest
from flask import Flask

from solver.game.deal import deal_from_seed
from solver.game.kunken import KunkenState, observe_kunken
from solver.game.registry import GAMES
from solver.rules import RuleProfile, get_profile
from tutor.play.view import hand_result

PROFILES = [get_profile(pid) for pid, game in GAMES.items() if game.observe is observe_kunken]


def _short(rules: RuleProfile, turns: int) -> RuleProfile:
    short = type(f"Short{type(rules).__name__}", (type(rules),), {"turn_limit": turns})
    return short()


@pytest.mark.parametrize("rules", PROFILES, ids=lambda r: r.id)
def test_kunken_profiles_bound_every_hand(rules: RuleProfile) -> None:
    assert rules.turn_limit > 0


@pytest.mark.parametrize("rules", PROFILES, ids=lambda r: r.id)
def test_the_turn_limit_ends_the_hand_with_stock_left(rules: RuleProfile, app: Flask) -> None:
    short = _short(rules, 3)
    state = KunkenState(deal_from_seed(7, 0, short), (0, 0))
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.turns == 3 and state.winner is None and state.stock_count > 0
    for seat in (0, 1):
        result = observe_kunken(state, seat).to_dict()["result"]
        assert result == {"draw": True, "end": "limit", "turns": 3}
        view = {"result": result}
        with app.test_request_context():
            assert hand_result(view, 2) == "Nobody went out in 3 turns: the hand is a draw."


@pytest.mark.parametrize("rules", PROFILES, ids=lambda r: r.id)
def test_an_empty_stock_is_not_called_the_turn_limit(rules: RuleProfile) -> None:
    rng = random.Random(3)
    for seed in range(40):
        state = KunkenState(deal_from_seed(seed, 0, rules), (0, 0))
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        if state.winner is None:
            assert state.stock_count == 0 and state.turns < rules.turn_limit
            result = observe_kunken(state, 0).to_dict()["result"]
            assert "end" not in result
            return
    pytest.fail("no drawn hand in 40 random hands")
