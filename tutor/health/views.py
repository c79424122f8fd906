"""``GET /livez``, ``GET /readyz`` and ``GET /healthz`` (docs/deploy.md, "Health checks").

Liveness (``/livez``) asks nothing: the process answers, so there is no reason to restart
it.  Readiness (``/readyz``) asks the database and Redis: 200 when both answer, else 503
with ``{"error": ..., "down": [...]}`` naming what is down, so that a stopped PostgreSQL
no longer looks healthy; its 200 also says which solver build runs (``"solver"``).
``/healthz`` answers like readiness but keeps its old body, ``ok``, when all is well.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from solver import native
from tutor.health.checks import CHECKS, problems

bp = Blueprint("health", __name__)

_NO_STORE = {"Cache-Control": "no-store"}


def _not_ready(down: dict[str, str]) -> ResponseReturnValue:
    for name, reason in down.items():
        current_app.logger.warning("not ready: %s is down (%s)", name, reason)
    names = ", ".join(sorted(down))
    body = jsonify(error=_("Not ready: %(names)s cannot be reached.", names=names),
                   down=sorted(down))
    return body, 503, _NO_STORE


@bp.get("/livez")
def livez() -> ResponseReturnValue:
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8", **_NO_STORE}


@bp.get("/readyz")
def readyz() -> ResponseReturnValue:
    down = problems()
    if down:
        return _not_ready(down)
    body = jsonify(status="ready", checked=list(CHECKS), solver=native.describe())
    return body, 200, _NO_STORE


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    down = problems()
    if down:
        return _not_ready(down)
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8", **_NO_STORE}
