"""The table's chat (tutor.tables.chat) over HTTP: read after a cursor, post a line,
and the host's (at a class table, the teacher's) switch.  The table page shows it through
``chat_context``; static/tables.js reads and posts with JSON."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, jsonify, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user

from solver.messages import N_
from tutor.core.errors import error_text
from tutor.extensions import limiter
from tutor.models import PlayTable
from tutor.tables import chat, services, web
from tutor.tables.seat_view import seat_names

bp = Blueprint("table_chat", __name__)


def _author() -> chat.Author:
    teacher = current_user.id if getattr(current_user, "is_authenticated", False) else None
    return chat.Author(web.learner_id(), teacher)


def _chat_lines(table: PlayTable, after: int | None) -> list[dict[str, Any]]:
    names = seat_names(table.seats, table.options["seats"])
    return [{"id": m.id, "seat": m.seat, "text": m.text,
             "author": _("Teacher") if m.seat is None else names[m.seat]}
            for m in chat.since(table.id, after)]


def chat_context(table: PlayTable) -> dict[str, Any]:
    """The chat panel's template context on the table page, for the asking viewer."""
    who = _author()
    lines = _chat_lines(table, None)
    return {"on": chat.is_on(table), "can_write": chat.may_write(table, who),
            "can_switch": chat.may_switch(table, who), "messages": lines,
            "latest": lines[-1]["id"] if lines else 0, "most": chat.MAX_LENGTH}


@bp.get("/tables/<table_id>/chat")
def read(table_id: str) -> ResponseReturnValue:
    """The table's chat after message ``after`` (a page's cursor, also after a reconnect),
    and whether it is on and this viewer may write."""
    table = web.table_or_404(table_id)
    raw = request.args.get("after", "")
    after = int(raw) if raw.isdigit() else None
    who = _author()
    return jsonify({"on": chat.is_on(table), "can_write": chat.may_write(table, who),
                    "latest": chat.latest(table.id), "messages": _chat_lines(table, after)})


@bp.post("/tables/<table_id>/chat")
@limiter.limit("120 per minute")
def post(table_id: str) -> ResponseReturnValue:
    web.table_or_404(table_id)
    back = url_for("tables.show", table_id=table_id, _anchor="chat")
    data: Any = request.get_json(silent=True) if request.is_json else request.form
    try:
        if not hasattr(data, "get"):
            raise services.TableError(N_("the body must be a JSON object with text"))
        message = chat.post(table_id, _author(), data.get("text"))
    except chat.TooFast as exc:
        if web.wants_json():
            return jsonify({"error": error_text(exc)}), exc.status, {
                "Retry-After": str(exc.wait)}
        return web.refused(exc, back)
    except services.TableError as exc:
        return web.refused(exc, back)
    if web.wants_json():
        return jsonify({"id": message.id, "text": message.text}), 201
    return redirect(back)


@bp.post("/tables/<table_id>/chat/switch")
def switch(table_id: str) -> ResponseReturnValue:
    """The host (at a class table: the class's teacher) turns the chat on or off."""
    web.table_or_404(table_id)
    back = url_for("tables.show", table_id=table_id, _anchor="chat")
    try:
        on = chat.switch(table_id, _author(), request.form.get("on") == "1")
    except services.TableError as exc:
        return web.refused(exc, back)
    if web.wants_json():
        return jsonify({"on": on})
    flash(_("The chat is on.") if on else _("The chat is off."), "success")
    return redirect(back)
