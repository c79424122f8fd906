"""The teacher's preview: the learners' puzzle page itself (tutor/templates/puzzles), with
its hint and answer forms pointed here so that nothing is recorded and the hint count is
the preview's own. Works with and without JS, like the page it copies."""

from __future__ import annotations

from typing import Any

from flask import jsonify, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from tutor.models import Puzzle
from tutor.puzzles.services import (
    BadResponse,
    Result,
    grade_response,
    parse_response,
    result_of,
)
from tutor.puzzles.views import puzzle_context

HINTS_KEY = "teach_preview_hints"


def _shown(puzzle: Puzzle) -> int:
    counts = session.get(HINTS_KEY)
    value = counts.get(str(puzzle.id), 0) if isinstance(counts, dict) else 0
    return value if isinstance(value, int) else 0


def _set_shown(puzzle: Puzzle, count: int) -> None:
    counts = session.get(HINTS_KEY)
    counts = dict(counts) if isinstance(counts, dict) else {}
    counts[str(puzzle.id)] = count
    session[HINTS_KEY] = dict(list(counts.items())[-30:])  # the cookie stays small


def _urls(puzzle: Puzzle) -> dict[str, str]:
    def url(endpoint: str) -> str:
        return url_for(endpoint, set_id=puzzle.set_id, puzzle_id=puzzle.id)

    return {
        "answer_url": url("teach.preview_answer"),
        "hint_url": url("teach.preview_hint"),
        "puzzle_url": url("teach.preview_puzzle"),
    }


def _context(
    puzzle: Puzzle, result: Result | None = None, error: str | None = None
) -> dict[str, Any]:
    return puzzle_context(puzzle, result, error, hints_shown=_shown(puzzle), urls=_urls(puzzle))


def _wants_json() -> bool:
    return request.accept_mimetypes.best == "application/json"


def page(puzzle: Puzzle) -> ResponseReturnValue:
    return render_template("teach/preview.html", **_context(puzzle))


def hint(puzzle: Puzzle) -> ResponseReturnValue:
    steps = len(puzzle.hints) + 1
    shown = min(_shown(puzzle) + 1, steps)
    _set_shown(puzzle, shown)
    if _wants_json():
        message = (
            _("The solution is shown.")
            if shown == steps
            else _("Hint %(n)s of %(total)s.", n=shown, total=len(puzzle.hints))
        )
        return jsonify(
            step=shown,
            steps=steps,
            message=message,
            html=render_template("puzzles/_hints.html", **_context(puzzle)),
        )
    return redirect(_urls(puzzle)["puzzle_url"] + f"#hint-{shown}")


def answer(puzzle: Puzzle) -> ResponseReturnValue:
    try:
        response = parse_response(puzzle, request.form, request.form.getlist("cards"))
        correct = grade_response(puzzle, response)
    except BadResponse as exc:
        if _wants_json():
            return jsonify(error=str(exc)), 400
        return render_template("teach/preview.html", **_context(puzzle, error=str(exc))), 400
    _set_shown(puzzle, 0)
    result = result_of(puzzle, correct, response, None)
    if _wants_json():
        return jsonify(
            correct=correct,
            message=_("Correct!") if correct else _("Not quite."),
            url=_urls(puzzle)["puzzle_url"],
            html=render_template("puzzles/_region.html", **_context(puzzle, result)),
        )
    return render_template("teach/preview.html", **_context(puzzle, result))
