"""The shipped deployment on this machine (deploy/local.py): nginx, two app servers,
PostgreSQL and Redis.  In CI and under scripts/test a missing piece is an error; elsewhere
the tests are skipped with the reason."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.backends import services_required

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))

from local import Stack, running, stack_pids, terminate_as_interrupt  # noqa: E402

__all__ = ["ROOT", "Stack", "running", "stack_pids"]

NEEDED = {"nginx": ("nginx", "/usr/sbin/nginx"), "redis-server": ("redis-server",),
          "PostgreSQL": ("/usr/lib/postgresql",), "openssl": ("openssl",)}


def _missing() -> list[str]:
    return [name for name, places in NEEDED.items()
            if not any(shutil.which(p) or (p.startswith("/") and Path(p).exists())
                       for p in places)]


@pytest.fixture(scope="package")
def stack(request: pytest.FixtureRequest) -> Iterator[Stack]:
    missing = _missing()
    if missing and not services_required():
        pytest.skip("the deployment needs " + ", ".join(missing))
    # Not under pytest's private temporary folder: PostgreSQL's and nginx's own users
    # must be able to reach this one.
    folder = Path(tempfile.mkdtemp(prefix="conquian-stack-"))
    failed_before = request.session.testsfailed
    # CONQUIAN_STACK_APPS: fewer app servers for tests that need no second one.
    deployment = Stack(folder, app_count=int(os.environ.get("CONQUIAN_STACK_APPS", "2")))
    # A run stopped by SIGTERM (a CI timeout, scripts/test's trap) still stops the servers.
    with terminate_as_interrupt():
        try:
            deployment.up()
            yield deployment
        finally:
            deployment.down()
        if request.session.testsfailed == failed_before:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"\nthe deployment's logs are kept in {folder}")
