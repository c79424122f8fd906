"""Where the site's files are: inside the package when installed from a wheel (setup.py
copies them there), beside the packages in a checkout or an editable install."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent


def _first_dir(*candidates: Path) -> Path:
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    return candidates[-1]


STATIC_DIR = _first_dir(PACKAGE / "static", CHECKOUT / "static")
"""CSS, JavaScript and images."""

BUNDLED_PUZZLES_DIR = _first_dir(PACKAGE / "bundled_puzzles", CHECKOUT / "puzzles")
"""The bundled puzzle sets (``puzzles/*.json`` in the repository)."""

RULE_BOOKS_DIR = _first_dir(PACKAGE / "rule_books", CHECKOUT / "docs" / "rules")
"""The rule books (``docs/rules/<book>.md`` and ``docs/rules/<lang>/`` in the repository)."""

MIGRATIONS_DIR = PACKAGE / "migrations"
