"""A "find the better move" puzzle accepts every move the grader rates best (issue 28): when
the playouts rate two or more moves as good, by the grader's own measure (the same mean
over the same deals, or a drop from the best that the grader grades "best"), a learner
who finds any of them is right, and the page says so only where the stored review holds it.

Checked for every registered game: the graders list the tie set, the puzzle accepts it and
refuses the learner's move, its sentences are confirmed by the claim checker, and the page
grades a tied move correct and says why."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from flask import Flask

from solver.claims.review import ReviewClaim, false_review_claims
from solver.game.registry import GAMES, game_rules
from solver.puzzles.best_move import index_of, is_accepted
from solver.review.paired import best_moves
from tests.conformance.games import new_hand
from tutor.core.learner import SESSION_KEY
from tutor.extensions import db
from tutor.mistakes.best_move import best_move_puzzle
from tutor.mistakes.store import personal_set
from tutor.models import Learner, Puzzle

GAME_IDS = sorted(GAMES)

# --- the graders' tie set ------------------------------------------------------------------

LOSE, WIN = [0.0] * 80, [1.0] * 80
HALF = [1.0, 0.0] * 40
OTHER_HALF = [0.0, 1.0] * 40


@pytest.mark.parametrize(("rows", "best"), [
    ([LOSE, WIN, WIN], (1, 2)),  # the same results on every deal
    ([LOSE, HALF, OTHER_HALF], (1, 2)),  # the same mean on other deals: ranked equal
    ([LOSE, WIN, HALF], (1,)),  # half as good is not as good
    # a quarter of a point under the best, over 400 deals: a drop graded "best"
    ([[0.0] * 400, [1.0] * 400, [1.0] * 399 + [0.0]], (1, 2)),
    ([LOSE, WIN, [1.0] * 79 + [0.0]], (1,)),  # over 80 deals that drop is not clear
    ([WIN, LOSE, LOSE], (0,)),  # the learner's move alone
], ids=["same", "same-mean", "worse", "within-grade", "unclear", "learner"])
def test_the_profile_grader_ranks_as_best_every_move_as_good_as_the_best(
        rows: list[list[float]], best: tuple[int, ...]) -> None:
    assert best_moves(rows) == best


def test_a_profile_review_lists_the_other_moves_rated_best() -> None:
    from solver.game.record import state_to_dict
    from solver.review.profiles import grade_profile_hand
    from tests.conformance.games import computer_hand

    tied = 0
    for seed in range(3):
        stored = state_to_dict(computer_hand("kunken", seed))
        for d in grade_profile_hand(stored, 0, f"ties:{seed}", playouts=400)["decisions"]:
            also = d["also_best"]
            assert index_of(also, d["you"]) is None and index_of(also, d["best"]) is None
            assert len({json.dumps(m, sort_keys=True) for m in also}) == len(also)
            tied += bool(also)
    assert tied, "no decision of these hands has two moves rated best"


def test_conquian_40_lists_every_candidate_tied_with_the_best() -> None:
    from solver.game.conquian.view import observe
    from solver.players.expert import ExpertPlayer
    from solver.review.grading import grade_decision, is_choice

    tied = 0
    for seed in range(4):
        state, rng = new_hand("conquian-40", seed), random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == 0 and is_choice(view := observe(state, 0)):
                mine = rng.choice(view.legal_actions())
                d = grade_decision(view, mine, ExpertPlayer(), random.Random(seed), deals=24)
                others = [o for o in d.options[1:] if o is not d.best]
                assert d.chosen not in d.also_best and d.best not in d.also_best
                # an exact tie on the same deals has no drop: graded "best", so listed
                assert {id(o) for o in others if o.chances == d.best.chances} <= \
                    {id(o) for o in d.also_best}
                listed = d.to_dict()["also_best"]
                assert listed == [o.action.to_dict() for o in d.also_best]
                tied += bool(d.also_best)
            state.apply_action(rng.choice(state.legal_actions()))
    assert tied, "no decision of these hands has two moves rated best"


# --- the puzzle ------------------------------------------------------------------------------


def decision(game_id: str) -> tuple[Any, list[dict[str, Any]]]:
    """A position of the game where seat 0 is to act with three legal moves at least."""
    for seed in range(50):
        state, rng = new_hand(game_id, seed), random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == 0:
                actions = [a.to_dict() for a in
                           game_rules(game_id).observe(state, 0).legal_actions()]
                if len(actions) >= 3:
                    return state, actions
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"{game_id}: no position with three moves in 50 hands")


def graded(actions: list[dict[str, Any]], also: list[dict[str, Any]]) -> dict[str, Any]:
    """A mistake: the learner played move 0, the grader rated move 1 best (and ``also``)."""
    return {"step": 3, "grade": "mistake", "deals": 48, "chances": 0.25, "best_chances": 0.75,
            "you": actions[0], "best": actions[1], "also_best": also, "same": False}


ILLEGAL = {"type": "discard", "card": "XX"}

# (case, the tie set the grader stored as indices of the legal moves or ILLEGAL,
#  the moves accepted besides the best)
CASES = [
    ("one-tie", [2], [2]),
    ("the-learners-move-never", [0, 2], [2]),
    ("the-best-once", [1, 2, 2], [2]),
    ("an-illegal-move-never", [ILLEGAL, 2], [2]),
]


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize(("stored", "accepted"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_the_puzzle_accepts_every_move_rated_best_and_says_so(
        game_id: str, stored: list[Any], accepted: list[int]) -> None:
    state, actions = decision(game_id)
    also = [m if isinstance(m, dict) else actions[m] for m in stored]
    puzzle = best_move_puzzle(state, game_id, graded(actions, also), "tie")
    assert puzzle is not None
    answer = puzzle.to_dict()["answer"]
    assert [index_of(actions, m) for m in puzzle.accepted] == [1, *accepted]
    assert all(is_accepted(answer, actions[i]) for i in [1, *accepted])
    assert not is_accepted(answer, actions[0])
    review, claims = puzzle.observation["review"], puzzle.observation["claims"]
    said = [ReviewClaim.from_dict(c) for c in [*claims["hints"], *claims["explanation"]]]
    assert false_review_claims(said, review) == []
    named = [c.moves["move"] for c in said if c.key == "also_best"]
    assert [index_of(actions, m) for m in named] == accepted
    for i in accepted:
        assert f"rated this move best too: move {i}." in puzzle.explanation


@pytest.mark.parametrize("wrong", ["you", "best", "other"])
def test_a_move_is_never_said_to_be_as_good_unless_the_review_lists_it(wrong: str) -> None:
    _, actions = decision("kunken")
    review = graded(actions, [actions[2]])
    move = {"you": actions[0], "best": actions[1], "other": ILLEGAL}[wrong]
    assert false_review_claims([ReviewClaim("also_best", {"move": move})], review)
    assert not false_review_claims([ReviewClaim("also_best", {"move": actions[2]})], review)


# --- the page --------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_page_grades_a_tied_move_right_and_says_why(app: Flask, game_id: str) -> None:
    state, actions = decision(game_id)
    puzzle = best_move_puzzle(state, game_id, graded(actions, [actions[2]]), "tie")
    assert puzzle is not None
    data = puzzle.to_dict()
    with app.app_context():
        learner = Learner(token="t" * 32)
        db.session.add(learner)
        db.session.flush()
        row = personal_set(learner.id, game_id)
        db.session.add(Puzzle(
            puzzle_set=row, key="tie", position_index=0, title=data["title"],
            position=data["position"], task=data["task"], answer=data["answer"],
            themes=[], difficulty=data["difficulty"], hints=data["hints"],
            explanation=data["explanation"]))
        db.session.commit()
        slug = row.slug
    client = app.test_client()
    with client.session_transaction() as session:
        session[SESSION_KEY] = "t" * 32
    url = f"/mine/{slug}/tie/answer"
    wrong = client.post(url, data={"action": json.dumps(actions[0])})
    assert wrong.status_code == 200 and "Not quite" in wrong.get_data(True)
    assert "accepted too" not in wrong.get_data(True)
    right = client.post(url, data={"action": json.dumps(actions[2])})
    page = right.get_data(True)
    assert right.status_code == 200 and "Solved after a miss" in page
    assert "The grader rated your move best too, so it is accepted." in page
    assert page.count("rated this move best too:") == 1  # the explanation names it
