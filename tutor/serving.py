"""How the site is served.

Production (docs/deploy.md) runs gunicorn behind nginx:
``gunicorn -c python:tutor.serving 'tutor:create_app()'`` reads this module's gunicorn
settings (command-line options still win).  nginx buffers each request whole before passing
it on, so slow clients cost an nginx connection, never an app thread.

``flask --app tutor serve`` (and so ``scripts/run``, the one-command local site) runs
waitress instead (``waitress_options``): with no nginx in front, the server itself must hold
slow clients, and waitress reads every request's headers and body on its event loop, handing
a request to one of its threads only once it has arrived whole.  gunicorn's threaded workers
give each connection a thread while it is read, so 16 clients sending a byte a second took
every thread of a two-worker server (issue 30).  waitress is one process: the local site,
not a production server.

Environment: ``HOST``/``PORT`` (127.0.0.1:8000); gunicorn: ``WEB_CONCURRENCY`` (worker
processes, 2), ``GUNICORN_THREADS`` (threads per worker for requests, 8),
``TABLE_STREAMS`` (threads per worker for live tables' event streams, 1000); waitress:
``WAITRESS_THREADS`` (8).
"""

from __future__ import annotations

import gc
import os
from typing import Any

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
# A live table's event stream holds a gthread thread for its whole life (tutor/tables/
# stream.py), so each worker gets TABLE_STREAMS threads for streams on top of the
# GUNICORN_THREADS that serve pages and moves: streams never starve requests, and one
# server of two workers carries 800 streams (issue 29: 200 tables of 4) even when the
# kernel hands them to one worker more than the other (400 each refused the surplus, and
# nginx counted the 503s as failures of the only live server), so when the other is killed
# or restarted its streams reconnect at once.  Threads start as streams need them, and an
# idle one costs little (scripts/bench-tables measures the memory per stream).
request_threads = int(os.environ.get("GUNICORN_THREADS", "8"))
stream_threads = int(os.environ.get("TABLE_STREAMS", "1000"))
threads = request_threads + stream_threads
# gthread keeps a connection alive only while it holds fewer than worker_connections, and
# gunicorn's default (1000) is below the threads above: every answer then closed its
# connection, so nginx opened a new one for each request (about a fifth of a game action's
# CPU).  Room for as many idle kept-alive connections as threads keeps them all open.
worker_connections = 2 * threads


GC_THRESHOLDS = (10_000, 50, 100)
"""The worker's garbage collector runs a full collection about a hundredth as often as
Python's default (700, 10, 10) would."""


def pre_fork(server: Any, worker: Any) -> None:
    """In the master, before each worker is forked: the preloaded site's objects go to the
    collector's permanent generation, never scanned again (the use Python's documentation
    gives ``gc.freeze`` for), and pages the workers share stay shared."""
    gc.freeze()


def post_worker_init(worker: Any) -> None:
    """The worker's stream slots (tutor.tables.stream.slots reads TABLE_STREAMS) are its
    threads beyond the request threads; half of them when ``--threads`` gave fewer.

    A full garbage collection holds the interpreter's lock while it walks every object: with
    hundreds of stream threads and the games they keep, 80-250 ms in which no request or
    stream of that worker moves, several times a minute (issue 29: most of scripts/bench-
    tables' p99).  So what the worker has loaded is frozen too, and full collections are
    rare; reference counting still frees everything that is not in a cycle at once."""
    total = int(worker.cfg.threads)
    streams = total - request_threads if total > request_threads else total // 2
    os.environ["TABLE_STREAMS"] = str(max(1, streams))
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


# A kept-alive connection that sends nothing for this long is closed.
keepalive = 5
# A worker whose main loop stops answering for this long is replaced.
timeout = 30
graceful_timeout = 20
accesslog = "-"
# Several servers may run on one machine (docs/deploy.md): none claims the default
# control socket path that gunicorn >= 25 would share between them.
control_socket_disable = True
# The forwarded headers of a reverse proxy are read by the site itself (werkzeug's
# ProxyFix, set by TRUSTED_PROXIES): gunicorn trusts none, so that one setting decides.
forwarded_allow_ips = ""


def waitress_options(host: str | None = None, port: int | None = None,
                     threads: int | None = None) -> dict[str, Any]:
    """waitress's settings for ``flask --app tutor serve``."""
    return {
        "host": host or os.environ.get("HOST", "127.0.0.1"),
        "port": port or int(os.environ.get("PORT", "8000")),
        "threads": threads or int(os.environ.get("WAITRESS_THREADS", "8")),
        # Slow clients wait on the event loop, not in a thread: room for many of them
        # (waitress's default of 100 connections would turn the 101st client away).
        "connection_limit": 1000,
        # poll(), not select(): select() cannot watch a file descriptor above 1023.
        "asyncore_use_poll": True,
        # A connection that sends nothing for this long is closed (an idle keep-alive).
        "channel_timeout": 60,
        # Bodies are buffered whole before the app sees them: the app refuses more than
        # MAX_CONTENT_LENGTH (2 MiB) with its JSON 413; waitress stops reading at twice that.
        "max_request_body_size": 4 * 1024 * 1024,
        # Say "waitress" in no header; no forwarded header is trusted (TRUSTED_PROXIES
        # decides, through werkzeug's ProxyFix, as under gunicorn).
        "ident": "",
        "trusted_proxy": None,
        "clear_untrusted_proxy_headers": False,
    }
