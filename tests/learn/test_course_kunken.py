"""The Kunken courses (kunken, kunken-40, kunken-104; book K1–K16): for every step of every
profile of the book, an answer the solver accepts and one it rejects, and every sentence of
the revealed feedback read back true by the claim checker."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask

from solver.cards import cards_of
from solver.claims import Context
from solver.claims.check import check
from solver.claims.parse import parse_text
from solver.position import Position
from solver.rules import PROFILES, get_profile
from solver.rules.cite import cite
from solver.rules.variants import Kunken
from tests.claims.helpers import assert_all_true
from tutor import create_app
from tutor.learn.course import Lesson, Step
from tutor.learn.exercises import Answer
from tutor.learn.games.kunken_exercises import SafeDiscard
from tutor.learn.lessons import LESSONS

BOOK = Kunken.book
KUNKEN_PROFILES = [pid for pid, rules in PROFILES.items() if rules.book == BOOK]


@pytest.fixture(scope="module")
def course_app() -> Flask:
    """One app for the whole file: the lessons need its translations, never a database."""
    return create_app({"TESTING": True, "SECRET_KEY": "test-secret",
                       "SQLALCHEMY_DATABASE_URI": "sqlite://"})


@pytest.fixture(autouse=True)
def request_context(course_app: Flask) -> Iterator[None]:
    with course_app.test_request_context():
        yield


def _title(step: Step) -> str:
    return str(step.title)


def _steps(profile_id: str) -> Iterator[tuple[Lesson, int, Step]]:
    for lesson in LESSONS:
        if lesson.profile == profile_id:
            for number, step in enumerate(lesson.steps, start=1):
                yield lesson, number, step


def _kind(lesson: Lesson) -> str:
    """The lesson without its profile: "deal" for kunken-deal and kunken-40-deal alike; the
    first one-lesson course of each profile is "first"."""
    rest = lesson.slug.removeprefix(lesson.profile)
    return rest.removeprefix("-") or "first"


TAKE, LEAVE = Answer(choice="take"), Answer(choice="leave")


def _cards(*codes: str) -> Answer:
    return Answer(tuple(codes))


# (lesson kind, step title) -> (an answer the solver must accept, one it must reject): the
# positions of a shared step are the same in every profile that has it.
RIGHT_AND_WRONG: dict[tuple[str, str], tuple[Answer, Answer]] = {
    ("deal", "The pack"): (_cards("2S", "3S"), _cards("QS", "KS")),  # no wrap from K to A
    ("deal", "The 7 next to the J"): (_cards("6D", "7D"), _cards("7D")),
    ("deal", "The deal and the opening card"): (TAKE, LEAVE),
    ("deal", "Eleven cards after the opening card"): (_cards(), _cards("QS")),
    ("melds", "Runs and sets"): (_cards("5S", "5D"), _cards("5S")),
    ("melds", "Two copies never share a set"): (_cards("5H", "5D"), _cards("5C", "5D")),
    ("melds", "A joker stands for a missing card"): (_cards("4S", "*"), _cards("4S")),
    ("melds", "No jokers in this pack"): (LEAVE, TAKE),
    ("turn", "Take only what you use now"): (LEAVE, TAKE),
    ("turn", "The stock card"): (_cards("JC", "KC"), _cards("JC")),
    ("turn", "Melds from your hand"): (_cards("AC", "2C", "QS", "QH", "QD", "QC"),
                                       _cards("AC", "2C")),
    ("turn", "Nobody forces a card"): (Answer(choice="no"), Answer(choice="yes")),
    ("own-melds", "Extend a meld"): (_cards(), _cards("QH")),
    ("own-melds", "Rearrange your melds"): (_cards("3D"), _cards()),
    ("own-melds", "Take a whole meld back"): (_cards("4D"), _cards()),
    ("lay-offs", "Your own meld first"): (LEAVE, TAKE),
    ("lay-offs", "Lay a card off"): (_cards(), _cards("JH")),
    ("lay-offs", "A frozen meld"): (LEAVE, TAKE),
    ("lay-offs", "Swap a joker"): (_cards("8D", "6C"), _cards("6C")),
    ("first", "A joker fills the gap"): (_cards("9S", "*"), _cards("9S")),
    ("first", "No meld, no lay-off"): (LEAVE, TAKE),
    ("first", "Taking cards back"): (_cards("7D"), _cards("QS")),
    ("first", "A lay-off with 40 cards"): (_cards(), _cards("AD", "2D")),
    ("first", "Two of a card, and a joker"): (_cards("8C", "*"), _cards("8C", "8C")),
    ("winning", "Exactly eleven"): (_cards("4H", "5H", "6H"), _cards("5H", "6H")),
    ("winning", "Ten down is not a win"): (TAKE, LEAVE),
    ("winning", "Both players score"): (_cards("6S", "JD", "QD"), _cards("JD", "QD")),
    ("match", "When the stock runs out"): (_cards("4S", "5S", "6S"), _cards("5S", "6S")),
    ("match", "The end of the match"): (_cards("AH", "2H", "4H"), _cards("AH", "2H")),
    ("strategy", "Your opponent's melds are yours to use"): (TAKE, LEAVE),
    ("strategy", "A discard that gives nothing away"): (_cards("2C"), _cards("JH")),
    ("strategy", "Go out when you can"): (_cards("AS", "2S", "3S", "5S"), _cards("2S", "3S")),
    ("strategy", "A lay-off that wins"): (TAKE, LEAVE),
}

# The steps whose answer depends on the pack: with two packs a joker may stand for a card
# one copy of which is down (K4), with one pack it may not.
BY_PACKS: dict[tuple[str, str], dict[int, tuple[Answer, Answer]]] = {
    ("melds", "A joker and the cards on the table"): {1: (LEAVE, TAKE), 2: (TAKE, LEAVE)},
}


def _answers(lesson: Lesson, step: Step) -> tuple[Answer, Answer]:
    key = (_kind(lesson), _title(step))
    if key in BY_PACKS:
        return BY_PACKS[key][get_profile(lesson.profile).deck.packs]
    return RIGHT_AND_WRONG[key]


def _every_step() -> list[tuple[str, str, int]]:
    with_app = []
    for profile_id in KUNKEN_PROFILES:
        for lesson in LESSONS:
            if lesson.profile == profile_id:
                with_app += [(profile_id, lesson.slug, n) for n in range(1, len(lesson.steps) + 1)]
    return with_app


def _step(slug: str, number: int) -> tuple[Lesson, Step]:
    lesson = next(lesson for lesson in LESSONS if lesson.slug == slug)
    return lesson, lesson.steps[number - 1]


@pytest.mark.parametrize("profile_id", KUNKEN_PROFILES)
def test_each_profile_has_a_whole_course(profile_id: str) -> None:
    lessons = [lesson for lesson in LESSONS if lesson.profile == profile_id]
    steps = sum(len(lesson.steps) for lesson in lessons)
    assert 6 <= len(lessons) <= 9 and 18 <= steps <= 30, (profile_id, len(lessons), steps)
    # The first course's slug is kept (learners' progress), the new ones start with the id.
    assert any(lesson.slug == profile_id for lesson in lessons)
    assert all(lesson.slug.startswith(profile_id) for lesson in lessons)


@pytest.mark.parametrize("profile_id", KUNKEN_PROFILES)
def test_every_step_has_an_entry_and_a_position_of_its_profile(profile_id: str) -> None:
    for lesson, number, step in _steps(profile_id):
        key = (_kind(lesson), _title(step))
        assert key in RIGHT_AND_WRONG or key in BY_PACKS, (lesson.slug, number, key)
        position = Position.from_dict(dict(step.exercise.position_data))  # type: ignore[union-attr]
        assert position.rules.id == profile_id
        if not position.rules.deck.jokers:
            assert not any("*" in str(v) for v in step.exercise.position_data.values()), (  # type: ignore[union-attr]
                lesson.slug, number)


@pytest.mark.parametrize(("profile_id", "slug", "number"), _every_step())
def test_right_answer_accepted_wrong_answer_rejected(profile_id: str, slug: str,
                                                    number: int) -> None:
    lesson, step = _step(slug, number)
    right, wrong = _answers(lesson, step)
    good, bad = step.exercise.check(right), step.exercise.check(wrong)
    assert good.correct, (slug, number, good.sentences)
    assert not bad.correct, (slug, number, bad.sentences)
    assert good.sentences and bad.sentences


def _shown(slug: str, number: int) -> Iterator[tuple[Position, str]]:
    """Every sentence of both answers' feedback, fully revealed, as the page shows it."""
    lesson, step = _step(slug, number)
    position = Position.from_dict(dict(step.exercise.position_data))  # type: ignore[union-attr]
    for answer in _answers(lesson, step):
        for sentence in step.exercise.check(answer).sentences:
            yield position, cite(sentence, position.rules)


@pytest.mark.parametrize(("profile_id", "slug", "number"), _every_step())
def test_revealed_feedback_passes_the_claim_checker(profile_id: str, slug: str,
                                                   number: int) -> None:
    read = 0
    for position, sentence in _shown(slug, number):
        for claim in parse_text(sentence).claims:
            reason = check(claim, Context(position))
            if reason is not None and reason.startswith("cannot be checked"):
                continue
            assert reason is None, f"{slug} {number}: {sentence!r} is false: {reason}"
            read += 1
    # The discard's verdicts are said of the opponent's position: the test below checks them.
    discard = isinstance(_step(slug, number)[1].exercise, SafeDiscard)
    assert read or discard, f"{slug} {number}: the checker read none of the feedback"


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


@pytest.mark.parametrize("profile_id", KUNKEN_PROFILES)
def test_text_and_feedback_cite_the_rule_they_use(profile_id: str) -> None:
    """A sentence on taking melds back cites K9 and speaks of whole melds; one on forcing
    cites the no-forcing rule; every id cited is of this book."""
    rules = get_profile(profile_id)
    texts: list[str] = []
    for lesson, number, step in _steps(profile_id):
        texts += [str(lesson.summary), *map(str, step.paragraphs), str(step.exercise.prompt)]
        texts += [s for _p, s in _shown(lesson.slug, number)]
    book_ids = {f"{BOOK}{i}" for i in range(1, rules.book_size + 1)}
    for sentence in (s for text in texts for s in _sentences(text)):
        cited = set(re.findall(r"\b[A-Z]\d+\b", sentence))
        assert cited <= book_ids, sentence
        lowered = sentence.lower()
        if cited and ("back into your hand" in lowered or "go back" in lowered):
            assert rules.rule("own_melds") in cited and "whole" in lowered, sentence
        if cited and ("forced" in lowered or "force" in lowered):
            assert rules.rule("force") in cited, sentence


def _safe_discards(profile_id: str) -> Iterator[tuple[str, int, SafeDiscard]]:
    for lesson, number, step in _steps(profile_id):
        if isinstance(step.exercise, SafeDiscard):
            yield lesson.slug, number, step.exercise


@pytest.mark.parametrize("profile_id", KUNKEN_PROFILES)
def test_the_discard_step_says_what_the_solver_finds_on_the_opponents_side(
        profile_id: str) -> None:
    """Each card's verdict is the solver's analysis of the opponent facing it: a gift is a
    play of theirs needing no hand card, its claims true of their position, and the reason
    shown names it (a lay-off onto your meld, or their own melds)."""
    discards = list(_safe_discards(profile_id))
    assert discards
    kinds = set()
    for slug, number, ex in discards:
        best = ex.best()
        for card in cards_of(ex.remaining()):
            facing = ex.facing(card)
            assert facing.rules.id == profile_id
            assert facing.melds == ex.position.opponent_melds  # their melds, seen from them
            _analysis, gifts = ex.gifts(card)
            claims = ex.gift_claims(card)
            assert bool(claims) == bool(gifts)
            assert_all_true(claims, Context(facing), f"in {slug} step {number}")
            reason = ex.reason(card)
            if not gifts:
                kinds.add("safe")
                assert "cannot put" in reason and best >> card & 1, reason
            elif any(p.lay_off for p in gifts):
                kinds.add("lay-off")
                assert "lay it off" in reason and not best >> card & 1, reason
            else:
                kinds.add("own")
                assert "their hand (K7, K9)" in reason and not best >> card & 1, reason
    # The step shows all three: a card for their melds, one for yours, and safe ones.
    assert kinds == {"safe", "lay-off", "own"}


@pytest.mark.parametrize("profile_id", KUNKEN_PROFILES)
def test_a_lesson_lists_the_rules_its_steps_cite(profile_id: str) -> None:
    """``Lesson.rules`` sends a learner's mistakes to the lesson that teaches the rule: each
    id listed is cited by one of its steps."""
    for lesson in LESSONS:
        if lesson.profile != profile_id:
            continue
        cited = {rule for step in lesson.steps
                 for text in (*map(str, step.paragraphs), str(step.exercise.prompt))
                 for rule in re.findall(rf"\b{BOOK}\d+\b", text)}
        assert set(lesson.rules) <= cited, (lesson.slug, set(lesson.rules) - cited)
