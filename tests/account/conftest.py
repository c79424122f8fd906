"""Fixtures for the account tests: the site on each database, browsers of one teacher, and a
real SMTP server (aiosmtpd) on a free local port that keeps what it is sent."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from account_helpers import Mailbox, log_in, make_app, sign_up
from aiosmtpd.controller import Controller
from flask import Flask
from flask.testing import FlaskClient

from tests.backends import BACKENDS, fresh_schema


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def smtp() -> Iterator[tuple[Mailbox, int]]:
    """A real SMTP server on this machine, for the length of one test."""
    mailbox = Mailbox()
    port = _free_port()
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield mailbox, port
    finally:
        controller.stop()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def app(tmp_path: Path, backend: str) -> Iterator[Flask]:
    """The site as in production (CSRF on), with no mail server."""
    with fresh_schema(make_app(tmp_path, backend), backend == "postgres") as app:
        yield app


@pytest.fixture
def browsers(app: Flask) -> Callable[[int], list[FlaskClient]]:
    """``n`` browsers of one teacher, each logged in on its own (the first signed up)."""

    def make(n: int) -> list[FlaskClient]:
        clients = [app.test_client() for _ in range(n)]
        sign_up(clients[0])
        for client in clients:
            assert log_in(client) == 302
        return clients

    return make


@pytest.fixture
def mail_app(tmp_path: Path, backend: str, smtp: tuple[Mailbox, int]) -> Iterator[Flask]:
    """The site with the local SMTP server as its mail server."""
    _, port = smtp
    app = make_app(tmp_path, backend, MAIL_SERVER="127.0.0.1", MAIL_PORT=port,
                   MAIL_DEFAULT_SENDER="Conquian tutor <tutor@example.org>")
    with fresh_schema(app, backend == "postgres"):
        yield app
