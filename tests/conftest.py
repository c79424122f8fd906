"""Shared fixtures (flaskr style): ``app``, ``client``, ``runner``."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from hypothesis import settings

from tests.backends import SERVICES, services_required
from tutor import create_app
from tutor.extensions import db

# Speed is measured by benchmarks, not by tests: Hypothesis's 200 ms deadline per example
# would fail a correct property on a loaded machine (a CI host running browsers beside it).
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


def pytest_configure(config: pytest.Config) -> None:
    missing = [f"{name} ({server})" for name, server in SERVICES.items()
               if not os.environ.get(name)]
    if missing and services_required():
        raise pytest.UsageError(
            "these servers are required here but not configured: " + ", ".join(missing)
            + " (scripts/test starts them; CI runs scripts/test)")


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Say which servers the run has, so that a run without one cannot look complete."""
    return [f"{server}: " + ("yes" if os.environ.get(name) else
                            f"NOT CONFIGURED ({name} unset): its tests are skipped")
            for name, server in SERVICES.items()]


@pytest.fixture
def app(tmp_path: os.PathLike[str]) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/test.sqlite",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    with app.app_context():
        db.create_all()
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()
