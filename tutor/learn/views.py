"""The learning path: ``/learn/`` lists one course per game and the chosen game's
lessons; each step of a lesson has its own page.

An answer is POSTed to the step's URL, as a plain form (the page comes back with the
feedback) or as JSON from static/js/learn.js (the feedback comes back as an HTML fragment).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from flask import Blueprint, abort, jsonify, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from solver.rules.cite import cite
from tutor.core.errors import error_text
from tutor.core.learner import current_learner
from tutor.learn.course import Lesson, Step
from tutor.learn.courses import COURSES, DEFAULT_COURSE, course_of, following
from tutor.learn.exercises import Answer, AnswerError, Feedback, PositionExercise
from tutor.learn.lessons import lesson_by_slug
from tutor.learn.progress import (
    completed_slugs,
    next_lesson,
    next_step_index,
    record_solved,
    solved_steps,
)

bp = Blueprint("learn", __name__, url_prefix="/learn")


@bp.app_template_filter("copies_chosen")
def copies_chosen(codes: Sequence[str], chosen: Sequence[str]) -> list[tuple[str, bool]]:
    """Each offered card with whether it is chosen; the nth copy of a card (two packs) is
    chosen when ``chosen`` names it at least n times."""
    left = Counter(chosen)
    out = []
    for code in codes:
        out.append((code, left[code] > 0))
        left[code] -= 1
    return out


def _find(slug: str, number: int) -> tuple[Lesson, Step]:
    lesson = lesson_by_slug(slug)
    if lesson is None or not 1 <= number <= len(lesson.steps):
        abort(404)
    return lesson, lesson.steps[number - 1]


def _after(lesson: Lesson, number: int) -> tuple[str, str, Lesson | None]:
    """Where "next" leads from a step: the next step, else the next lesson of the same
    game's course, else that course's page."""
    if number < len(lesson.steps):
        return url_for("learn.step", slug=lesson.slug, number=number + 1), "step", None
    upcoming = following(lesson)
    if upcoming is not None:
        return url_for("learn.lesson", slug=upcoming.slug), "lesson", upcoming
    return url_for("learn.index", game=lesson.profile), "path", None


@bp.get("/")
def index() -> ResponseReturnValue:
    """One course per game: the chosen game's lessons (``?game=``, conquian-40 by default)
    below the list of every game's course with the learner's progress in it."""
    sent = request.args.get("game")
    course = DEFAULT_COURSE if sent is None else course_of(sent)
    if course is None:
        abort(404, description=_("There is no course for the game %(game)s.", game=sent))
    completed = completed_slugs(current_learner(create=False))
    return render_template(
        "learn/index.html",
        courses=COURSES,
        course=course,
        lessons=course.lessons,
        completed=completed,
        next_lesson=next_lesson(completed, course.lessons),
        rules_profile=course.game,  # rule ids link to the course's own book
    )


@bp.get("/<slug>/")
def lesson(slug: str) -> ResponseReturnValue:
    return _render_step(*_find(slug, 1), number=1)


@bp.get("/<slug>/<int:number>")
def step(slug: str, number: int) -> ResponseReturnValue:
    return _render_step(*_find(slug, number), number=number)


def _render_step(
    lesson: Lesson,
    step: Step,
    number: int,
    feedback: Feedback | None = None,
    answer: Answer | None = None,
    error: str | None = None,
    complete: bool = False,
    status: int = 200,
) -> ResponseReturnValue:
    completed = completed_slugs(current_learner(create=False))
    next_url, next_kind, next_lesson_ = _after(lesson, number)
    return (
        render_template(
            "learn/step.html",
            lesson=lesson,
            step=step,
            number=number,
            ex=step.exercise,
            feedback=feedback,
            answer=answer or Answer(),
            error=error,
            lesson_done=lesson.slug in completed or complete,
            just_completed=complete,
            solved=solved_steps(lesson.slug),
            resume=next_step_index(lesson) + 1,
            next_url=next_url,
            next_kind=next_kind,
            next_lesson=next_lesson_,
            rules_profile=lesson.profile,  # rule ids link to the lesson's own book
        ),
        status,
    )


MISSES = "lesson_misses"
"""Session key: per step ("slug/number"), the wrong answers since its last right one."""


def _hold_back(lesson: Lesson, number: int, feedback: Feedback, reveal: bool) -> Feedback:
    """As a puzzle's round: a first miss reveals nothing of the solution (only what is
    wrong with the answer given); the second miss, or asking for it, shows it all."""
    key = f"{lesson.slug}/{number}"
    misses = dict(session.get(MISSES) or {})
    if feedback.correct:
        misses.pop(key, None)
    elif not reveal:
        misses[key] = misses.get(key, 0) + 1
    session[MISSES] = misses
    if feedback.correct or reveal or misses[key] >= 2:
        return feedback
    return feedback.first_miss()


@bp.post("/<slug>/<int:number>")
def answer(slug: str, number: int) -> ResponseReturnValue:
    lesson, step = _find(slug, number)
    as_json = request.is_json
    data: Any
    if as_json:
        data = request.get_json(silent=True)
        if not isinstance(data, dict):
            return jsonify(error=_("Send the answer as a JSON object.")), 400
    else:
        data = {"cards": request.form.getlist("cards"), "choice": request.form.get("choice"),
                "reveal": request.form.get("reveal") == "1"}
    try:
        answer = Answer.from_request(data)
        feedback = step.exercise.check(answer)
        if isinstance(step.exercise, PositionExercise):
            # The sentences cite conquian-40's rules; a lesson of another game cites its own.
            rules = step.exercise.position.rules
            feedback.sentences = [cite(s, rules) for s in feedback.sentences]
            feedback.attempt = [cite(s, rules) for s in feedback.attempt]
    except AnswerError as exc:
        if as_json:
            return jsonify(error=error_text(exc)), 400
        return _render_step(lesson, step, number, error=error_text(exc), status=400)

    feedback = _hold_back(lesson, number, feedback, data.get("reveal") in (True, "1"))
    complete = False
    if feedback.correct:
        complete = record_solved(lesson, number - 1)
        if step.exercise.note is not None:
            feedback.sentences.append(str(step.exercise.note))
    if not as_json:
        return _render_step(lesson, step, number, feedback, answer, complete=complete)
    next_url, next_kind, next_lesson_ = _after(lesson, number)
    html = render_template(
        "learn/_feedback.html",
        feedback=feedback,
        answer=answer,
        lesson=lesson,
        number=number,
        just_completed=complete,
        next_url=next_url,
        next_kind=next_kind,
        next_lesson=next_lesson_,
        rules_profile=lesson.profile,
    )
    return jsonify(correct=feedback.correct, lesson_complete=complete, html=html)
