"""The Flask app served for real on a free loopback port, on a thread of the test process:
for the browser tests and the raw event-stream tests, which need a socket but not the
production servers (tests/serving/ starts those)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

from flask import Flask
from werkzeug.serving import make_server

HOST = "127.0.0.1"


@contextmanager
def serve(app: Flask) -> Iterator[str]:
    """The app's base URL (``http://127.0.0.1:<port>``) while the block runs; the server is
    stopped and its socket closed afterwards, even when the block fails."""
    server = make_server(HOST, 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(5)
        server.server_close()


def port_of(base: str) -> int:
    """The port of a base URL made by :func:`serve`, for raw HTTP connections."""
    port = urlsplit(base).port
    assert port is not None, base
    return port
