"""``flask --app tutor puzzles sync|export``: the bundled sets, from the command line."""

from __future__ import annotations

import json
import sys

import click
from flask import current_app

from tutor.core.setup import migrate_database
from tutor.extensions import db
from tutor.models import PuzzleSet
from tutor.puzzles.store import export_set, sync_bundled


def register_commands(group: click.Group) -> None:
    @group.command("sync")
    @click.option(
        "--dir",
        "directory",
        type=click.Path(file_okay=False),
        default=None,
        help="Folder of set files (default: the app's PUZZLE_DIR).",
    )
    def sync(directory: str | None) -> None:
        """Load or update the bundled puzzle sets; exits 1 when a file was refused."""
        migrate_database(current_app._get_current_object())  # type: ignore[attr-defined]
        report = sync_bundled(directory or current_app.config["PUZZLE_DIR"])
        for line in report.lines():
            click.echo(line)
        if not report.ok:
            sys.exit(1)

    @group.command("export")
    @click.argument("set_id")
    def export(set_id: str) -> None:
        """Print one stored set as a contract JSON file."""
        row = db.session.execute(db.select(PuzzleSet).filter_by(slug=set_id)).scalar_one_or_none()
        if row is None:
            click.echo(f"error: no puzzle set with the id {set_id!r}", err=True)
            sys.exit(2)
        click.echo(json.dumps(export_set(row), ensure_ascii=False, indent=2))
