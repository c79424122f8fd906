"""Prepare a database for use: migrate the tables to the newest schema, load the bundled
puzzles.  ``flask --app tutor serve`` (and so ``scripts/run``) and ``flask --app tutor
prepare`` call it before the site starts.

Tables are only ever made by the Alembic migrations in tutor/migrations, never from the
models directly, so every database the site meets can be migrated further.
"""

from __future__ import annotations

from flask import Flask

from tutor.extensions_migrate import init_migrate


def migrate_database(app: Flask) -> None:
    """Bring the database to the newest schema (creating it when it is new)."""
    from flask_migrate import upgrade  # with Alembic: only when a database is migrated

    with app.app_context():
        upgrade(directory=init_migrate(app).directory)


def prepare_database(app: Flask) -> None:
    migrate_database(app)
    with app.app_context():
        from tutor.puzzles.store import sync_bundled

        report = sync_bundled(app.config["PUZZLE_DIR"])
        for line in report.lines():
            app.logger.info("puzzles: %s", line)
        for message in report.errors:
            # A bad bundled file must not stop the site: it is refused, the rest load.
            app.logger.warning("puzzles: refused %s", message)
