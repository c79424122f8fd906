"""Play tests store many games: keep their SQLite file in memory-backed /dev/shm when there
is one (the same SQLite, without waiting for the disk on every commit)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tutor import create_app
from tutor.extensions import db


def make_app(db_path: Path, **extra: object) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            **extra,
        }
    )


@pytest.fixture
def db_path(tmp_path: Path) -> Iterator[Path]:
    shm = Path("/dev/shm")
    if shm.is_dir():
        with tempfile.TemporaryDirectory(dir=shm) as folder:
            yield Path(folder) / "play.sqlite"
    else:
        yield tmp_path / "play.sqlite"


@pytest.fixture
def app(db_path: Path) -> Flask:
    app = make_app(db_path)
    with app.app_context():
        db.create_all()
    return app
