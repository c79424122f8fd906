"""The one door from the site to ``solver.puzzles`` (format validation, answer checks, grading).

TEMPORARY ADAPTER: until the ``puzzles`` branch lands on main, ``solver.puzzles`` is
missing and the small stand-ins in :mod:`tutor.puzzles._interim` are used instead.
Once it has landed, this module only re-exports it (and ``_interim`` is deleted).
"""

from __future__ import annotations

try:
    from solver.puzzles.model import (  # type: ignore[import-not-found,unused-ignore]
        Answer,
        Puzzle,
        PuzzleFormatError,
        PuzzleSet,
        parse_puzzle,
        parse_set,
    )
    from solver.puzzles.tasks import (  # type: ignore[import-not-found,unused-ignore]
        Grade,
        check_answer,
        grade,
    )
except ImportError:  # pragma: no cover - only before the puzzles branch is merged
    from tutor.puzzles._interim import (  # type: ignore[assignment,unused-ignore]
        Answer,
        Grade,
        Puzzle,
        PuzzleFormatError,
        PuzzleSet,
        check_answer,
        grade,
        parse_puzzle,
        parse_set,
    )

__all__ = [
    "Answer",
    "Grade",
    "Puzzle",
    "PuzzleFormatError",
    "PuzzleSet",
    "check_answer",
    "grade",
    "parse_puzzle",
    "parse_set",
]
