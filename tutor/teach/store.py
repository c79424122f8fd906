"""Puzzle sets between the contract's JSON files and the database models.

``import_set`` checks the whole file first (tutor.teach.solving.parse_set) and only then
adds rows, so a refused file leaves nothing behind; the caller commits once.
``export_set`` gives back the same JSON: export then import is lossless.
"""

from __future__ import annotations

import json
import re
import secrets
from typing import Any, Final

from tutor.extensions import db
from tutor.models import Puzzle, PuzzleSet, User
from tutor.teach.solving import RULESET, ParsedSet, PuzzleFileError, parse_set

MAX_IMPORT_BYTES: Final = 1024 * 1024
MAX_DEPTH_ERROR: Final = "is nested too deeply to be a puzzle set"


def read_set_file(raw: bytes, source: str) -> ParsedSet:
    """Bytes of an uploaded or named file to a checked set; PuzzleFileError otherwise."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise PuzzleFileError(
            f"the file is {len(raw) // 1024} KB; at most {MAX_IMPORT_BYTES // 1024} KB "
            "can be imported",
            source=source,
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PuzzleFileError("the file is not UTF-8 text", source=source) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleFileError(
            f"the file is not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
            source=source,
        ) from None
    except RecursionError:
        raise PuzzleFileError(MAX_DEPTH_ERROR, source=source) from None
    try:
        return parse_set(data, source)
    except RecursionError:
        raise PuzzleFileError(MAX_DEPTH_ERROR, source=source) from None


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


def puzzle_from_dict(data: dict[str, Any], index: int) -> Puzzle:
    extra = {k: v for k, v in data.items() if k not in _PUZZLE_COLUMNS}
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
        extra=extra,
    )


_PUZZLE_COLUMNS: Final = (
    "id", "title", "position", "task", "answer", "themes", "difficulty", "hints", "explanation",
)  # fmt: skip


def import_set(parsed: ParsedSet, source: str, owner: User | None) -> PuzzleSet:
    """Add a checked set (private when it has an owner) to the session; the caller commits."""
    extra = dict(parsed.extra)
    description = extra.pop("description", "")
    puzzle_set = PuzzleSet(
        slug=free_slug(parsed.id),
        title=parsed.title,
        description=description if isinstance(description, str) else "",
        language=parsed.language,
        author=parsed.author,
        ruleset=RULESET,
        source=source,
        translation_of=parsed.translation_of,
        owner_id=owner.id if owner is not None else None,
        is_published=owner is None,
    )
    puzzle_set.puzzles = [puzzle_from_dict(p, i) for i, p in enumerate(parsed.puzzles)]
    db.session.add(puzzle_set)
    return puzzle_set


def puzzle_to_dict(puzzle: Puzzle) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": puzzle.key,
        "title": puzzle.title,
        "position": puzzle.position,
        "task": puzzle.task,
        "answer": puzzle.answer,
        "themes": list(puzzle.themes or []),
        "difficulty": puzzle.difficulty,
        "hints": list(puzzle.hints or []),
        "explanation": puzzle.explanation,
    }
    data.update(puzzle.extra or {})
    return data


def export_set(puzzle_set: PuzzleSet) -> dict[str, Any]:
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
    data["puzzles"] = [puzzle_to_dict(p) for p in puzzle_set.puzzles]
    return data


def export_json(puzzle_set: PuzzleSet) -> str:
    return json.dumps(export_set(puzzle_set), ensure_ascii=False, indent=2) + "\n"
