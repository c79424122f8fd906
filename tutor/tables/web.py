"""What the tables' pages share about a request: who asks, whether they read JSON, how a
refusal is answered, and the table an address names."""

from __future__ import annotations

from typing import NoReturn

from flask import abort, flash, jsonify, redirect, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from tutor.core.errors import error_text
from tutor.core.learner import current_learner
from tutor.models import PlayTable
from tutor.tables import services


def learner_id(create: bool = False) -> int | None:
    """The asking learner's id (made now with ``create``); ``None`` for a new browser."""
    learner = current_learner(create=create)
    return None if learner is None else int(learner.id)


def wants_json() -> bool:
    """A script's request (a JSON body, or JSON preferred) rather than a form's."""
    return request.is_json or request.accept_mimetypes.best == "application/json"


def refused(exc: services.TableError, back: str) -> ResponseReturnValue:
    """A refused request: its message as JSON with the error's status, or flashed on the
    page ``back`` (redirect after post)."""
    if wants_json():
        return jsonify({"error": error_text(exc)}), exc.status
    flash(error_text(exc), "error")
    return redirect(back)


def table_or_404(table_id: str) -> PlayTable:
    try:
        return services.get_table(table_id)
    except services.NotFound:
        not_found()


def not_found() -> NoReturn:
    abort(404, description=_("There is no table with this address."))
