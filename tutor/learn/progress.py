"""Progress through the lessons.

A lesson is complete once every one of its exercises has been answered correctly. Solved
steps of unfinished lessons are remembered in the signed session; finished lessons are
saved as ``LessonProgress`` rows of the anonymous learner (tutor/core/learner.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import session
from sqlalchemy.exc import IntegrityError

from tutor.core.learner import current_learner
from tutor.extensions import db
from tutor.learn.course import Lesson
from tutor.learn.lessons import LESSONS
from tutor.models import Learner, LessonProgress

SESSION_KEY = "learn_steps"


def completed_slugs(learner: Learner | None) -> set[str]:
    if learner is None:
        return set()
    rows = db.session.execute(
        db.select(LessonProgress.lesson).filter_by(learner_id=learner.id)
    ).scalars()
    return set(rows)


def solved_steps(slug: str) -> set[int]:
    """Indices (0-based) of the steps of an unfinished lesson solved in this browser."""
    data = session.get(SESSION_KEY)
    if not isinstance(data, dict):
        return set()
    steps = data.get(slug)
    if not isinstance(steps, list):
        return set()
    return {s for s in steps if isinstance(s, int)}


def record_solved(lesson: Lesson, index: int) -> bool:
    """Remember a correctly answered step; save the lesson as complete when it was the last.

    Returns whether the lesson is complete now.
    """
    learner = current_learner()
    assert learner is not None
    if lesson.slug in completed_slugs(learner):
        return True
    steps = solved_steps(lesson.slug) | {index}
    if steps >= set(range(len(lesson.steps))):
        db.session.add(LessonProgress(learner_id=learner.id, lesson=lesson.slug))
        try:
            db.session.commit()
        except IntegrityError:  # the same lesson finished at once in another tab
            db.session.rollback()
        data = dict(session.get(SESSION_KEY) or {})
        data.pop(lesson.slug, None)
        session[SESSION_KEY] = data
        return True
    data = dict(session.get(SESSION_KEY) or {})
    data[lesson.slug] = sorted(steps)
    session[SESSION_KEY] = data
    return False


def next_lesson(completed: set[str], lessons: Sequence[Lesson] = LESSONS) -> Lesson | None:
    """The first lesson of ``lessons`` (the whole path, or one game's course) not yet
    complete, or ``None`` when all are done."""
    for lesson in lessons:
        if lesson.slug not in completed:
            return lesson
    return None


def next_step_index(lesson: Lesson) -> int:
    """The first unsolved step of a lesson (0 when none is solved yet)."""
    solved = solved_steps(lesson.slug)
    for i in range(len(lesson.steps)):
        if i not in solved:
            return i
    return 0
