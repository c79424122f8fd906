"""The test suite cannot go quiet: in CI (and under scripts/test) a missing PostgreSQL or
Redis server stops the run instead of skipping its tests, the PostgreSQL runs are always
collected, and every marker the suite declares is applied to tests that run by default."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]


def _run_pytest(tmp_path: Path, env: dict[str, str],
                *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def _env(**changes: str | None) -> dict[str, str]:
    env = dict(os.environ)
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


@pytest.mark.parametrize("missing", ["TEST_DATABASE_URL", "TEST_REDIS_URL"])
@pytest.mark.parametrize("switch", ["CI", "CONQUIAN_REQUIRE_SERVICES"])
def test_a_missing_server_stops_the_run_where_servers_are_required(
        tmp_path: Path, missing: str, switch: str) -> None:
    others = {"TEST_DATABASE_URL": "postgresql+psycopg://x@/y",
              "TEST_REDIS_URL": "unix:///nowhere"}
    env = _env(CI=None, CONQUIAN_REQUIRE_SERVICES=None, **others)
    env.pop(missing)
    env[switch] = "true"
    done = _run_pytest(tmp_path, env, "tests/test_suite.py::test_markers_are_declared")
    assert done.returncode == 4, done.stdout[-1000:] + done.stderr[-1000:]
    assert f"not configured: {missing}" in done.stderr


def test_without_servers_outside_ci_the_postgres_runs_show_as_skipped(tmp_path: Path) -> None:
    env = _env(CI=None, CONQUIAN_REQUIRE_SERVICES=None, TEST_DATABASE_URL=None,
               TEST_REDIS_URL=None)
    done = _run_pytest(tmp_path, env, "-rs", "tests/play/test_store.py",
                       "-k", "stale_copy")
    assert done.returncode == 0, done.stdout[-2000:]
    assert "PostgreSQL: NOT CONFIGURED" in done.stdout
    assert "SKIPPED" in done.stdout and "no PostgreSQL server (TEST_DATABASE_URL)" in done.stdout


def test_redis_start_fails_without_redis(tmp_path: Path) -> None:
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("mktemp", "seq", "sleep", "cat", "grep", "rm"):
        found = subprocess.run(["bash", "-c", f"command -v {tool}"], capture_output=True,
                               text=True).stdout.strip()
        (tools / tool).symlink_to(found)
    done = subprocess.run(["/bin/bash", str(ROOT / "scripts" / "redis-start")],
                          env={"PATH": str(tools)}, capture_output=True, text=True)
    assert done.returncode == 1
    assert "redis-server is not installed" in done.stderr
    assert "export" not in done.stdout


def test_scripts_test_stops_when_a_server_does_not_start() -> None:
    script = (ROOT / "scripts" / "test").read_text()
    for server, start in (("PostgreSQL", "pg-start"), ("Redis", "redis-start")):
        stops = f'scripts/{start}) || {{ echo "error: {server} did not start" >&2; exit 1; }}'
        assert stops in script
    assert "export CONQUIAN_REQUIRE_SERVICES=1" in script


def _declared() -> set[str]:
    return {line.split(":", 1)[0].strip() for line in CONFIG["markers"]}


def _applied() -> set[str]:
    """Markers applied anywhere in the tests: decorators, pytestmark, params, add_marker."""
    found = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "mark"):
                found.add(node.attr)
    return found


def test_markers_are_declared() -> None:
    builtin = {"parametrize", "skipif", "skip", "xfail", "usefixtures", "filterwarnings"}
    assert _applied() - builtin <= _declared()


def test_every_declared_marker_is_applied_and_runs_by_default() -> None:
    assert _declared() <= _applied(), f"declared, never applied: {_declared() - _applied()}"
    # Nothing is deselected by default: scripts/test (and CI) runs the slow tests too.
    assert "-m" not in CONFIG["addopts"].split()
