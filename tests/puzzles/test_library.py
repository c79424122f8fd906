"""The bundled library: it validates through the command line, covers every theme,
and its translations match the English sets."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from solver.puzzles.difficulty import difficulty
from solver.puzzles.model import parse_set
from solver.puzzles.themes import THEMES
from solver.search import analyze

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "puzzles"


def english_sets() -> list[Path]:
    return sorted(p for p in LIBRARY.glob("*.json") if p.name.count(".") == 1)


def test_validate_cli_passes_on_the_library() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "solver", "puzzles", "validate", "puzzles/"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "all valid" in result.stdout
    assert "note" not in result.stdout  # every translation was compared to its original


def test_library_size_and_theme_coverage() -> None:
    sets = [parse_set(json.loads(p.read_text("utf-8")), str(p)) for p in english_sets()]
    assert len(sets) >= 6
    puzzles = [pz for s in sets for pz in s.puzzles]
    assert len(puzzles) >= 80
    themes = Counter(t for pz in puzzles for t in pz.themes)
    assert set(THEMES) <= set(themes), set(THEMES) - set(themes)
    assert {pz.task for pz in puzzles} == {"can_use", "can_force", "find_play", "win", "discard"}


def test_every_puzzle_is_complete_and_difficulty_is_computed() -> None:
    levels = Counter()
    for path in english_sets():
        for pz in parse_set(json.loads(path.read_text("utf-8")), str(path)).puzzles:
            assert pz.title.strip() and len(pz.hints) >= 2
            assert re.search(r"\(R\d+", pz.explanation), (path.name, pz.id)
            take = pz.answer.take if pz.task == "discard" else None
            assert pz.difficulty == difficulty(pz.position, analyze(pz.position), pz.task, take)
            levels[pz.difficulty] += 1
    assert set(levels) == {1, 2, 3, 4, 5}, levels


def test_hints_do_not_give_the_answer_away() -> None:
    for path in english_sets():
        for pz in parse_set(json.loads(path.read_text("utf-8")), str(path)).puzzles:
            early = " ".join(pz.hints[:2])
            assert not re.search(r"\b(Yes|No)\b", early), (pz.id, early)
            assert "Discard " not in early and "Take " not in early, (pz.id, early)


def test_each_set_has_portuguese_and_spanish_files() -> None:
    for path in english_sets():
        original = json.loads(path.read_text("utf-8"))
        assert original["language"] == "en" and original["ruleset"] == "conquian-40"
        for lang in ("pt", "es"):
            other = json.loads((LIBRARY / f"{path.stem}.{lang}.json").read_text("utf-8"))
            assert other["id"] == f"{original['id']}-{lang}"
            assert other["language"] == lang and other["translation_of"] == original["id"]
            assert [p["id"] for p in other["puzzles"]] == [p["id"] for p in original["puzzles"]]
            for a, b in zip(original["puzzles"], other["puzzles"], strict=True):
                assert a["position"] == b["position"] and a["answer"] == b["answer"]
                assert a["explanation"] != b["explanation"]


def test_the_seeds_worked_example_is_in_the_library() -> None:
    found = {}
    for path in english_sets():
        for pz in json.loads(path.read_text("utf-8"))["puzzles"]:
            position = pz["position"]
            if {"4H", "5H", "QS"} <= set(position["hand"]) and position["center"] in ("6H", "7H"):
                found.setdefault((position["center"], pz["task"]), pz)
    take = found[("6H", "find_play")]
    assert take["answer"] == {"plays": [["4H", "5H"]]}
    assert found[("6H", "discard")]["answer"] == {"take": ["4H", "5H"], "discards": ["QS"]}
    assert found[("7H", "can_use")]["answer"] == {"usable": False}
    assert "cannot-keep" in found[("7H", "can_use")]["themes"]
