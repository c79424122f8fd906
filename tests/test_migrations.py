"""The Alembic migrations build exactly the schema the models describe, on SQLite and, when
scripts/test provides a server, on PostgreSQL; and the site starts from them."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade

from tests.backends import BACKENDS, postgres_url
from tutor import create_app
from tutor.core.setup import prepare_database
from tutor.extensions import db
from tutor.extensions_migrate import init_migrate
from tutor.models import PuzzleSet


def _wipe(engine: sa.Engine) -> None:
    db.drop_all()
    with engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))


@pytest.mark.parametrize("backend", BACKENDS)
def test_migrations_match_the_models(backend: str, tmp_path: Path) -> None:
    uri = postgres_url() if backend == "postgres" else f"sqlite:///{tmp_path}/m.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": uri})
    init_migrate(app)  # as flask db does: flask_migrate's upgrade reads it
    with app.app_context():
        if backend == "postgres":
            _wipe(db.engine)
        upgrade()
        with db.engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            assert compare_metadata(context, db.metadata) == []
        downgrade(revision="base")
        remaining = set(sa.inspect(db.engine).get_table_names()) - {"alembic_version"}
        assert remaining == set()
        if backend == "postgres":
            _wipe(db.engine)
        db.engine.dispose()


def test_prepare_database_migrates_and_loads_the_bundled_puzzles(tmp_path: Path) -> None:
    app = create_app(
        {"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/site.sqlite"}
    )
    prepare_database(app)
    prepare_database(app)  # a second start changes nothing
    with app.app_context():
        sets = db.session.execute(sa.select(PuzzleSet)).scalars().all()
        assert len(sets) == len(list(Path(app.config["PUZZLE_DIR"]).glob("*.json")))
        assert all(s.source == "bundled" for s in sets)
    assert app.test_client().get("/puzzles/").status_code == 200
