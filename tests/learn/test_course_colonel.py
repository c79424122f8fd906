"""Colonel's course (tutor/learn/games/colonel.py), step by step: an answer the solver
accepts and one it rejects for every step, every revealed feedback sentence read back by
the claim checker, and the exercise kinds' own guards."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask

from solver.analysis.draw import pips
from solver.claims import Context
from solver.claims.check import check
from solver.claims.parse import parse_text
from solver.position import Position
from solver.puzzles.profile_hints import hand_explanation
from solver.rules import get_profile
from solver.rules.cite import cite
from solver.rules.variants import Colonel
from tests.claims.helpers import assert_all_true
from tutor import create_app
from tutor.learn.exercises import Answer, AnswerError, Feedback, PositionExercise
from tutor.learn.games.colonel import LESSONS
from tutor.learn.games.colonel_exercises import (
    BestDiscard,
    FindMeld,
    GoOutChoice,
    LayOffCards,
    PipsKept,
    draw_analysis,
)
from tutor.learn.profile_exercises import DrawChoice

PROFILE = Colonel.id

# (lesson, step number, an answer the solver must accept, one it must reject)
RIGHT_AND_WRONG = [
    ("colonel", 1, Answer(choice="stock"), Answer(choice="upcard")),
    ("colonel", 2, Answer(choice="upcard"), Answer(choice="stock")),
    ("colonel", 3, Answer(("JS",)), Answer(("2C",))),  # J♠ counts as much as K♦
    ("colonel", 4, Answer(choice="14"), Answer(choice="24")),  # 24: the K♥ kept
    ("colonel-melds", 1, Answer(("9S", "9C")), Answer(("9S",))),
    ("colonel-melds", 2, Answer(("7H", "8H")), Answer(("5H", "8H"))),
    ("colonel-melds", 3, Answer(("QS", "KS")), Answer(("KS", "2S"))),  # K-A-2 is no run
    ("colonel-melds", 4, Answer(("7C", "8C", "9C")), Answer(("7C", "8C"))),
    ("colonel-lay-off", 1, Answer(("10H",)), Answer(("JD",))),
    ("colonel-lay-off", 2, Answer(("QS", "KS")), Answer(("KS",))),
    ("colonel-lay-off", 3, Answer(("9C", "10C")), Answer(("8D",))),  # the 8♥ stays put
    ("colonel-going-out", 1, Answer(choice="out"), Answer(choice="stay")),
    ("colonel-going-out", 2, Answer(choice="out"), Answer(choice="stay")),
    ("colonel-going-out", 3, Answer(choice="stay"), Answer(choice="out")),
    ("colonel-scoring", 1, Answer(choice="20"), Answer(choice="30")),
    ("colonel-scoring", 2, Answer(choice="10"), Answer(choice="20")),
    ("colonel-scoring", 3, Answer(choice="upcard"), Answer(choice="stock")),
    ("colonel-scoring", 4, Answer(choice="out"), Answer(choice="stay")),
    ("colonel-strategy", 1, Answer(choice="upcard"), Answer(choice="stock")),
    ("colonel-strategy", 2, Answer(choice="upcard"), Answer(choice="stock")),
    ("colonel-strategy", 3, Answer(("10D",)), Answer(("9H",))),
    ("colonel-strategy", 4, Answer(("8C",)), Answer(("7C",))),
]

_BY_SLUG = {lesson.slug: lesson for lesson in LESSONS}


@pytest.fixture(scope="module")
def text_app() -> Flask:
    """One app for the module, for its translations only: these tests touch no database."""
    return create_app({"TESTING": True, "SECRET_KEY": "test-secret",
                       "SQLALCHEMY_DATABASE_URI": "sqlite://"})


@pytest.fixture(autouse=True)
def request_context(text_app: Flask) -> Iterator[None]:
    with text_app.test_request_context():
        yield


def _exercise(slug: str, number: int) -> PositionExercise:
    ex = _BY_SLUG[slug].steps[number - 1].exercise
    assert isinstance(ex, PositionExercise)
    return ex


def test_the_table_covers_every_step_of_the_course() -> None:
    every = {(lesson.slug, n) for lesson in LESSONS for n in range(1, len(lesson.steps) + 1)}
    assert {(slug, n) for slug, n, _r, _w in RIGHT_AND_WRONG} == every
    assert 6 <= len(LESSONS) <= 9 and 18 <= len(every) <= 30


def test_the_course_keeps_the_old_slug_and_new_slugs_start_with_the_profile_id() -> None:
    slugs = [lesson.slug for lesson in LESSONS]
    assert slugs[0] == PROFILE and len(set(slugs)) == len(slugs)
    assert all(slug.startswith(f"{PROFILE}-") for slug in slugs[1:])


def test_every_position_loads_for_the_lessons_profile() -> None:
    book = get_profile(PROFILE).book
    for lesson in LESSONS:
        assert lesson.profile == PROFILE
        assert all(rule.startswith(book) for rule in lesson.rules), lesson.slug
        for step in lesson.steps:
            ex = step.exercise
            assert isinstance(ex, PositionExercise)
            assert Position.from_dict(dict(ex.position_data)).rules.id == PROFILE


@pytest.mark.parametrize(("slug", "number", "right", "wrong"), RIGHT_AND_WRONG)
def test_the_solver_accepts_the_right_answer_and_rejects_the_wrong_one(
        slug: str, number: int, right: Answer, wrong: Answer) -> None:
    ex = _exercise(slug, number)
    good, bad = ex.check(right), ex.check(wrong)
    assert good.correct, (slug, number, good.sentences)
    assert not bad.correct, (slug, number, bad.sentences)
    assert good.sentences and bad.sentences


MELD_REASON = re.compile(r" is (a valid (set|run)|not a meld)")
"""A sentence on whether the learner's cards are a meld (the solver's meld_problem), which
the meld tests below check."""


def _shown(ex: PositionExercise, feedback: Feedback) -> list[str]:
    """The sentences about the position as the page shows them, cited with the game's own
    ids, but for the one on the learner's own cards."""
    rules = ex.position.rules
    return [cite(s, rules) for s in feedback.sentences
            if not MELD_REASON.search(s) and s not in feedback.attempt]


@pytest.mark.parametrize(("slug", "number", "right", "wrong"), RIGHT_AND_WRONG)
def test_every_revealed_sentence_passes_the_claim_checker(
        slug: str, number: int, right: Answer, wrong: Answer) -> None:
    ex = _exercise(slug, number)
    ctx = Context(ex.position)
    # The claims behind the feedback, checked against a fresh analysis…
    assert assert_all_true(hand_explanation(ex.position), ctx, f"{slug} step {number}") >= 1
    # …and the sentences as shown, read back as a teacher's import is read.
    read = 0
    for answer in (right, wrong):
        for sentence in _shown(ex, ex.check(answer)):
            claims = parse_text(sentence).claims
            assert claims, f"{slug} step {number}: the checker cannot read {sentence!r}"
            for claim in claims:
                reason = check(claim, ctx)
                assert reason is None, f"{slug} step {number}: {sentence!r} is false: {reason}"
                read += 1
    assert read >= 2


@pytest.mark.parametrize(("slug", "number", "right", "wrong"), RIGHT_AND_WRONG)
def test_a_wrong_selection_first_says_why_the_cards_are_no_meld(
        slug: str, number: int, right: Answer, wrong: Answer) -> None:
    ex = _exercise(slug, number)
    if not isinstance(ex, FindMeld | LayOffCards):
        return
    melds_rule = f"({get_profile(PROFILE).rule('melds')})"
    feedback = ex.check(wrong)
    assert feedback.first_miss().sentences == feedback.attempt
    assert len(feedback.attempt) == 1 and "is not a meld" in feedback.attempt[0]
    assert melds_rule in cite(feedback.attempt[0], ex.position.rules)
    # A right selection is told it makes a meld, the meld laid off onto included.
    first = ex.check(right).sentences[0]
    assert MELD_REASON.search(first) and "is a valid" in first
    assert melds_rule in cite(first, ex.position.rules)


def test_melds_on_the_table_are_never_rearranged() -> None:
    """The 8♥ in your run cannot make a set with the 8♦ and the 8♣ you draw (H6)."""
    ex = _exercise("colonel-lay-off", 3)
    assert isinstance(ex, FindMeld)
    assert not ex.check(Answer(("8D",))).correct
    eights = {ex.position.rules.deck.parse(c) for c in ("8D", "8C", "8H")}
    assert sum(1 << c for c in eights) not in draw_analysis(ex).melds


def test_a_discard_of_equal_count_is_right_and_the_solvers_discard_is_among_the_cards() -> None:
    ex = _exercise("colonel", 3)
    assert isinstance(ex, BestDiscard)
    analysis = draw_analysis(ex)
    assert analysis.discard is not None
    codes = ex.remaining_codes()
    top = max(pips(ex.position.rules.deck.parse(c)) for c in codes)
    for code in codes:
        right = ex.check(Answer((code,))).correct
        assert right == (pips(ex.position.rules.deck.parse(code)) == top), code


def test_discard_steps_show_the_upcard_in_a_meld_and_no_lay_off() -> None:
    """The discard page says the upcard went into your melds and draws only your melds."""
    for lesson in LESSONS:
        for step in lesson.steps:
            if isinstance(step.exercise, BestDiscard):
                analysis = draw_analysis(step.exercise)
                assert any(m >> analysis.upcard & 1 for m in analysis.best_melds), lesson.slug
                assert not analysis.best_lay_offs, lesson.slug


def test_pips_choices_are_distinct_and_hold_the_solvers_count() -> None:
    for lesson in LESSONS:
        for step in lesson.steps:
            ex = step.exercise
            if isinstance(ex, PipsKept):
                values = [c.value for c in ex.choices()]
                assert len(values) == len(set(values)) >= 3, lesson.slug
                assert str(draw_analysis(ex).deadwood) in values


@pytest.mark.parametrize(
    ("slug", "number", "answer"),
    [
        ("colonel-melds", 1, Answer(("9D",))),  # the upcard is not in the hand
        ("colonel-melds", 1, Answer(("XX",))),  # not a card
        ("colonel-lay-off", 2, Answer(("AS",))),
        ("colonel", 3, Answer(("9S", "9C"))),  # one discard only
        ("colonel", 3, Answer(("9S",))),  # melded, not left to discard
        ("colonel", 4, Answer(choice="99")),  # not one of the buttons
        ("colonel-going-out", 1, Answer()),
    ],
)
def test_malformed_answers_are_answer_errors(slug: str, number: int, answer: Answer) -> None:
    with pytest.raises(AnswerError):
        _exercise(slug, number).check(answer)


def test_an_empty_selection_asks_for_a_card() -> None:
    for slug, number in (("colonel-melds", 1), ("colonel-lay-off", 2)):
        feedback = _exercise(slug, number).check(Answer(()))
        assert not feedback.correct and feedback.attempt


@pytest.mark.parametrize(("slug", "number", "right", "wrong"), RIGHT_AND_WRONG)
def test_a_right_answer_is_never_greeted_with_a_no(
        slug: str, number: int, right: Answer, wrong: Answer) -> None:
    """The solver's verdict opens "Yes:" or "No:" (is the upcard better, or do you go out?):
    a right choice says the same word, and a right selection or count hears "Yes"."""
    ex = _exercise(slug, number)
    verdict = next(s for s in ex.check(right).sentences
                   if not MELD_REASON.search(s)).split(":")[0]
    assert verdict in ("Yes", "No")
    labels = {c.value: str(c.label) for c in ex.choices()}
    if right.choice in labels and labels[right.choice][:4] in ("Yes:", "No: "):
        assert labels[right.choice].startswith(verdict + ":"), (slug, number)
    else:
        assert verdict == "Yes", (slug, number)


def test_every_kind_is_used() -> None:
    kinds = {type(step.exercise) for lesson in LESSONS for step in lesson.steps}
    assert kinds == {DrawChoice, FindMeld, LayOffCards, BestDiscard, GoOutChoice, PipsKept}
