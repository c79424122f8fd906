"""The one way the tests serve the app on a thread (tests/live_app.py): it answers on a free
port while the block runs, stops and frees the port afterwards, even when the block fails;
and no other test module starts a server of its own."""

from __future__ import annotations

import re
import socket
import urllib.request
from pathlib import Path

import pytest
from flask import Flask

from tests.live_app import port_of, serve

TESTS = Path(__file__).resolve().parent


def _tiny_app() -> Flask:
    app = Flask(__name__)
    app.add_url_rule("/", "hello", lambda: "hello")
    return app


def _refused(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) != 0


def test_serve_answers_then_frees_its_port() -> None:
    with serve(_tiny_app()) as base:
        with urllib.request.urlopen(base + "/", timeout=5) as answer:
            assert answer.read() == b"hello"
        port = port_of(base)
    assert _refused(port), "the listening socket outlived the block"


def test_serve_stops_when_the_block_fails() -> None:
    with pytest.raises(RuntimeError), serve(_tiny_app()) as base:
        port = port_of(base)
        raise RuntimeError("a failing test")
    assert _refused(port)


def test_no_other_test_module_starts_a_threaded_server() -> None:
    own = {TESTS / "live_app.py", Path(__file__).resolve()}
    starting = re.compile(r"\bmake_server\(|\.serve_forever\b")
    copies = [str(path.relative_to(TESTS)) for path in TESTS.rglob("*.py")
              if path not in own and starting.search(path.read_text(encoding="utf-8"))]
    assert not copies, f"serve the app with tests.live_app.serve instead: {copies}"
