"""Template globals: card helpers, languages, the current learner."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l

from tutor.core.card_words import (
    cannot_take,
    center_card_label,
    center_heading,
    center_label,
    center_was,
    legal_takes,
)
from tutor.core.cards import card_label, card_parts, card_phrase, hand_order

# The main navigation, in order; an entry shows once its blueprint is registered.
NAV = (
    ("home.index", _l("Home")),
    ("learn.index", _l("Learn")),
    ("puzzles.index", _l("Puzzles")),
    ("analyzer.index", _l("Analyzer")),
    ("play.index", _l("Play")),
    ("tables.index", _l("Play with people")),
    ("progress.index", _l("Progress")),
    ("rules.index", _l("Rules")),
    ("classes.join", _l("Join a class")),
    ("teach.index", _l("Teach")),
)


def nav_items() -> list[tuple[str, str]]:
    return [(ep, str(label)) for ep, label in NAV if ep in current_app.view_functions]


# Learners' pages of the classes blueprint; its other pages are the teacher's (/teach/...).
_LEARNER_CLASS_PAGES = ("classes.join", "classes.mine")


def nav_section(endpoint: str | None) -> str:
    """The menu entry a page belongs to: its blueprint, except that a teacher's class pages
    belong to "Teach"."""
    if not endpoint:
        return ""
    blueprint = endpoint.split(".")[0]
    if blueprint == "classes" and endpoint not in _LEARNER_CLASS_PAGES:
        return "teach"
    return blueprint


def register_template_helpers(app: Flask) -> None:
    # Globals (not a context processor) so that imported macros see them too.
    app.jinja_env.globals.update(
        card_label=card_label, card_phrase=card_phrase, card_parts=card_parts,
        center_card_label=center_card_label, center_label=center_label,
        center_heading=center_heading, center_was=center_was, legal_takes=legal_takes,
        cannot_take=cannot_take,
        nav_items=nav_items, nav_section=nav_section,
    )
    app.jinja_env.filters["hand_order"] = hand_order

    @app.context_processor
    def globals_() -> dict[str, Any]:
        return {
            "languages": current_app.config["LANGUAGES"],
            "current_language": str(get_locale() or "en"),
        }
