"""The puzzle store: contract set files in and out of the PuzzleSet / Puzzle tables.

* :func:`import_set` validates a whole set (format and answers, through ``solver.puzzles``)
  before it writes anything, then creates or updates it in one transaction: re-importing
  the same set updates it in place (puzzles matched by id, so attempts keep pointing at
  them) and never duplicates it. A bad set raises :class:`PuzzleImportError`, whose message
  names the file, the puzzle and the field, and nothing of it is saved.
* :func:`export_set` gives back the contract dict, unknown fields included, so that
  export -> import -> export is lossless.
* :func:`sync_bundled` loads every ``*.json`` of a folder (``app.config["PUZZLE_DIR"]``).

The teacher-authoring pages reuse ``import_set`` / ``export_set`` with ``source="teacher"``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from sqlalchemy.exc import SQLAlchemyError

import solver.puzzles as sp
from solver.errors import ConquianError, Text
from solver.messages import N_
from solver.puzzles.model import where_text
from solver.puzzles.validate import Problem, in_field
from solver.puzzles.validate import validate_set as validate_puzzle_set
from tutor.extensions import db
from tutor.models import Puzzle, PuzzleSet, User

Source = Literal["bundled", "teacher"]
SOURCES: Final = ("bundled", "teacher")
POSITION_FIELDS: Final = ("hand", "melds", "opponent_melds", "center", "center_from", "stock")
# Ids appear in URLs and in database columns of 80 characters.
ID_PATTERN: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$")
MAX_TITLE: Final = 200
MAX_AUTHOR: Final = 120
MAX_LANGUAGE: Final = 8


class PuzzleImportError(ConquianError):
    """A set refused whole. The message names the file, the puzzle and the field."""


def refused(where: Text, message: str | Text, **params: Any) -> PuzzleImportError:
    """``PuzzleImportError("<where><message>")``, the sentence translatable."""
    reason = message if isinstance(message, Text) else Text(message, params)
    return PuzzleImportError(Text("{where}{message}", {"where": where, "message": reason}))


ImportOutcome = Literal["created", "updated", "unchanged"]


@dataclass
class SyncReport:
    """What :func:`sync_bundled` did, file by file."""

    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    unpublished: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def lines(self) -> list[str]:
        out = [
            f"created: {len(self.created)}, updated: {len(self.updated)}, "
            f"unchanged: {len(self.unchanged)}, refused: {len(self.errors)}"
        ]
        out += [f"  created {name}" for name in self.created]
        out += [f"  updated {name}" for name in self.updated]
        out += [f"  unpublished {name} (its file is gone)" for name in self.unpublished]
        out += [f"  refused {message}" for message in self.errors]
        return out


# --- validation -------------------------------------------------------------------------------


def _where(source: str, puzzle: str = "", fld: str = "") -> Text:
    """``"file.json: puzzle 'x': field 'id': "``, translatable."""
    if source:
        return where_text(source, puzzle, fld)
    rest = where_text("", puzzle, fld)
    return Text("{set}: {rest}", {"set": Text(N_("puzzle set")), "rest": rest})


def _problem_text(problem: Problem, source: str) -> Text:
    """A validator problem as "file: puzzle 'x': field 'answer.plays': what is wrong"."""
    message = problem.message
    field = message.params.get("field")
    if isinstance(field, str):  # check_answer's field_problem: name the field as elsewhere
        message = in_field(field, message.params["message"])
    return Text("{where}{message}", {"where": _where(problem.source or source, problem.puzzle),
                                     "message": message})


def validate_set(data: object, source: str = "") -> sp.PuzzleSet:
    """The parsed set, or :class:`PuzzleImportError` naming its first problem.

    ``solver.puzzles.validate`` checks the contract's format and every answer and theme
    against the solver; then come what the database needs (ids usable in URLs, lengths).
    """
    report = validate_puzzle_set(data, source)
    if not report.ok or report.puzzle_set is None:
        text = _problem_text(report.problems[0], source)
        more = len(report.problems) - 1
        if more == 1:
            text = Text(N_("{problem} (and 1 more problem)"), {"problem": text})
        elif more:
            text = Text(N_("{problem} (and {count} more problems)"),
                        {"problem": text, "count": more})
        raise PuzzleImportError(text)
    parsed = report.puzzle_set
    if not ID_PATTERN.match(parsed.id):
        raise refused(
            _where(source, "", "id"),
            N_("{id} is not a usable id: use up to 80 letters, digits, '-', '_' or '.'"),
            id=repr(parsed.id),
        )
    for name, value, limit in (
        ("title", parsed.title, MAX_TITLE),
        ("author", parsed.author, MAX_AUTHOR),
        ("language", parsed.language, MAX_LANGUAGE),
    ):
        if len(value) > limit:
            raise refused(_where(source, "", name),
                           N_("is {length} characters long, at most {limit}"),
                           length=len(value), limit=limit)
    description = parsed.extra.get("description")
    if description is not None and not isinstance(description, str):
        raise refused(_where(source, "", "description"), N_("must be a string"))
    for puzzle in parsed.puzzles:
        if not ID_PATTERN.match(puzzle.id):
            raise refused(
                _where(source, puzzle.id, "id"),
                N_("is not a usable id: use up to 80 letters, digits, '-', '_' or '.'"),
            )
        if len(puzzle.title) > MAX_TITLE:
            raise refused(_where(source, puzzle.id, "title"),
                           N_("is longer than {limit} characters"), limit=MAX_TITLE)
    return parsed


# --- import and export ------------------------------------------------------------------------


def _with_unknown(canonical: dict[str, Any], raw: object, known: tuple[str, ...]) -> dict[str, Any]:
    """The canonical dict plus the raw dict's fields that the contract does not name."""
    if isinstance(raw, Mapping):
        for key, value in raw.items():
            if key not in known and key not in canonical:
                canonical[key] = value
    return canonical


def _puzzle_columns(parsed: sp.Puzzle, raw: Mapping[str, Any], index: int) -> dict[str, Any]:
    answer = parsed.answer.to_dict(parsed.task)
    return {
        "position_index": index,
        "title": parsed.title,
        "position": _with_unknown(parsed.position.to_dict(), raw.get("position"), POSITION_FIELDS),
        "task": parsed.task,
        "answer": _with_unknown(answer, raw.get("answer"), tuple(answer)),
        "themes": list(parsed.themes),
        "difficulty": parsed.difficulty,
        "hints": list(parsed.hints),
        "explanation": parsed.explanation,
        "extra": dict(parsed.extra),
    }


def _set_columns(parsed: sp.PuzzleSet, source: Source, owner: User | None) -> dict[str, Any]:
    extra = dict(parsed.extra)
    description = extra.pop("description", "") or ""
    return {
        "title": parsed.title,
        "description": description,
        "language": parsed.language,
        "author": parsed.author,
        "ruleset": parsed.ruleset,
        "source": source,
        "translation_of": parsed.translation_of,
        "owner_id": owner.id if owner is not None else None,
        "extra": extra,
    }


def _assign(row: Any, values: Mapping[str, Any]) -> bool:
    """Set the changed columns only; whether anything changed."""
    changed = False
    for name, value in values.items():
        if getattr(row, name) != value:
            setattr(row, name, value)
            changed = True
    return changed


def _upsert(
    data: Mapping[str, Any],
    parsed: sp.PuzzleSet,
    source: Source,
    owner: User | None,
    filename: str,
    slug: str,
) -> tuple[PuzzleSet, ImportOutcome]:
    existing = db.session.execute(db.select(PuzzleSet).filter_by(slug=slug)).scalar_one_or_none()
    owner_id = owner.id if owner is not None else None
    if existing is not None and (existing.source != source or existing.owner_id != owner_id):
        raise refused(_where(filename, "", "id"),
                       N_("the id {id} is already used by another puzzle set"), id=repr(slug))
    set_values = _set_columns(parsed, source, owner)
    raw_puzzles = data["puzzles"]
    if existing is None:
        row = PuzzleSet(slug=slug, **set_values)
        for index, (puzzle, raw) in enumerate(zip(parsed.puzzles, raw_puzzles, strict=True)):
            row.puzzles.append(Puzzle(key=puzzle.id, **_puzzle_columns(puzzle, raw, index)))
        db.session.add(row)
        return row, "created"

    row = existing
    changed = _assign(row, set_values)
    if not row.is_published and source == "bundled":
        row.is_published = True  # a bundled file that came back
        changed = True
    by_key = {p.key: p for p in row.puzzles}
    wanted = {p.id for p in parsed.puzzles}
    for key, old in by_key.items():
        if key not in wanted:
            row.puzzles.remove(old)  # delete-orphan: its attempts go with it
            changed = True
    # Removals first, so that the unique (set, key) pairs never clash mid-flush.
    db.session.flush()
    for index, (puzzle, raw) in enumerate(zip(parsed.puzzles, raw_puzzles, strict=True)):
        values = _puzzle_columns(puzzle, raw, index)
        current = by_key.get(puzzle.id)
        if current is None:
            row.puzzles.append(Puzzle(key=puzzle.id, **values))
            changed = True
        elif _assign(current, values):
            changed = True
    return row, ("updated" if changed else "unchanged")


def _import(
    data: object,
    source: Source,
    owner: User | None,
    filename: str,
    slug: str | None,
    commit: bool,
) -> tuple[PuzzleSet, ImportOutcome]:
    if source not in SOURCES:
        raise ValueError(f"source must be one of {SOURCES}, not {source!r}")
    parsed = validate_set(data, filename)
    assert isinstance(data, Mapping)  # validate_set refused anything else
    try:
        row, outcome = _upsert(data, parsed, source, owner, filename, slug or parsed.id)
        if commit:
            db.session.commit()
        else:
            db.session.flush()
    except PuzzleImportError:
        db.session.rollback()
        raise
    except SQLAlchemyError as exc:
        db.session.rollback()
        raise refused(_where(filename), N_("the set could not be saved ({problem})"),
                       problem=type(exc).__name__) from exc
    return row, outcome


def import_set(
    data: object,
    source: Source = "bundled",
    owner: User | None = None,
    *,
    filename: str = "",
    slug: str | None = None,
    commit: bool = True,
) -> PuzzleSet:
    """Create or update the set ``data`` (a contract dict); raises :class:`PuzzleImportError`.

    ``slug`` overrides the file's id as the set's key (teachers' copies may need that);
    an id already used by a set of another source or owner is refused.
    """
    row, _ = _import(data, source, owner, filename, slug, commit)
    return row


def export_puzzle(puzzle: Puzzle) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": puzzle.key,
        "title": puzzle.title,
        "position": dict(puzzle.position),
        "task": puzzle.task,
        "answer": dict(puzzle.answer),
        "themes": list(puzzle.themes),
        "difficulty": puzzle.difficulty,
        "hints": list(puzzle.hints),
        "explanation": puzzle.explanation,
    }
    for key, value in (puzzle.extra or {}).items():
        data.setdefault(key, value)
    return data


def export_set(puzzle_set: PuzzleSet) -> dict[str, Any]:
    """The contract dict of a stored set (unknown fields of the imported file included)."""
    data: dict[str, Any] = {
        "id": puzzle_set.slug,
        "title": puzzle_set.title,
        "language": puzzle_set.language,
        "author": puzzle_set.author,
        "ruleset": puzzle_set.ruleset,
    }
    if puzzle_set.translation_of:
        data["translation_of"] = puzzle_set.translation_of
    if puzzle_set.description:
        data["description"] = puzzle_set.description
    for key, value in (puzzle_set.extra or {}).items():
        data.setdefault(key, value)
    data["puzzles"] = [export_puzzle(p) for p in puzzle_set.puzzles]
    return data


# --- the bundled folder -----------------------------------------------------------------------


def read_set_file(path: Path) -> Any:
    """The JSON of a set file, or :class:`PuzzleImportError` naming the file and the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PuzzleImportError(f"{path.name}: cannot be read ({exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleImportError(
            f"{path.name}: not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None


def sync_bundled(directory: str | Path) -> SyncReport:
    """Load every ``*.json`` set of ``directory`` as a bundled set, each file on its own.

    A refused file changes nothing and the others still load. Bundled sets whose file
    has gone are unpublished (not deleted: learners' attempts stay).
    """
    report = SyncReport()
    folder = Path(directory)
    if not folder.is_dir():
        report.errors.append(f"{folder}: no such folder of puzzle sets")
        return report
    paths = sorted(folder.glob("*.json"))
    if not paths:
        # Most likely the wrong folder: refuse rather than unpublish the whole library.
        report.errors.append(f"{folder}: no puzzle set files (*.json) in this folder")
        return report
    seen: dict[str, str] = {}
    in_folder: set[str] = set()  # ids named by the files, refused ones included
    for path in paths:
        try:
            data = read_set_file(path)
            set_id = data.get("id") if isinstance(data, dict) else None
            if isinstance(set_id, str):
                in_folder.add(set_id)
            if isinstance(set_id, str) and set_id in seen:
                raise PuzzleImportError(
                    f"{path.name}: field 'id': {set_id!r} is also the id of {seen[set_id]}"
                )
            row, outcome = _import(data, "bundled", None, path.name, None, commit=True)
        except PuzzleImportError as exc:
            report.errors.append(str(exc))
            continue
        seen[row.slug] = path.name
        getattr(report, outcome).append(f"{path.name} ({row.slug}, {len(row.puzzles)} puzzles)")
    stale = db.session.execute(
        db.select(PuzzleSet).filter_by(source="bundled", is_published=True)
    ).scalars()
    for row in stale:
        if row.slug not in in_folder:
            row.is_published = False
            report.unpublished.append(row.slug)
    db.session.commit()
    return report
