"""Class codes, ownership checks and the results table."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Final

from flask import abort
from flask_login import current_user

from tutor.extensions import db
from tutor.models import Attempt, Puzzle, PuzzleSet
from tutor.models.classes import Classroom, Membership

# No 0/O, 1/I/L: a code is read aloud and copied from a board.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6


def new_code() -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if db.session.execute(db.select(Classroom.id).filter_by(code=code)).first() is None:
            return code


def normalise_code(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


def owned_class_or_404(class_id: int) -> Classroom:
    classroom = db.session.get(Classroom, class_id)
    if classroom is None or classroom.owner_id != current_user.id:
        abort(404)
    return classroom


@dataclass
class Cell:
    attempts: int = 0
    solved: bool = False
    hints: int = 0


@dataclass
class SetResults:
    puzzle_set: PuzzleSet
    puzzles: list[Puzzle]
    rows: list[tuple[Membership, list[Cell]]] = field(default_factory=list)


def results(classroom: Classroom) -> list[SetResults]:
    """Per assigned set: for each member and puzzle, solved or not, attempts, hints used."""
    members = list(classroom.memberships)
    tables = [SetResults(a.puzzle_set, list(a.puzzle_set.puzzles)) for a in classroom.assignments]
    puzzle_ids = [p.id for t in tables for p in t.puzzles]
    learner_ids = [m.learner_id for m in members]
    cells: dict[tuple[int, int], Cell] = {}
    if puzzle_ids and learner_ids:
        rows = db.session.execute(
            db.select(
                Attempt.learner_id, Attempt.puzzle_id, Attempt.correct, Attempt.hints_used
            ).where(Attempt.puzzle_id.in_(puzzle_ids), Attempt.learner_id.in_(learner_ids))
        )
        for learner_id, puzzle_id, correct, hints in rows:
            cell = cells.setdefault((learner_id, puzzle_id), Cell())
            cell.attempts += 1
            cell.solved = cell.solved or bool(correct)
            cell.hints = max(cell.hints, hints or 0)
    for table in tables:
        for member in members:
            table.rows.append(
                (member, [cells.get((member.learner_id, p.id), Cell()) for p in table.puzzles])
            )
    return tables
