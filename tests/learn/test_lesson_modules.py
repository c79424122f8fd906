"""Every profile's lessons in one course: each module imports on its own (no cycle between
the course and the profiles' lessons), and each lesson's positions are of its profile."""

from __future__ import annotations

import subprocess
import sys

import pytest

from solver.rules import DEFAULT_PROFILE, PROFILES, RuleProfile
from tutor.learn.course import Lesson
from tutor.learn.exercises import PositionExercise
from tutor.learn.lessons import LESSONS, lesson_by_slug


@pytest.mark.parametrize("module", ["tutor.learn.profile_lessons", "tutor.learn.lessons",
                                    "tutor.learn.course"])
def test_each_lesson_module_imports_first(module: str) -> None:
    # A cycle between lessons.py and profile_lessons.py broke whichever came second.
    done = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("profile", PROFILES.values(), ids=str)
def test_every_profile_has_lessons_about_its_own_positions(profile: RuleProfile) -> None:
    lessons = [lesson for lesson in LESSONS if lesson.profile == profile.id]
    assert lessons
    if profile is not DEFAULT_PROFILE:  # one lesson, found by the profile's id
        assert lesson_by_slug(profile.id) in lessons
    for lesson in lessons:
        for step in lesson.steps:
            if isinstance(step.exercise, PositionExercise):
                assert step.exercise.position.rules is profile, (lesson.slug, step.title)


def test_the_default_profile_keeps_the_full_course() -> None:
    course = [lesson for lesson in LESSONS if lesson.profile == DEFAULT_PROFILE.id]
    assert len(course) > max(
        sum(lesson.profile == pid for lesson in LESSONS) for pid in PROFILES
        if pid != DEFAULT_PROFILE.id)
    assert LESSONS[: len(course)] == tuple(course)  # the course comes first
    assert all(isinstance(lesson, Lesson) for lesson in LESSONS)
