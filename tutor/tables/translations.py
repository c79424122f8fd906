"""Jinja's ``gettext`` and ``ngettext`` for one render of a live table's page, bound to the
request's translations once (issue 29: every viewer's page event is rendered at each move).

Flask-Babel's own callables look the request's translations up again for every sentence
(its locale, domain and catalog, through the request context): some tens of look-ups a
page, about a twentieth of a page event's CPU.  These do what Jinja's new-style gettext
does with the catalog looked up once, so a page is byte for byte the same.  Given in the
render's context they serve the template's ``_()``, ``ngettext()`` and the macros it
imports with context.  ``TABLES_MEMO = False`` turns them off (the tests compare both).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import get_translations
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from tutor.tables import memo


def bound() -> dict[str, Callable[..., str]]:
    """``gettext`` and ``ngettext`` for a render in this request's language (none when the
    memo is off: Flask-Babel's own then answer)."""
    if not memo.on():
        return {}
    translations = get_translations()

    @pass_context
    def gettext(context: Context, string: str, **variables: Any) -> str:
        text: str = translations.ugettext(string)
        if context.eval_ctx.autoescape:
            text = Markup(text)
        return text % variables  # a format string always, as Jinja's own does

    @pass_context
    def ngettext(context: Context, singular: str, plural: str, num: int,
                 **variables: Any) -> str:
        variables.setdefault("num", num)
        text: str = translations.ungettext(singular, plural, num)
        if context.eval_ctx.autoescape:
            text = Markup(text)
        return text % variables

    return {"gettext": gettext, "ngettext": ngettext}
