"""Generated puzzles validate and carry their theme; a seed always gives the same set."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver.puzzles.generator import SPECS, Stats, generate, generate_set, pick_title
from solver.puzzles.model import LANGUAGES, parse_set
from solver.puzzles.tasks import check_answer
from solver.puzzles.themes import THEMES
from solver.puzzles.validate import validate_set
from solver.search import analyze

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("theme", list(SPECS))
def test_generated_puzzles_validate_and_carry_their_theme(theme: str) -> None:
    stats = Stats()
    puzzles = generate(theme, 2, seed=11, stats=stats)
    assert len(puzzles) == 2
    assert stats.verified == 2 and stats.proposed >= 2
    for puzzle in puzzles:
        assert puzzle.themes[0] == theme
        assert THEMES[theme](puzzle.position, analyze(puzzle.position))
        assert check_answer(puzzle) == []
        assert puzzle.task == SPECS[theme].task
        assert len(puzzle.hints) >= 2 and "(R" in puzzle.explanation
        assert len(set(puzzle.hints)) == len(puzzle.hints)  # no step repeats another
        if puzzle.task == "find_play":
            assert len(puzzle.answer.plays) == 1  # a task that must have one answer has one
        if puzzle.task == "discard":
            assert puzzle.answer.discards.bit_count() == 1
    assert len({p.position for p in puzzles}) == 2
    assert len({p.title for p in puzzles}) == 2  # a set never repeats a title


def test_same_seed_same_set_and_other_seed_other_set() -> None:
    a = generate_set("rearrange", 3, seed=5).to_dict()
    b = generate_set("rearrange", 3, seed=5).to_dict()
    c = generate_set("rearrange", 3, seed=6).to_dict()
    assert a == b
    assert a["puzzles"] != c["puzzles"]


def test_generated_set_passes_set_validation() -> None:
    data = generate_set("safe-discard", 3, seed=2).to_dict()
    report = validate_set(json.loads(json.dumps(data)), "generated.json")
    assert report.ok, [str(p) for p in report.problems]


def test_difficulty_filter() -> None:
    for puzzle in generate("forcing-yes", 2, seed=3, difficulty=4):
        assert puzzle.difficulty == 4


def test_unknown_theme() -> None:
    with pytest.raises(ValueError, match="unknown theme"):
        generate("nonsense", 1)


def test_generate_cli_writes_a_valid_set(tmp_path: Path) -> None:
    out = tmp_path / "set.json"
    cmd = [sys.executable, "-m", "solver", "puzzles", "generate", "--theme", "split-run",
           "--count", "3", "--seed", "4", "--out", str(out)]
    first = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    text = out.read_text("utf-8")
    assert len(parse_set(json.loads(text), str(out)).puzzles) == 3
    again = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and out.read_text("utf-8") == text
    check = subprocess.run([sys.executable, "-m", "solver", "puzzles", "validate", str(out)],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout


def test_pick_title_never_repeats_in_any_language() -> None:
    used: dict[str, set[str]] = {lang: set() for lang in LANGUAGES}
    used["en"].add("Take 6♥")
    titles = [pick_title("find_play", "6♥", used) for _ in range(6)]
    english = [t["en"] for t in titles]
    assert english[:4] == [
        "Which cards go with 6♥?", "Lay down 6♥", "Find the take with 6♥", "Take 6♥ (2)"
    ]
    for lang in LANGUAGES:
        assert len({t[lang] for t in titles}) == 6
        assert lang == "en" or titles[0][lang] != titles[0]["en"]  # the catalog's wording
    assert titles[0]["pt"] == "Quais cartas vão com 6♥?"
    assert titles[0]["es"] == "¿Qué cartas van con 6♥?"
