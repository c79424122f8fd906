"""``POST /api/analyze``: the contract's analysis of a position, with explanations."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from flask_babel import get_translations
from flask_babel import gettext as _

from solver.analysis import Analysis
from solver.claims.profiles import explain_any_dict
from solver.errors import ConquianError
from solver.explain import explain_dict
from solver.position import Position
from solver.rules.cite import cite
from solver.search import analyze_any as analyze
from tutor.core.errors import error_text
from tutor.core.jsonprovider import MAX_DEPTH, JSONTooDeep, loads_checked
from tutor.extensions import csrf

bp = Blueprint("api_analyze", __name__, url_prefix="/api")
# A JSON API: cross-site forms cannot send application/json, so CSRF tokens are not needed.
csrf.exempt(bp)


def read_json_body() -> tuple[Any, str | None]:
    """The request's JSON body, or an error message saying why it could not be read.

    A body over ``MAX_CONTENT_LENGTH``, with a length or chunked, raises 413 (answered as
    ``{"error": ...}`` by tutor.core.errors)."""
    if not request.is_json:
        if not request.get_data(cache=True):
            return None, _("send a JSON body (Content-Type: application/json)")
        return None, _("the body must be sent with Content-Type: application/json")
    raw = request.get_data(cache=True)
    if not raw:
        return None, _("send a JSON body (Content-Type: application/json)")
    try:
        return loads_checked(raw), None
    except JSONTooDeep:
        return None, _("the JSON is nested more than %(levels)s levels deep", levels=MAX_DEPTH)
    except ValueError:
        return None, _("the body is not valid JSON")


def analysis_response(position: Position) -> dict[str, Any]:
    """The analysis as the contract's JSON, with explanations in the request's language
    citing the rule book of the position's profile.  Raises :class:`ConquianError` when the
    profile's analysis cannot be made."""
    analysis = analyze(position)
    data = analysis.to_dict()
    gettext = get_translations().gettext  # one catalog lookup per response, not per sentence
    if isinstance(analysis, Analysis) and position.rules.plain_center:
        data.update(
            explain_dict(analysis, lambda template: cite(gettext(template), position.rules))
        )
    else:  # every other profile's sentences cite its own rule ids already
        data.update(explain_any_dict(analysis, gettext))
    data.setdefault("rules", position.rules.id)
    data.setdefault("kind", position.rules.analysis)
    return data


@bp.post("/analyze")
def analyze_position() -> ResponseReturnValue:
    data, problem = read_json_body()
    if problem is not None:
        return jsonify(error=problem), 400
    try:
        position = Position.from_dict(data)
        answer = analysis_response(position)
    except ConquianError as exc:
        return jsonify(error=error_text(exc)), 400
    return jsonify(answer)
