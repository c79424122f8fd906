"""``conquian puzzles import FILE`` and ``conquian puzzles export SET``: puzzle-set files
to and from the site's database (``DATABASE_URL``, else the instance SQLite file).

The solver package stays free of Flask: the site is imported inside the commands only.
Listed in ``solver.cli.puzzles.SUBCOMMAND_MODULES`` as ``"solver.cli.puzzles_db"``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from solver.cli.common import fail


def register_puzzles(puzzles: Any) -> None:
    importer = puzzles.add_parser(
        "import",
        help="import a puzzle-set file into the site's database",
        description=(
            "Check a puzzle-set JSON file (format, positions, answers) and store it in one "
            "transaction: a refused file saves nothing and the error names the file, the "
            "puzzle and the field."
        ),
    )
    importer.add_argument("file", metavar="FILE")
    importer.add_argument(
        "--owner", metavar="EMAIL", help="the teacher who will own it (kept private)"
    )
    importer.set_defaults(func=run_import)

    exporter = puzzles.add_parser(
        "export", help="write a stored puzzle set as a JSON file (the set's id is its slug)"
    )
    exporter.add_argument("set_id", metavar="SET")
    exporter.add_argument("-o", "--out", metavar="FILE", help="default: standard output")
    exporter.set_defaults(func=run_export)


def _app() -> Any:
    from tutor import create_app
    from tutor.extensions import db

    app = create_app()
    with app.app_context():
        db.create_all()
    return app


def run_import(args: argparse.Namespace) -> int:
    from tutor.teach.commands import import_path
    from tutor.teach.store import PuzzleImportError

    app = _app()
    with app.app_context():
        try:
            puzzle_set = import_path(args.file, args.owner)
        except PuzzleImportError as exc:
            fail(str(exc))
        print(f"imported {puzzle_set.slug}: {len(puzzle_set.puzzles)} puzzles")
    return 0


def run_export(args: argparse.Namespace) -> int:
    from tutor.teach.commands import export_text
    from tutor.teach.store import PuzzleImportError

    app = _app()
    with app.app_context():
        try:
            text = export_text(args.set_id)
        except PuzzleImportError as exc:
            fail(str(exc))
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as exc:
            fail(f"cannot write {args.out}: {exc.strerror}")
    else:
        sys.stdout.write(text)
    return 0
