"""A site whose finished hands go to the job queue on the test Redis (scripts/redis-start);
these tests skip without one."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from redis import Redis

from tutor import create_app
from tutor.extensions import db
from tutor.models import HandReview


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("no Redis (TEST_REDIS_URL: eval \"$(scripts/redis-start)\")")
    connection = Redis.from_url(url)
    # The queue's keys only (other tests keep their own keys in the same server).
    for key in connection.scan_iter("rq:*"):
        connection.delete(key)
    return url


def site_config(folder: Path, **extra: object) -> dict[str, object]:
    return {"TESTING": True, "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/site.sqlite",
            "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
            "REVIEW_GRADING": "background", **extra}


@pytest.fixture
def queued_app(tmp_path: Path, redis_url: str) -> Iterator[Flask]:
    app = create_app(site_config(tmp_path, JOBS_REDIS_URL=redis_url))
    with app.app_context():
        db.create_all()
    yield app


def review_rows(app: Flask, game_id: str) -> list[HandReview]:
    with app.app_context():
        rows = list(db.session.execute(
            db.select(HandReview).filter_by(game_id=game_id)).scalars())
        for row in rows:
            db.session.expunge(row)
        return rows
