"""Conquin's course (tutor/learn/games/conquin.py), step by step: an answer the solver
accepts and one it rejects for every step, every revealed feedback sentence read back by
the claim checker, and the guards of Conquin's own exercise kinds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from solver.analysis import ClosingAnalysis
from solver.claims import Context
from solver.claims.check import check
from solver.claims.parse import parse_text
from solver.position import Position
from solver.puzzles.profile_hints import hand_explanation
from solver.rules import get_profile
from solver.rules.cite import cite
from solver.rules.variants import Conquin
from solver.search import analyze_any
from tests.claims.helpers import assert_all_true
from tutor.learn.exercises import Answer, AnswerError
from tutor.learn.games.conquin import LESSONS
from tutor.learn.games.conquin_exercises import MULTIPLIERS, ClosingDiscard, StakeChoice
from tutor.learn.profile_exercises import CloseChoice

PROFILE = Conquin.id

# (lesson, step number, an answer the solver must accept, one it must reject)
RIGHT_AND_WRONG = [
    ("conquin-table", 1, Answer(choice="close"), Answer(choice="wait")),
    ("conquin-table", 2, Answer(choice="wait"), Answer(choice="close")),
    ("conquin-table", 3, Answer(choice="wait"), Answer(choice="close")),
    ("conquin-melds", 1, Answer(choice="close"), Answer(choice="wait")),  # 5♥-5♥-5♠
    ("conquin-melds", 2, Answer(choice="close"), Answer(choice="wait")),  # K♠-A♠-2♠
    ("conquin-melds", 3, Answer(choice="close"), Answer(choice="wait")),  # a 5♥ in each run
    ("conquin-melds", 4, Answer(choice="close"), Answer(choice="wait")),
    ("conquin-melds", 5, Answer(choice="wait"), Answer(choice="close")),  # K♦ with two jokers
    ("conquin", 1, Answer(choice="close"), Answer(choice="wait")),
    ("conquin", 2, Answer(choice="wait"), Answer(choice="close")),
    ("conquin", 3, Answer(choice="close"), Answer(choice="wait")),
    ("conquin-payments", 1, Answer(choice="2"), Answer(choice="1")),
    ("conquin-payments", 2, Answer(choice="5"), Answer(choice="2")),
    ("conquin-payments", 3, Answer(choice="4"), Answer(choice="5")),
    ("conquin-payments", 4, Answer(choice="2"), Answer(choice="1")),  # two melds beat the run
    ("conquin-payments", 5, Answer(choice="1"), Answer(choice="2")),
    ("conquin-chips", 1, Answer(choice="2"), Answer(choice="1")),
    ("conquin-chips", 2, Answer(choice="2"), Answer(choice="4")),
    ("conquin-chips", 3, Answer(choice="5"), Answer(choice="4")),
    ("conquin-long-deals", 1, Answer(choice="wait"), Answer(choice="close")),
    ("conquin-long-deals", 2, Answer(choice="close"), Answer(choice="wait")),
    ("conquin-strategy", 1, Answer(("7S",)), Answer(("2C",))),  # ×2 against ×1
    ("conquin-strategy", 2, Answer(("6C",)), Answer(("5S",))),  # ×4 against ×2
    ("conquin-strategy", 3, Answer(choice="close"), Answer(choice="wait")),
    ("conquin-strategy", 4, Answer(choice="wait"), Answer(choice="close")),
]

_BY_SLUG = {lesson.slug: lesson for lesson in LESSONS}


@pytest.fixture(autouse=True)
def request_context(app: Flask) -> Iterator[None]:
    with app.test_request_context():
        yield


def _exercise(slug: str, number: int) -> CloseChoice:
    ex = _BY_SLUG[slug].steps[number - 1].exercise
    assert isinstance(ex, CloseChoice)
    return ex


def _closing(ex: CloseChoice) -> ClosingAnalysis:
    analysis = analyze_any(ex.position)
    assert isinstance(analysis, ClosingAnalysis)
    return analysis


def test_the_table_covers_every_step_of_the_course() -> None:
    every = {(lesson.slug, n) for lesson in LESSONS for n in range(1, len(lesson.steps) + 1)}
    assert {(slug, n) for slug, n, _r, _w in RIGHT_AND_WRONG} == every
    assert 6 <= len(LESSONS) <= 9 and 18 <= len(every) <= 30


def test_the_course_keeps_the_old_slug_and_new_slugs_start_with_the_profile_id() -> None:
    slugs = [lesson.slug for lesson in LESSONS]
    assert PROFILE in slugs and len(set(slugs)) == len(slugs)
    assert all(slug.startswith(f"{PROFILE}-") for slug in slugs if slug != PROFILE)


def test_every_position_loads_for_the_lessons_profile_and_no_two_steps_share_one() -> None:
    book = get_profile(PROFILE).book
    seen: set[str] = set()
    for lesson in LESSONS:
        assert lesson.profile == PROFILE
        assert all(rule.startswith(book) for rule in lesson.rules), lesson.slug
        for step in lesson.steps:
            ex = step.exercise
            assert isinstance(ex, CloseChoice)
            assert Position.from_dict(dict(ex.position_data)).rules.id == PROFILE
            key = repr(sorted(ex.position.to_dict().items()))
            assert key not in seen, (lesson.slug, step.title)
            seen.add(key)


@pytest.mark.parametrize(("slug", "number", "right", "wrong"), RIGHT_AND_WRONG)
def test_the_solver_accepts_the_right_answer_and_rejects_the_wrong_one(
        slug: str, number: int, right: Answer, wrong: Answer) -> None:
    ex = _exercise(slug, number)
    good, bad = ex.check(right), ex.check(wrong)
    assert good.correct, (slug, number, good.sentences)
    assert not bad.correct, (slug, number, bad.sentences)
    assert good.sentences and bad.sentences


@pytest.mark.parametrize(("slug", "number", "right", "wrong"), RIGHT_AND_WRONG)
def test_every_revealed_sentence_passes_the_claim_checker(
        slug: str, number: int, right: Answer, wrong: Answer) -> None:
    ex = _exercise(slug, number)
    ctx = Context(ex.position)
    # The claims behind the feedback, checked against a fresh analysis…
    assert assert_all_true(hand_explanation(ex.position), ctx, f"{slug} step {number}") >= 1
    # …and the sentences as the page shows them, read back as a teacher's import is read.
    read = 0
    for answer in (right, wrong):
        for sentence in (cite(s, ex.position.rules) for s in ex.check(answer).sentences):
            claims = parse_text(sentence).claims
            assert claims, f"{slug} step {number}: the checker cannot read {sentence!r}"
            for claim in claims:
                reason = check(claim, ctx)
                assert reason is None, f"{slug} step {number}: {sentence!r} is false: {reason}"
                read += 1
    assert read >= 2


def test_a_stake_question_accepts_exactly_the_best_multiplier_and_says_it() -> None:
    asked = 0
    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, start=1):
            ex = step.exercise
            if not isinstance(ex, StakeChoice):
                continue
            best = _closing(ex).closings[0].multiplier
            assert {c.value for c in ex.choices()} == {str(m) for m in MULTIPLIERS}
            right = [m for m in MULTIPLIERS if ex.check(Answer(choice=str(m))).correct]
            assert right == [best], (lesson.slug, number)
            # The feedback names that same multiplier, not a smaller arrangement's.
            text = " ".join(ex.check(Answer(choice=str(best))).sentences)
            assert f"multiplied by {best} " in text, (lesson.slug, number, text)
            asked += 1
    assert asked >= 5


def test_a_closing_discard_is_right_exactly_when_no_other_discard_pays_more() -> None:
    asked = 0
    for lesson in LESSONS:
        for step in lesson.steps:
            ex = step.exercise
            if not isinstance(ex, ClosingDiscard):
                continue
            closings = _closing(ex).closings
            pays = {c.discard: c.multiplier for c in closings}
            assert len(set(pays.values())) >= 2, "the step must offer a worse closing"
            top = max(pays.values())
            for code in ex.remaining_codes():
                kind = ex._kind(code)
                assert ex.check(Answer((code,))).correct == (pays.get(kind) == top), code
            assert ex.played_melds() == [] and len(ex.remaining_codes()) == 11
            asked += 1
    assert asked >= 2


def test_the_worked_example_of_the_rule_book_is_the_first_step() -> None:
    """docs/rules/conquin.md: 7♠-7♥-7♥-7♣ and 9♦ to A♦ pay ×2 (I5, I10)."""
    best = _closing(_exercise("conquin-table", 1)).closings[0].to_dict()
    assert best["multiplier"] == 2
    assert sorted(map(sorted, best["melds"])) == sorted(
        [sorted(["7S", "7H", "7H", "7C"]), sorted(["9D", "10D", "JD", "QD", "KD", "AD"])])


@pytest.mark.parametrize(
    ("slug", "number", "answer"),
    [
        ("conquin-payments", 1, Answer(choice="3")),  # no closing pays ×3
        ("conquin-payments", 1, Answer()),
        ("conquin-strategy", 1, Answer(("7S", "2C"))),  # one discard only
        ("conquin-strategy", 1, Answer(())),
        ("conquin-strategy", 1, Answer(("9H",))),  # not among the eleven cards
        ("conquin-strategy", 1, Answer(("XX",))),  # not a card
        ("conquin-table", 1, Answer(choice="take")),
    ],
)
def test_malformed_answers_are_answer_errors(slug: str, number: int, answer: Answer) -> None:
    with pytest.raises(AnswerError):
        _exercise(slug, number).check(answer)


def test_a_stake_question_on_a_hand_that_cannot_close_is_a_lesson_bug() -> None:
    ex = _exercise("conquin-table", 2)
    stake = StakeChoice(prompt="p", position_data=ex.position_data)
    with pytest.raises(ValueError, match="closes"):
        stake.check(Answer(choice="1"))


def test_a_discard_not_among_the_eleven_cards_is_named_in_the_error() -> None:
    with pytest.raises(AnswerError, match="9♥ is not one of the cards"):
        _exercise("conquin-strategy", 1).check(Answer(("9H",)))
