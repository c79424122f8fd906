"""The site's form pages and puzzle pages share their skeleton (issue 28: fewer duplicates).

A page that posts one form of fields (log in, sign up, passwords, join, new class) draws it
with ``post_form`` (tutor/templates/auth/_forms.html), directly or through the layout
``_form_page.html``, so that every such page orders the problems note, the token, the fields
and the submit button alike; a page below the puzzles index extends ``puzzles/_page.html``
for its style sheet, breadcrumb and heading. The templates are found by what they contain,
so a new page is checked without editing this file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parent.parent / "tutor" / "templates"
SHARED = {"auth/_forms.html", "_form_page.html", "puzzles/_page.html"}
NOT_YET: set[str] = set()
"""Pages that still draw their forms by hand (none now); a page listed here is skipped."""


def _pages(pattern: str) -> list[str]:
    """The site's templates (shared skeletons aside) whose text matches ``pattern``."""
    found = (p.relative_to(TEMPLATES).as_posix() for p in sorted(TEMPLATES.rglob("*.html")))
    return [name for name in found if name not in SHARED | NOT_YET
            and re.search(pattern, (TEMPLATES / name).read_text(encoding="utf-8"))]


# A form drawn by hand: its own token line right after a novalidate form tag.
HAND_DRAWN_FORM = r'<form method="post" action="[^"]*" novalidate>\s*\{\{ form\.csrf_token \}\}'
# The puzzles style sheet and the breadcrumb back to the index, written out again.
HAND_DRAWN_PUZZLE_HEAD = (r"css/puzzles\.css[\s\S]*"
                          r"<ol><li><a href=\"\{\{ url_for\('puzzles\.index'\)")


@pytest.mark.parametrize("name", _pages(r"\{\{ form_errors\(form\) \}\}|post_form\(|_form_page"))
def test_a_form_page_draws_its_form_with_the_shared_macro(name: str) -> None:
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    assert not re.search(HAND_DRAWN_FORM, text), f"{name}: use post_form or _form_page.html"


@pytest.mark.parametrize("name", _pages(r"puzzles/_page\.html|css/puzzles\.css"))
def test_a_puzzle_page_takes_its_head_from_the_puzzles_layout(name: str) -> None:
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    assert not re.search(HAND_DRAWN_PUZZLE_HEAD, text), f"{name}: extend puzzles/_page.html"
