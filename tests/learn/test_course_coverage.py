"""Every game's course teaches its whole rule book: each rule id of the profile's book is
exercised by at least one lesson step of that profile (cited in the step's text or its
exercise's prompt, and the step ends in an exercise the solver checks).  The map from rule
ids to steps is built here from the lessons themselves, so a new profile or a new rule is
checked without editing this file."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

import pytest
from flask import Flask

from solver.game.registry import GAMES
from solver.rules import get_profile
from tutor.learn.course import Lesson, Step
from tutor.learn.lessons import LESSONS

RULE_ID = re.compile(r"(?<!\w)([A-Z])(\d{1,2})(?!\w)")


@pytest.fixture(autouse=True)
def request_context(app: Flask) -> Iterator[None]:
    with app.test_request_context():
        yield


def _cited(step: Step, book: str) -> set[str]:
    texts = [str(p) for p in step.paragraphs] + [str(step.exercise.prompt)]
    return {f"{m.group(1)}{int(m.group(2))}" for text in texts
            for m in RULE_ID.finditer(text) if m.group(1) == book}


def rule_map(profile_id: str) -> dict[str, list[tuple[str, int]]]:
    """Rule id -> the (lesson slug, step number) pairs of ``profile_id``'s course citing it."""
    book = get_profile(profile_id).book
    steps: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for lesson in LESSONS:
        if lesson.profile != profile_id:
            continue
        for number, step in enumerate(lesson.steps, start=1):
            for rule in _cited(step, book):
                steps[rule].append((lesson.slug, number))
    return steps


def _book_ids(profile_id: str) -> list[str]:
    rules = get_profile(profile_id)
    return [f"{rules.book}{i}" for i in range(1, rules.book_size + 1)]


@pytest.mark.parametrize("profile_id", list(GAMES))
def test_every_rule_of_the_book_is_exercised_by_a_step_of_the_games_course(
        profile_id: str) -> None:
    mapped = rule_map(profile_id)
    missing = [rule for rule in _book_ids(profile_id) if not mapped.get(rule)]
    assert not missing, f"{profile_id}: no lesson step exercises {', '.join(missing)}"


@pytest.mark.parametrize("profile_id", list(GAMES))
def test_a_step_cites_only_rules_of_its_own_book(profile_id: str) -> None:
    ids = set(_book_ids(profile_id))
    book = get_profile(profile_id).book
    lessons: list[Lesson] = [lesson for lesson in LESSONS if lesson.profile == profile_id]
    assert lessons, f"{profile_id} has no lessons"
    for lesson in lessons:
        assert set(lesson.rules) <= ids, lesson.slug
        for number, step in enumerate(lesson.steps, start=1):
            assert _cited(step, book) <= ids, (lesson.slug, number)
            # Another book's ids would send the learner to the wrong rule book.
            texts = [str(p) for p in step.paragraphs] + [str(step.exercise.prompt)]
            foreign = {m.group(0) for text in texts for m in RULE_ID.finditer(text)
                       if m.group(1) != book and m.group(1) in "RCHIK"}
            assert not foreign, (lesson.slug, number, foreign)
