"""The progress page: what this browser's learner has solved and where they struggle."""

from __future__ import annotations

from importlib import import_module

from flask import Blueprint, render_template, url_for
from flask.typing import ResponseReturnValue
from werkzeug.routing import BuildError

from tutor.core.learner import current_learner
from tutor.mistakes.progress import frequent_mistakes
from tutor.progress.chart import rating_chart
from tutor.progress.services import PROVISIONAL, summary
from tutor.puzzles.views import current_streak, due_reviews

bp = Blueprint("progress", __name__, url_prefix="/progress")


def lesson_titles() -> dict[str, str]:
    """Lesson titles by slug, from the lessons feature when it is installed."""
    try:
        lessons = import_module("tutor.learn.lessons").LESSONS
        return {str(item.slug): str(item.title) for item in lessons}
    except (ImportError, AttributeError):
        return {}


def lesson_url(lesson: str) -> str | None:
    """A link to a lesson when the lessons blueprint offers one."""
    try:
        return url_for("learn.lesson", slug=lesson)
    except BuildError:
        return None


@bp.get("/")
def index() -> ResponseReturnValue:
    learner = current_learner(create=False)
    figures = summary(learner)
    charts = {
        g.game: rating_chart([p.rating for p in g.history], [p.deviation for p in g.history])
        for g in figures.games
    }
    return render_template(
        "progress/index.html",
        summary=figures,
        charts=charts,
        provisional=PROVISIONAL,
        reviews_due=len(due_reviews(learner)),
        best_streak=learner.best_streak if learner else 0,
        current_streak=current_streak(),
        lesson_url=lesson_url,
        lesson_titles=lesson_titles(),
        mistakes=frequent_mistakes(learner),
    )
