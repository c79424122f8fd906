"""Liveness asks nothing; readiness asks the database and Redis and says which is down."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from flask import Flask

from solver import native
from tutor import create_app


def _app(database_url: str) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test-secret",
                       "SQLALCHEMY_DATABASE_URI": database_url, "RATELIMIT_ENABLED": False})


UNREACHABLE_DATABASES = {
    # A SQLite file in a folder that does not exist cannot be opened.
    "sqlite": "sqlite:////nonexistent-folder/conquian.sqlite",
    # A PostgreSQL socket folder that does not exist: the connection is refused.
    "postgresql": "postgresql+psycopg://postgres@/conquian?host=/nonexistent-folder&port=5432",
}


def test_ready_when_the_database_answers(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    response = app.test_client().get("/readyz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ready", "checked": ["database", "redis"],
                                   "solver": native.describe()}
    healthz = app.test_client().get("/healthz")
    assert (healthz.status_code, healthz.get_data(as_text=True)) == (200, "ok")


@pytest.mark.parametrize("url", UNREACHABLE_DATABASES.values(), ids=list(UNREACHABLE_DATABASES))
def test_not_ready_while_the_database_is_unreachable(url: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    client = _app(url).test_client()
    for path in ("/readyz", "/healthz"):
        response = client.get(path)
        assert response.status_code == 503, path
        body = response.get_json()
        assert body["down"] == ["database"]
        assert "database" in body["error"]
        assert "Traceback" not in response.get_data(as_text=True)
        assert response.headers["Cache-Control"] == "no-store"
    # Liveness asks nothing: the process is up, so it must not be restarted.
    live = client.get("/livez")
    assert (live.status_code, live.get_data(as_text=True)) == (200, "ok")


def test_not_ready_while_redis_is_unreachable(app: Flask, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", f"unix://{tmp_path}/no-redis-here.sock")
    client = app.test_client()
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.get_json()["down"] == ["redis"]
    assert "redis" in response.get_json()["error"]
    assert client.get("/livez").status_code == 200


def test_both_down_are_both_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", f"unix://{tmp_path}/no-redis-here.sock")
    response = _app(UNREACHABLE_DATABASES["sqlite"]).test_client().get("/readyz")
    assert response.status_code == 503
    assert response.get_json()["down"] == ["database", "redis"]


@pytest.mark.skipif(not os.environ.get("TEST_REDIS_URL"), reason="no Redis server (TEST_REDIS_URL)")
def test_ready_with_a_running_redis(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", os.environ["TEST_REDIS_URL"])
    assert app.test_client().get("/readyz").status_code == 200
