"""How many game moves one process works out at once (``ACTION_CONCURRENCY``, 2): the
API's actions (tutor.api.games) and the table page's (tutor.play.views).

A move is CPU work under the interpreter's one lock: the engine, the computer's replies,
the view.  A gunicorn worker has many more threads than that (its request threads and the
live tables' stream threads, tutor/serving.py), and with every thread taking a move the
moves only interleave: each runs as slowly as all of them together, and the switching
and the cache misses cost CPU of their own (issue 28, scripts/bench-web-wrk --rules kunken
on a shared machine: 1.75-1.94 ms of server CPU per move with every thread computing,
1.56-1.77 ms two at a time; Colonel's within the noise; the p99 of both 0.3-0.5 s instead
of 0.8-1.3 s).  The others wait here,
holding nothing (no database connection, no session), until one of the two is done; a
second is let in so that one move computes while another waits on the database.
"""

from __future__ import annotations

import os
import threading
from typing import Final

ENV: Final = "ACTION_CONCURRENCY"
DEFAULT: Final = 2


def _limit() -> int:
    try:
        return max(1, int(os.environ.get(ENV, DEFAULT)))
    except ValueError:
        return DEFAULT


turns: Final = threading.BoundedSemaphore(_limit())
"""Held while a game action is worked out and stored (``with turns: ...``)."""
