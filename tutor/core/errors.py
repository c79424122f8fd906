"""Error pages: JSON ``{"error": ...}`` under /api, a friendly page elsewhere. Never a traceback."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import get_translations
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from solver.errors import ConquianError, Text


def error_text(exc: Exception | Text) -> str:
    """An error's message in the page's language.  The solver's errors carry an English
    template and its values (``solver.errors.Text``), translated here; any other error
    already holds a finished sentence."""
    if isinstance(exc, (ConquianError, Text)):
        return exc.render(get_translations().ugettext)
    return str(exc)


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> ResponseReturnValue:
        message = _(
            "This form has expired or was not sent from this site. Reload the page and try again."
        )
        if _wants_json():
            return jsonify(error=message), 400
        return render_template("errors/error.html", code=400, message=message), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> ResponseReturnValue:
        code = error.code or 500
        message = error.description or error.name
        if _wants_json():
            return jsonify(error=message), code
        return render_template("errors/error.html", code=code, message=message), code

    @app.errorhandler(Exception)
    def unexpected_error(error: Exception) -> ResponseReturnValue:
        app.logger.exception("unhandled error on %s", request.path)
        from tutor.extensions import db

        db.session.rollback()
        message = _("Something went wrong on our side. Your work was not changed.")
        if _wants_json():
            return jsonify(error=message), 500
        try:
            return render_template("errors/error.html", code=500, message=message), 500
        except Exception:  # the page itself failed: plain text rather than nothing
            app.logger.exception("error page failed")
            return message, 500, {"Content-Type": "text/plain; charset=utf-8"}
