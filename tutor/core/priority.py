"""Background work at a lower CPU priority than the site's requests (graded reviews).

A niced process still takes its weighted share of a busy core, so where Linux allows it the
work also runs as SCHED_IDLE: only on CPU time no request wants.  And Linux's automatic
grouping (autogroup) shares the CPU between sessions before it looks at nice values: a
worker that leads a session of its own (a systemd service, or deploy/local.py's) lowers
that session's weight too, or it takes as much CPU as a whole app server (issue 29:
scripts/bench-tables' grading worker used most of a core while moves waited)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Final

NICENESS: Final = 10
"""How much lower the background work's priority is than the web threads'."""
SESSION_NICENESS: Final = 19
"""The autogroup's own nice value when the worker leads its session."""


def lower(niceness: int = NICENESS, *, idle: bool = True) -> None:
    """Lower this process's CPU priority to ``niceness`` (never raises it) and, with
    ``idle``, make it SCHED_IDLE.  Best effort: a platform without these keeps its priority."""
    with contextlib.suppress(OSError):
        current = os.getpriority(os.PRIO_PROCESS, 0)
        if current < niceness:
            os.nice(niceness - current)
    if idle:
        with contextlib.suppress(AttributeError, OSError):  # not Linux, or not allowed
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def in_autogroup(pid: int | str = "self") -> bool:
    """Whether this process's session has an autogroup of its own.  The file reads empty
    while the session is still the boot-time root group's (no ancestor called setsid, as
    under many containers' PID 1 and on the CI runner): that group's weight cannot be set.
    A process that starts a session (setsid) always gets its own."""
    try:
        return bool(Path(f"/proc/{pid}/autogroup").read_text().strip())
    except OSError:
        return False


def lower_session(niceness: int = SESSION_NICENESS) -> bool:
    """When this process leads its session, lower the session's autogroup weight (Linux
    with autogroup only); answers whether it did.  A process in someone else's session (a
    shell's) leaves it alone: the whole session would slow down."""
    if os.getsid(0) != os.getpid() or not in_autogroup():
        return False
    try:
        Path("/proc/self/autogroup").write_text(f"{niceness}\n")
    except OSError:
        return False
    return True
