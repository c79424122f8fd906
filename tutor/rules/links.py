"""Rule ids cited in text — ``(R8)``, ``(R5, R9)``, ``(K10)`` — become links to their rule.

The id's letter names the book (R conquian-40, C cooncan, H colonel, I conquin, K kunken).
Only ids that exist are linked, and never inside a tag, a link or text that is not prose
(code, scripts, form fields, the page title).  By default only ids inside parentheses are
linked; ``bare=True`` links every id (lists of cited rules, the books' own prose), except in
headings, where a rule's id names the rule itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from markupsafe import Markup, escape

from tutor.rules.books import BOOK_BY_PREFIX, RULE_ID_RE, Book, book_of_profile, book_of_rule

# A tag, its quoted attribute values allowed to hold ">"; comments are tags here too.
_TAG_RE: Final = re.compile(r"(<!--.*?-->|<[^>\"']*(?:(?:\"[^\"]*\"|'[^']*')[^>\"']*)*>)", re.S)
_GROUP_RE: Final = re.compile(r"\(([^()]*)\)")
_ANY_ID_RE: Final = re.compile(rf"[{''.join(BOOK_BY_PREFIX)}]\d")
# Text inside these elements is left alone: links cannot nest in links or controls, and code,
# scripts, form fields and the page title are not prose.
_SKIP: Final = frozenset({
    "a", "button", "code", "pre", "script", "style", "textarea", "title", "option", "select",
    "template",
})
_HEADINGS: Final = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_TAG_NAME_RE: Final = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)")

HrefFor = Callable[[str, Book], str]
"""``href_for(rule_id, book)``: the URL of that rule."""


def link_rule_ids(html: str | Markup, href_for: HrefFor, *, bare: bool = False) -> Markup:
    """``html`` (already escaped or sanitized) with every cited rule id made a link."""
    text = str(html)
    if not _ANY_ID_RE.search(text):  # most fragments cite nothing
        return Markup(text)
    skip = _SKIP | _HEADINGS if bare else _SKIP
    parts = _TAG_RE.split(text)
    skipping: list[str] = []
    for i, part in enumerate(parts):
        if i % 2:  # a tag
            match = _TAG_NAME_RE.match(part)
            if match and (name := match[1].lower()) in skip and not part.endswith("/>"):
                if part[1] == "/":
                    if name in skipping:
                        del skipping[len(skipping) - 1 - skipping[::-1].index(name)]
                else:
                    skipping.append(name)
        elif part and not skipping:
            if bare:
                parts[i] = _link_group(part, href_for)
            elif "(" in part:
                parts[i] = _GROUP_RE.sub(lambda group: _link_group(group[0], href_for), part)
    return Markup("".join(parts))  # only known ids and escaped URLs were added


def _link_group(group: str, href_for: HrefFor) -> str:
    def link(match: re.Match[str]) -> str:
        rule_id = match[0]
        book = book_of_rule(rule_id)
        if book is None:
            return rule_id
        return f'<a class="rule-link" href="{escape(href_for(rule_id, book))}">{rule_id}</a>'

    return RULE_ID_RE.sub(link, group)


def rule_links(
    text: object, profile: str | None, book_url: Callable[[str], str], *, bare: bool = False
) -> Markup:
    """Escape ``text`` (unless it is Markup already) and link the rule ids it cites.

    ``book_url(page)`` is the URL of a book page (``/rules/<page>``).  When ``profile`` is
    given and an id belongs to that profile's book, the link names the profile
    (``/rules/kunken-40#K4``), so the learner lands on the book of the game they are in.
    """
    if text is None:
        return Markup("")
    own = book_of_profile(profile) if profile else None
    urls: dict[str, str] = {}

    def href_for(rule_id: str, book: Book) -> str:
        page = profile if (profile and book == own) else book.id
        if page not in urls:
            urls[page] = book_url(page)
        return f"{urls[page]}#{rule_id}"

    return link_rule_ids(escape(text), href_for, bare=bare)
