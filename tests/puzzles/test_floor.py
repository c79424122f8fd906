"""Every game's bundled puzzles: at least 40 per language over at least six themes (issue 31),
for every profile of the registry and every puzzle language, counted from the files the site
serves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.puzzles.model import LANGUAGES, RULESET, parse_set
from solver.rules import PROFILES

LIBRARY = Path(__file__).resolve().parents[2] / "puzzles"
MIN_PUZZLES = 40
MIN_THEMES = 6


def primary_themes(rules: str, language: str) -> list[str]:
    """The first (asked-for) theme of every bundled puzzle of ``rules`` in ``language``."""
    out: list[str] = []
    for path in sorted(LIBRARY.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        if data.get("ruleset", RULESET) == rules and data.get("language") == language:
            out += [pz.themes[0] for pz in parse_set(data, str(path)).puzzles]
    return out


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", sorted(PROFILES))
def test_each_game_has_forty_puzzles_over_six_themes(rules: str, language: str) -> None:
    themes = primary_themes(rules, language)
    assert len(themes) >= MIN_PUZZLES, (rules, language, len(themes))
    assert len(set(themes)) >= MIN_THEMES, (rules, language, sorted(set(themes)))


@pytest.mark.parametrize("rules", sorted(r for r, p in PROFILES.items() if p.puzzle_themes))
def test_each_generated_profile_declares_six_themes_and_its_set_uses_them(rules: str) -> None:
    declared = PROFILES[rules].puzzle_themes
    assert len(declared) >= MIN_THEMES, rules
    assert set(primary_themes(rules, "en")) == set(declared), rules
