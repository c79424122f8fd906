"""The play page offers K5's joker swaps within the take (issue 27 item 4): in the issue's
position the learner may take 6H, then is offered the swap of 8D for the computer's joker
(described in words), and the view's choices are exactly the engine's legal actions."""

from __future__ import annotations

from flask import Flask

from solver.game.kunken import KAction
from tests.game.test_kunken_swaps import _issue_position
from tests.game.test_meld_games import c
from tutor.play.games import HUMAN, new_game
from tutor.play.view import game_view


def test_the_issue_position_offers_the_take_and_then_the_swap(app: Flask) -> None:
    state = _issue_position()
    assert state.to_play == HUMAN
    game = new_game(state.deal.rules, "medium", 1)
    game.state = state
    with app.test_request_context("/"):
        view = game_view(game)
        actions = [choice["action"] for choice in view["choices"]]
        assert actions == [a.to_dict() for a in state.legal_actions()]
        assert {"type": "take", "card": "6H"} in actions
        state.apply_action(KAction("take", c("6H")))
        view = game_view(game)
    swap = {"type": "swap", "card": "8D", "owner": 1, "meld": 0}
    assert [choice["action"] for choice in view["choices"]] == [swap]
    text = view["choices"][0]["label"]
    assert "joker" in text and "8♦" in text, text
