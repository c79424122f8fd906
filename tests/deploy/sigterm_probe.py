"""Not collected by itself (no ``test_`` prefix): test_sigterm_cleanup.py runs it in a
pytest of its own, waits until the stack is up, then sends that pytest SIGTERM."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from tests.deploy.conftest import Stack


def test_waits_for_sigterm_with_a_stack_running(stack: Stack) -> None:
    Path(os.environ["CONQUIAN_PROBE_READY"]).write_text(str(stack.folder))
    signal.pause()  # until the signal; the stack fixture's finalizer then stops it all
