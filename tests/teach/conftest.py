"""Fixtures for the authoring tests: the app on SQLite and, when TEST_DATABASE_URL is set,
on PostgreSQL too; clients for each kind of visitor; helpers that build sets through the
site itself."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import signup

from tutor import create_app
from tutor.extensions import db

POSTGRES_URL = os.environ.get("TEST_DATABASE_URL", "")
# Every test here runs on SQLite, and on PostgreSQL too when scripts/test provides a server.
BACKENDS: list[Any] = ["sqlite"]
if POSTGRES_URL:
    BACKENDS.append(pytest.param("postgres", marks=pytest.mark.postgres))


def _postgres_url() -> str:
    url = POSTGRES_URL
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


@pytest.fixture(params=BACKENDS)
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    """The site with CSRF off (see test_teach_csrf for CSRF on), on each database."""
    postgres = request.param == "postgres"
    # In-memory SQLite (one shared connection): no disk syncs on a busy machine.
    uri = _postgres_url() if postgres else "sqlite://"
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": uri,
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            # A cheap hash keeps the many sign-ups fast; test_teach_auth checks the real one.
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        }
    )
    with app.app_context():
        if postgres:
            db.drop_all()  # a clean slate whatever an earlier run left
        db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        if postgres:
            db.drop_all()
        db.engine.dispose()


@pytest.fixture
def owner(app: Flask) -> FlaskClient:
    client = app.test_client()
    signup(client, "owner@example.org", "Owner")
    return client


@pytest.fixture
def other(app: Flask) -> FlaskClient:
    client = app.test_client()
    signup(client, "other@example.org", "Other")
    return client


@pytest.fixture
def anonymous(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def count_rows(app: Flask) -> Callable[[type], int]:
    def count(model: type) -> int:
        with app.app_context():
            return int(
                db.session.execute(db.select(db.func.count()).select_from(model)).scalar_one()
            )

    return count
