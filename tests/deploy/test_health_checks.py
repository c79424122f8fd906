"""Readiness follows PostgreSQL, liveness does not: with the database stopped every app
server's /readyz (and /healthz) answers 503 naming the database while /livez answers 200,
and all come back once it is started again."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest

from tests.deploy.conftest import Stack

pytestmark = [pytest.mark.slow, pytest.mark.deploy]


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_readiness_fails_while_postgresql_is_down_and_liveness_passes(stack: Stack) -> None:
    servers = [f"http://127.0.0.1:{port}" for port in stack.app_ports]
    assert [get(s + "/readyz")[0] for s in servers] == [200] * len(servers)
    stack.stop_postgres()
    try:
        for server in servers:
            for path in ("/readyz", "/healthz"):
                status, body = get(server + path)
                assert status == 503, (server, path, body)
                assert json.loads(body)["down"] == ["database"]
            assert get(server + "/livez") == (200, b"ok")
    finally:
        if not stack.postgres_running():
            stack.start_postgres()
    deadline = time.monotonic() + 30
    while [get(s + "/readyz")[0] for s in servers] != [200] * len(servers):
        assert time.monotonic() < deadline, "readiness did not recover with PostgreSQL"
        time.sleep(0.2)
    assert [get(s + "/healthz") for s in servers] == [(200, b"ok")] * len(servers)
