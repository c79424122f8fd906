"""Fixtures: the site with the small test library of tests/puzzles_site/data loaded."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tutor import create_app
from tutor.core.setup import prepare_database

DATA = Path(__file__).parent / "data"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def make_app(tmp_path: os.PathLike[str], **extra: Any) -> Flask:
    config = {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/test.sqlite",
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,
        "PUZZLE_DIR": str(DATA),
        # The suits as the files write them, so that tests can name cards; the relabelling
        # has its own tests (test_relabel_pages.py, test_bundled_library.py).
        "PUZZLE_RELABEL_SUITS": False,
    }
    config.update(extra)
    app = create_app(config)
    prepare_database(app, migrate=False)
    return app


@pytest.fixture
def app(tmp_path: os.PathLike[str]) -> Iterator[Flask]:
    """Overrides the shared ``app``: the same settings, with the test sets loaded."""
    app = make_app(tmp_path)
    yield app


@pytest.fixture
def mini() -> dict[str, Any]:
    """A fresh copy of the English test set (tests/puzzles_site/data/mini.json)."""
    return load("mini.json")


@pytest.fixture
def data_dir() -> Path:
    return DATA


@pytest.fixture
def csrf_app(tmp_path: os.PathLike[str]) -> Flask:
    """The same site with CSRF protection on, as in production."""
    return make_app(tmp_path, WTF_CSRF_ENABLED=True)
