"""The puzzle pages: browse sets, solve a puzzle with the hint ladder, retry failures, streaks.

Every action is a plain form (CSRF token included), so the pages work without JavaScript;
static/js/puzzles.js sends the same forms with ``Accept: application/json`` and swaps in
the HTML fragment that comes back.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.blueprints import BlueprintSetupState
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, gettext

from tutor.core.learner import current_learner
from tutor.extensions import db
from tutor.models import Attempt, Puzzle
from tutor.puzzles.cli import register_commands
from tutor.puzzles.labels import task_label, theme_label
from tutor.puzzles.services import (
    BadResponse,
    Result,
    failed_puzzles,
    get_puzzle_or_404,
    get_set_or_404,
    grade_response,
    is_visible,
    latest_results,
    next_missed,
    next_puzzle,
    parse_response,
    pick_streak_puzzle,
    puzzle_view,
    record_attempt,
    result_of,
    sets_for_language,
    status_of,
    streak_pool,
)

bp = Blueprint("puzzles", __name__, url_prefix="/puzzles", cli_group="puzzles")
register_commands(bp.cli)

HINTS_KEY = "puzzle_hints"  # {puzzle id: ladder steps seen}, in the signed session
LAST_ANSWER_KEY = "puzzle_last_answer"
STREAK_KEY = "puzzle_streak"
STREAK_RESULT_KEY = "puzzle_streak_result"
MAX_REMEMBERED = 30  # hint counters kept in the cookie
MAX_SEEN = 40  # puzzles a streak avoids repeating
MISSED = "missed"  # ?from=missed: the learner came from "Retry missed puzzles"


@bp.record_once
def _template_globals(state: BlueprintSetupState) -> None:
    # Globals, not a context processor, so that imported macros see them too.
    state.app.jinja_env.globals.update(task_label=task_label, theme_label=theme_label)


def _language() -> str:
    return str(get_locale() or "en")


def _wants_json() -> bool:
    """The request came from puzzles.js, which asks for JSON (forms and links ask for HTML)."""
    accept = request.accept_mimetypes
    return bool(accept.provided) and accept["application/json"] > accept["text/html"]


# --- the hint counters ------------------------------------------------------------------------


def hints_seen(puzzle: Puzzle) -> int:
    seen = session.get(HINTS_KEY)
    value = seen.get(str(puzzle.id), 0) if isinstance(seen, dict) else 0
    return value if isinstance(value, int) and value >= 0 else 0


def _set_hints_seen(puzzle: Puzzle, count: int) -> None:
    seen = session.get(HINTS_KEY)
    seen = dict(seen) if isinstance(seen, dict) else {}
    seen.pop(str(puzzle.id), None)
    if count:
        seen[str(puzzle.id)] = count
    while len(seen) > MAX_REMEMBERED:
        seen.pop(next(iter(seen)))
    session[HINTS_KEY] = seen


# --- browsing ---------------------------------------------------------------------------------


@bp.get("/")
def index() -> ResponseReturnValue:
    bundled, teachers = sets_for_language(_language())
    learner = current_learner(create=False)
    ids = [p.id for e in bundled + teachers for p in e.puzzle_set.puzzles]
    results = latest_results(learner, ids)
    solved = {
        e.puzzle_set.id: sum(1 for p in e.puzzle_set.puzzles if results.get(p.id) is True)
        for e in bundled + teachers
    }
    return render_template(
        "puzzles/index.html",
        bundled=bundled,
        teachers=teachers,
        solved=solved,
        failed_count=len(failed_puzzles(learner)),
        best_streak=learner.best_streak if learner else 0,
        language=_language(),
    )


@bp.get("/failed")
def failed() -> ResponseReturnValue:
    learner = current_learner(create=False)
    return render_template("puzzles/failed.html", puzzles=failed_puzzles(learner))


@bp.get("/sets/<slug>/")
def puzzle_set(slug: str) -> ResponseReturnValue:
    row = get_set_or_404(slug)
    learner = current_learner(create=False)
    results = latest_results(learner, [p.id for p in row.puzzles])
    statuses = {p.id: status_of(results, p.id) for p in row.puzzles}
    first_open = next((p for p in row.puzzles if statuses[p.id] != "solved"), None)
    return render_template(
        "puzzles/set.html", puzzle_set=row, statuses=statuses, first_open=first_open
    )


# --- solving one puzzle -----------------------------------------------------------------------


def puzzle_context(
    puzzle: Puzzle,
    result: Result | None,
    error: str | None,
    *,
    hints_shown: int,
    urls: dict[str, str],
) -> dict[str, Any]:
    """What the puzzle templates need; the teachers' preview renders the same templates."""
    return {
        "view": puzzle_view(puzzle, 0 if result else hints_shown),
        "puzzle": puzzle,
        "puzzle_set": puzzle.puzzle_set,
        "result": result,
        "error": error,
        "mode": "set",
        "next": next_puzzle(puzzle),
        **urls,
    }


def _trail() -> dict[str, Any]:
    """The query that keeps a learner on the "Retry missed puzzles" trail from one page to
    the next (answer, hint, next puzzle), or nothing."""
    return {"from": MISSED} if request.args.get("from") == MISSED else {}


def _region_context(
    puzzle: Puzzle, result: Result | None = None, error: str | None = None
) -> dict[str, Any]:
    slug, key = puzzle.puzzle_set.slug, puzzle.key
    trail = _trail()
    context = puzzle_context(
        puzzle,
        result,
        error,
        hints_shown=hints_seen(puzzle),
        urls={
            "answer_url": url_for(".answer", slug=slug, key=key, **trail),
            "hint_url": url_for(".hint", slug=slug, key=key, **trail),
            "puzzle_url": url_for(".puzzle", slug=slug, key=key, **trail),
        },
    )
    if trail:
        context.update(trail=trail, next=next_missed(puzzle, current_learner(create=False)))
    return context


def _attempt_result(puzzle: Puzzle, attempt_id: str) -> Result:
    learner = current_learner(create=False)
    # Only plausible ids reach the database (a 30-digit number would overflow SQLite).
    valid = attempt_id.isdigit() and len(attempt_id) <= 12
    attempt = db.session.get(Attempt, int(attempt_id)) if valid else None
    if (
        attempt is None
        or learner is None
        or attempt.learner_id != learner.id
        or attempt.puzzle_id != puzzle.id
    ):
        abort(404, description=gettext("There is no such answer of yours to this puzzle."))
    last = session.get(LAST_ANSWER_KEY)
    response = None
    if isinstance(last, dict) and last.get("attempt") == attempt.id:
        response = last.get("response")
    return result_of(puzzle, attempt.correct, response, attempt.id)


@bp.get("/sets/<slug>/<key>")
def puzzle(slug: str, key: str) -> ResponseReturnValue:
    row = get_set_or_404(slug)
    item = get_puzzle_or_404(row, key)
    attempt_id = request.args.get("attempt")
    result = _attempt_result(item, attempt_id) if attempt_id is not None else None
    return render_template("puzzles/puzzle.html", **_region_context(item, result))


@bp.post("/sets/<slug>/<key>/hint")
def hint(slug: str, key: str) -> ResponseReturnValue:
    """Reveal the next step of the ladder: the puzzle's hints in order, then the solution."""
    row = get_set_or_404(slug)
    item = get_puzzle_or_404(row, key)
    steps = len(item.hints) + 1
    shown = min(hints_seen(item) + 1, steps)
    _set_hints_seen(item, shown)
    if _wants_json():
        context = _region_context(item)
        if shown == steps:
            message = gettext("The solution is shown.")
        else:
            message = gettext("Hint %(n)s of %(total)s.", n=shown, total=len(item.hints))
        return jsonify(
            step=shown,
            steps=steps,
            message=message,
            html=render_template("puzzles/_hints.html", **context),
        )
    return redirect(url_for(".puzzle", slug=slug, key=key, _anchor=f"hint-{shown}", **_trail()))


def _bad_answer(context: dict[str, Any], template: str, message: str) -> ResponseReturnValue:
    if _wants_json():
        return jsonify(error=message), 400
    return render_template(template, **context), 400


@bp.post("/sets/<slug>/<key>/answer")
def answer(slug: str, key: str) -> ResponseReturnValue:
    row = get_set_or_404(slug)
    item = get_puzzle_or_404(row, key)
    try:
        response = parse_response(item, request.form, request.form.getlist("cards"))
        correct = grade_response(item, response)
    except BadResponse as exc:
        return _bad_answer(_region_context(item, error=str(exc)), "puzzles/puzzle.html", str(exc))
    learner = current_learner()
    assert learner is not None
    attempt = record_attempt(learner, item, correct, hints_seen(item))
    _set_hints_seen(item, 0)  # a retry starts at the bottom of the ladder
    session[LAST_ANSWER_KEY] = {"attempt": attempt.id, "response": response}
    if _wants_json():
        result = result_of(item, correct, response, attempt.id)
        return jsonify(
            correct=correct,
            message=gettext("Correct!") if correct else gettext("Not quite."),
            url=url_for(".puzzle", slug=slug, key=key, attempt=attempt.id, **_trail()),
            html=render_template("puzzles/_region.html", **_region_context(item, result)),
        )
    return redirect(
        url_for(".puzzle", slug=slug, key=key, attempt=attempt.id, _anchor="result", **_trail())
    )


# --- streak mode ------------------------------------------------------------------------------


def _streak_state() -> dict[str, Any]:
    state = session.get(STREAK_KEY)
    if not isinstance(state, dict):
        state = {}
    count = state.get("n")
    seen = state.get("seen")
    current = state.get("p")
    return {
        "n": count if isinstance(count, int) and count >= 0 else 0,
        "p": current if isinstance(current, int) else None,
        "seen": [i for i in seen if isinstance(i, int)] if isinstance(seen, list) else [],
        "ended": state.get("ended") is True,
    }


def current_streak() -> int:
    """The streak in progress (for the progress page)."""
    return int(_streak_state()["n"])


def _streak_context() -> dict[str, Any]:
    """The streak page's state: the last result (shown once) and the puzzle to solve now."""
    state = _streak_state()
    shown = session.pop(STREAK_RESULT_KEY, None)
    result = last = None
    if isinstance(shown, dict) and isinstance(shown.get("puzzle"), int):
        last = db.session.get(Puzzle, shown["puzzle"])
        if last is not None:
            result = result_of(last, bool(shown.get("correct")), shown.get("response"), None)
    current = None
    if not state["ended"]:
        if state["p"] is not None:
            current = db.session.get(Puzzle, state["p"])
            if current is not None and not is_visible(current.puzzle_set):
                current = None
        if current is None:
            current = pick_streak_puzzle(streak_pool(_language()), state["n"], state["seen"])
            state["p"] = current.id if current is not None else None
            session[STREAK_KEY] = state
    learner = current_learner(create=False)
    return {
        "mode": "streak",
        "count": state["n"],
        "ended": state["ended"],
        "ended_at": shown.get("ended_at") if isinstance(shown, dict) else None,
        "best": learner.best_streak if learner else 0,
        "result": result,
        "result_view": puzzle_view(last, 0) if last is not None else None,
        "result_puzzle": last,
        "puzzle": current,
        "view": puzzle_view(current, 0) if current is not None else None,
        "puzzle_set": current.puzzle_set if current is not None else None,
        "answer_url": url_for(".streak_answer"),
        "error": None,
    }


@bp.get("/streak")
def streak() -> ResponseReturnValue:
    return render_template("puzzles/streak.html", **_streak_context())


@bp.post("/streak/answer")
def streak_answer() -> ResponseReturnValue:
    state = _streak_state()
    sent = request.form.get("puzzle", "")
    if state["p"] is None or sent != str(state["p"]):
        message = gettext(
            "That puzzle is no longer the current puzzle of your streak. "
            "Open streak mode again to go on."
        )
        if _wants_json():
            return jsonify(error=message), 400
        abort(400, description=message)
    item = db.session.get(Puzzle, state["p"])
    if item is None or not is_visible(item.puzzle_set):
        abort(404, description=gettext("This puzzle is no longer available."))
    try:
        response = parse_response(item, request.form, request.form.getlist("cards"))
        correct = grade_response(item, response)
    except BadResponse as exc:
        context = _streak_context()
        context["error"] = str(exc)
        return _bad_answer(context, "puzzles/streak.html", str(exc))
    learner = current_learner()
    assert learner is not None
    record_attempt(learner, item, correct, 0)  # streak mode has no hints
    result: dict[str, Any] = {"puzzle": item.id, "correct": correct, "response": response}
    if correct:
        state["n"] += 1
        state["seen"] = [*state["seen"], item.id][-MAX_SEEN:]
        if state["n"] > learner.best_streak:
            learner.best_streak = state["n"]
            db.session.commit()
    else:
        result["ended_at"] = state["n"]
        state.update(n=0, seen=[], ended=True)
    state["p"] = None
    session[STREAK_KEY] = state
    session[STREAK_RESULT_KEY] = result
    if _wants_json():
        context = _streak_context()
        return jsonify(
            correct=correct,
            message=(
                gettext("Correct! Streak: %(n)s.", n=context["count"])
                if correct
                else gettext("Not quite. Your streak ended at %(n)s.", n=result["ended_at"])
            ),
            html=render_template("puzzles/_streak_region.html", **context),
        )
    return redirect(url_for(".streak", _anchor="result"))


@bp.post("/streak/new")
def streak_new() -> ResponseReturnValue:
    session[STREAK_KEY] = {"n": 0, "p": None, "seen": [], "ended": False}
    session.pop(STREAK_RESULT_KEY, None)
    return redirect(url_for(".streak"))
