"""C15: a Cooncan match to a point total, scored with the loser's pips."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from solver.game.cooncan import COONCAN, CooncanState
from solver.game.deal import deal_from_seed
from solver.game.meld_match import COONCAN_POINTS, MeldMatch
from solver.game.playing import play_match
from solver.game.registry import game_rules, players_of
from tests.game.helpers import mask


def _finished(winner: int | None, loser_hand: str) -> CooncanState:
    state = CooncanState(deal_from_seed(3, 0, COONCAN))
    state.winner, state.phase = winner, "over"
    if winner is not None:
        state.hands[1 - winner] = mask(loser_hand)
    return state


def test_c15_the_winner_scores_the_losers_pips_and_a_draw_scores_nothing() -> None:
    match = MeldMatch(1, COONCAN, points=True)
    assert match.target == COONCAN_POINTS
    match.record_result(_finished(0, "AS 7H KD"))  # 15 + 7 + 10
    assert match.score == [32, 0]
    match.record_result(_finished(None, ""))
    assert match.score == [32, 0] and match.stake == 1  # nothing carried over (C15)
    match.record_result(_finished(1, "2C"))
    assert match.score == [32, 2] and not match.is_over()


def test_c15_the_first_to_the_total_wins() -> None:
    match = MeldMatch(1, COONCAN, 40, points=True)
    match.record_result(_finished(1, "AS AH QD"))  # 15 + 15 + 10
    assert match.is_over() and match.winner() == 1


def test_c15_a_whole_match_to_points_ends_with_its_winner_at_the_total() -> None:
    players = [players_of(COONCAN)["greedy"]() for _ in range(2)]
    totals = []
    match = game_rules(COONCAN).new_match(5, COONCAN, 2, {"points": True, "target": 60})
    for state in play_match(match, players, random.Random(5)):
        totals.append((list(match.score), match.is_over()))
        if state.winner is not None:
            assert 0 <= state.hands[1 - state.winner].bit_count() <= 10
    assert [over for _, over in totals] == [False] * (len(totals) - 1) + [True]
    assert all(max(score) < 60 for score, _ in totals[:-1])
    assert match.winner() is not None
    winner = match.winner()
    assert winner is not None and match.score[winner] >= 60 > match.score[1 - winner]


@pytest.mark.parametrize("points", ["0", "-5"])
def test_c15_selfplay_refuses_a_total_below_one(points: str) -> None:
    run = subprocess.run([sys.executable, "-m", "solver", "selfplay", "--rules", "cooncan",
                          "--matches", "1", "--points", points],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 2 and "--points" in run.stderr


def test_c15_selfplay_plays_cooncan_matches_to_points() -> None:
    run = subprocess.run([sys.executable, "-m", "solver", "selfplay", "--rules", "cooncan",
                          "--matches", "2", "--points", "50", "--seed", "4"],
                         capture_output=True, text=True, check=True)
    summary = json.loads(run.stdout)
    assert summary["matches"] == 2 and sum(summary["match_wins"]) == 2
