"""Error pages: JSON ``{"error": ...}`` under /api, a friendly page elsewhere. Never a traceback."""

from __future__ import annotations

from typing import Final

from flask import Flask, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import get_translations
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from solver.errors import ConquianError, Text

_DEFAULTS: Final = {
    400: _l("The request could not be understood: check what was sent and try again."),
    403: _l("You do not have permission to open this page."),
    404: _l("There is no page at this address. Check the link, or start again from the "
            "home page."),
    405: _l("This address does not accept that kind of request."),
    500: _l("Something went wrong on our side. Your work was not changed."),
}
"""Werkzeug's default descriptions, in words the catalogs translate."""


def error_text(exc: Exception | Text) -> str:
    """An error's message in the page's language.  The solver's errors carry an English
    template and its values (``solver.errors.Text``), translated here; any other error
    already holds a finished sentence."""
    if isinstance(exc, (ConquianError, Text)):
        return exc.render(get_translations().ugettext)
    return str(exc)


def _wants_json() -> bool:
    """JSON for the APIs (/api/…, /teach/api/…) and for whoever sent JSON."""
    return request.path.startswith("/api/") or "/api/" in request.path or request.is_json


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> ResponseReturnValue:
        message = _(
            "This form has expired or was not sent from this site. Reload the page and try again."
        )
        if _wants_json():
            return jsonify(error=message), 400
        return render_template("errors/error.html", code=400, message=message), 400

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(error: RequestEntityTooLarge) -> ResponseReturnValue:
        # However the body came (with a length or chunked), past the limit it is refused.
        limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
        message = _("The request body is larger than %(size)s KB, the most this site accepts.",
                    size=limit // 1024)
        if _wants_json():
            return jsonify(error=message), 413
        return render_template("errors/error.html", code=413, message=message), 413

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> ResponseReturnValue:
        code = error.code or 500
        message = error.description or error.name
        if message == type(error).description and code in _DEFAULTS:
            # Werkzeug's own sentence is English: say the same in the page's language.
            message = str(_DEFAULTS[code])
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
