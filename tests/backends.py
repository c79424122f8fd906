"""The databases a test runs on: SQLite always, and PostgreSQL too when scripts/test
provides a server (``TEST_DATABASE_URL``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask

from tutor.extensions import db

# The servers some tests need, each named by the variable that points at it.
SERVICES = {"TEST_DATABASE_URL": "PostgreSQL", "TEST_REDIS_URL": "Redis"}


def services_required() -> bool:
    """In CI, and under scripts/test, a missing server is an error, never a skip."""
    return bool(os.environ.get("CI") or os.environ.get("CONQUIAN_REQUIRE_SERVICES"))


POSTGRES_URL = os.environ.get("TEST_DATABASE_URL", "")
# The PostgreSQL runs are always collected: without a server they show as skipped (and in
# CI, or under scripts/test, a missing server stops the run: tests/conftest.py).
BACKENDS: list[Any] = [
    "sqlite",
    pytest.param("postgres", marks=[
        pytest.mark.postgres,
        pytest.mark.skipif(not POSTGRES_URL, reason="no PostgreSQL server (TEST_DATABASE_URL)"),
    ]),
]


def postgres_url() -> str:
    """The server's URL with SQLAlchemy's psycopg 3 driver named."""
    if POSTGRES_URL.startswith("postgresql://"):
        return "postgresql+psycopg://" + POSTGRES_URL[len("postgresql://"):]
    return POSTGRES_URL


@contextmanager
def fresh_schema(app: Flask, postgres: bool) -> Iterator[Flask]:
    """The app with its tables made anew (on PostgreSQL, whatever an earlier run left is
    dropped first), and dropped again afterwards."""
    with app.app_context():
        if postgres:
            db.drop_all()
        db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        if postgres:
            db.drop_all()
        db.engine.dispose()
