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
from solver.puzzles.hand_themes import HAND_THEMES
from solver.puzzles.model import LANGUAGES, PUZZLE_RULESETS, RULESET, TASKS, parse_set
from solver.puzzles.profile_gen import PROFILE_SPECS, profile_difficulty
from solver.puzzles.themes import THEMES
from solver.search import analyze

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "puzzles"


def english_sets() -> list[Path]:
    return sorted(p for p in LIBRARY.glob("*.json") if p.name.count(".") == 1)


def conquian_sets() -> list[Path]:
    """The English sets of conquian-40 (the others have a set per profile)."""
    return [p for p in english_sets()
            if json.loads(p.read_text("utf-8")).get("ruleset", RULESET) == RULESET]


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
    assert set(THEMES) | set(HAND_THEMES) <= set(themes), set(THEMES) - set(themes)
    assert {pz.task for pz in puzzles} == set(TASKS)


def test_every_puzzle_is_complete_and_difficulty_is_computed() -> None:
    levels = Counter()
    for path in english_sets():
        for pz in parse_set(json.loads(path.read_text("utf-8")), str(path)).puzzles:
            assert pz.title.strip() and len(pz.hints) >= 2
            # Cites the book of its own profile: (R..) conquian-40, (C..) cooncan, (K..) kunken.
            book = pz.position.rules.rule("deck")[0]
            assert re.search(rf"\({book}\d+", pz.explanation), (path.name, pz.id)
            assert not re.search(rf"\((?!{book})[RCHIK]\d+", pz.explanation), pz.id
            if pz.task in ("draw_upcard", "close"):
                assert pz.difficulty == profile_difficulty(None, pz.themes[0], pz.position)
                continue
            analysis = analyze(pz.position)
            if pz.position.rules.id != RULESET:
                assert pz.difficulty == profile_difficulty(analysis, pz.themes[0])
                continue
            take = pz.answer.take if pz.task == "discard" else None
            assert pz.difficulty == difficulty(pz.position, analysis, pz.task, take)
            levels[pz.difficulty] += 1
    assert set(levels) == {1, 2, 3, 4, 5}, levels


def test_hints_do_not_give_the_answer_away() -> None:
    for path in english_sets():
        for pz in parse_set(json.loads(path.read_text("utf-8")), str(path)).puzzles:
            early = " ".join(pz.hints[:2])
            assert not re.search(r"\b(Yes|No)\b", early), (pz.id, early)
            assert "Discard " not in early and "Take " not in early, (pz.id, early)


def test_each_set_has_a_file_in_every_language() -> None:
    for path in english_sets():
        original = json.loads(path.read_text("utf-8"))
        assert original["language"] == "en" and original["ruleset"] in PUZZLE_RULESETS
        assert all(p["position"].get("rules", RULESET) == original["ruleset"]
                   for p in original["puzzles"])
        for lang in (lang for lang in LANGUAGES if lang != "en"):
            other = json.loads((LIBRARY / f"{path.stem}.{lang}.json").read_text("utf-8"))
            assert other["title"] != original["title"], (path.name, lang)
            assert other["id"] == f"{original['id']}-{lang}"
            assert other["language"] == lang and other["translation_of"] == original["id"]
            assert [p["id"] for p in other["puzzles"]] == [p["id"] for p in original["puzzles"]]
            for a, b in zip(original["puzzles"], other["puzzles"], strict=True):
                assert a["position"] == b["position"] and a["answer"] == b["answer"]
                assert a["explanation"] != b["explanation"]
                assert a["title"] != b["title"] and a["hints"] != b["hints"], (lang, a["id"])


def test_the_seeds_worked_example_is_in_the_library() -> None:
    found = {}
    for path in english_sets():
        for pz in json.loads(path.read_text("utf-8"))["puzzles"]:
            position = pz["position"]
            if {"4H", "5H", "QS"} <= set(position["hand"]) and position["center"] in ("6H", "7H"):
                found.setdefault((position["center"], pz["task"]), pz)
    take = found[("6H", "find_play")]
    assert take["answer"] == {"plays": [["4H", "5H"]]}
    discard = found[("6H", "discard")]["answer"]
    assert discard["take"] == ["4H", "5H"]
    # Q♠ is among the safe discards; K♦ would hand the opponent a fourth king (R9).
    assert "QS" in discard["discards"] and "KD" not in discard["discards"]
    assert found[("7H", "can_use")]["answer"] == {"usable": False}
    assert "cannot-keep" in found[("7H", "can_use")]["themes"]


def all_set_files() -> list[Path]:
    return sorted(LIBRARY.glob("*.json"))


def test_no_set_repeats_a_title_in_any_language() -> None:
    for path in all_set_files():
        titles = Counter(p["title"] for p in json.loads(path.read_text("utf-8"))["puzzles"])
        repeated = [t for t, n in titles.items() if n > 1]
        assert not repeated, (path.name, repeated)


# Hint steps that restate a rule, and steps that speak of this position's own cards.
RULE_STEPS = {"nudge_force", "nudge_discard", "nudge_win", "nudge_center"}
POSITION_STEPS = {"look_at", "look_none", "look_none_exposed", "check_left", "count_cards",
                  "count_gifts", "count_safe", "count_most"}


def test_hint_ladders_progress_from_this_position_to_the_rule_to_a_narrower_fact() -> None:
    from solver.puzzles.hints import hints

    for path in conquian_sets():
        for pz in parse_set(json.loads(path.read_text("utf-8")), str(path)).puzzles:
            ladder = hints(pz.position, analyze(pz.position), pz.task, pz.answer, pz.themes)
            keys = [s.key for s in ladder]
            where = (path.name, pz.id, keys)
            assert len(set(keys)) == len(keys), where  # no step repeats another
            rules = [k for k in keys if k.startswith("rule_") or k in RULE_STEPS]
            assert len(rules) <= 1, where  # one rule reminder, not two in a row
            assert POSITION_STEPS & set(keys[:2]), where  # early: this position's cards
            assert [h.render() for h in ladder] == list(pz.hints), where  # files are current


def test_one_set_per_profile_with_its_own_themes_and_current_sentences() -> None:
    from solver.puzzles.profile_hints import explanation, hints

    for rules, specs in PROFILE_SPECS.items():
        path = LIBRARY / f"{rules}.json"
        data = json.loads(path.read_text("utf-8"))
        assert data["ruleset"] == rules
        puzzle_set = parse_set(data, str(path))
        assert len(puzzle_set.puzzles) >= 12, rules
        assert {pz.themes[0] for pz in puzzle_set.puzzles} == set(specs), rules
        for pz in puzzle_set.puzzles:
            assert pz.task == specs[pz.themes[0]]
            hand = pz.task in ("draw_upcard", "close")
            analysis = None if hand else analyze(pz.position)
            ladder = hints(pz.position, analysis, pz.task, pz.answer,  # type: ignore[arg-type]
                           pz.themes[0])
            assert [h.render() for h in ladder] == list(pz.hints), pz.id  # files are current
            said = explanation(pz.position, analysis,  # type: ignore[arg-type]
                               pz.task, pz.answer, pz.themes[0])
            assert " ".join(c.render() for c in said) == pz.explanation, pz.id
