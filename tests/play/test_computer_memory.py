"""The site's "hard" computer keeps what it learned earlier in the hand, although every
request makes a new player: its moves are those of one expert playing the whole hand."""

from __future__ import annotations

import random

import pytest

from solver.game.conquian.actions import TURN
from solver.game.conquian.view import observe
from solver.players.expert import ExpertPlayer
from tutor.play.games import COMPUTER, HUMAN, TableGame, new_match


def _learner_move(game: TableGame, rng: random.Random) -> dict[str, object]:
    """A learner who often refuses cards, so the expert has refusals to learn from."""
    actions = observe(game.state, HUMAN).legal_actions()
    refusals = [a for a in actions if a.type in ("decline", "pass")]
    action = rng.choice(refusals) if refusals and rng.random() < 0.8 else rng.choice(actions)
    return action.to_dict()


@pytest.mark.parametrize("seed", [2, 4, 11])  # seeds where forgetting changes a move
def test_the_hard_computer_plays_as_one_continuous_expert(seed: int) -> None:
    game = new_match("hard", seed)
    rng = random.Random(seed)
    while not game.hand_over:
        game.act(_learner_move(game, rng))

    # The same hand with one expert that lives through it, asked with the same generators.
    expert = ExpertPlayer()
    replayed = game.copy()
    remembered = 0
    for number, (observation, action) in enumerate(replayed.past_decisions(COMPUTER)):
        step = [i for i, (who, _) in enumerate(game.state.history) if who == COMPUTER][number]
        generator = random.Random(f"conquian-play:{game.rules.id}:{game.seed}:0:{step}")
        chosen = expert.choose(observation, generator)
        assert chosen == (TURN if action.type == "turn" else action), f"decision {number}"
        remembered = len(expert.model.refusals)
    assert remembered > 0  # the hand did teach it something


def test_past_decisions_are_the_players_own() -> None:
    game = new_match("medium", 5)
    rng = random.Random(5)
    for _ in range(8):
        if game.hand_over:
            break
        game.act(_learner_move(game, rng))
    mine = [a for who, a in game.state.history if who == HUMAN]
    assert [a for _, a in game.past_decisions(HUMAN)] == mine
    for observation, _ in game.past_decisions(HUMAN):
        assert observation.player == HUMAN and observation.to_act
