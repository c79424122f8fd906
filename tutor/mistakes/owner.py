"""Whose personal puzzle set this is (kept apart so that the puzzle pages can ask without
reading the game store)."""

from __future__ import annotations

from typing import Final

from tutor.models import PuzzleSet

SOURCE: Final = "personal"
OWNER_KEY: Final = "learner"
"""The set's ``extra`` key naming the learner whose set it is."""


def owner_of(puzzle_set: PuzzleSet) -> int | None:
    """The learner a personal set belongs to (None for any other set)."""
    if puzzle_set.source != SOURCE:
        return None
    owner = (puzzle_set.extra or {}).get(OWNER_KEY)
    return owner if isinstance(owner, int) else None
