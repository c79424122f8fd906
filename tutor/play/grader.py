"""Grading finished hands away from the request that ends them.

A graded review (tutor.play.review) plays a few thousand hands out: about half a second of
CPU.  Done inside the request, it held up the move that ended the hand, and with the GIL it
slowed every other request of that worker too.  So each web worker hands finished hands to
one grading process of its own (started on first use, at a lower CPU priority than the web
threads) and stores each review when it comes back.

It is best effort by design: at most ``MAX_PENDING`` hands wait per worker; beyond that (a
load no grader could keep up with) or when a worker dies with hands still queued, the review
page grades the hand when it is asked for (``tutor.play.review.stored_review``).  Nothing is
lost but time.

``REVIEW_GRADING`` chooses: ``"background"`` (the default) or ``"inline"`` (grade inside
the request: the test configuration, where a review must exist as soon as a hand ends).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, Final

from flask import Flask, current_app

from tutor.core import priority

MAX_PENDING: Final = 2
"""Hands waiting for the grader of one worker (about a second each: a queued review is ready
within about two seconds); more are left to the review page."""
NICENESS: Final = priority.NICENESS
"""How much lower the grader's CPU priority is than the web threads': moves come first."""

Key = tuple[str, int]  # (game id, hand number from 0)
Job = Callable[[], dict[str, Any]]

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_pending: dict[Key, Future[dict[str, Any]]] = {}


def _start_grading_process() -> None:
    """In the grading process: a lower priority, and an end when the worker ends.  A worker
    killed outright (SIGKILL) cannot stop its grader, which would otherwise wait for work
    for ever."""
    # Niced and SCHED_IDLE: only CPU time that no move wants (issue 28: with the web workers
    # saturated, the grader took 0.2-0.3 ms of CPU per move at nice 10, 0.10-0.14 ms as
    # SCHED_IDLE).  A review left waiting is graded by its page (``MAX_PENDING``,
    # ``tutor.play.review.stored_review``).
    priority.lower(NICENESS)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="grader-watch", daemon=True).start()


def _executor() -> ProcessPoolExecutor:
    """This process's grader, started on first use.  "spawn": a fresh interpreter, since
    forking a process that runs threads (gunicorn's gthread workers) can copy held locks."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=1,
                                    mp_context=multiprocessing.get_context("spawn"),
                                    initializer=_start_grading_process)
    return _pool


def is_background(app: Flask) -> bool:
    return app.config.get("REVIEW_GRADING", "background") == "background"


def submit(key: Key, job: Callable[..., dict[str, Any]], args: tuple[Any, ...],
           store: Callable[[Key, dict[str, Any]], None]) -> bool:
    """Grade ``job(*args)`` in this worker's grading process and ``store`` the result (in an
    application context).  ``job`` must be importable by name (it runs in another process).
    Answers False, and does nothing, when that hand is already queued or the queue is full."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    with _lock:
        if key in _pending or len(_pending) >= MAX_PENDING:
            return False
        try:
            future = _executor().submit(job, *args)
        except (BrokenProcessPool, RuntimeError):
            _reset()  # the grading process died: the next hand starts a new one
            return False
        _pending[key] = future
    future.add_done_callback(partial(_finished, app, key, store))
    return True


def _reset() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
    _pool = None


def _finished(app: Flask, key: Key, store: Callable[[Key, dict[str, Any]], None],
              future: Future[dict[str, Any]]) -> None:
    try:
        data = future.result()
        with app.app_context():
            store(key, data)
    except Exception:  # logged; the review page grades the hand when asked
        app.logger.exception("grading hand %s of game %s failed", key[1], key[0])
        if isinstance(future.exception(), BrokenProcessPool):
            with _lock:
                _reset()
    finally:
        # Stored first, then forgotten: a page that finds neither the review nor the job
        # reads the review.
        with _lock:
            _pending.pop(key, None)


def wait(key: Key, timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for hand ``key`` if this worker is grading it; answers
    whether it was (the review is stored once this returns True, unless grading failed)."""
    with _lock:
        future = _pending.get(key)
    if future is None:
        return False
    try:
        future.result(timeout)
    except FutureTimeout:
        return True
    except Exception:
        return True
    # The result is in: the store callback may still be running in the pool's thread.
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with _lock:
            if key not in _pending:
                break
        time.sleep(0.01)
    return True


def pending() -> Mapping[Key, Future[dict[str, Any]]]:
    """The hands this worker is grading (for the tests and the logs)."""
    with _lock:
        return dict(_pending)
