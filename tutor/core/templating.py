"""Template globals: card helpers, languages, the current learner."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l

from tutor.core.cards import card_label, card_parts

# The main navigation, in order; an entry shows once its blueprint is registered.
NAV = (
    ("home.index", _l("Home")),
    ("learn.index", _l("Learn")),
    ("puzzles.index", _l("Puzzles")),
    ("analyzer.index", _l("Analyzer")),
    ("play.index", _l("Play")),
    ("progress.index", _l("Progress")),
    ("rules.index", _l("Rules")),
    ("teach.index", _l("Teach")),
)


def nav_items() -> list[tuple[str, str]]:
    return [(ep, str(label)) for ep, label in NAV if ep in current_app.view_functions]


def register_template_helpers(app: Flask) -> None:
    # Globals (not a context processor) so that imported macros see them too.
    app.jinja_env.globals.update(card_label=card_label, card_parts=card_parts, nav_items=nav_items)

    @app.context_processor
    def globals_() -> dict[str, Any]:
        return {
            "languages": current_app.config["LANGUAGES"],
            "current_language": str(get_locale() or "en"),
        }
