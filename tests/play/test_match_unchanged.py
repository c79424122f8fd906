"""Only the deal of the next hand changes a ``TableGame``'s match (issue 28).  A move works
on a copy of the cached game that shares the match (``TableGame.copy``), so any other step
that changed it in place (an action, a refused request, the computer's replies, a view,
the score counted with the current hand) would change the cached game's match too.

Along random games of every registered profile, every legal action is applied to a copy of
the position, and the match — the game's, and every match object met before — must still
be what it was; only ``next_hand`` gives the game a new one."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask

from solver.game.registry import GAMES
from tutor.play.games import NEXT_HAND, PlayError, TableGame, new_game
from tutor.play.view import game_view

HANDS = 2
"""Hands finished per profile: the second is dealt by a match that has counted one
(or, after a match that ended, by a new one)."""


def _read_everything(game: TableGame, app: Flask) -> None:
    """What the site reads from a game: its score and result, stored form and view."""
    game.after()
    _ = (game.score, game.match_over, game.match_winner, game.can_deal_next, game.stake)
    game.to_dict()
    game.hand_states()
    with app.test_request_context("/"):
        game_view(game, with_log=True)


@pytest.mark.parametrize("rules", GAMES)
def test_only_next_hand_changes_the_match(rules: str, app: Flask) -> None:
    rng = random.Random(f"match-unchanged:{rules}")
    seed = 17
    game = new_game(rules, "easy", seed)
    met: list[tuple[Any, dict[str, Any]]] = [(game.match, game.match.to_dict())]

    def unchanged(where: str) -> None:
        for match, stored in met:
            assert match.to_dict() == stored, f"{rules}: a match changed in place {where}"

    hands, steps = 0, 0
    while hands < HANDS:
        steps += 1
        assert steps < 3000, f"{rules}: the hands did not end"
        before = game.match.to_dict()
        _read_everything(game, app)
        unchanged("by reading the game")
        if game.match_over:  # a short match (Colonel's may end in one hand): another
            with pytest.raises(PlayError):
                game.act({"type": NEXT_HAND})
            unchanged("by a refused deal")
            hands, seed = hands + 1, seed + 1
            game = new_game(rules, "easy", seed)
            met.append((game.match, game.match.to_dict()))
            continue
        if game.can_deal_next:
            with pytest.raises(PlayError):  # a refused move changes nothing
                game.act({"type": "discard", "card": "no such card"})
            unchanged("by a refused move")
            game.act({"type": NEXT_HAND})
            hands += 1
            unchanged("by dealing the next hand (it must take a copy first)")
            met.append((game.match, game.match.to_dict()))
            continue
        with pytest.raises(PlayError):  # not yet: the hand goes on
            game.act({"type": NEXT_HAND})
        actions = game.legal()
        assert actions, f"{rules}: the learner is to act whenever the hand goes on"
        for action in actions:
            trial = game.copy()
            trial.act(action.to_dict())
            _ = (trial.score, trial.match_winner)  # the score counted with the hand
            assert trial.match.to_dict() == before, f"{rules}: {action.to_dict()} " \
                                                    "changed the match"
            unchanged(f"by {action.to_dict()} on a copy")
        # Prefer laying down or closing: the hands then reach melds and their scores.
        eager = [a for a in actions if a.to_dict()["type"] in ("close", "play")]
        game.act(rng.choice(eager or actions).to_dict())
        assert game.match.to_dict() == before
        unchanged("by a move")
