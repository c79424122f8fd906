"""Games against the computer over JSON (contract "HTTP").

``POST /api/games`` starts a match and answers ``{"id", "token", "view"}``;
``GET /api/games/<id>`` answers the learner's view, ``POST /api/games/<id>/actions`` applies
one action (the record format without ``player``; or ``{"type": "next_hand"}`` once a hand
is over) and answers the new view, whose ``last_actions`` tell the computer's replies;
each view's answer carries the game's move number in the ``X-Move-Number`` header, and a
move sent with that header is played once however often it is sent (tutor.play.repeats);
``GET /api/games/<id>/log`` answers every move of the current hand.  Bad input answers 400
and changes nothing.

A game is open only to whoever started it: the learner whose session cookie made it (a
learner, and its cookie, is made on creation when the browser has none), or a client that
sends the ``token`` from the creation answer in the ``X-Game-Token`` header.
To anyone else a game does not exist (404), as on the /play pages.  Requests that change
something are refused when a browser says they come from another site (``Sec-Fetch-Site``
or ``Origin``), and a body, when sent, must be JSON: a cross-site form cannot start or play
a game.  A ``seed`` is accepted only by a test server (``ALLOW_CLIENT_SEED``).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import threading
import time
from collections import OrderedDict
from typing import Any, Final
from urllib.parse import urlsplit

import orjson
from flask import Blueprint, Response, abort, current_app, jsonify, request
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _

from tutor.api.analyze import read_json_body
from tutor.core.errors import error_text
from tutor.core.learner import current_learner
from tutor.extensions import csrf, limiter
from tutor.play import admission, coaching, repeats, review, store
from tutor.play.games import DEFAULT_LEVEL, PlayError, TableGame, new_game, requested_seed
from tutor.play.view import game_view, log_entries

bp = Blueprint("api_games", __name__)
# No CSRF token: the session cookie is SameSite=Lax, bodies must be JSON (which a cross-site
# form cannot send), and browsers' cross-site requests are refused below.
csrf.exempt(bp)

TOKEN_HEADER: Final = "X-Game-Token"
_SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})


ANSWER_PAUSE_ENV: Final = "CONQUIAN_TEST_ANSWER_PAUSE"
"""Test hook: seconds a move waits between its commit and its answer, so that a deployment
test can kill its server in between (tests/deploy/test_replayed_move.py).  A site never
sets it."""

VIEW_CACHE_SIZE: Final = 512
_views: OrderedDict[tuple[str, int, str], tuple[bytes, int]] = OrderedDict()
_views_lock = threading.Lock()
"""Recent views as sent, and their move numbers, by game id, version and language: a view
changes only when its game does, and the version is read from the database on every
request."""


def any_view(game: TableGame) -> dict[str, Any]:
    """The learner's view of a game (the one view of every profile)."""
    return game_view(game)


def _view_response(game_id: str, version: int, game: Any | None) -> Response:
    key = (game_id, version, str(get_locale() or "en"))
    with _views_lock:
        found = _views.get(key)
    if found is None:
        if game is None:
            loaded = _load(game_id)
            game, key = loaded.game, (game_id, loaded.version, key[2])
        found = orjson.dumps(any_view(game)), repeats.move_number(game)
        with _views_lock:
            _views[key] = found
            _views.move_to_end(key)
            while len(_views) > VIEW_CACHE_SIZE:
                _views.popitem(last=False)
    body, number = found
    return Response(body, mimetype="application/json", headers={repeats.HEADER: str(number)})


def _error(message: str, status: int = 400) -> ResponseReturnValue:
    return jsonify(error=message), status


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _is_owner(learner_id: int | None, token_hash: str | None) -> bool:
    """Whether this request may see and play the game: its token, or its learner's session."""
    token = request.headers.get(TOKEN_HEADER)
    if token and token_hash is not None and hmac.compare_digest(_token_hash(token), token_hash):
        return True
    if learner_id is None:
        return False
    learner = current_learner(create=False)
    return learner is not None and learner.id == learner_id


def _not_found() -> None:
    abort(404, description=_("There is no game of yours with this id."))


def _load(game_id: str) -> store.Loaded:
    loaded = store.load_playable(game_id)
    if loaded is None or not _is_owner(loaded.learner_id, loaded.token_hash):
        _not_found()
    assert loaded is not None
    return loaded


def _from_another_site() -> bool:
    """A browser says this request comes from another site's page."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        return True
    origin = request.headers.get("Origin")
    return origin is not None and urlsplit(origin).netloc != request.host


@bp.before_request
def refuse_cross_site() -> ResponseReturnValue | None:
    if request.method in _SAFE_METHODS or not _from_another_site():
        return None
    return _error(_("Requests from other sites cannot start or play games."), 403)


@bp.post("/api/games")
@limiter.limit("120 per minute")  # each new game is a stored row: no floods
def create_game() -> ResponseReturnValue:
    options: Any = {}
    # The body is optional; when sent (or labelled), a JSON object.
    if request.get_data(cache=True) or request.content_type:
        if not request.is_json:
            return _error(_("the body must be sent with Content-Type: application/json"))
        options, problem = read_json_body()
        if problem is not None:
            return _error(problem)
        if not isinstance(options, dict):
            return _error(_('the body must be a JSON object such as {"level": "hard"}'))
    unknown = sorted(set(options) - {"level", "seed", "rules", "opponents", "pot_chip"})
    if unknown:
        return _error(_("unknown field(s) %(fields)s: only level, seed, rules, opponents and "
                        "pot_chip are accepted", fields=", ".join(unknown)))
    try:
        seed = requested_seed(options.get("seed"), current_app.config["ALLOW_CLIENT_SEED"])
        game = new_game(options.get("rules"), options.get("level", DEFAULT_LEVEL), seed,
                        options.get("opponents"), {"pot_chip": options.get("pot_chip")},
                        coaching.level())
    except PlayError as exc:
        return _error(error_text(exc))
    # The game is the learner's (made now if this browser has none yet), so that any client
    # that keeps cookies plays on with the id alone; one that does not sends the token.
    learner = current_learner()
    assert learner is not None
    token = secrets.token_urlsafe(32)
    game_id = store.create(game, learner.id, _token_hash(token))
    answer = jsonify(id=game_id, token=token, view=any_view(game))
    answer.headers[repeats.HEADER] = str(repeats.move_number(game))
    return answer


@bp.get("/api/games/<game_id>")
def show_game(game_id: str) -> ResponseReturnValue:
    found = store.head(game_id)
    if found is None or not _is_owner(found.learner_id, found.token_hash):
        _not_found()
    assert found is not None
    return _view_response(game_id, found.version, None)


@bp.get("/api/games/<game_id>/log")
def game_log(game_id: str) -> ResponseReturnValue:
    """Every move of the current hand, in order, as the view's ``last_actions`` tell them."""
    game = _load(game_id).game
    return jsonify(hand_number=game.hand_index + 1,
                   log=log_entries(game.state))


@bp.post("/api/games/<game_id>/actions")
def game_action(game_id: str) -> ResponseReturnValue:
    # The body first: a client still sending it holds no database connection meanwhile.
    data, problem = read_json_body()
    with admission.turns:  # a few moves at a time per process: they are CPU work
        answer, version = _play(game_id, data, problem)
    if version is None:
        return answer
    pause = os.environ.get(ANSWER_PAUSE_ENV)
    if pause:  # outside the turn: a paused answer keeps no other move waiting
        current_app.logger.warning("test hook: move %s of game %s committed, its answer "
                                   "paused", request.headers.get(repeats.HEADER), game_id)
        time.sleep(float(pause))
    return answer


def _play(game_id: str, data: Any, problem: str | None
          ) -> tuple[ResponseReturnValue, int | None]:
    """The move applied and stored: its answer, and the new version (``None``: refused or
    answered without a change)."""
    # This process's copy of the game when it has one, without a read from the database:
    # the save is a compare-and-swap on the version, so a copy that another process has
    # overtaken is caught there, and the move is then tried on the game as stored.
    loaded = store.cached(game_id)
    checked = loaded is None or not _is_owner(loaded.learner_id, loaded.token_hash)
    if checked:
        loaded = _load(game_id)
    assert loaded is not None
    if problem is not None:
        return _error(problem), None
    sent = request.headers.get(repeats.HEADER)
    while True:
        game = loaded.game
        try:
            if repeats.repeated(game, sent, data):
                if checked:  # made already: answered with the game as it stands
                    return _view_response(game_id, loaded.version, game), None
                raise store.GameChanged  # answered from the game as stored, not a copy
            game.act(data)
            version = store.save(loaded, game)
            if game.hand_over:
                review.prepare(game_id, game)  # graded once, when the hand ends
        except repeats.StaleMove as exc:
            if checked:
                return _error(error_text(exc), 409), None
        except PlayError as exc:
            if checked:  # refused by the game as stored, not by an old copy
                return _error(error_text(exc)), None
        except store.GameChanged:
            # With a move number, the game as it now stands says whether this move was made
            # meanwhile (the same request twice at once), is stale, or is still to make.
            if checked and sent is None:
                return _error(_("This game was changed by another request. Reload it and "
                                "try again."), 409), None
        else:
            return _view_response(game_id, version, game), version
        loaded, checked = _load(game_id), True
