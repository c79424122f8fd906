"""Languages of the site and how a request's language is chosen."""

from __future__ import annotations

from typing import Final

from flask import request, session

LANGUAGES: Final[dict[str, str]] = {
    "en": "English", "pt": "Português", "es": "Español", "it": "Italiano", "ru": "Русский",
}


def select_locale() -> str:
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return str(chosen)
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"
