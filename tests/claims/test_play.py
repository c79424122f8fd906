"""Every decision of self-played hands in play mode: the help the page gives ("What can I
do with this card?", and what forcing the computer would do) is true, and the view's
``center_from`` says who turned the center card."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from flask import Flask

from solver.claims.play import center_help, force_help, prompt_claims
from solver.game.conquian.actions import NO_FORCE, Action
from solver.game.conquian.state import GameState
from solver.game.conquian.view import Observation, observe
from solver.game.deal import deal_from_seed
from solver.players.greedy import GreedyPlayer
from solver.players.random_player import RandomPlayer
from tests.claims.helpers import assert_all_true
from tutor.play.games import HUMAN, TableGame, new_match
from tutor.play.view import game_view

HANDS = 60
FORCING_HANDS = 200


@pytest.fixture(autouse=True)
def request_context(app: Flask) -> Iterator[None]:
    with app.test_request_context():
        yield


def turned_by(state: GameState, player: int) -> bool:
    """Who turned the center card, read from the hand's history."""
    for who, action in reversed(state.history):
        if action.type == "turn":
            return who == player and action.card == state.center
        if action.type == "take":
            return False
    return False


def check_decision(game: TableGame, obs: Observation) -> tuple[int, int]:
    """The claims at this decision, checked; (claims, 1 if the decision had help)."""
    count = helped = 0
    center = center_help(obs)
    if center is not None:
        claims, plays, ctx = center
        count += assert_all_true(claims, ctx, "in the help")
        for play in plays:
            count += assert_all_true(play, ctx, "about a play")
        view = game_view(game)
        assert view["analysis"]["explanation"] == [c.render() for c in claims]
        helped = 1
    forcing = force_help(obs)
    if forcing is not None:
        claims, ctx = forcing
        count += assert_all_true(claims, ctx, "in the forcing help")
        helped = 1
    stated = prompt_claims(obs)
    if stated is not None:
        count += assert_all_true(stated[0], stated[1], f"in the prompt ({obs.phase})")
    if obs.center is not None:
        expected = "stock" if turned_by(game.state, HUMAN) else "opponent"
        assert obs.center_from == expected, (obs.phase, game.state.history[-3:])
    return count, helped


def test_every_decision_of_self_played_hands_says_only_true_sentences() -> None:
    rng = random.Random(5)
    hands = decisions = helped = claims = 0
    seed = 100
    game = new_match("easy", seed)
    while hands < HANDS:
        if game.hand_over:
            hands += 1
            if game.match_over:
                seed += 1
                game = new_match("medium" if seed % 2 else "easy", seed)
            else:
                game.act({"type": "next_hand"})
            continue
        obs = observe(game.state, HUMAN)
        assert obs.to_act
        count, had = check_decision(game, obs)
        decisions += 1
        helped += had
        claims += count
        player = GreedyPlayer() if hands % 2 else RandomPlayer()
        game.state.apply_action(player.choose(obs, rng))
        game.computer_moves()
    assert decisions > HANDS * 5 and helped > HANDS and claims > helped


class Forcing:
    """Forces whenever the rules allow (R9), else plays like ``inner``: so that forced
    cards, forced-back passes and forcing an empty hand all come up."""

    def __init__(self, inner: GreedyPlayer | RandomPlayer) -> None:
        self.inner = inner

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        if "force" in obs.action_types and rng.random() < 0.8:
            return Action("force", obs.center)
        action = self.inner.choose(obs, rng)
        return action if action != NO_FORCE else Action("force", obs.center)


def test_forcing_decisions_say_only_true_sentences() -> None:
    rng = random.Random(9)
    phases: dict[str, int] = {}
    empty_hand_forced = 0
    for number in range(FORCING_HANDS):
        state = GameState(deal_from_seed(7000 + number, number % 2))
        players = [Forcing(GreedyPlayer()), Forcing(RandomPlayer())]
        while not state.is_terminal():
            player = state.current_player()
            obs = observe(state, player)
            phases[obs.phase] = phases.get(obs.phase, 0) + 1
            center = center_help(obs)
            if center is not None:
                claims, plays, ctx = center
                assert_all_true(claims, ctx, f"in the help ({obs.phase})")
                for play in plays:
                    assert_all_true(play, ctx, "about a play")
            forcing = force_help(obs)
            if forcing is not None:
                assert_all_true(forcing[0], forcing[1], "in the forcing help")
                empty_hand_forced += obs.opponent_hand_count == 0
            stated = prompt_claims(obs)
            if stated is not None:
                assert_all_true(stated[0], stated[1], f"in the prompt ({obs.phase})")
            for who in (0, 1):
                seen = observe(state, who)
                if seen.center is not None:
                    expected = "stock" if turned_by(state, who) else "opponent"
                    assert seen.center_from == expected, (who, state.phase, state.history[-3:])
            state.apply_action(players[player].choose(obs, rng))
    assert phases.get("forced", 0) > 20 and phases.get("force", 0) > 10, phases
