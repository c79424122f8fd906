"""Every lesson exercise: what its feedback says about a position is true, and card
exercises grade the selection as a whole with the solver (R1, R4)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from solver.claims import Context
from solver.explain import explain, explain_play
from tests.claims.helpers import assert_all_true
from tutor.learn.exercises import Answer, ExtendMeld
from tutor.learn.lessons import LESSONS, lesson_by_slug


@pytest.fixture(autouse=True)
def request_context(app: Flask) -> Iterator[None]:
    with app.test_request_context():
        yield


def test_every_position_exercise_explains_only_true_sentences() -> None:
    exercises = sentences = 0
    for lesson in LESSONS:
        for step in lesson.steps:
            ex = step.exercise
            if not hasattr(ex, "position_data"):
                continue
            exercises += 1
            analysis = ex.analysis()
            ctx = Context(analysis.position)
            where = f"in lesson {lesson.slug}"
            sentences += assert_all_true(explain(analysis), ctx, where)
            for play in analysis.plays:
                sentences += assert_all_true(explain_play(analysis, play), ctx, where)
    assert exercises >= 15 and sentences > exercises


@pytest.mark.parametrize(
    ("slug", "number", "cards", "right"),
    [
        ("deck", 2, ("JD", "7D"), True),  # 7♦-J♦-Q♦-K♦ is a run in the 40-card deck
        ("deck", 2, ("JD",), True),
        ("deck", 2, ("AD",), False),  # Q-K-A does not wrap around
        ("deck", 2, ("7D",), False),  # 7♦-Q♦-K♦ has a gap
        ("deck", 1, ("3S", "4S", "JS", "QS"), True),  # 3-4-5-6-7-J-Q♠
        ("deck", 1, ("3S",), False),
        ("deck", 1, ("4S", "7H"), False),
    ],
)
def test_card_exercises_judge_the_selection_as_a_whole(
    slug: str, number: int, cards: tuple[str, ...], right: bool
) -> None:
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    ex = lesson.steps[number - 1].exercise
    assert isinstance(ex, ExtendMeld)
    feedback = ex.check(Answer(cards))
    assert feedback.correct is right, feedback.sentences
    if not right:  # the reason comes from the solver's meld_problem
        assert "is not a meld:" in feedback.sentences[0]


def test_a_wrong_meld_says_why_from_the_solver() -> None:
    ex = lesson_by_slug("deck").steps[1].exercise  # type: ignore[union-attr]
    text = " ".join(ex.check(Answer(("AD",))).sentences)  # type: ignore[union-attr]
    assert "Q♦-K♦-A♦" in text or "A♦-Q♦-K♦" in text
    assert "(R" in text
