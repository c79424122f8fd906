"""The home page and the language switch."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> ResponseReturnValue:
    # Lessons are imported here so the home page does not depend on them at import time.
    from tutor.core.learner import current_learner
    from tutor.learn.lessons import LESSONS
    from tutor.learn.progress import completed_slugs, next_lesson, next_step_index
    from tutor.puzzles.review import next_due
    from tutor.puzzles.views import due_reviews

    learner = current_learner(create=False)
    completed = completed_slugs(learner)
    upcoming = next_lesson(completed)
    resume_step = next_step_index(upcoming) + 1 if upcoming is not None else None
    return render_template(
        "home/index.html",
        lessons=LESSONS,
        completed=completed,
        next_lesson=upcoming,
        resume_step=resume_step,
        reviews=due_reviews(learner),
        next_review=next_due(learner),
        has_endpoint=lambda endpoint: endpoint in current_app.view_functions,
    )


@bp.get("/favicon.ico")
def favicon() -> ResponseReturnValue:
    # Browsers and feed readers ask for /favicon.ico without reading the page's <link>.
    return current_app.send_static_file("img/favicon.svg")


@bp.post("/language")
def set_language() -> ResponseReturnValue:
    lang = request.form.get("lang", "")
    if lang in current_app.config["LANGUAGES"]:
        session["lang"] = lang
    target = request.form.get("next", "")
    # Only same-site paths: never an open redirect.
    parts = urlsplit(target)
    if not target.startswith("/") or target.startswith("//") or parts.netloc or parts.scheme:
        target = url_for("home.index")
    return redirect(target)
