"""Class codes, ownership checks, the sets a class may be given, and the results: per
puzzle, per theme, and as a CSV file."""

from __future__ import annotations

import csv
import io
import secrets
from dataclasses import dataclass, field
from typing import Final

from flask import abort
from flask_login import current_user

from tutor.extensions import db
from tutor.models import Attempt, Puzzle, PuzzleRound, PuzzleSet
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


def assignable_sets(classroom: Classroom, owner_id: int) -> tuple[list[PuzzleSet], list[PuzzleSet]]:
    """(the teacher's published sets, the bundled library) not yet given to the class.
    Learners open sets on the puzzle pages, which open published sets only."""
    assigned = {a.set_id for a in classroom.assignments}
    query = (
        db.select(PuzzleSet)
        .where(PuzzleSet.is_published)
        .where(
            (PuzzleSet.source == "bundled")
            | ((PuzzleSet.source == "teacher") & (PuzzleSet.owner_id == owner_id))
        )
        .order_by(PuzzleSet.title)
    )
    if assigned:
        query = query.where(PuzzleSet.id.not_in(assigned))
    rows = db.session.execute(query).scalars()
    own: list[PuzzleSet] = []
    bundled: list[PuzzleSet] = []
    for row in rows:
        (bundled if row.source == "bundled" else own).append(row)
    return own, bundled


def owned_class_or_404(class_id: int) -> Classroom:
    classroom = db.session.get(Classroom, class_id)
    if classroom is None or classroom.owner_id != current_user.id:
        abort(404)
    return classroom


@dataclass
class Cell:
    """One learner and one puzzle. ``outcome`` is the first finished round's ("clean",
    "after_miss", "failed", or "solution" for failed by asking for the solution; "solved"
    or "failed" for answers from before rounds); ``latest`` the last round's when it
    differs; "open" while a first round goes on."""

    attempts: int = 0  # answers
    hints: int = 0
    outcome: str = ""
    latest: str = ""
    rounds: int = 0

    @property
    def solved(self) -> bool:
        return self.outcome in ("clean", "after_miss", "solved")


@dataclass
class SetResults:
    puzzle_set: PuzzleSet
    puzzles: list[Puzzle]
    rows: list[tuple[Membership, list[Cell]]] = field(default_factory=list)


def results(classroom: Classroom) -> list[SetResults]:
    """Per assigned set: for each member and puzzle, how the first round ended (and the
    latest when it differs), answers given, most hints seen."""
    members = list(classroom.memberships)
    tables = [SetResults(a.puzzle_set, list(a.puzzle_set.puzzles)) for a in classroom.assignments]
    puzzle_ids = [p.id for t in tables for p in t.puzzles]
    learner_ids = [m.learner_id for m in members]
    cells: dict[tuple[int, int], Cell] = {}
    if puzzle_ids and learner_ids:
        answers = db.session.execute(
            db.select(
                Attempt.learner_id, Attempt.puzzle_id, Attempt.correct, Attempt.hints_used,
                Attempt.round_id,
            )
            .where(Attempt.puzzle_id.in_(puzzle_ids), Attempt.learner_id.in_(learner_ids))
            .order_by(Attempt.created_at, Attempt.id)
        )
        for learner_id, puzzle_id, correct, hints, round_id in answers:
            cell = cells.setdefault((learner_id, puzzle_id), Cell())
            cell.attempts += 1
            cell.hints = max(cell.hints, hints or 0)
            if round_id is None and not cell.outcome:  # from before rounds: as it was then
                cell.outcome = "solved" if correct else "failed"
            elif round_id is None and correct and cell.outcome == "failed":
                cell.outcome = "solved"
        played = db.session.execute(
            db.select(PuzzleRound)
            .where(PuzzleRound.puzzle_id.in_(puzzle_ids), PuzzleRound.learner_id.in_(learner_ids))
            .order_by(PuzzleRound.started_at, PuzzleRound.id)
        ).scalars()
        for row in played:
            cell = cells.setdefault((row.learner_id, row.puzzle_id), Cell())
            cell.hints = max(cell.hints, row.hints_used)
            if row.practice:
                continue  # a replay before the review is due: practice, not a result
            if row.outcome is None:
                if not cell.outcome:
                    cell.outcome = "open"
                continue
            shown = "solution" if row.outcome == "failed" and row.solution_shown else row.outcome
            cell.rounds += 1
            if cell.outcome in ("", "open"):
                cell.outcome = shown  # the first round is the one that says what they knew
            cell.latest = shown
        for cell in cells.values():
            if cell.rounds < 2 or cell.latest == cell.outcome:
                cell.latest = ""
    for table in tables:
        for member in members:
            table.rows.append(
                (member, [cells.get((member.learner_id, p.id), Cell()) for p in table.puzzles])
            )
    return tables


@dataclass
class ThemeCell:
    """One learner's puzzles of one theme, across the class's sets."""

    total: int = 0
    tried: int = 0
    solved: int = 0


@dataclass
class ThemeResults:
    themes: list[str]
    rows: list[tuple[Membership, list[ThemeCell]]]


def theme_results(tables: list[SetResults]) -> ThemeResults:
    """Per learner and theme: how many of the theme's puzzles were tried and solved."""
    themes = sorted({t for table in tables for p in table.puzzles for t in p.themes})
    by_member: dict[int, tuple[Membership, dict[str, ThemeCell]]] = {}
    for table in tables:
        for member, cells in table.rows:
            _, row = by_member.setdefault(member.id, (member, {t: ThemeCell() for t in themes}))
            for puzzle, cell in zip(table.puzzles, cells, strict=True):
                for theme in puzzle.themes:
                    row[theme].total += 1
                    row[theme].tried += 1 if cell.attempts else 0
                    row[theme].solved += 1 if cell.solved else 0
    rows = [(member, [row[t] for t in themes]) for member, row in by_member.values()]
    return ThemeResults(themes, rows)


def _cell_text(value: object) -> str:
    # A spreadsheet runs a cell that starts with = + - @ (or a tab) as a formula: nicknames
    # and titles are typed by people, so such a cell starts with an apostrophe instead.
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


CSV_HEADER: Final = ("learner", "set", "puzzle_id", "puzzle", "themes", "attempts", "solved",
                     "hints", "outcome", "latest")
"""``outcome``: how the first round ended (clean, after_miss, failed, solution, open; solved
or failed for answers from before rounds); ``latest``: the last round's, when it differs."""


def results_csv(tables: list[SetResults]) -> str:
    """Every learner's result on every puzzle of the class, one row each (UTF-8 text)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for table in tables:
        for member, cells in table.rows:
            for puzzle, cell in zip(table.puzzles, cells, strict=True):
                writer.writerow([_cell_text(v) for v in (
                    member.nickname, table.puzzle_set.title, puzzle.key, puzzle.title,
                    " ".join(puzzle.themes), cell.attempts, "yes" if cell.solved else "no",
                    cell.hints, cell.outcome, cell.latest,
                )])
    return out.getvalue()
