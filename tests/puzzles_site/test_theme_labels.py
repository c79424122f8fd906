"""Every theme a bundled puzzle carries or a profile declares has its own translatable name,
so the practice page can offer it as a filter (views refuse a theme without a label)."""

from __future__ import annotations

import json

import pytest

from solver.puzzles.best_move import BEST_MOVE
from solver.puzzles.model import TASKS
from solver.rules import PROFILES, RuleProfile
from tutor.paths import BUNDLED_PUZZLES_DIR
from tutor.puzzles.labels import TASK_LABELS, THEME_LABELS


def _bundled_themes() -> set[str]:
    themes: set[str] = set()
    for path in sorted(BUNDLED_PUZZLES_DIR.glob("*.json")):
        for puzzle in json.loads(path.read_text(encoding="utf-8"))["puzzles"]:
            themes.update(puzzle.get("themes", []))
    return themes


def test_every_bundled_theme_has_a_name() -> None:
    themes = _bundled_themes()
    assert themes, "no bundled puzzle carries a theme"
    assert sorted(themes - set(THEME_LABELS)) == []


@pytest.mark.parametrize("profile", list(PROFILES.values()), ids=list(PROFILES))
def test_every_declared_theme_has_a_name(profile: RuleProfile) -> None:
    declared = set(profile.puzzle_themes)
    assert sorted(declared - set(THEME_LABELS)) == []


@pytest.mark.parametrize("task", [*TASKS, BEST_MOVE])
def test_every_task_has_a_name(task: str) -> None:
    """The review queue names each puzzle by its task: never the bare identifier."""
    assert task in TASK_LABELS
