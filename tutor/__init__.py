"""The Conquian tutor site: ``create_app()`` builds the Flask application."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_relative_config=True,
        static_folder=str(ROOT / "static"),
        static_url_path="/static",
    )
    from tutor.core.jsonprovider import OrjsonProvider

    app.json = OrjsonProvider(app)
    from tutor.config import configure

    configure(app, test_config)

    from tutor.extensions import init_extensions

    init_extensions(app)

    from tutor.blueprints import register_blueprints

    register_blueprints(app)
    return app
