"""`conquian puzzles generate --rules P`: every theme of every profile gives puzzles that the
validator accepts, sentence by sentence; a seed always gives the same puzzles."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver.position import Position
from solver.puzzles.hand_themes import HAND_THEMES
from solver.puzzles.profile_gen import PROFILE_SPECS, generate_profile, themes_suit_blind
from solver.puzzles.tasks import check_answer
from solver.puzzles.themes import THEMES
from solver.puzzles.validate import false_sentences, validate_set
from solver.search import analyze, analyze_any

ROOT = Path(__file__).resolve().parents[2]
CASES = [(rules, theme) for rules, specs in PROFILE_SPECS.items() for theme in specs]


@pytest.mark.parametrize(("rules", "theme"), CASES, ids=[f"{r}-{t}" for r, t in CASES])
def test_generated_profile_puzzles_are_right_and_say_only_true_sentences(
    rules: str, theme: str
) -> None:
    puzzles = generate_profile(rules, theme, 2, seed=3)
    assert len(puzzles) == 2
    for puzzle in puzzles:
        assert puzzle.position.rules.id == rules
        assert puzzle.task == PROFILE_SPECS[rules][theme]
        assert puzzle.themes[0] == theme
        if theme in HAND_THEMES:  # colonel's draw, conquin's close
            assert HAND_THEMES[theme](puzzle.position, analyze_any(puzzle.position))
        else:
            assert THEMES[theme](puzzle.position, analyze(puzzle.position))
        assert check_answer(puzzle) == []
        assert false_sentences(puzzle, strict=True) == []
        assert len(puzzle.hints) >= 2
        book = puzzle.position.rules.rule("deck")[0]  # C, H, I or K
        assert f"({book}" in puzzle.explanation and "(R" not in puzzle.explanation
    again = generate_profile(rules, theme, 2, seed=3)
    assert [p.position for p in again] == [p.position for p in puzzles]


def test_unknown_theme_of_a_profile_is_refused_naming_its_themes() -> None:
    with pytest.raises(ValueError, match=r"themes: .*lay-off"):
        generate_profile("cooncan", "seven-jack", 1)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "solver", "puzzles", "generate", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_cli_generates_a_valid_set_for_a_profile(tmp_path: Path) -> None:
    out = tmp_path / "kunken.json"
    result = run("--rules", "kunken", "--theme", "joker-play", "--count", "2", "--out", str(out))
    assert result.returncode == 0, result.stderr
    data = json.loads(out.read_text("utf-8"))
    assert data["ruleset"] == "kunken" and len(data["puzzles"]) == 2
    assert validate_set(data, str(out), strict=True).problems == ()


def test_cli_refuses_profiles_and_themes_it_cannot_ask() -> None:
    wrong = run("--rules", "cooncan", "--theme", "joker-play")
    assert wrong.returncode != 0 and "not a theme of cooncan" in wrong.stderr
    assert "--theme is required" in run("--count", "1").stderr


def test_cli_generates_colonel_and_conquin_sets(tmp_path: Path) -> None:
    for rules, theme in (("colonel", "go-out"), ("conquin", "close-double")):
        out = tmp_path / f"{rules}.json"
        result = run("--rules", rules, "--theme", theme, "--count", "2", "--out", str(out))
        assert result.returncode == 0, result.stderr
        data = json.loads(out.read_text("utf-8"))
        assert data["ruleset"] == rules
        assert validate_set(data, str(out), strict=True).problems == ()


# Kunken-104's first joker-swap proposal under seed 7: which joker stands for 6♦ or 6♣ decides
# whether the printed play makes a new meld of hand cards, so a relabelled copy lost a theme.
SUIT_BOUND = {"rules": "kunken-104", "hand": ["4H", "5H", "9H"],
              "melds": [["6S", "*6D", "6C"], ["JS", "JH", "JD", "JC"]],
              "opponent_melds": [["9C", "10C", "*JC", "QC"]], "center": "5S",
              "center_from": "stock"}


def test_a_position_whose_themes_hang_on_the_suit_names_is_not_kept() -> None:
    assert not themes_suit_blind(Position.from_dict(SUIT_BOUND))
    plain = {**SUIT_BOUND, "melds": [["6S", "6D", "6C"], ["JS", "JH", "JD", "JC"]],
             "opponent_melds": [["9C", "10C", "JC", "QC"]]}
    assert themes_suit_blind(Position.from_dict(plain))
