"""Games against the computer over JSON (contract "HTTP"), and ``GET /healthz``.

``POST /api/games`` starts a match, ``GET /api/games/<id>`` answers the learner's view,
``POST /api/games/<id>/actions`` applies one action (the record format without
``player``; or ``{"type": "next_hand"}`` once a hand is over) and answers the new view,
whose ``last_actions`` tell the computer's replies; ``GET /api/games/<id>/log`` answers
every move of the current hand.  The random id is the key to a game.  Bad input answers
400 and changes nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Final

import orjson
from flask import Blueprint, Response, abort, jsonify, request
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _

from tutor.api.analyze import read_json_body
from tutor.core.errors import error_text
from tutor.core.learner import current_learner
from tutor.extensions import csrf, limiter
from tutor.play import store
from tutor.play.games import DEFAULT_LEVEL, MatchGame, PlayError, new_match, parse_seed
from tutor.play.view import game_view, log_entries

bp = Blueprint("api_games", __name__)
# JSON only: a cross-site form cannot send application/json, so no CSRF token is needed.
csrf.exempt(bp)


VIEW_CACHE_SIZE: Final = 512
_views: OrderedDict[tuple[str, int, str], bytes] = OrderedDict()
_views_lock = threading.Lock()
"""Recent views as sent, by game id, version and language: a view changes
only when its game does, and the version is read from the database on every request."""


def _view_response(game_id: str, version: int, game: MatchGame | None) -> Response:
    key = (game_id, version, str(get_locale() or "en"))
    with _views_lock:
        body = _views.get(key)
    if body is None:
        if game is None:
            loaded = _load(game_id)
            game, key = loaded.game, (game_id, loaded.version, key[2])
        body = orjson.dumps(game_view(game))
        with _views_lock:
            _views[key] = body
            _views.move_to_end(key)
            while len(_views) > VIEW_CACHE_SIZE:
                _views.popitem(last=False)
    return Response(body, mimetype="application/json")


def _error(message: str, status: int = 400) -> ResponseReturnValue:
    return jsonify(error=message), status


def _load(game_id: str) -> store.Loaded:
    loaded = store.load(game_id)
    if loaded is None:
        abort(404, description=_("There is no game with this id."))
    return loaded


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8"}


@bp.post("/api/games")
@limiter.limit("120 per minute")  # each new game is a stored row: no floods
def create_game() -> ResponseReturnValue:
    options: Any = {}
    if request.get_data(cache=True):  # the body is optional; when sent, a JSON object
        if not request.is_json:
            return _error(_("the body must be sent with Content-Type: application/json"))
        options, problem = read_json_body()
        if problem is not None:
            return _error(problem)
        if not isinstance(options, dict):
            return _error(_('the body must be a JSON object such as {"level": "hard"}'))
    unknown = sorted(set(options) - {"level", "seed"})
    if unknown:
        return _error(_("unknown field(s) %(fields)s: only level and seed are accepted",
                        fields=", ".join(unknown)))
    try:
        game = new_match(options.get("level", DEFAULT_LEVEL), parse_seed(options.get("seed")))
    except PlayError as exc:
        return _error(error_text(exc))
    learner = current_learner(create=False)
    game_id = store.create(game, learner.id if learner is not None else None)
    return jsonify(id=game_id, view=game_view(game))


@bp.get("/api/games/<game_id>")
def show_game(game_id: str) -> ResponseReturnValue:
    found = store.head(game_id)
    if found is None:
        abort(404, description=_("There is no game with this id."))
    return _view_response(game_id, found[0], None)


@bp.get("/api/games/<game_id>/log")
def game_log(game_id: str) -> ResponseReturnValue:
    """Every move of the current hand, in order, as the view's ``last_actions`` tell them."""
    game = _load(game_id).game
    return jsonify(hand_number=game.hand_index + 1, log=log_entries(game.state.history))


@bp.post("/api/games/<game_id>/actions")
def game_action(game_id: str) -> ResponseReturnValue:
    loaded = _load(game_id)
    data, problem = read_json_body()
    if problem is not None:
        return _error(problem)
    game = loaded.game
    try:
        game.act(data)
    except PlayError as exc:
        return _error(error_text(exc))
    try:
        version = store.save(loaded, game)
    except store.GameChanged:
        return _error(_("This game was changed by another request. Reload it and try again."),
                      409)
    return _view_response(game_id, version, game)
