"""Teachers' set files: upload limits and slugs around the puzzle store (tutor.puzzles.store).

The store validates a whole file through ``solver.puzzles`` before writing anything and
gives back the same JSON on export (export then import is lossless). Here: the size limit,
reading bytes safely, which slug an imported file gets, and editor rows from puzzle dicts.
"""

from __future__ import annotations

import json
import re
import secrets
from typing import Any, Final

from solver.messages import N_
from solver.puzzles.model import where_text
from tutor.extensions import db
from tutor.models import Puzzle, PuzzleSet, User
from tutor.puzzles.store import PuzzleImportError, export_puzzle, export_set, refused
from tutor.puzzles.store import import_set as store_import

MAX_IMPORT_BYTES: Final = 1024 * 1024
MAX_PUZZLES: Final = 500
DEPTH_ERROR: Final = N_("the file is nested too deeply to be a puzzle set")

__all__ = ["MAX_IMPORT_BYTES", "PuzzleImportError", "export_json", "import_file", "new_slug"]


def _refused(source: str, message: str, **params: Any) -> PuzzleImportError:
    """``"file.json: what is wrong"``, the sentence translatable."""
    return refused(where_text(source, "", ""), message, **params)


def read_set_file(raw: bytes, source: str) -> Any:
    """The JSON of an uploaded or named file; PuzzleImportError naming the file otherwise."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise _refused(source, N_("the file is over {size} KB, the most that can be imported"),
                       size=MAX_IMPORT_BYTES // 1024)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _refused(source, N_("the file is not UTF-8 text")) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _refused(
            source, N_("the file is not JSON: {problem} at line {line}, column {column}"),
            problem=exc.msg, line=exc.lineno, column=exc.colno,
        ) from None
    except RecursionError:
        raise _refused(source, DEPTH_ERROR) from None
    puzzles = data.get("puzzles") if isinstance(data, dict) else None
    if isinstance(puzzles, list) and len(puzzles) > MAX_PUZZLES:
        raise _refused(source, N_("field 'puzzles': {count} puzzles; at most {most} can be "
                                  "imported at once"), count=len(puzzles), most=MAX_PUZZLES)
    return data


def slugify(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:50] or "set"


def free_slug(wanted: str) -> str:
    """``wanted`` if no set has it yet, else ``wanted-2``, ``wanted-3``…"""
    wanted = wanted[:70]
    taken = set(
        db.session.execute(
            db.select(PuzzleSet.slug).where(PuzzleSet.slug.startswith(wanted, autoescape=True))
        ).scalars()
    )
    if wanted not in taken:
        return wanted
    n = 2
    while f"{wanted}-{n}" in taken:
        n += 1
    return f"{wanted}-{n}"


def new_slug(title: str) -> str:
    """A fresh slug for a set made in the editor: readable, and not guessable from the title."""
    return free_slug(f"{slugify(title)}-{secrets.token_hex(3)}")


def import_file(raw: bytes, source: str, owner: User | None) -> tuple[PuzzleSet, bool]:
    """Import one file in one transaction: (the set, whether it was new).

    A file whose id is one of the owner's own sets updates that set in place (attempts
    stay with their puzzles); an id used by anybody else's set gets a fresh slug, so a
    teacher can import a bundled set to adapt it. A new teacher set starts private.
    """
    data = read_set_file(raw, source)
    wanted = data.get("id") if isinstance(data, dict) else None
    slug = None
    existing = None
    if isinstance(wanted, str) and wanted:
        existing = db.session.execute(
            db.select(PuzzleSet).filter_by(slug=wanted)
        ).scalar_one_or_none()
        owner_id = owner.id if owner is not None else None
        if existing is not None and existing.owner_id != owner_id:
            slug, existing = free_slug(wanted), None
    try:
        row = store_import(data, "teacher", owner, filename=source, slug=slug, commit=False)
    except RecursionError:
        db.session.rollback()
        raise _refused(source, DEPTH_ERROR) from None
    if existing is None and owner is not None:
        row.is_published = False
    db.session.commit()
    return row, existing is None


def puzzle_from_dict(data: dict[str, Any], index: int) -> Puzzle:
    """A puzzle row from a checked contract dict (the editor's save)."""
    known = ("id", "title", "position", "task", "answer", "themes", "difficulty", "hints",
             "explanation")  # fmt: skip
    return Puzzle(
        key=data["id"],
        position_index=index,
        title=data["title"],
        position=data["position"],
        task=data["task"],
        answer=data["answer"],
        themes=list(data["themes"]),
        difficulty=data["difficulty"],
        hints=list(data["hints"]),
        explanation=data["explanation"],
        extra={k: v for k, v in data.items() if k not in known},
    )


def puzzle_to_dict(puzzle: Puzzle) -> dict[str, Any]:
    return export_puzzle(puzzle)


def export_json(puzzle_set: PuzzleSet) -> str:
    return json.dumps(export_set(puzzle_set), ensure_ascii=False, indent=2) + "\n"
