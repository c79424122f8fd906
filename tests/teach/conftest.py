"""Fixtures for the authoring tests: the app on SQLite and, when TEST_DATABASE_URL is set,
on PostgreSQL too; clients for each kind of visitor; helpers that build sets through the
site itself."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import signup

from tests.backends import BACKENDS, fresh_schema, postgres_url
from tutor import create_app
from tutor.extensions import db


# Every test here runs on SQLite, and on PostgreSQL too when scripts/test provides a server.
@pytest.fixture(params=BACKENDS)
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    """The site with CSRF off (see test_teach_csrf for CSRF on), on each database."""
    postgres = request.param == "postgres"
    # In-memory SQLite (one shared connection): no disk syncs on a busy machine.
    uri = postgres_url() if postgres else "sqlite://"
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": uri,
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            # A cheap hash keeps the many sign-ups fast; test_teach_auth checks the real one.
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
            # Learners' answers here name cards as the sets write them (no suit relabelling).
            "PUZZLE_RELABEL_SUITS": False,
        }
    )
    with fresh_schema(app, postgres):
        yield app


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
