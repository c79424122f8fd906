"""The Conquian tutor site: ``create_app()`` builds the Flask application."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask

from solver import native
from tutor.paths import STATIC_DIR


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_relative_config=True,
        static_folder=str(STATIC_DIR),
        static_url_path="/static",
    )
    from tutor.core.jsonprovider import OrjsonProvider

    app.json = OrjsonProvider(app)
    from tutor.core.sessions import PageSessions

    app.session_interface = PageSessions()
    from tutor.config import configure

    configure(app, test_config)
    if app.config["TRUSTED_PROXIES"]:
        # Behind N reverse proxies: the client's address and scheme are the ones the
        # nearest N proxies wrote into X-Forwarded-For/-Proto (docs/deploy.md).
        from werkzeug.middleware.proxy_fix import ProxyFix

        hops = int(app.config["TRUSTED_PROXIES"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]

    if app.config.get("MAX_CONTENT_LENGTH"):
        from tutor.core.bodies import LengthForChunkedBodies

        app.wsgi_app = LengthForChunkedBodies(  # type: ignore[method-assign]
            app.wsgi_app, int(app.config["MAX_CONTENT_LENGTH"]))

    from tutor.core.headers import register_security_headers

    register_security_headers(app)

    from tutor.extensions import init_extensions

    init_extensions(app)
    # Here, not in init_extensions: the models and the session loader import the extensions.
    from tutor import models  # noqa: F401  (every table known to SQLAlchemy)
    from tutor.auth import sessions

    sessions.init_app(app)

    from tutor.blueprints import register_blueprints

    register_blueprints(app)

    from tutor.commands import register_commands

    register_commands(app)
    # Which solver build this process runs (setup.py's CONQUIAN_COMPILE, scripts/compile):
    # at INFO on a logger of its own, so that only this line joins the warnings.
    startup = app.logger.getChild("startup")
    startup.setLevel(logging.INFO)
    startup.info("solver: %s", native.describe())
    return app
