"""Prepare a database for use: create or migrate the tables, load the bundled puzzles."""

from __future__ import annotations

from flask import Flask

from tutor.extensions import db


def prepare_database(app: Flask) -> None:
    with app.app_context():
        db.create_all()
