"""Every feature is a blueprint; this is the one list of them."""

from __future__ import annotations

from importlib import import_module

from flask import Flask

# Module paths of blueprints, each exposing ``bp``.
BLUEPRINTS = (
    "tutor.home.views",
    "tutor.api.analyze",
    "tutor.learn.views",
    "tutor.analyzer.views",
    "tutor.puzzles.views",
    "tutor.mistakes.views",
    "tutor.progress.views",
    "tutor.api.games",
    "tutor.play.views",
    "tutor.tables.views",
    "tutor.tables.chat_views",
    "tutor.tables.review_views",
    "tutor.auth.views",
    "tutor.account.views",
    "tutor.learner_accounts.views",
    "tutor.teach.views",
    "tutor.classes.views",
    "tutor.rules.views",
    "tutor.health.views",
)


def register_blueprints(app: Flask) -> None:
    from tutor.core.errors import register_error_handlers
    from tutor.core.templating import register_template_helpers

    register_error_handlers(app)
    register_template_helpers(app)
    for path in BLUEPRINTS:
        app.register_blueprint(import_module(path).bp)
