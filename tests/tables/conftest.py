"""Live-table tests: an app on a SQLite file (memory-backed where there is /dev/shm), and
browsers with learners of their own (tests/play/conftest.py)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.play.conftest import make_app
from tutor.extensions import db


@pytest.fixture
def db_path(tmp_path: Path) -> Iterator[Path]:
    shm = Path("/dev/shm")
    if shm.is_dir():
        with tempfile.TemporaryDirectory(dir=shm) as folder:
            yield Path(folder) / "tables.sqlite"
    else:
        yield tmp_path / "tables.sqlite"


@pytest.fixture
def app(db_path: Path) -> Flask:
    # Every finished hand grades each person's seat inline: a small budget keeps it quick.
    app = make_app(db_path, REVIEW_PLAYOUTS=16)
    with app.app_context():
        db.create_all()
    return app
