"""The site's gettext catalogs, for rendering claims outside a request (the puzzle builder,
``conquian puzzles validate``, a teacher's import): one translation system for every text."""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import cache
from pathlib import Path

CATALOGS = Path(__file__).resolve().parents[2] / "tutor" / "translations"


@cache
def translator(language: str) -> Callable[[str], str] | None:
    """gettext for ``language`` ("pt", "es"), or ``None`` for English (the msgids)."""
    if language == "en":
        return None
    return gettext.translation("messages", CATALOGS, [language]).gettext
