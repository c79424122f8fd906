"""tutor.core.priority: background work yields the CPU to the site's requests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.core import priority

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import os, sys
from tutor.core import priority
priority.lower()
lowered = priority.lower_session()
print(os.getpriority(os.PRIO_PROCESS, 0), os.sched_getscheduler(0), lowered,
      priority.in_autogroup(), flush=True)
sys.stdin.read()  # held open until the test has read its autogroup
"""


def _child(new_session: bool) -> tuple[subprocess.Popen[str], list[str]]:
    child = subprocess.Popen([sys.executable, "-c", CHILD], cwd=ROOT, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             env={**os.environ, "PYTHONPATH": str(ROOT)},
                             start_new_session=new_session)
    assert child.stdout is not None
    return child, child.stdout.readline().split()


def _autogroup(pid: int | str) -> str:
    return Path(f"/proc/{pid}/autogroup").read_text().split()[-1]


@pytest.mark.parametrize("new_session", [True, False], ids=["own session", "shared session"])
def test_background_work_is_niced_idle_and_lowers_only_its_own_session(
        new_session: bool) -> None:
    # The caller's session may be the boot-time one, with no autogroup (the CI runner's);
    # a child that calls setsid gets an autogroup of its own all the same.
    grouped = priority.in_autogroup()
    mine = _autogroup("self") if grouped else ""
    child, (nice, policy, lowered, child_grouped) = _child(new_session)
    try:
        assert int(nice) >= priority.NICENESS and int(policy) == os.SCHED_IDLE
        assert lowered == str(new_session and child_grouped == "True")
        if lowered == "True":
            assert _autogroup(child.pid) == str(priority.SESSION_NICENESS)
        if grouped:
            assert _autogroup("self") == mine  # the caller's session is left as it was
    finally:
        child.communicate("")


def test_no_autogroup_is_claimed_where_the_file_reads_empty(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A session still in the boot-time root group: /proc/<pid>/autogroup reads empty.
    monkeypatch.setattr(priority.Path, "read_text", lambda self: "")
    monkeypatch.setattr(priority.os, "getsid", lambda pid: os.getpid())
    written: list[str] = []
    monkeypatch.setattr(priority.Path, "write_text", lambda self, text: written.append(text))
    assert priority.in_autogroup() is False
    assert priority.lower_session() is False and written == []


def test_lower_never_raises_a_priority() -> None:
    child = subprocess.run(
        [sys.executable, "-c", "import os\nfrom tutor.core import priority\nos.nice(15)\n"
         "priority.lower(10, idle=False)\nprint(os.getpriority(os.PRIO_PROCESS, 0))"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
        text=True, check=True)
    assert int(child.stdout) == 15
