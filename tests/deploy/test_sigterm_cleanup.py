"""A test run stopped by SIGTERM (a CI timeout, scripts/test's trap) leaves no server of
its stack running: nginx, the app servers and their workers, the grading worker, Redis,
PostgreSQL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.deploy.conftest import ROOT, running, stack_pids

pytestmark = [pytest.mark.slow, pytest.mark.deploy]


def test_sigterm_mid_run_stops_every_server_it_started(tmp_path: Path) -> None:
    ready = tmp_path / "ready"
    env = {**os.environ, "CONQUIAN_PROBE_READY": str(ready), "CONQUIAN_STACK_APPS": "1"}
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         str(ROOT / "tests" / "deploy" / "sigterm_probe.py")],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 300
        while not ready.exists():
            assert run.poll() is None, run.communicate()[0].decode()[-3000:]
            assert time.monotonic() < deadline, "the stack did not come up"
            time.sleep(0.2)
        folder = Path(ready.read_text())
        pids = stack_pids(folder)
        assert {"nginx", "redis", "postgres"} <= set(pids), pids
        assert any(name.startswith("app0") for name in pids), pids
        assert any(name.startswith("worker") for name in pids), pids  # the grading worker
        assert all(running(pid) for pid in pids.values()), pids
        run.send_signal(signal.SIGTERM)
        output = run.communicate(timeout=120)[0].decode()
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    left = {name: pid for name, pid in pids.items() if running(pid)}
    assert left == {}, f"still running after SIGTERM: {left}\n{output[-3000:]}"
    assert run.returncode != 0  # interrupted, not passed
