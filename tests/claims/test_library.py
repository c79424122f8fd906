"""Every bundled puzzle's hints and explanation, in every language: only true sentences,
and every one of them a claim the checker reads."""

from __future__ import annotations

import json
from pathlib import Path

from solver.claims.parse import parse_text
from solver.cli.catalogs import translator
from solver.puzzles.model import LANGUAGES, parse_set
from solver.puzzles.validate import false_sentences, validate_set

LIBRARY = Path(__file__).resolve().parents[2] / "puzzles"


def test_every_bundled_sentence_is_a_true_claim() -> None:
    files = sorted(LIBRARY.glob("*.json"))
    assert len(files) == 12 * len(LANGUAGES)  # 6 conquian-40 sets and 6 profile sets
    puzzles = sentences = 0
    for path in files:
        data = json.loads(path.read_text("utf-8"))
        puzzle_set = parse_set(data, path.name)
        translate = translator(puzzle_set.language)
        for puzzle in puzzle_set.puzzles:
            problems = false_sentences(puzzle, translate, strict=True)
            assert not problems, (path.name, puzzle.id, [str(p) for p in problems])
            puzzles += 1
            for text in (*puzzle.hints, puzzle.explanation):
                sentences += len(parse_text(text, translate).claims)
    # conquian-40's 90 and 42 for each of the six other profiles, in every language
    assert puzzles == len(LANGUAGES) * (90 + 6 * 42) and sentences > 3 * puzzles


def test_validate_refuses_a_false_sentence_naming_puzzle_and_sentence() -> None:
    data = json.loads((LIBRARY / "discards-and-endgame.json").read_text("utf-8"))
    puzzle = next(p for p in data["puzzles"] if p["id"] == "de-4")
    puzzle["explanation"] += " The stock is empty: this is the last decision of the hand (R11)."
    report = validate_set(data, "de.json")
    assert not report.ok
    text = " ".join(str(p) for p in report.problems)
    assert "de-4" in text and "this is the last decision of the hand" in text


def test_free_text_is_refused_only_when_strict() -> None:
    data = json.loads((LIBRARY / "taking.json").read_text("utf-8"))
    data["puzzles"][0]["hints"][0] = "Think of the worked example."
    assert validate_set(data, "t.json").ok  # a teacher's own words
    strict = validate_set(data, "t.json", strict=True)
    assert not strict.ok and "cannot check" in str(strict.problems[0])
