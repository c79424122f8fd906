"""Authoring operations on sets and puzzles, and who may see what.

A teacher reaches only their own sets: anything else answers 404, so that other
teachers' sets are not even confirmed to exist.
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import abort
from flask_babel import gettext as _
from flask_login import current_user

from solver.cards import CardMask
from solver.errors import ConquianError
from solver.position import Position
from tutor.core.errors import error_text
from tutor.extensions import db
from tutor.models import Puzzle, PuzzleSet
from tutor.teach.editor import parse_card_line, parse_play_lines, read_plays, wrong_task
from tutor.teach.solving import (
    PuzzleFileError,
    hand_masks,
    hand_task,
    parse_puzzle,
    sentence_problems,
    solve,
    tasks_of,
    unbuildable,
)
from tutor.teach.store import puzzle_from_dict, puzzle_to_dict


def owned_set_or_404(set_id: int) -> PuzzleSet:
    puzzle_set = db.session.get(PuzzleSet, set_id)
    if puzzle_set is None or puzzle_set.owner_id is None or puzzle_set.owner_id != current_user.id:
        abort(404)
    return puzzle_set


def owned_puzzle_or_404(set_id: int, puzzle_id: int) -> tuple[PuzzleSet, Puzzle]:
    puzzle_set = owned_set_or_404(set_id)
    puzzle = db.session.get(Puzzle, puzzle_id)
    if puzzle is None or puzzle.set_id != puzzle_set.id:
        abort(404)
    return puzzle_set, puzzle


def teacher_sets(user_id: int) -> list[PuzzleSet]:
    return list(
        db.session.execute(
            db.select(PuzzleSet).filter_by(owner_id=user_id).order_by(PuzzleSet.updated_at.desc())
        ).scalars()
    )


def next_key(puzzle_set: PuzzleSet) -> str:
    used = {p.key for p in puzzle_set.puzzles}
    n = len(used) + 1
    while f"puzzle-{n}" in used:
        n += 1
    return f"puzzle-{n}"


def split_lines(text: str | None) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def split_themes(text: str | None) -> list[str]:
    seen: list[str] = []
    for item in re.split(r"[,\n]+", text or ""):
        theme = item.strip()
        if theme and theme not in seen:
            seen.append(theme)
    return seen


class FormProblem(ValueError):
    """A problem with one field of the puzzle form."""

    def __init__(self, field: str, message: str,
                 more: list[tuple[str, str]] | None = None):
        self.field, self.message = field, message
        self.problems = [(field, message), *(more or [])]  # every (field, message) found
        super().__init__(message)


def read_position_text(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormProblem(
            "position",
            _(
                "The position is not JSON: %(msg)s at line %(line)s, column %(col)s.",
                msg=exc.msg,
                line=exc.lineno,
                col=exc.colno,
            ),
        ) from None
    except RecursionError:
        raise FormProblem("position", _("The position is nested too deeply.")) from None


def build_puzzle(form_data: dict[str, Any], key: str, source: str,
                 language: str = "en") -> dict[str, Any]:
    """The contract dict of a puzzle from the editor's fields, checked like an imported file.

    The answer is computed by the solver from the task, the accepted plays (find_play) and
    the take (discard); the hints and explanation, in the set's ``language``, go through the
    claim checker as an import's do. Raises FormProblem naming the field.
    """
    data = read_position_text(form_data.get("position") or "")
    if isinstance(data, dict) and not data.get("center"):
        raise FormProblem("position", _("Choose the center card."))
    try:
        position = Position.from_dict(data)
    except ConquianError as exc:
        raise FormProblem("position", error_text(exc)) from None
    problem = unbuildable(position)
    if problem:
        raise FormProblem("position", problem)
    task = form_data.get("task") or ""
    if task not in tasks_of(position.rules):
        raise FormProblem("task", wrong_task(position))
    accepted: list[CardMask] = []
    take: CardMask | None = None
    try:
        if task == "find_play":
            accepted = read_plays(parse_play_lines(form_data.get("accepted") or ""), position)
        typed = parse_card_line(form_data.get("take") or "") if task == "discard" else None
        if typed:
            take = hand_masks(typed, position, "take")
    except ValueError as exc:
        raise FormProblem("accepted" if task == "find_play" else "take", error_text(exc)) from None
    from solver.search import analyze

    analysis = None if hand_task(task) else analyze(position)
    try:
        answer = solve(position, task, analysis, accepted=accepted or None, take=take)
    except ValueError as exc:
        field = "accepted" if task == "find_play" else "take" if task == "discard" else "task"
        text = error_text(exc)  # "field: what is wrong"
        raise FormProblem(field, text.partition(": ")[2] or text) from None
    puzzle = {
        "id": key,
        "title": (form_data.get("title") or "").strip(),
        "position": position.to_dict(),
        "task": task,
        "answer": answer,
        "themes": split_themes(form_data.get("themes")),
        "difficulty": int(form_data.get("difficulty") or 1),
        "hints": split_lines(form_data.get("hints")),
        "explanation": (form_data.get("explanation") or "").strip(),
    }
    try:
        checked = parse_puzzle(puzzle, source)
    except PuzzleFileError as exc:
        field = exc.field.split(".")[0].split("[")[0] or "title"
        raise FormProblem(field, error_text(exc.detail_text)) from None
    false = [(name, error_text(problem)) for name, problem in sentence_problems(
        position, task, answer, checked["hints"], checked["explanation"], language)]
    if false:
        raise FormProblem(*false[0], more=false[1:])
    return checked


def false_sentences_of(puzzle_set: PuzzleSet) -> list[str]:
    """Every false sentence of the set's saved hints and explanations, each naming its
    puzzle (rows saved before the editor checked them may hold some)."""
    out = []
    for row in puzzle_set.puzzles:
        try:
            position = Position.from_dict(row.position, puzzle_set.ruleset)
            problems = sentence_problems(position, row.task, row.answer or {}, row.hints or [],
                                         row.explanation or "", puzzle_set.language)
        except (ConquianError, ValueError):
            continue  # not a puzzle the checker can read: the import's checks own that
        out += [f"{row.key}: {error_text(problem)}" for _field, problem in problems]
    return out


def game_of(data: dict[str, Any]) -> str:
    """The profile id a checked puzzle dict plays."""
    return Position.from_dict(data["position"]).rules.id


def apply_puzzle(puzzle: Puzzle, data: dict[str, Any]) -> None:
    """Copy a checked puzzle dict onto a row, keeping its key, order and extra fields."""
    fresh = puzzle_from_dict(data, puzzle.position_index)
    for name in ("title", "position", "task", "answer", "themes", "difficulty", "hints"):
        setattr(puzzle, name, getattr(fresh, name))
    puzzle.explanation = fresh.explanation


def form_data_of(puzzle: Puzzle) -> dict[str, Any]:
    """The editor's field values for a saved puzzle."""
    answer = puzzle.answer or {}
    accepted = ""
    take = ""
    if puzzle.task == "find_play":
        accepted = "\n".join(" ".join(p) for p in answer.get("plays", []))
    if puzzle.task == "discard":
        take = " ".join(answer.get("take", []))
    return {
        "title": puzzle.title,
        "task": puzzle.task,
        "position": json.dumps(puzzle.position),
        "accepted": accepted,
        "take": take,
        "hints": "\n".join(puzzle.hints or []),
        "explanation": puzzle.explanation,
        "themes": ", ".join(puzzle.themes or []),
        "difficulty": str(puzzle.difficulty),
    }


def renumber(puzzle_set: PuzzleSet) -> None:
    for index, puzzle in enumerate(puzzle_set.puzzles):
        puzzle.position_index = index


def move_puzzle(puzzle_set: PuzzleSet, puzzle: Puzzle, step: int) -> None:
    order = list(puzzle_set.puzzles)
    i = order.index(puzzle)
    j = max(0, min(len(order) - 1, i + step))
    order.insert(j, order.pop(i))
    for index, item in enumerate(order):
        item.position_index = index


def duplicate_puzzle(puzzle_set: PuzzleSet, puzzle: Puzzle) -> Puzzle:
    data = puzzle_to_dict(puzzle)
    data["id"] = next_key(puzzle_set)
    data["title"] = _("%(title)s (copy)", title=puzzle.title)[:200]
    copy = puzzle_from_dict(data, puzzle.position_index + 1)
    order = list(puzzle_set.puzzles)
    order.insert(order.index(puzzle) + 1, copy)
    puzzle_set.puzzles = order
    renumber(puzzle_set)
    return copy
