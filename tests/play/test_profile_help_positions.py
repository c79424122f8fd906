""""What can I do with this card?" in every meld profile reads the learner's position off the
view (tutor.play.card_help.position_data): at every decision of whole hands that
position must be one the analyzer accepts — in Kunken also for the player who melded the
opening card and so holds eleven (K6, K15), and after lay-offs (K10)."""

from __future__ import annotations

import random

import pytest
from flask import Flask

from solver.game.registry import GAMES
from solver.position import Position
from solver.rules import get_profile
from solver.search import analyze_any
from tutor.play.card_help import position_data
from tutor.play.games import new_game
from tutor.play.view import game_view

HANDS = 12


@pytest.mark.parametrize("rules", [r for r in GAMES if not get_profile(r).plain_center])
def test_every_help_position_is_accepted(app: Flask, rules: str) -> None:
    rng = random.Random(rules)
    asked = 0
    with app.test_request_context("/"):
        for seed in range(HANDS):
            game = new_game(rules, "medium", seed)
            for _ in range(400):
                view = game_view(game)
                if view["hand_over"]:
                    break
                actions = [a for c in view["choices"]
                           for a in [c["action"], *(d["action"] for d in c.get("discards") or [])]
                           if a is not None]
                position = position_data(view, game.rules, {a["type"] for a in actions},
                                         view["table"], len(view["seats"]))
                if position is not None:
                    analyze_any(Position.from_dict(position))  # raises if refused
                    asked += 1
                preferred = [a for a in actions if a["type"] in ("close", "play")]
                game.act(dict(rng.choice(preferred or actions)))
    assert asked > 3 * HANDS
