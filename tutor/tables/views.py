"""Live tables with people: open a table, invite by link or code, sit down, fill the empty
seats with computer players, start, play.

Every page works by plain forms (CSRF tokens, redirect after post).  The event stream
(``events``) sends each viewer its new page with the move number; static/tables.js reads
``GET /tables/<id>/state?since=<move>`` (and the fragment) only for an event without a page,
and when it polls.  Moves are ``POST /tables/<id>/moves`` with the action and the move
number the player saw (form fields, or a JSON body with the ``X-CSRFToken`` header); a
stale number answers 409 and changes nothing.  A move's JSON answer is the number reached
and the page's stamp alone: the new page comes on the stream (or the next state read).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any, Final, TypeVar

from flask import (
    Blueprint,
    Response,
    abort,
    copy_current_request_context,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from solver.game.registry import GAMES
from solver.messages import N_
from solver.rules import get_profile
from tutor.extensions import db, limiter
from tutor.models import PlayTable
from tutor.play.games import TableGame
from tutor.tables import (
    chat,
    presence,
    reads,
    reviews,
    services,
    snapshot,
    timer,
    translations,
    web,
)
from tutor.tables.chat_views import chat_context
from tutor.tables.seat_view import seat_names, seat_view, spectator_view
from tutor.tables.stream import HEARTBEAT, STREAM_SECONDS, Stream, readers, slots

bp = Blueprint("tables", __name__)

LEVEL_NAMES = {"easy": _l("Easy"), "medium": _l("Medium"), "hard": _l("Hard")}


def _profiles() -> list[dict[str, Any]]:
    out = []
    for key in GAMES:
        rules = get_profile(key)
        out.append({"id": key, "name": _(rules.display_name), "low": rules.min_players,
                    "high": rules.max_players, "options": list(rules.match_options),
                    "rule": rules.rule("players")})
    return out


@bp.get("/tables/")
def index() -> ResponseReturnValue:
    learner_id = web.learner_id()
    mine = [] if learner_id is None else services.tables_of(learner_id)
    return render_template("tables/index.html", tables=mine, profiles=_profiles(),
                           timer_choices=timer.CHOICES,
                           names={t.id: _(get_profile(t.rules).display_name) for t in mine})


@bp.post("/tables/")
@limiter.limit("30 per minute")
def open_table() -> ResponseReturnValue:
    learner_id = web.learner_id(create=True)
    assert learner_id is not None
    form = request.form
    match = {name: form.get(name) for name in ("target", "points", "pot_chip")
             if form.get(name) not in (None, "")}
    try:
        table = services.open_table(learner_id, form.get("rules"), form.get("seats"), match,
                                    form.get("coaching"), form.get("name"),
                                    form.get("grace"), form.get("timer"))
    except services.TableError as exc:
        return web.refused(exc, url_for(".index"))
    return redirect(url_for(".show", table_id=table.id))


@bp.get("/tables/join")
def join_form() -> ResponseReturnValue:
    return render_template("tables/join.html", code=request.args.get("code", ""))


@bp.post("/tables/join")
@limiter.limit("30 per minute")
def join_by_code() -> ResponseReturnValue:
    try:
        table = services.by_code(request.form.get("code"))
    except services.TableError as exc:
        return web.refused(exc, url_for(".join_form"))
    return _sit(table.id)


@bp.get("/t/<code>")
def invite(code: str) -> ResponseReturnValue:
    """The invite link: the table's page, where the guest takes a seat with one button."""
    try:
        table = services.by_code(code)
    except services.NotFound:
        abort(404, description=_("No table has this code: check it with whoever invited you."))
    return redirect(url_for(".show", table_id=table.id))


def _sit(table_id: str) -> ResponseReturnValue:
    learner_id = web.learner_id(create=True)
    assert learner_id is not None
    try:
        services.join(table_id, learner_id, request.form.get("name"))
    except services.TableError as exc:
        return web.refused(exc, url_for(".show", table_id=table_id))
    return redirect(url_for(".show", table_id=table_id))


@bp.post("/tables/<table_id>/join")
@limiter.limit("30 per minute")
def join(table_id: str) -> ResponseReturnValue:
    web.table_or_404(table_id)
    return _sit(table_id)


@bp.post("/tables/<table_id>/fill")
def fill(table_id: str) -> ResponseReturnValue:
    web.table_or_404(table_id)
    try:
        services.fill_with_computers(table_id, web.learner_id() or -1, request.form.get("level"))
    except services.TableError as exc:
        return web.refused(exc, url_for(".show", table_id=table_id))
    return redirect(url_for(".show", table_id=table_id))


@bp.post("/tables/<table_id>/start")
def start(table_id: str) -> ResponseReturnValue:
    web.table_or_404(table_id)
    try:
        services.start(table_id, web.learner_id() or -1)
    except services.TableError as exc:
        return web.refused(exc, url_for(".show", table_id=table_id))
    return redirect(url_for(".show", table_id=table_id, _anchor="play"))


def _since(table: PlayTable, since: int | None) -> int:
    """The first step of the current hand the client has not seen (move numbers count the
    deal, then each step of the hand)."""
    if since is None or since < table.hand_start:
        return 0
    return max(0, since - table.hand_start)


T = TypeVar("T")
Granted = Callable[[PlayTable, TableGame], bool]
"""Whether the viewer, a spectator, may see the finished hand's cards
(``reviews.granted_to_viewer``)."""


def view_of(table: PlayTable, learner_id: int | None, since: int | None = None,
            help_requested: bool = False) -> dict[str, Any] | None:
    """The viewing seat's view of the game (a spectator's when they hold no seat)."""
    if not services.started(table):
        return None
    return _view(table, services.load_game(table), learner_id, since, help_requested,
                 reviews.granted_to_viewer)


def _view(table: PlayTable, game: TableGame, learner_id: int | None, since: int | None,
          help_requested: bool, granted: Granted) -> dict[str, Any]:
    names = seat_names(table.seats, table.options["seats"])
    seat = services.seat_of(table, learner_id)
    start = _since(table, since)
    if seat is None:
        return spectator_view(game, names, start, granted(table, game))
    return seat_view(game, seat, names, start, bool(table.options.get("coaching")),
                     help_requested, play_table=table)


def _context(table: PlayTable) -> dict[str, Any]:
    """The live part's template context for this request's viewer."""
    learner_id = web.learner_id()
    return _context_of(table, learner_id, presence.away(table),
                       view_of(table, learner_id, None, bool(request.args.get("help"))))


def _context_of(table: PlayTable, learner_id: int | None, away: list[presence.Away],
                view: dict[str, Any] | None) -> dict[str, Any]:
    """The live part's template context for viewer ``learner_id``, who sees ``view``;
    ``away``: the players who left, as read with ``table``."""
    seat = services.seat_of(table, learner_id)
    rules = get_profile(table.rules)
    return {
        "table": table, "rules": rules, "rules_name": _(rules.display_name),
        "seat": seat, "is_host": learner_id is not None and table.host_id == learner_id,
        "names": seat_names(table.seats, table.options["seats"]),
        "free": services.free_seats(table), "levels": LEVEL_NAMES,
        "view": view,
        "stamp": stamp(table, away),
        "away": {a.seat: a for a in away},
        "timer_left": timer.left(table),
        **translations.bound(),  # the catalog looked up once for the whole render
    }


def _in_turn(read: Callable[[], T]) -> T:
    """``read()`` (a database read of a stream's page) in one of the stream readers'
    turns (tutor.tables.stream.readers), its connection given back at once."""
    with readers(current_app._get_current_object()):  # type: ignore[attr-defined]
        try:
            return read()
        finally:
            db.session.remove()


def _granted_in_turn(table: PlayTable, game: TableGame) -> bool:
    if not game.hand_over:  # (granted_to_viewer's own first test: no read)
        return False
    return _in_turn(lambda: reviews.granted_to_viewer(table, game))


def page(table_id: str, learner_id: int | None, number: int) -> tuple[int, str] | None:
    """A stream's page event (tutor.tables.stream), told that the table reached move
    ``number``: the live part as this viewer's seat sees the table now, rendered in the
    stream's request context (the viewer's session, language and CSRF token); None once
    there is no such table.  The table is read once for every stream of this process told
    that number (tutor.tables.reads), in a reader's turn; the render takes none."""
    found = reads.at_move(table_id, number, lambda: _in_turn(lambda: reads.read(table_id)))
    if found is None:
        return None
    table = found.table
    view = None if found.game is None else _view(table, found.game, learner_id, None, False,
                                                 _granted_in_turn)
    context = _context_of(table, learner_id, found.away, view)
    yours = view is not None and view["turn"] is not None and view["turn"] == context["seat"]
    html = render_template("tables/_live.html", **context)
    return table.move_number, json.dumps({"move": table.move_number, "stamp": context["stamp"],
                                          "status": table.status, "yours": yours,
                                          "html": html})


def stamp(table: PlayTable, away: list[presence.Away] | None = None) -> str:
    """What changes the page: the move number, the status, the seats taken, and which
    players left (public: everyone at the table is shown it); ``away``: those players,
    when the caller has already read them."""
    return snapshot.stamp_text(table.move_number, table.status, len(table.seats),
                               presence.away(table) if away is None else away)


def _check_in(table: PlayTable, seat: int | None) -> PlayTable:
    """The viewer is here; seats past their grace period go to computer players, and a
    move whose timer ran out is made by one (every other player's poll, move and heartbeat
    checks, so no absent or silent player's request is needed); the table as it is now
    (``table`` itself unless one of those changed it)."""
    presence.record_seen(table, seat)
    if services.take_over_due(table.id, table) is not None:
        table = web.table_or_404(table.id)
    try:
        if timer.overdue(table) and services.time_out_due(table.id, table) is not None:
            table = web.table_or_404(table.id)
    except services.Conflict:  # a move of the seat came first: it stands
        table = web.table_or_404(table.id)
    return table


@bp.get("/tables/<table_id>")
def show(table_id: str) -> ResponseReturnValue:
    table = web.table_or_404(table_id)
    services.touch(table, services.seat_of(table, web.learner_id()))
    return render_template("tables/table.html", **_context(table),
                           chat=chat_context(table))


@bp.get("/tables/<table_id>/fragment")
def fragment(table_id: str) -> ResponseReturnValue:
    """The live part of the page alone, for tables.js to swap in."""
    return render_template("tables/_live.html", **_context(web.table_or_404(table_id)))


@bp.get("/tables/<table_id>/state")
def state(table_id: str) -> ResponseReturnValue:
    """The viewing seat's state by move number: ``since`` is the last move the client has;
    unchanged, only the numbers; else the view and ``changes``, the moves since."""
    learner_id = web.learner_id()
    table = web.table_or_404(table_id)
    seat = services.seat_of(table, learner_id)
    table = _check_in(table, seat)
    raw = request.args.get("since", "")
    since = int(raw) if raw.isdigit() else None
    body: dict[str, Any] = {"move_number": table.move_number, "status": table.status,
                            "stamp": stamp(table), "seats_taken": len(table.seats),
                            "new_hand": since is not None and since < table.hand_start}
    body["seat"] = services.seat_of(table, learner_id)  # (a takeover keeps the seat theirs)
    if since is not None and since >= table.move_number:
        body["changed"] = False
        return jsonify(body)
    view = view_of(table, learner_id, since)
    body["changed"] = True
    body["view"] = view
    body["changes"] = [] if view is None else view.get("log", [])
    return jsonify(body)


def _posted() -> tuple[Any, Any]:
    """The move number and the action of a move, from a JSON body or form fields (a form
    sends the action as JSON text, as the play pages do)."""
    if request.is_json:
        data = request.get_json(silent=True)
        if not isinstance(data, dict):
            raise services.TableError(N_("the body must be a JSON object with move and action"))
        return data.get("move"), data.get("action")
    action: Any = request.form.get("action")
    if request.form.get("type") == "next_hand":
        action = {"type": "next_hand"}
    elif isinstance(action, str):
        try:
            action = json.loads(action)
        except ValueError:
            raise services.TableError(N_("the action field must be JSON")) from None
    return request.form.get("move"), action


@bp.post("/tables/<table_id>/moves")
@limiter.limit("240 per minute")
def moves(table_id: str) -> ResponseReturnValue:
    learner_id = web.learner_id()
    back = url_for(".show", table_id=table_id, _anchor="play")
    try:
        seen, action = _posted()
        number = services.move(table_id, learner_id, seen, action)  # reads the table once
        table = web.table_or_404(table_id)  # as committed
        heard: dict[int, datetime] | None = presence.last_seen(table)  # (once for both)
        taken = services.take_over_due(table_id, table, heard)
        if taken is not None:
            number, table, heard = taken, web.table_or_404(table_id), None
    except services.NotFound:
        web.not_found()
    except services.TableError as exc:
        return web.refused(exc, back)
    if web.wants_json():  # (the page: on the stream, or read by number)
        return jsonify({"move_number": number,
                        "stamp": stamp(table, presence.away(table, seen=heard))})
    return redirect(back)


@bp.post("/tables/<table_id>/reclaim")
def reclaim(table_id: str) -> ResponseReturnValue:
    """The player takes back the seat a computer player kept for them."""
    web.table_or_404(table_id)
    try:
        services.reclaim(table_id, web.learner_id())
    except services.TableError as exc:
        return web.refused(exc, url_for(".show", table_id=table_id))
    if web.wants_json():
        return jsonify({"stamp": stamp(web.table_or_404(table_id))})
    return redirect(url_for(".show", table_id=table_id, _anchor="play"))


@bp.get("/tables/<table_id>/events")
def events(table_id: str) -> ResponseReturnValue:
    """Server-sent events: the table's move numbers with the viewer's page, and heartbeats
    (tutor.tables.stream).
    ``Last-Event-ID`` (EventSource's reconnect) or ``since`` is the last number the client
    has."""
    count = snapshot.version(table_id)  # before reading: a change meanwhile shows
    table = web.table_or_404(table_id)  # (a 404 for no such table)
    learner_id = web.learner_id()
    raw = request.headers.get("Last-Event-ID") or request.args.get("since", "")
    last = int(raw) if raw.strip().isdigit() else None
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    slot = slots(app)
    if not slot.acquire(blocking=False):
        return jsonify({"error": _("Too many live connections here just now: the table "
                                   "is checked every few seconds instead.")}), 503, {
            "Retry-After": "30"}
    if count is not None:
        try:
            # The table just read answers the first heartbeat: its summary goes to Redis
            # now, so the stream's first beat reads no database again (when a server dies,
            # each of its clients reconnecting to the other costs one table read, not two).
            snapshot.write(_check_in(table, services.seat_of(table, learner_id)), count)
        except BaseException:
            slot.release()
            raise

    def beat() -> tuple[int, str]:
        """The database's answer, and a new summary for the quick beats that follow."""
        count = snapshot.version(table_id)  # before reading: a change meanwhile shows
        found = web.table_or_404(table_id)
        now = _check_in(found, services.seat_of(found, learner_id))
        snapshot.write(now, count)
        return now.move_number, stamp(now)

    @copy_current_request_context  # each page event in the viewer's session and language
    def told(number: int) -> tuple[int, str] | None:
        return page(table_id, learner_id, number)

    body = Stream(app, table.id, last, beat, slot,
                  seconds=current_app.config.get("TABLE_STREAM_SECONDS", STREAM_SECONDS),
                  heartbeat=current_app.config.get("TABLE_HEARTBEAT", HEARTBEAT),
                  chat=lambda: chat.latest(table_id),
                  quick=lambda: snapshot.quick_beat(table_id, learner_id),
                  page=told)
    return Response(Reconnecting(body, reconnect_ms()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


RECONNECT_MS: Final = (250, 1250)
"""The range of a stream's reconnect delay (its ``retry:`` field), drawn per stream: the
clients of an app server that dies come back spread over a second, not all in the same
millisecond, and each within 1.25 s (docs/deploy.md, "A killed app server")."""


def reconnect_ms(rng: random.Random | None = None) -> int:
    return random.randrange(*RECONNECT_MS) if rng is None else rng.randrange(*RECONNECT_MS)


class Reconnecting:
    """A stream whose ``retry:`` is its own: added to the stream's first chunk (its own
    fixed ``retry:``), and the last one a client reads wins.  ``close`` is the stream's."""

    def __init__(self, stream: Stream, retry_ms: int) -> None:
        self.stream, self.retry_ms = stream, retry_ms

    def __iter__(self) -> Iterator[bytes]:
        chunks = iter(self.stream)
        first = next(chunks, b"")
        yield first + f"retry: {self.retry_ms}\n\n".encode()
        yield from chunks

    def close(self) -> None:
        self.stream.close()
