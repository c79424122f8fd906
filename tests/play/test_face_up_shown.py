"""Every card lying face up is on the learner's page (issue 28): in the "Seen cards"
panel, the center (or the card in use, Kunken's), or a meld on the table, in every
profile and at every step.  A Colonel view once had no ``seen``: the wastepile under its
top card was drawn nowhere, and the panel said "No cards yet." at the end of a hand of
sixty moves."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask

from solver.cards import parse_kind
from solver.game.registry import GAMES, game_rules, players_of
from solver.rules import get_profile
from tests.conformance.cards import kinds, zones
from tutor.play.games import new_game
from tutor.play.view import game_view


def _drawn(view: dict[str, Any]) -> set[int]:
    """The kinds of the cards the page draws face up, jokers left out (as ``kinds``)."""
    codes = [*(view.get("seen") or []),
             *(view[key] for key in ("center", "pending") if view.get(key))]
    codes += [c["code"] for meld in view["table"] for c in meld["cards"]]
    return {parse_kind(c) for c in codes if not c.startswith("*")}


@pytest.mark.parametrize("rules", list(GAMES))
def test_every_face_up_card_is_on_the_page(app: Flask, rules: str) -> None:
    seats = get_profile(rules).min_players
    moves, steps = game_rules(rules), 0
    for seed in (1, 2):
        game = new_game(rules, "medium", seed=seed, opponents=seats - 1)
        state, rng = game.state, random.Random(seed)
        greedy = players_of(rules)["greedy"]()
        with app.test_request_context():
            while not state.is_terminal():
                missing = kinds(zones(state).public) - _drawn(game_view(game))
                assert not missing, f"{rules}: face-up cards drawn nowhere at step {steps}"
                player = state.current_player()
                state.apply_action(greedy.choose(moves.observe(state, player), rng))
                steps += 1
    assert steps > 0
