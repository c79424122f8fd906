"""Play tests store many games: keep their SQLite file in memory-backed /dev/shm when there
is one (the same SQLite, without waiting for the disk on every commit).

``client`` is a browser that already has its learner (its session cookie), so the games it
starts through the API are its own, as they are for a learner on the site."""

from __future__ import annotations

import secrets
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutor import create_app
from tutor.extensions import db
from tutor.models import Learner


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


def learner_client(app: Flask) -> FlaskClient:
    """A browser whose session names a new learner."""
    with app.app_context():
        learner = Learner(token=secrets.token_urlsafe(32))
        db.session.add(learner)
        db.session.commit()
        token = learner.token
    client = app.test_client()
    with client.session_transaction() as session:
        session["learner"] = token
    return client


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return learner_client(app)
