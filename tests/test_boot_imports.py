"""Starting the site loads only what its requests need first: the CP-SAT puzzle generator
(ortools, and the pandas it brings) is loaded when a teacher's puzzle is checked, not by
``import tutor; create_app()`` in every app server and worker."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("ortools", "pandas")

_PROBE = """
import json, sys
import tutor
tutor.create_app({"TESTING": True, "SECRET_KEY": "t",
                  "SQLALCHEMY_DATABASE_URI": "sqlite:///%s"})
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
"""


def test_create_app_does_not_load_the_puzzle_generator(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", _PROBE % (tmp_path / "boot.sqlite")], cwd=ROOT,
        capture_output=True, text=True, timeout=300, check=True)
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "tutor" in loaded and "flask" in loaded
    assert not loaded & set(HEAVY), f"loaded at start-up: {sorted(loaded & set(HEAVY))}"
