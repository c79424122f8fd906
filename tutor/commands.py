"""The site's own commands (``flask --app tutor …``): everything that touches the database
runs here, beside the site, never in the ``conquian`` command line of the solver.

* ``flask --app tutor prepare``: migrate the database to the newest schema (Alembic) and
  load the bundled puzzle sets; every other command that needs tables does this first.
* ``flask --app tutor serve``: ``prepare``, then serve the site with waitress and
  ``tutor.serving``'s settings for it (``scripts/run`` calls it); ``gunicorn_argv`` is the
  production server's command (docs/deploy.md).
* ``flask --app tutor teach import|export`` and ``flask --app tutor puzzles sync|export``
  live with their blueprints; ``flask --app tutor db …`` is Flask-Migrate's.
"""

from __future__ import annotations

import os
import sys

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from tutor.core.setup import prepare_database


def register_commands(app: Flask) -> None:
    app.cli.add_command(prepare)
    app.cli.add_command(serve)
    from tutor.jobs.worker import jobs_cli

    app.cli.add_command(jobs_cli)


@click.command("prepare")
@with_appcontext
def prepare() -> None:
    """Migrate the database to the newest schema and load the bundled puzzles."""
    prepare_database(current_app._get_current_object())  # type: ignore[attr-defined]
    click.echo("the database is at the newest schema; bundled puzzles loaded")


def gunicorn_argv(host: str | None = None, port: int | None = None,
                  workers: int | None = None, threads: int | None = None) -> list[str]:
    """The command that serves the site under gunicorn with ``tutor.serving``'s settings."""
    argv = [sys.executable, "-m", "gunicorn", "-c", "python:tutor.serving"]
    if host is not None or port is not None:
        argv += ["--bind", f"{host or os.environ.get('HOST', '127.0.0.1')}:"
                           f"{port or os.environ.get('PORT', '8000')}"]
    if workers is not None:
        argv += ["--workers", str(workers)]
    if threads is not None:
        argv += ["--threads", str(threads)]
    return [*argv, "tutor:create_app()"]


@click.command("serve")
@click.option("--host", default=None, help="Address to listen on (HOST, else 127.0.0.1).")
@click.option("--port", type=int, default=None, help="Port (PORT, else 8000).")
@click.option("--threads", type=int, default=None, help="Threads (WAITRESS_THREADS, 8).")
@with_appcontext
def serve(host: str | None, port: int | None, threads: int | None) -> None:
    """Prepare the database, then serve the site with waitress (the local site: production
    runs gunicorn behind nginx, docs/deploy.md)."""
    from waitress import serve as waitress_serve  # type: ignore[import-untyped]

    from tutor.serving import waitress_options

    app = current_app._get_current_object()  # type: ignore[attr-defined]
    prepare_database(app)
    options = waitress_options(host, port, threads)
    click.echo(f"Serving the Conquian tutor on http://{options['host']}:{options['port']}/",
               err=True)
    waitress_serve(app, **options)
