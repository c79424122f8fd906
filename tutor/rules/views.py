"""The rule books on the site: ``/rules`` lists them, ``/rules/<profile>`` shows one book in
the page's language, each rule at its own anchor (``/rules/conquian-40#R9``).

Also the ``rule_links`` template filter, which links every rule id a page cites.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from markupsafe import Markup

from tutor.rules.books import BOOKS, book_of_profile, load_book, profiles_of
from tutor.rules.links import rule_links

bp = Blueprint("rules", __name__, url_prefix="/rules")


def _book_url(page: str) -> str:
    return url_for("rules.book", profile=page)


@bp.app_template_filter("rule_links")
def rule_links_filter(text: object, profile: str | None = None, bare: bool = False) -> Markup:
    """``{{ sentence|rule_links }}``: the text, escaped, with ``(R8)``-style ids as links;
    ``|rule_links(profile)`` sends ids of that profile's book to the profile's own page;
    ``bare=true`` links ids outside parentheses too (lists of cited rules)."""
    return rule_links(text, profile, _book_url, bare=bare)


@bp.app_template_global("rule_books_table")
def rule_books_table() -> dict[str, tuple[str, int]]:
    """For static/js/rules.js: each id letter's book URL and number of rules."""
    return {book.prefix: (_book_url(book.id), book.size) for book in BOOKS}


def _language() -> str:
    return str(get_locale() or "en")


@bp.get("", strict_slashes=False)
def index() -> ResponseReturnValue:
    language = _language()
    books = [(load_book(book, language), profiles_of(book)) for book in BOOKS]
    return render_template("rules/index.html", books=books)


@bp.get("/<profile>")
def book(profile: str) -> ResponseReturnValue:
    found = book_of_profile(profile)
    if found is None:
        abort(404)
    rendered = load_book(found, _language())
    body = rule_links(rendered.body, profile, _book_url, bare=True)
    return render_template(
        "rules/book.html", book=rendered, body=body, profile=profile, profiles=profiles_of(found)
    )
