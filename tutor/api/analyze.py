"""``POST /api/analyze``: the contract's analysis of a position, with explanations."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from flask_babel import get_translations
from flask_babel import gettext as _

from solver.errors import ConquianError
from solver.explain import explain_dict
from solver.position import Position
from solver.search import analyze
from tutor.core.errors import error_text
from tutor.extensions import csrf

bp = Blueprint("api_analyze", __name__, url_prefix="/api")
# A JSON API: cross-site forms cannot send application/json, so CSRF tokens are not needed.
csrf.exempt(bp)


def read_json_body() -> tuple[Any, str | None]:
    """The request's JSON body, or an error message saying why it could not be read."""
    if not request.is_json:
        if not request.content_length:
            return None, _("send a JSON body (Content-Type: application/json)")
        return None, _("the body must be sent with Content-Type: application/json")
    data = request.get_json(silent=True)
    if data is None:
        if not request.content_length:
            return None, _("send a JSON body (Content-Type: application/json)")
        return None, _("the body is not valid JSON")
    return data, None


def analysis_response(position: Position) -> dict[str, Any]:
    analysis = analyze(position)
    data = analysis.to_dict()
    # One catalog lookup per response rather than one per sentence.
    data.update(explain_dict(analysis, get_translations().gettext))
    return data


@bp.post("/analyze")
def analyze_position() -> ResponseReturnValue:
    data, problem = read_json_body()
    if problem is not None:
        return jsonify(error=problem), 400
    try:
        position = Position.from_dict(data)
    except ConquianError as exc:
        return jsonify(error=error_text(exc)), 400
    return jsonify(analysis_response(position))
