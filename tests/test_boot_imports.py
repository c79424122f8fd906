"""Starting the site loads only what its requests need first: the CP-SAT puzzle generator
(ortools, and the pandas it brings) is loaded when a teacher's puzzle is checked, and
Flask-Migrate (with Alembic and Mako) when the migrations run (``flask db …``,
``prepare``), not by ``import tutor; create_app()`` in every app server and worker."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("ortools", "pandas", "flask_migrate", "alembic", "mako")

_PROBE = """
import json, sys
import tutor
tutor.create_app({"TESTING": True, "SECRET_KEY": "t",
                  "SQLALCHEMY_DATABASE_URI": "sqlite:///%s"})
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
"""


def test_create_app_loads_neither_the_puzzle_generator_nor_the_migrations(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", _PROBE % (tmp_path / "boot.sqlite")], cwd=ROOT,
        capture_output=True, text=True, timeout=300, check=True)
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "tutor" in loaded and "flask" in loaded
    assert not loaded & set(HEAVY), f"loaded at start-up: {sorted(loaded & set(HEAVY))}"


def test_flask_db_loads_the_migrations_when_it_runs(tmp_path: Path) -> None:
    """``flask db …`` is still Flask-Migrate's, every command of it, bound on first use."""
    from tutor import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite'}"})
    assert "migrate" not in app.extensions
    runner = app.test_cli_runner()
    listed = runner.invoke(args=["db", "--help"])
    assert listed.exit_code == 0, listed.output
    assert all(name in listed.output for name in ("upgrade", "downgrade", "heads", "current"))
    upgraded = runner.invoke(args=["db", "upgrade"])
    assert upgraded.exit_code == 0, upgraded.output
    migrate = app.extensions["migrate"]
    assert migrate.directory == str(Path(app.root_path) / "migrations")
    from alembic.script import ScriptDirectory
    from sqlalchemy import text

    from tutor.extensions import db

    with app.app_context():
        head = ScriptDirectory.from_config(migrate.migrate.get_config()).get_current_head()
        version = db.session.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert version == head is not None
