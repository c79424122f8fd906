"""Prepare a database for use: migrate the tables to the newest schema, load the bundled
puzzles.  ``conquian serve`` (and so ``scripts/run``) calls it before starting the site."""

from __future__ import annotations

from flask import Flask
from flask_migrate import upgrade

from tutor.extensions import db


def prepare_database(app: Flask, *, migrate: bool = True) -> None:
    """``migrate=False`` builds the tables straight from the models (throw-away test
    databases); real databases go through the Alembic migrations in tutor/migrations."""
    with app.app_context():
        if migrate:
            upgrade()
        else:
            db.create_all()
        from tutor.puzzles.store import sync_bundled

        report = sync_bundled(app.config["PUZZLE_DIR"])
        for line in report.lines():
            app.logger.info("puzzles: %s", line)
        for message in report.errors:
            # A bad bundled file must not stop the site: it is refused, the rest load.
            app.logger.warning("puzzles: refused %s", message)
