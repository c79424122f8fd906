"""Prepare a database for use: create or migrate the tables, load the bundled puzzles."""

from __future__ import annotations

from flask import Flask

from tutor.extensions import db


def prepare_database(app: Flask) -> None:
    with app.app_context():
        db.create_all()
        from tutor.puzzles.store import sync_bundled

        report = sync_bundled(app.config["PUZZLE_DIR"])
        for line in report.lines():
            app.logger.info("puzzles: %s", line)
        for message in report.errors:
            # A bad bundled file must not stop the site: it is refused, the rest load.
            app.logger.warning("puzzles: refused %s", message)
