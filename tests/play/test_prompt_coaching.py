"""Below full coaching the plain center game's prompt gives no verdict on the center card
(whether it fits is for the learner to find): the rules' choices only."""

from __future__ import annotations

import random

from flask import Flask

from solver.rules import PROFILES
from tutor.play.games import new_game
from tutor.play.view import game_view

PLAIN = [p for p in PROFILES.values() if p.plain_center]


def _center_decisions(app: Flask, coaching: str) -> list[str]:
    prompts = []
    rng = random.Random(3)
    with app.test_request_context("/"):
        for rules in PLAIN:
            for seed in range(4):
                game = new_game(rules.id, "easy", seed, coaching=coaching)
                while not game.hand_over and len(prompts) < 200:
                    view = game_view(game)
                    if view["center"] is not None and view.get("to_act"):
                        prompts.append(view["prompt"])
                    actions = [c["action"] or c["discards"][0]["action"]
                               for c in view["choices"]]
                    game.act(rng.choice(actions))
    return prompts


def test_no_verdict_without_full_coaching(app: Flask) -> None:
    assert PLAIN, "no profile plays the plain center game"
    plain = _center_decisions(app, "none")
    full = _center_decisions(app, "full")
    assert len(plain) > 20 and len(full) > 20
    verdicts = ("fits no meld", "fits", "cannot take", "can take")
    assert not [p for p in plain if any(v in p.lower() for v in verdicts)]
    assert any(any(v in p.lower() for v in verdicts) for p in full), full[:5]
