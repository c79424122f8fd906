"""gettext for the play pages, with the catalog and the locale looked up once per request.

A view says dozens of sentences (seat names, choices, the log); Flask-Babel's ``gettext``
finds the request's locale and catalog again for each one, through several context lookups
that cost more than the translation itself.  Here they are found once and kept on
``flask.g``, beside Flask-Babel's own, for as long as Flask-Babel's locale object stays
the same (``force_locale`` changes it, and so changes what is looked up here).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from flask import g, has_request_context
from flask_babel import get_locale, get_translations

Translate = Callable[..., str]
# The context's ``g`` itself, found once a sentence through the proxy's documented
# ``_get_current_object`` (each ``g.name`` would go through the proxy again); kept bound
# here, as a view asks once a sentence.  RuntimeError outside an app context.
_current_g: Callable[[], Any] = g._get_current_object


class _Found(NamedTuple):
    marker: object
    """Flask-Babel's locale object when these were looked up (None: unknown, not kept)."""
    catalog: Any
    translate: Translate


def _marker(found_g: Any = None) -> object:
    # Flask-Babel keeps the request's locale on g._flask_babel; force_locale replaces it.
    return getattr((g if found_g is None else found_g).get("_flask_babel"), "babel_locale",
                   None)


def _with(catalog: Any) -> Translate:
    lookup = catalog.ugettext

    def translate(text: str, **params: object) -> str:
        text = lookup(text)
        return text % params if params else text  # as Flask-Babel's gettext formats

    return translate


def _found() -> _Found:
    try:
        here = _current_g()
    except RuntimeError:  # no app context (the command line): nothing to keep it on
        catalog = get_translations()
        return _Found(None, catalog, _with(catalog))
    found: _Found | None = here.get("play_speech")
    if found is not None and found.marker is not None and found.marker is _marker(here):
        return found
    catalog = get_translations()  # sets Flask-Babel's locale when not set yet
    found = here.play_speech = _Found(_marker(here), catalog, _with(catalog))
    return found


def translator() -> Translate:
    """gettext for many sentences in a row: the catalog is looked up once a request."""
    return _found().translate


def gettext(text: str, **params: object) -> str:
    """Flask-Babel's ``gettext``, but for the lookups it repeats."""
    return _found().translate(text, **params)


def ngettext(singular: str, plural: str, num: int, **params: object) -> str:
    """Flask-Babel's ``ngettext`` (``num`` is a parameter too), likewise."""
    params.setdefault("num", num)
    return str(_found().catalog.ungettext(singular, plural, num)) % params


def locale() -> str:
    """The page's language ("en" outside a request), looked up once a request."""
    if not has_request_context():
        return "en"
    here = _current_g()
    found: tuple[object, str] | None = here.get("play_locale")
    marker = _marker(here)
    if found is None or marker is None or found[0] is not marker:
        found = (None, str(get_locale() or "en"))
        found = here.play_locale = (_marker(here), found[1])
    return found[1]
