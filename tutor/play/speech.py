"""gettext for the play pages, with the catalog and the locale looked up once per request.

A view says dozens of sentences (seat names, choices, the log); Flask-Babel's ``gettext``
finds the request's catalog again for each one, through several context lookups that cost
more than the translation itself.  Here they are found once and kept on ``flask.g``,
where Flask-Babel keeps its own locale and catalogs, so they live exactly as long.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import g, has_app_context, has_request_context
from flask_babel import get_locale, get_translations

Translate = Callable[..., str]


def _catalog() -> Any:
    if not has_app_context():
        return get_translations()
    found = g.get("play_catalog")
    if found is None:
        found = g.play_catalog = get_translations()
    return found


def translator() -> Translate:
    """gettext for many sentences in a row: the catalog is looked up once a request."""
    found: Translate | None = g.get("play_translate") if has_app_context() else None
    if found is None:
        lookup = _catalog().ugettext

        def translate(text: str, **params: object) -> str:
            text = lookup(text)
            return text % params if params else text  # as Flask-Babel's gettext formats

        found = translate
        if has_app_context():
            g.play_translate = found
    return found


def gettext(text: str, **params: object) -> str:
    """Flask-Babel's ``gettext``, but for the lookups it repeats."""
    return translator()(text, **params)


def ngettext(singular: str, plural: str, num: int, **params: object) -> str:
    """Flask-Babel's ``ngettext`` (``num`` is a parameter too), likewise."""
    params.setdefault("num", num)
    return str(_catalog().ungettext(singular, plural, num)) % params


def locale() -> str:
    """The page's language ("en" outside a request), looked up once a request."""
    if not has_request_context():
        return "en"
    found: str | None = g.get("play_locale")
    if not found:
        found = g.play_locale = str(get_locale() or "en")
    return found
