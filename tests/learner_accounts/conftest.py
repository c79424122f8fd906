"""The site on each database, with CSRF on and the small test puzzle set loaded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.backends import BACKENDS, fresh_schema
from tests.learner_accounts.helpers import DATA, make_app
from tutor.puzzles.store import sync_bundled


@pytest.fixture(params=BACKENDS)
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    backend = str(request.param)
    with fresh_schema(make_app(tmp_path, backend), backend == "postgres") as app:
        with app.app_context():
            sync_bundled(str(DATA))
        yield app
