"""Set files from the command line: ``flask --app tutor teach import FILE`` / ``export SET``.

Both first bring the database to the newest schema (Alembic), so that importing into a
new database makes it the same way the site would.
"""

from __future__ import annotations

from pathlib import Path

import click
from flask import Blueprint, current_app

from tutor.core.setup import migrate_database
from tutor.extensions import db
from tutor.models import PuzzleSet, User
from tutor.teach.store import MAX_IMPORT_BYTES, PuzzleImportError, export_json, import_file


def import_path(path: str, owner_email: str | None = None) -> PuzzleSet:
    """Import one file in one transaction; PuzzleImportError (nothing saved) otherwise."""
    owner = None
    if owner_email:
        owner = db.session.execute(
            db.select(User).filter_by(email=owner_email.strip().lower())
        ).scalar_one_or_none()
        if owner is None:
            raise PuzzleImportError(f"{path}: no teacher has the address {owner_email!r}")
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_IMPORT_BYTES + 1)
    except OSError as exc:
        raise PuzzleImportError(f"{path}: cannot read the file: {exc.strerror}") from None
    try:
        puzzle_set, _new = import_file(raw, Path(path).name, owner)
    except Exception:
        db.session.rollback()
        raise
    return puzzle_set


def export_text(slug: str) -> str:
    puzzle_set = db.session.execute(db.select(PuzzleSet).filter_by(slug=slug)).scalar_one_or_none()
    if puzzle_set is None:
        raise PuzzleImportError(f"no puzzle set has the id {slug!r}")
    return export_json(puzzle_set)


def register(bp: Blueprint) -> None:
    @bp.cli.command("import")
    @click.argument("path", type=click.Path(dir_okay=False))
    @click.option("--owner", help="Email of the teacher who will own the set (private).")
    def import_command(path: str, owner: str | None) -> None:
        """Import a puzzle-set JSON file."""
        migrate_database(current_app._get_current_object())  # type: ignore[attr-defined]
        try:
            puzzle_set = import_path(path, owner)
        except PuzzleImportError as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(f"imported {puzzle_set.slug}: {len(puzzle_set.puzzles)} puzzles")

    @bp.cli.command("export")
    @click.argument("slug")
    @click.option("-o", "--output", type=click.Path(dir_okay=False), help="File to write.")
    def export_command(slug: str, output: str | None) -> None:
        """Export a puzzle set as JSON (to standard output by default)."""
        migrate_database(current_app._get_current_object())  # type: ignore[attr-defined]
        try:
            text = export_text(slug)
        except PuzzleImportError as exc:
            raise click.ClickException(str(exc)) from None
        if output:
            Path(output).write_text(text, encoding="utf-8")
        else:
            click.echo(text, nl=False)
