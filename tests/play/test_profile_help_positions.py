""""What can I do with this card?" in every meld profile reads the learner's position off the
view (tutor.play.profile_view.analysis_position): at every decision of whole hands that
position must be one the analyzer accepts — in Kunken also for the player who melded the
opening card and so holds eleven (K6, K15), and after lay-offs (K10)."""

from __future__ import annotations

import random

import pytest
from flask import Flask

from solver.position import Position
from solver.search import analyze_any
from tutor.play.games import new_game
from tutor.play.profile_view import analysis_position, profile_view

HANDS = 12


@pytest.mark.parametrize("rules", ["cooncan", "kunken", "kunken-40", "kunken-104", "colonel",
                                   "conquin"])
def test_every_help_position_is_accepted(app: Flask, rules: str) -> None:
    rng = random.Random(rules)
    asked = 0
    with app.test_request_context("/"):
        for seed in range(HANDS):
            game = new_game(rules, "medium", seed)
            for _ in range(400):
                view = profile_view(game)
                if view["hand_over"]:
                    break
                position = analysis_position(game, view)
                if position is not None:
                    analyze_any(Position.from_dict(position))  # raises if refused
                    asked += 1
                choices = view["choices"]
                preferred = [c for c in choices if c["action"]["type"] in ("close", "play")]
                game.act(dict(rng.choice(preferred or choices)["action"]))
    assert asked > 3 * HANDS
