"""The parts of the "find the better move" puzzle that need no graded hand: a response is
one of the position's legal actions or a clear error, answers are graded by membership,
the contract's validator refuses the site-only task by name, and the claim checker of a
stored review refuses every sentence that is not a fact of that review."""

from __future__ import annotations

import json
from typing import Any

import pytest

from solver.claims.review import GRADE_WORDS, KIND_WORDS, ReviewClaim, false_review_claims
from solver.puzzles.best_move import BEST_MOVE, BadMove, BestMovePuzzle, is_accepted, read_move
from solver.puzzles.model import TASKS, PuzzleFormatError, parse_puzzle
from tutor.mistakes.best_move import claims_of

DISCARD_3 = {"type": "discard", "card": "3S"}
DISCARD_K = {"type": "discard", "card": "KH"}
MELD = {"type": "meld", "cards": ["5D", "5H", "5C"]}
POSITION: dict[str, Any] = {"rules": "kunken", "observation": {"hand": ["3S", "KH"]},
                            "actions": [DISCARD_3, DISCARD_K, MELD]}
REVIEW: dict[str, Any] = {"step": 7, "grade": "blunder", "deals": 40, "chances": -0.25,
                          "best_chances": 0.5, "you": DISCARD_K, "best": MELD, "same": False}


@pytest.mark.parametrize(("sent", "says"), [
    (None, "Choose one of the moves"),
    ("", "Choose one of the moves"),
    ("{not json", "not valid JSON"),
    ('["discard", "3S"]', "JSON object"),
    (json.dumps({"type": "discard", "card": "QS"}), "not one of the legal moves"),
    (json.dumps({**MELD, "cards": ["5D", "5H"]}), "not one of the legal moves"),
])
def test_a_response_that_is_no_legal_action_is_refused_saying_why(sent: object, says: str
                                                                   ) -> None:
    with pytest.raises(BadMove, match=says):
        read_move(POSITION, sent)


def test_a_legal_action_is_read_whatever_its_key_order() -> None:
    sent = json.dumps({"cards": MELD["cards"], "type": "meld"})
    assert read_move(POSITION, sent) == MELD


def test_answers_are_graded_by_membership_of_the_accepted_moves() -> None:
    puzzle = BestMovePuzzle("p", "kunken", {}, tuple(POSITION["actions"]), (MELD,), 2)
    answer = puzzle.to_dict()["answer"]
    assert is_accepted(answer, MELD)
    assert not is_accepted(answer, DISCARD_K) and not is_accepted(answer, DISCARD_3)


def test_an_accepted_move_must_be_a_legal_action() -> None:
    with pytest.raises(BadMove):
        BestMovePuzzle("p", "kunken", {}, (DISCARD_3,), (MELD,), 2)
    with pytest.raises(BadMove):
        BestMovePuzzle("p", "kunken", {}, (DISCARD_3,), (), 2)


def test_the_puzzle_format_refuses_the_site_task_by_name() -> None:
    data = BestMovePuzzle("p", "kunken", {}, tuple(POSITION["actions"]), (MELD,), 2).to_dict()
    assert BEST_MOVE not in TASKS
    with pytest.raises(PuzzleFormatError) as refused:
        parse_puzzle(data, "mine.json")
    assert refused.value.field == "task"
    assert "best_move" in str(refused.value) and "find_play" in str(refused.value)


def test_the_sentences_of_a_review_are_its_facts() -> None:
    hints, why = claims_of(REVIEW)
    assert false_review_claims([*hints, *why], REVIEW) == []
    said = " ".join(c.render(lambda m: m["type"]) for c in [*hints, *why])
    assert "discard" in said and "meld" in said and "40" in said and "-0.25" in said


@pytest.mark.parametrize("wrong", [
    ReviewClaim("played", {"move": DISCARD_3}, {"grade": "blunder"}),
    ReviewClaim("played", {"move": DISCARD_K}, {"grade": "mistake"}),
    ReviewClaim("best_kind", {}, {"kind": "discard"}),
    ReviewClaim("best_same_kind", {}, {"kind": "meld"}),
    ReviewClaim("best", {"move": DISCARD_K}),
    ReviewClaim("figures", {}, {"deals": 40, "best": 0.5, "chances": 0.25}),
    ReviewClaim("figures", {}, {"deals": 41, "best": 0.5, "chances": -0.25}),
    ReviewClaim("nonsense"),
])
def test_a_sentence_the_review_does_not_hold_is_refused(wrong: ReviewClaim) -> None:
    assert false_review_claims([wrong], REVIEW)


def test_a_better_move_is_not_named_when_the_learner_played_it() -> None:
    same = {**REVIEW, "best": DISCARD_K, "same": True}
    assert false_review_claims([ReviewClaim("best", {"move": DISCARD_K})], same)


def test_every_grade_and_kind_word_renders() -> None:
    for grade in GRADE_WORDS:
        assert ReviewClaim("played", {"move": MELD}, {"grade": grade}).render(str)
    for kind in KIND_WORDS:
        assert ReviewClaim("best_kind", {}, {"kind": kind}).render(str)
