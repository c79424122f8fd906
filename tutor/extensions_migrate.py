"""Flask-Migrate, bound to the app only when migrations run.

Importing Flask-Migrate imports Alembic (and Mako with it): every app server and grading
worker would load them at start-up for commands they never run.  ``create_app`` registers
only the ``flask db`` group below, which binds Flask-Migrate when one of its commands is
listed or run; code that migrates from Python (``tutor.core.setup.migrate_database``, the
tests) calls :func:`init_migrate` first, as Flask-Migrate's ``upgrade`` reads the app's
``extensions["migrate"]``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from flask import Flask
from flask.cli import ScriptInfo


def init_migrate(app: Flask) -> Any:
    """Bind Flask-Migrate to ``app`` once; returns its config (``app.extensions["migrate"]``,
    whose ``directory`` is tutor/migrations)."""
    if "migrate" not in app.extensions:
        from flask_migrate import Migrate

        # The app's Flask-SQLAlchemy (tutor.extensions.db), without importing that module back.
        Migrate(app, app.extensions["sqlalchemy"],
                directory=str(Path(app.root_path) / "migrations"))
    return app.extensions["migrate"]


class _MigrationsGroup(click.Group):
    """``flask db …``: Flask-Migrate's own group (its options and commands), bound to the app
    and loaded with Alembic only once the command line reaches it; ``flask --help`` lists
    it without loading anything."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        if parent is not None:
            init_migrate(parent.ensure_object(ScriptInfo).load_app())
        from flask_migrate.cli import db

        # Click invokes the context's own command: Flask-Migrate's group from here on.
        context: click.Context = db.make_context(info_name, args, parent=parent, **extra)
        return context


def register_migrations_cli(app: Flask) -> None:
    app.cli.add_command(_MigrationsGroup("db", help="Perform database migrations."))
