"""Cooncan's course (C1–C15) and the two steps added to conquian-40's (R3, R14): for every
step an answer the solver accepts and one it rejects, and every sentence the step's
feedback reveals, as the page shows it, is true of its position for the claim checker."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask

from solver.cards import card_str, cards_of, parse_card
from solver.claims import Context
from solver.claims.check import check
from solver.claims.parse import parse_text
from solver.position import Position
from solver.rules import DEFAULT_PROFILE, get_profile
from solver.rules.cite import cite
from solver.rules.variants import Cooncan
from tests.claims.helpers import assert_all_true
from tests.claims.test_lessons import _profile_feedback_is_true
from tutor.learn.course import Lesson
from tutor.learn.exercises import Answer, Discard, ForceOpponent
from tutor.learn.games.cooncan_exercises import SafeDiscard
from tutor.learn.lessons import LESSONS, lesson_by_slug

COURSE = Cooncan.id

# (lesson, step number, the answer the solver must accept, one it must reject)
RIGHT_AND_WRONG = [
    ("cooncan", 1, Answer(()), Answer(("7D",))),
    ("cooncan", 2, Answer(choice="no"), Answer(choice="yes")),
    ("cooncan", 3, Answer(("5H", "6H")), Answer(("5H",))),
    ("cooncan-deal", 1, Answer(("6S", "7S")), Answer(("6S",))),
    ("cooncan-deal", 2, Answer(choice="take"), Answer(choice="leave")),
    ("cooncan-deal", 3, Answer(choice="take"), Answer(choice="leave")),
    ("cooncan-melds", 1, Answer(("2S", "3S")), Answer(("QS", "KS"))),
    ("cooncan-melds", 2, Answer(("6C",)), Answer(())),
    ("cooncan-melds", 3, Answer(choice="leave"), Answer(choice="take")),
    ("cooncan-turn", 1, Answer(choice="leave"), Answer(choice="take")),
    ("cooncan-turn", 2, Answer(choice="leave"), Answer(choice="take")),
    ("cooncan-turn", 3, Answer(("4H", "5H")), Answer(("5H",))),
    ("cooncan-turn", 4, Answer(("6C",)), Answer(("KD",))),
    ("cooncan-lay-off", 1, Answer(()), Answer(("6C",))),
    ("cooncan-lay-off", 2, Answer(choice="leave"), Answer(choice="take")),
    ("cooncan-lay-off", 3, Answer(("QC",)), Answer(())),
    ("cooncan-forcing", 1, Answer(choice="yes"), Answer(choice="no")),
    ("cooncan-forcing", 2, Answer(choice="no"), Answer(choice="yes")),
    ("cooncan-forcing", 3, Answer(choice="force"), Answer(choice="allow")),
    ("cooncan-forcing", 4, Answer(choice="allow"), Answer(choice="force")),
    ("cooncan-end", 1, Answer(choice="take"), Answer(choice="leave")),
    ("cooncan-end", 2, Answer(choice="leave"), Answer(choice="take")),
    ("cooncan-end", 3, Answer(("5H", "6H", "JH")), Answer(("5H", "6H"))),
    ("cooncan-end", 4, Answer(("4D",)), Answer(())),
    ("cooncan-strategy", 1, Answer(("JD",)), Answer(("6C",))),
    ("cooncan-strategy", 2, Answer(()), Answer(("5S",))),
    ("cooncan-strategy", 3, Answer(choice="take"), Answer(choice="leave")),
]

# The steps added to conquian-40's course for its deal (R3) and its points match (R14).
CONQUIAN_ADDED = [
    ("deal", 1, Answer(choice="take"), Answer(choice="leave")),
    ("match", 2, Answer(("4D",)), Answer(())),
]

TABLE = RIGHT_AND_WRONG + CONQUIAN_ADDED


@pytest.fixture(autouse=True)
def request_context(app: Flask) -> Iterator[None]:
    with app.test_request_context():
        yield


def _course(profile_id: str) -> list[Lesson]:
    return [lesson for lesson in LESSONS if lesson.profile == profile_id]


def test_the_table_covers_every_step_of_the_course() -> None:
    covered = {(slug, n) for slug, n, _r, _w in RIGHT_AND_WRONG}
    every = {(lesson.slug, i + 1) for lesson in _course(COURSE)
             for i in range(len(lesson.steps))}
    assert covered == every


def test_the_course_is_a_full_course_with_new_slugs_named_for_the_game() -> None:
    lessons = _course(COURSE)
    steps = sum(len(lesson.steps) for lesson in lessons)
    assert 6 <= len(lessons) <= 9 and 18 <= steps <= 30, (len(lessons), steps)
    assert lessons[0].slug == COURSE  # the lesson learners' progress already names
    assert all(lesson.slug.startswith(f"{COURSE}-") for lesson in lessons[1:])
    for lesson in lessons:
        for step in lesson.steps:  # every exercise is on a position of the game
            position = Position.from_dict(dict(step.exercise.position_data))  # type: ignore[union-attr]
            assert position.rules.id == COURSE, (lesson.slug, str(step.title))


@pytest.mark.parametrize(("slug", "number", "right", "wrong"), TABLE)
def test_the_solver_accepts_the_right_answer_and_rejects_the_wrong_one(
        slug: str, number: int, right: Answer, wrong: Answer) -> None:
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    exercise = lesson.steps[number - 1].exercise
    good, bad = exercise.check(right), exercise.check(wrong)
    assert good.correct and not bad.correct, (slug, number)
    assert good.sentences and bad.sentences


@pytest.mark.parametrize(("slug", "number", "right", "wrong"), TABLE)
def test_the_revealed_feedback_passes_the_claim_checker(
        slug: str, number: int, right: Answer, wrong: Answer) -> None:
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    ex = lesson.steps[number - 1].exercise
    position = ex.position  # type: ignore[union-attr]
    ctx = Context(position)
    if lesson.profile != DEFAULT_PROFILE.id:  # every claim the solver could say here
        assert _profile_feedback_is_true(ex, f"in {slug} step {number}") > 0
    read = 0
    for answer in (right, wrong):
        for sentence in ex.check(answer).sentences:
            shown = cite(sentence, position.rules)  # as the page shows it
            assert not re.search(r"\(R\d", shown) or lesson.profile == DEFAULT_PROFILE.id
            for claim in parse_text(shown).claims:
                reason = check(claim, ctx)
                if reason is not None and reason.startswith("cannot be checked"):
                    continue
                assert reason is None, f"{slug} step {number}: {shown!r} is false: {reason}"
                read += 1
    if not isinstance(ex, Discard | ForceOpponent):  # these two explain in fixed words
        assert read > 0, (slug, number)


def test_conquian_40s_course_now_cites_its_deal_and_its_points_match() -> None:
    cited = {rule for lesson in _course(DEFAULT_PROFILE.id) for step in lesson.steps
             for text in [*map(str, step.paragraphs), str(step.exercise.prompt)]
             for rule in re.findall(r"\bR\d+\b", text)}
    assert {"R3", "R14"} <= cited


def test_a_sentence_on_the_stake_or_forcing_cites_the_rule_that_says_it() -> None:
    """The shared check of lesson text, on this course's feedback as well as its text."""
    rules = get_profile(COURSE)
    checked = 0
    for slug, number, right, wrong in RIGHT_AND_WRONG:
        lesson = lesson_by_slug(slug)
        assert lesson is not None
        step = lesson.steps[number - 1]
        texts = [str(p) for p in step.paragraphs] + [str(step.exercise.prompt)]
        for answer in (right, wrong):
            texts += [cite(s, rules) for s in step.exercise.check(answer).sentences]
        for sentence in (s for text in texts for s in re.split(r"(?<=[.!?])\s+", text)):
            cited = set(re.findall(r"\b[A-Z]\d+\b", sentence))
            assert cited <= {f"{rules.book}{i}" for i in range(1, rules.book_size + 1)}, sentence
            lowered = sentence.lower()
            if "stake" in lowered and cited:
                assert rules.rule("score") in cited, sentence
                checked += 1
            if "forced" in lowered and cited:
                assert rules.rule("force") in cited, sentence
                checked += 1
    assert checked >= 3


def _safe_discards() -> Iterator[tuple[str, int, SafeDiscard]]:
    for lesson in _course(COURSE):
        for number, step in enumerate(lesson.steps, start=1):
            if isinstance(step.exercise, SafeDiscard):
                yield lesson.slug, number, step.exercise


def test_a_discard_your_opponent_could_lay_off_onto_your_melds_is_a_gift() -> None:
    """The plain discard judges the opponent's melds only; in Cooncan the card may go onto
    yours (C9): strategy step 1's 6♣ fits your 7♣-J♣-Q♣."""
    lesson = lesson_by_slug("cooncan-strategy")
    assert lesson is not None
    ex = lesson.steps[0].exercise
    assert isinstance(ex, SafeDiscard)
    six = parse_card("6C")
    plain = Discard(prompt="p", position_data=ex.position_data, take=ex.take)
    assert plain.best() >> six & 1  # the old judgement: a lonely card, safe to let go
    assert not ex.best() >> six & 1
    feedback = ex.check(Answer(("6C",)))
    assert not feedback.correct and "7♣-J♣-Q♣" in feedback.sentences[0]
    assert "(C9)" in feedback.sentences[0]


def test_every_gift_the_safe_discard_names_is_a_true_claim_of_the_opponents_position() -> None:
    checked = 0
    for slug, number, ex in _safe_discards():
        for card in cards_of(ex.remaining()):
            facing = ex.facing(card)
            assert facing.rules.id == COURSE
            # Only their melds and yours decide: the filler hand never does.
            gifts = ex.gift_claims(card)
            gives, _partners = ex.scores()[card]
            assert bool(gifts) == gives, (slug, number, card_str(card))
            checked += assert_all_true(gifts, Context(facing), f"in {slug} step {number}")
    assert checked >= 2


def test_the_opponents_position_keeps_every_laid_off_card_with_its_owner() -> None:
    ex = SafeDiscard(
        prompt="p",
        position_data={"rules": COURSE, "hand": ["4H", "5H", "QS", "2D", "KD", "7S"],
                       "melds": [["AC", "2C", "3C", "4C"]],
                       "opponent_laid_off": [{"meld": 0, "cards": ["4C"]}],
                       "opponent_melds": [["JS", "JH", "JD"], ["KS", "KH", "KC"]],
                       "laid_off": [{"meld": 1, "cards": ["KC"]}],
                       "center": "6H", "center_from": "opponent"},
        take=("4H", "5H"),
    )
    facing = ex.facing(parse_card("QS"))
    assert card_str(facing.center) == "QS"
    # They own the 4♣ on your run and not the K♣ you laid off on their kings (C9, C14).
    assert [cards_of(m) for m in facing.laid_off if m] == [[parse_card("4C")]]
    assert [cards_of(m) for m in facing.opponent_laid_off if m] == [[parse_card("KC")]]
    assert facing.down_count + facing.hand.bit_count() == 10
