"""Parsing, checking and grading: malformed sets are refused with messages that name
the file, the puzzle and the field; wrong answers are caught; learners are graded."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solver.cards import mask_of, parse_card
from solver.position import Position
from solver.puzzles import (
    PuzzleFormatError,
    check_answer,
    grade,
    parse_set,
    solve_task,
    validate_position,
)
from solver.puzzles.discard import safe_discards
from solver.puzzles.validate import validate_set

ROOT = Path(__file__).resolve().parents[2]
WORKED = {"hand": ["4H", "5H", "QS", "KD", "AC", "5C", "5D"], "melds": [["JS", "JH", "JC"]],
          "opponent_melds": [["KS", "KH", "KC"], ["2C", "3C", "4C"], ["6D", "7D", "JD"]],
          "center": "6H", "stock": 9}


def cards(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def a_set(**puzzle: Any) -> dict[str, Any]:
    base = {"id": "p1", "title": "Worked example", "position": WORKED, "task": "find_play",
            "answer": {"plays": [["4H", "5H"]]}, "themes": ["take-with-hand"], "difficulty": 2,
            "hints": ["Look at 6♥.", "Hand cards go down with a center card (R8)."],
            "explanation": "Take 6♥ with 4♥ 5♥ (R8)."}
    base.update(puzzle)
    return {"id": "demo", "title": "Demo", "language": "en", "ruleset": "conquian-40",
            "puzzles": [base]}


def test_a_good_set_parses_and_checks() -> None:
    ps = parse_set(a_set(), "demo.json")
    assert ps.puzzles[0].answer.plays == {cards("4H 5H")}
    assert check_answer(ps.puzzles[0]) == []
    assert ps.to_dict()["puzzles"][0]["answer"] == {"plays": [["4H", "5H"]]}


@pytest.mark.parametrize(("change", "field"), [
    ({"task": "guess"}, "task"),
    ({"answer": {"usable": "yes"}, "task": "can_use"}, "answer.usable"),
    ({"answer": {"plays": [["4H", "8H"]]}}, "answer.plays[0][1]"),
    ({"answer": {"plays": []}}, "answer.plays"),
    ({"difficulty": 9}, "difficulty"),
    ({"hints": ["only one"]}, "hints"),
    ({"title": ""}, "title"),
    ({"position": {**WORKED, "hand": WORKED["hand"][:-1]}}, "position"),
    ({"position": {**WORKED, "center": "KS"}}, "position"),
    ({"task": "discard", "answer": {"take": ["4H"], "discards": []}}, "answer.discards"),
])
def test_malformed_puzzles_name_file_puzzle_and_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        parse_set(a_set(**change), "demo.json")
    message = str(info.value)
    assert message.startswith("demo.json: puzzle 'p1': field ")
    assert info.value.field == field and f"'{field}'" in message


def test_malformed_set_fields() -> None:
    data = a_set()
    data["ruleset"] = "gin-rummy"
    with pytest.raises(PuzzleFormatError, match=r"demo.json: field 'ruleset'.*colonel"):
        parse_set(data, "demo.json")
    # A set of another profile reads its positions under that profile (no 8-10 in conquian).
    data["ruleset"] = "colonel"
    with pytest.raises(PuzzleFormatError, match=r"field 'position'.*\(H3\)"):
        parse_set(data, "demo.json")
    # Each profile's puzzles ask the questions its analysis answers.
    data = a_set()
    data["ruleset"] = "conquin"
    data["puzzles"][0]["position"] = {
        "hand": ["AS", "8S", "AH", "AD", "8D", "AC", "8C", "AH", "AC", "8C"],
        "center": "AS", "center_from": "opponent", "players": 4}
    with pytest.raises(PuzzleFormatError, match=r"field 'task'.*conquin puzzle asks one of close"):
        parse_set(data, "demo.json")
    data["puzzles"][0]["task"], data["puzzles"][0]["answer"] = "close", {"closes": True}
    data["puzzles"][0]["themes"] = ["close-double"]
    assert parse_set(data, "demo.json").ruleset == "conquin"
    with pytest.raises(PuzzleFormatError, match=r"x.json: a puzzle set must be a JSON object"):
        parse_set([], "x.json")
    data = a_set()
    data["puzzles"].append(copy.deepcopy(data["puzzles"][0]))
    with pytest.raises(PuzzleFormatError, match="two puzzles share this id"):
        parse_set(data, "demo.json")


@pytest.mark.parametrize(("change", "problem"), [
    ({"answer": {"plays": [["4H", "5H"], ["QS"]]}}, "QS with 6H is not a legal play"),
    ({"task": "can_use", "answer": {"usable": False}}, "the solver says True"),
    ({"task": "can_force", "answer": {"forceable": True}}, "the solver says False"),
    ({"task": "win", "answer": {"plays": [["4H", "5H"]]}}, "does not win"),
    ({"task": "discard", "answer": {"take": ["4H", "5H"], "discards": ["QS", "KD"]}},
     "the safe discards are QS"),
    ({"task": "discard", "answer": {"take": ["4H"], "discards": ["QS"]}}, "not a legal play"),
    ({"themes": ["forcing-yes"]}, "does not show the theme 'forcing-yes'"),
    ({"themes": ["magic"]}, "unknown theme"),
])
def test_wrong_answers_are_reported(change: dict[str, Any], problem: str) -> None:
    puzzle = parse_set(a_set(**change), "demo.json").puzzles[0]
    problems = check_answer(puzzle)
    assert any(problem in str(p) for p in problems), problems


def test_validate_set_keeps_checking_after_a_bad_puzzle() -> None:
    data = a_set()
    second = copy.deepcopy(data["puzzles"][0])
    second.update(id="p2", task="can_use", answer={"usable": False})
    data["puzzles"].insert(0, {"id": "p0", "title": "x"})
    data["puzzles"].append(second)
    report = validate_set(data, "demo.json")
    shown = [str(p) for p in report.problems]
    assert any(s.startswith("demo.json: puzzle 'p0': field 'position'") for s in shown), shown
    assert any(s.startswith("demo.json: puzzle 'p2': answer.usable") for s in shown), shown
    assert not any("'p1'" in s for s in shown)


def test_discard_rule_on_the_worked_example() -> None:
    position = Position.from_dict(WORKED)
    # K♦ joins the kings, A♣ and 5♣ the 2♣-3♣-4♣ run, 5♦ extends 6♦-7♦-J♦ downward:
    # only Q♠ fits none of the opponent's melds (R9).
    assert safe_discards(position, cards("4H 5H")) == cards("QS")
    answer = solve_task(position, "discard", take=cards("4H 5H"))
    assert answer.discards == cards("QS")
    with pytest.raises(PuzzleFormatError, match="not a legal play"):
        solve_task(position, "discard", take=cards("QS"))


def test_solve_task_for_every_task() -> None:
    position = validate_position(WORKED)
    assert solve_task(position, "can_use").flag is True
    assert solve_task(position, "can_force").flag is False
    assert solve_task(position, "find_play").plays == {cards("4H 5H")}
    assert solve_task(position, "win").plays == frozenset()
    win = validate_position({"hand": ["5D", "6D", "7D", "4S"],
                             "melds": [["AS", "2S", "3S"], ["KH", "KD", "KC"]], "center": "JD"})
    assert solve_task(win, "win").plays == {cards("4S 5D 6D 7D")}
    with pytest.raises(ValueError, match="R13"):
        validate_position({**WORKED, "hand": ["4H"]})


def test_grading_a_learner() -> None:
    find = parse_set(a_set(), "demo.json").puzzles[0]
    assert grade(find, {"hand_cards": ["5H", "4♥"]}).correct
    assert not grade(find, {"hand_cards": ["4H"]}).correct
    discard = parse_set(a_set(task="discard", answer={"take": ["4H", "5H"], "discards": ["QS"]}),
                        "demo.json").puzzles[0]
    assert grade(discard, {"discard": "qs"}).correct
    assert not grade(discard, {"discard": "KD"}).correct
    use = parse_set(a_set(task="can_use", answer={"usable": True}), "d.json").puzzles[0]
    assert grade(use, {"usable": True}).correct and not grade(use, {"usable": False}).correct
    no_win = parse_set(a_set(task="win", answer={"plays": []}), "d.json").puzzles[0]
    assert grade(no_win, {"hand_cards": None}).correct
    assert not grade(no_win, {"hand_cards": ["4H", "5H"]}).correct
    with pytest.raises(PuzzleFormatError, match="hand_cards"):
        grade(find, {})
    with pytest.raises(PuzzleFormatError):
        grade(use, {"usable": "yes"})


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "solver", "puzzles", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_validate_cli_names_file_and_puzzle(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(a_set(task="can_use", answer={"usable": False})), "utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", "utf-8")
    result = run_cli("validate", str(tmp_path))
    assert result.returncode == 1
    assert f"{bad}: puzzle 'p1': answer.usable" in result.stdout
    assert f"{broken}: cannot read" in result.stdout
    assert "2 problem(s) in 2 file(s)" in result.stdout
    assert "Traceback" not in result.stderr


def test_validate_cli_compares_translations(tmp_path: Path) -> None:
    (tmp_path / "demo.json").write_text(json.dumps(a_set()), "utf-8")
    translated = a_set(answer={"plays": [["4H", "5H"]]}, difficulty=3)
    translated.update(id="demo-pt", language="pt", translation_of="demo")
    (tmp_path / "demo.pt.json").write_text(json.dumps(translated), "utf-8")
    result = run_cli("validate", str(tmp_path))
    assert result.returncode == 1
    assert "puzzle 'p1': field 'difficulty' differs from 'demo'" in result.stdout


def test_validate_cli_missing_path() -> None:
    result = run_cli("validate", "no/such/dir")
    assert result.returncode == 2 and "no such file" in result.stderr
