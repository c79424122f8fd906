"""The project's rule books: which book holds which rule ids, and each book as safe HTML.

A book is ``docs/rules/<book>.md`` (English) with translations in ``docs/rules/<lang>/``.
Every rule is a heading that starts with its id (``### R9 Forcing``); on the site that
heading's anchor is the id itself (``#R9``), in every language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

import markdown as md
import nh3
from markdown.extensions.toc import TocExtension
from markdown.extensions.toc import slugify as default_slugify
from markupsafe import Markup

from solver.rules import PROFILES
from tutor.paths import RULE_BOOKS_DIR

RULES_DIR: Final = RULE_BOOKS_DIR


@dataclass(frozen=True)
class Book:
    """One rule book: its file name, the letter of its rule ids and how many rules it has."""

    id: str
    prefix: str
    size: int

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(f"{self.prefix}{n}" for n in range(1, self.size + 1))


# One book per distinct book of the registry's profiles (kunken-40 and kunken-104 read
# kunken's), in the registry's order.
BOOKS: Final = tuple({
    p.book_name: Book(p.book_name, p.book, p.book_size) for p in PROFILES.values()
}.values())
BOOK_BY_ID: Final = {book.id: book for book in BOOKS}
BOOK_BY_PREFIX: Final = {book.prefix: book for book in BOOKS}
_PREFIXES: Final = "".join(BOOK_BY_PREFIX)
RULE_ID_RE: Final = re.compile(rf"(?<!\w)([{_PREFIXES}])(\d{{1,2}})(?!\w)")
_HEADING_ID_RE: Final = re.compile(rf"^([{_PREFIXES}]\d{{1,2}})\b")


def book_of_rule(rule_id: str) -> Book | None:
    """The book that holds ``rule_id`` (``"K10"`` → kunken), or None for an unknown id."""
    match = RULE_ID_RE.fullmatch(rule_id)
    if match is None:
        return None
    book = BOOK_BY_PREFIX[match[1]]
    return book if rule_id in book.rule_ids else None


def book_of_profile(profile_id: str) -> Book | None:
    """The book of a rule profile: the one that holds the profile's own rule ids, so
    ``kunken-40`` and ``kunken-104`` read the kunken book.  None for an unknown profile."""
    profile = PROFILES.get(profile_id)
    return None if profile is None else BOOK_BY_ID[profile.book_name]


def profiles_of(book: Book) -> list[str]:
    """The profile ids a book covers, in the registry's order."""
    return [pid for pid in PROFILES if book_of_profile(pid) == book]


def book_path(book: Book, language: str, root: Path = RULES_DIR) -> Path:
    return root / f"{book.id}.md" if language == "en" else root / language / f"{book.id}.md"


def _slugify(value: str, separator: str) -> str:
    # A rule heading's anchor is its id, the same in every translation.
    match = _HEADING_ID_RE.match(value)
    return match[1] if match else default_slugify(value, separator)


ALLOWED_TAGS: Final = {
    "h1", "h2", "h3", "h4", "p", "br", "strong", "em", "code", "ul", "ol", "li", "blockquote",
    "a", "hr",
}  # fmt: skip
ALLOWED_ATTRIBUTES: Final = {
    "h1": {"id"}, "h2": {"id"}, "h3": {"id"}, "h4": {"id"}, "a": {"href"},
}  # fmt: skip


@dataclass(frozen=True)
class RenderedBook:
    book: Book
    language: str
    """The language the text is in (English when a translation is missing)."""
    title: str
    summary: Markup
    """The book's first paragraph."""
    body: Markup
    """Everything after the title."""
    rules: tuple[tuple[str, str], ...]
    """(id, heading text) of every rule heading, in order."""


def parse_book(text: str, book: Book, language: str) -> RenderedBook:
    """A book's Markdown as sanitized HTML, with its title, first paragraph and rule list."""
    title, _, rest = text.partition("\n")
    if not title.startswith("# "):
        raise ValueError(f"rule book {book.id} ({language}) must start with '# title'")
    converter = md.Markdown(extensions=["sane_lists", TocExtension(slugify=_slugify)])
    html = nh3.clean(
        converter.convert(rest),
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=set(),  # only links inside the site: anchors and relative paths
        link_rel=None,
    )
    rules = tuple(
        (token["id"], token["name"])
        for token in _walk(converter.toc_tokens)
        if _HEADING_ID_RE.fullmatch(token["id"])
    )
    first = re.search(r"<p>.*?</p>", html, re.S)
    return RenderedBook(
        book=book,
        language=language,
        title=title[2:].strip(),
        summary=Markup(first[0] if first else ""),  # sanitized above
        body=Markup(html),  # sanitized above
        rules=rules,
    )


def _walk(tokens: list[dict[str, object]]) -> list[dict[str, str]]:
    found: list[dict[str, str]] = []
    for token in tokens:
        found.append({"id": str(token["id"]), "name": str(token["name"])})
        found.extend(_walk(token["children"]))  # type: ignore[arg-type]
    return found


def load_book(book: Book, language: str, root: Path = RULES_DIR) -> RenderedBook:
    """The book in ``language``, or in English when that translation does not exist."""
    path = book_path(book, language, root)
    if not path.is_file():
        path, language = book_path(book, "en", root), "en"
    return _load(path, path.stat().st_mtime_ns, book, language)


@lru_cache(maxsize=64)
def _load(path: Path, mtime: int, book: Book, language: str) -> RenderedBook:
    # ``mtime`` is part of the key so that an edited book is read again.
    return parse_book(path.read_text(encoding="utf-8"), book, language)
