"""The table's event stream against live servers: a spectator's stream on one server hears
every move made through another (Redis pub/sub; the in-process notifier on the one-process
site), each event's id the move number the move was answered with; the spectator's state
read on that number holds no hand; a stream reconnecting with Last-Event-ID first names the
number reached meanwhile, nothing older; a process holds at most TABLE_STREAMS streams."""

from __future__ import annotations

import http.client
import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.game.registry import GAMES
from tests.live_app import port_of, serve
from tests.play.conftest import learner_client, make_app
from tests.tables.test_http import _action, _open, _state
from tests.tables.test_presence import Clock
from tutor.extensions import db
from tutor.models import PlayTable

pytestmark = pytest.mark.slow
BACKENDS = ["local", "redis"]


def _app(db_path: Path, backend: str, **extra: Any) -> Flask:
    url = os.environ.get("TEST_REDIS_URL")
    if backend == "redis" and not url:
        pytest.skip("no Redis server (TEST_REDIS_URL: eval \"$(scripts/redis-start)\")")
    app = make_app(db_path, TABLES_REDIS_URL=url if backend == "redis" else None,
                   TABLE_HEARTBEAT=0.2, TABLE_STREAM_SECONDS=30.0, **extra)
    with app.app_context():
        db.create_all()
    return app


@contextmanager
def live(app: Flask) -> Iterator[int]:
    """The app served (tests.live_app), as the port the raw connections below use."""
    with serve(app) as base:
        yield port_of(base)


def _cookie(app: Flask, client: FlaskClient) -> str:
    """The session cookie of a test client's learner, for raw HTTP."""
    with client.session_transaction() as session:
        token = session["learner"]
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    assert serializer is not None
    return f"{app.config['SESSION_COOKIE_NAME']}={serializer.dumps({'learner': token})}"


class Events:
    """A raw event-stream reader."""

    def __init__(self, port: int, path: str, cookie: str, last: int | None = None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        headers = {"Cookie": cookie, "Accept": "text/event-stream"}
        if last is not None:
            headers["Last-Event-ID"] = str(last)
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.headers = dict(self.response.getheaders())

    def next(self) -> dict[str, str]:
        fields: dict[str, str] = {}
        while True:
            line = self.response.fp.readline().decode()
            assert line, "the stream ended"
            line = line.rstrip("\n")
            if not line:
                if "data" in fields:
                    return fields
                continue
            name, _, value = line.partition(":")
            fields[name] = value.lstrip(" ")

    def next_move(self) -> int:
        while True:
            event = self.next()
            if event.get("event") == "move":
                assert event["id"] == event["data"]
                return int(event["id"])

    def close(self) -> None:
        self.response.close()  # the socket stays open while the response holds it
        self.connection.close()


def _table(app: Flask) -> tuple[str, FlaskClient, FlaskClient]:
    host, guest = learner_client(app), learner_client(app)
    rules = next(r for r in GAMES)
    table_id = _open(host, guest, rules, 2)
    assert host.post(f"/tables/{table_id}/start").status_code == 302
    return table_id, host, guest


def _move(table_id: str, people: list[FlaskClient], rng: random.Random) -> int:
    body = _state(people[0], table_id)
    view = body["view"]
    assert not view["hand_over"]
    mover = people[view["turn"]]
    mine = _state(mover, table_id)
    answer = mover.post(f"/tables/{table_id}/moves",
                        json={"move": mine["move_number"], "action": _action(mine["view"], rng)})
    assert answer.status_code == 200, answer.get_json()
    return int(answer.get_json()["move_number"])


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_spectator_on_another_server_hears_every_move(db_path: Path, backend: str) -> None:
    first = _app(db_path, backend)
    table_id, host, guest = _table(first)
    # A second app server on the same database (and the same Redis, when there is one).
    second = _app(db_path, backend) if backend == "redis" else first
    watcher = learner_client(second)
    rng = random.Random(30)
    with live(second) as port:
        start = _state(watcher, table_id)["move_number"]
        stream = Events(port, f"/tables/{table_id}/events?since={start}",
                        _cookie(second, watcher))
        try:
            assert stream.status == 200
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            assert stream.headers["X-Accel-Buffering"] == "no"
            assert stream.next_move() == start
            for _ in range(3):
                number = _move(table_id, [host, guest], rng)  # made through the first app
                assert stream.next_move() == number
                seen = _state(watcher, table_id, start)
                assert seen["seat"] is None and seen["move_number"] == number
                assert "hand" not in seen["view"] and seen["changes"]
        finally:
            stream.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_reconnecting_stream_names_the_moves_missed_by_number(db_path: Path,
                                                                backend: str) -> None:
    app = _app(db_path, backend)
    table_id, host, guest = _table(app)
    rng = random.Random(31)
    cookie = _cookie(app, guest)
    with live(app) as port:
        stream = Events(port, f"/tables/{table_id}/events", cookie)
        had = stream.next_move()
        stream.close()
        missed = [_move(table_id, [host, guest], rng) for _ in range(2)]
        again = Events(port, f"/tables/{table_id}/events?since=0", cookie, last=had)
        try:
            assert again.next_move() == missed[-1] > had  # Last-Event-ID wins over since
            number = _move(table_id, [host, guest], rng)
            assert again.next_move() == number  # and nothing repeated in between
        finally:
            again.close()


def test_a_process_holds_at_most_its_streams(db_path: Path) -> None:
    app = _app(db_path, "local", TABLE_STREAMS=1)
    table_id, host, _guest = _table(app)
    cookie = _cookie(app, host)
    with live(app) as port:
        first = Events(port, f"/tables/{table_id}/events", cookie)
        assert first.status == 200 and first.next_move() >= 1
        refused = Events(port, f"/tables/{table_id}/events", cookie)
        assert refused.status == 503 and refused.headers["Retry-After"] == "30"
        refused.close()
        first.close()  # the server sees the client gone at its next heartbeat
        deadline = time.monotonic() + 10
        while True:
            again = Events(port, f"/tables/{table_id}/events", cookie)
            if again.status == 200 or time.monotonic() > deadline:
                break
            again.close()
        assert again.status == 200, "the slot of a closed stream was never freed"
        again.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_listening_seat_stays_and_its_heartbeats_take_over_an_absent_one(
        db_path: Path, backend: str) -> None:
    """Bea's page only listens (no polls, no moves); Ann sends nothing at all.  Past the
    grace period Bea's heartbeats keep her seat and give Ann's to a computer player, and
    the heartbeat's stamp says so (with Redis: the heartbeats that read no database)."""
    clock = Clock()
    app = _app(db_path, backend, CLOCK=clock)
    table_id, _host, guest = _table(app)
    with live(app) as port:
        stream = Events(port, f"/tables/{table_id}/events", _cookie(app, guest))
        try:
            stream.next_move()
            clock.forward(61)
            beat = stream.next()
            while beat.get("event") != "beat" or not beat["data"].endswith(".0c"):
                beat = stream.next()
        finally:
            stream.close()
    assert _kinds(app, table_id) == {0: "computer", 1: "human"}


def _kinds(app: Flask, table_id: str) -> dict[int, str]:
    with app.app_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None
        return {s.seat: s.kind for s in row.seats}
