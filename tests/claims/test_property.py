"""The claim checker over thousands of positions, from random generation and from
self-play: every sentence the explanation and the puzzle engines say is true."""

from __future__ import annotations

import random

from solver.claims import Context
from solver.explain import explain, explain_play
from solver.game.conquian.state import GameState
from solver.game.conquian.view import observe
from solver.game.deal import deal_from_seed
from solver.players.greedy import GreedyPlayer
from solver.players.random_player import RandomPlayer
from solver.position import Position
from solver.puzzles.hints import explanation, hints
from solver.puzzles.tasks import solve_task
from solver.sampling import random_position
from solver.search import analyze
from tests.claims.helpers import assert_all_true

RANDOM_POSITIONS = 4000
PLAYED_POSITIONS = 1200


def played_positions(count: int, seed: int = 11) -> list[Position]:
    """Positions met by players in self-play: whoever faces the center card, each time."""
    rng = random.Random(seed)
    out: list[Position] = []
    number = 0
    while len(out) < count:
        state = GameState(deal_from_seed(seed * 1000 + number, number % 2))
        players = [GreedyPlayer(), RandomPlayer()] if number % 2 else [RandomPlayer()] * 2
        number += 1
        while not state.is_terminal() and len(out) < count:
            player = state.current_player()
            position = observe(state, player).position()
            if position is not None:
                out.append(position)
            state.apply_action(players[player].choose(observe(state, player), rng))
    return out


def check_position(position: Position) -> int:
    """Every sentence the engines could say about ``position``, checked; returns the count."""
    analysis = analyze(position)
    ctx = Context(position)
    checked = assert_all_true(explain(analysis), ctx, "in the explanation")
    for play in analysis.plays:
        checked += assert_all_true(explain_play(analysis, play), ctx, "about a play")
    tasks = ["can_use", "can_force"]
    if analysis.usable:
        tasks += ["find_play", "win"]
    for task in tasks:
        answer = solve_task(position, task, analysis=analysis)  # type: ignore[arg-type]
        puzzle = Context(position, task, answer)
        checked += assert_all_true(hints(position, analysis, task, answer), puzzle,  # type: ignore[arg-type]
                                   f"in the {task} hints")
        checked += assert_all_true(explanation(position, analysis, task, answer),  # type: ignore[arg-type]
                                   puzzle, f"in the {task} explanation")
    takes = [p for p in analysis.plays if not p.wins]
    if takes:
        answer = solve_task(position, "discard", take=takes[0].hand_cards, analysis=analysis)
        puzzle = Context(position, "discard", answer)
        checked += assert_all_true(hints(position, analysis, "discard", answer), puzzle,
                                   "in the discard hints")
        checked += assert_all_true(explanation(position, analysis, "discard", answer), puzzle,
                                   "in the discard explanation")
    return checked


def test_random_positions_say_only_true_sentences() -> None:
    rng = random.Random(2026)
    sentences = sum(check_position(random_position(rng)) for _ in range(RANDOM_POSITIONS))
    assert sentences > RANDOM_POSITIONS * 10


def test_positions_from_self_play_say_only_true_sentences() -> None:
    positions = played_positions(PLAYED_POSITIONS)
    assert len(positions) == PLAYED_POSITIONS
    sentences = sum(check_position(p) for p in positions)
    assert sentences > PLAYED_POSITIONS * 10
