"""The site says which solver build runs (solver.native.describe): one start-up log line
and the ``solver`` field of ``/readyz``, both true to the modules actually loaded."""

from __future__ import annotations

import importlib.machinery
import logging

import pytest

import solver.cards
from solver import native
from tutor import create_app


def _loaded_compiled() -> bool:
    """Independently of solver.native: is the first hot module an extension module?"""
    assert solver.cards.__file__ is not None
    return solver.cards.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_describe_names_the_build_loaded() -> None:
    expected = "compiled (mypyc)" if _loaded_compiled() else "pure Python"
    assert native.in_use() == _loaded_compiled()
    assert native.describe() == expected


def test_start_up_logs_one_line_naming_the_build(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO):
        create_app({"TESTING": True, "SECRET_KEY": "t", "RATELIMIT_ENABLED": False,
                    "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("solver: ")]
    assert lines == [f"solver: {native.describe()}"]


def test_readiness_names_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    answer = app.test_client().get("/readyz")
    assert answer.status_code == 200
    assert answer.get_json()["solver"] == native.describe()
