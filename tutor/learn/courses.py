"""The learning path as one course per game: each rule profile's lessons, in teaching order,
in the registry's order of games (conquian-40 first)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from solver.rules import DEFAULT_PROFILE, PROFILES, RuleProfile, get_profile
from tutor.learn.course import Lesson
from tutor.learn.lessons import LESSONS


@dataclass(frozen=True)
class Course:
    rules: RuleProfile
    lessons: tuple[Lesson, ...]

    @property
    def game(self) -> str:
        return self.rules.id


COURSES: Final[tuple[Course, ...]] = tuple(
    Course(get_profile(pid), tuple(lesson for lesson in LESSONS if lesson.profile == pid))
    for pid in PROFILES
    if any(lesson.profile == pid for lesson in LESSONS)
)
_BY_GAME: Final = {course.game: course for course in COURSES}
DEFAULT_COURSE: Final = _BY_GAME[DEFAULT_PROFILE.id]


def course_of(game: str) -> Course | None:
    return _BY_GAME.get(game)


def course_of_lesson(lesson: Lesson) -> Course:
    return _BY_GAME[lesson.profile]


def following(lesson: Lesson) -> Lesson | None:
    """The next lesson of the same game's course, or None after its last."""
    lessons = course_of_lesson(lesson).lessons
    index = lessons.index(lesson)
    return lessons[index + 1] if index + 1 < len(lessons) else None


__all__ = ["COURSES", "DEFAULT_COURSE", "Course", "course_of", "course_of_lesson", "following"]
