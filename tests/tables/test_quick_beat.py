"""With Redis, a stream heartbeat reads no database (issue 29: 800 streams beating): the
table's summary there (tutor.tables.snapshot, written by a database heartbeat) answers the
same move number and stamp as the database, also while a player is away; a committed
change makes it stale, and a grace period run out sends the heartbeat to the database,
which takes the seat over."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from solver.game.registry import GAMES
from tests.play.conftest import make_app
from tests.tables.test_http import _action, _state
from tests.tables.test_presence import Clock, _two_people
from tutor.extensions import db
from tutor.tables import presence, services, snapshot, views


@pytest.fixture
def app(db_path: Path) -> Flask:
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("no Redis server (TEST_REDIS_URL: eval \"$(scripts/redis-start)\")")
    app = make_app(db_path, CLOCK=Clock(), TABLES_REDIS_URL=url, TABLE_HEARTBEAT=0.01)
    with app.app_context():
        db.create_all()
    return app


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements run meanwhile."""
    seen: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


def _learner(app: Flask, table_id: str, seat: int) -> int:
    with app.app_context():
        row = services.get_table(table_id)
        return int(next(s.learner_id for s in row.seats if s.seat == seat))


def _written(app: Flask, table_id: str) -> str:
    """Writes the summary as a database heartbeat does; the database's stamp now."""
    with app.app_context():
        count = snapshot.version(table_id)
        row = services.get_table(table_id)
        snapshot.write(row, count)
        return views.stamp(row)


def _database_stamp(app: Flask, table_id: str) -> str:
    with app.app_context():
        return views.stamp(services.get_table(table_id))


@pytest.mark.parametrize("rules", list(GAMES))
def test_a_heartbeat_answers_the_databases_stamp_from_redis_alone(app: Flask,
                                                                 rules: str) -> None:
    table_id, _host, _guest = _two_people(app, rules)
    bea = _learner(app, table_id, 1)
    clock: Clock = app.config["CLOCK"]
    stamp = _written(app, table_id)
    number = int(stamp.split(".")[0])
    with statements(app) as sql, app.app_context():
        assert snapshot.quick_beat(table_id, bea) == (number, stamp)
        clock.forward(20)  # Ann (seat 0) is away now, within her 60 s
        away = snapshot.quick_beat(table_id, bea)
    assert sql == []
    assert away is not None and away[1].endswith(".0") and away[1] != stamp
    assert away[1] == _database_stamp(app, table_id)  # Bea's beat recorded her presence
    with app.app_context():
        assert presence.last_seen(services.get_table(table_id))[1] == presence.now()


def test_a_committed_move_makes_the_summary_stale(app: Flask) -> None:
    table_id, host, guest = _two_people(app, next(iter(GAMES)))
    bea = _learner(app, table_id, 1)
    _written(app, table_id)
    body = _state(host, table_id)
    mover = [host, guest][body["view"]["turn"]]
    mine = _state(mover, table_id)
    answer = mover.post(f"/tables/{table_id}/moves", json={
        "move": mine["move_number"], "action": _action(mine["view"], random.Random(1))})
    assert answer.status_code == 200, answer.get_json()
    with app.app_context():
        assert snapshot.quick_beat(table_id, bea) is None
    stamp = _written(app, table_id)
    with app.app_context():
        found = snapshot.quick_beat(table_id, bea)
    assert found == (answer.get_json()["move_number"], stamp)


def test_a_grace_period_run_out_goes_to_the_database_which_takes_the_seat(
        app: Flask) -> None:
    table_id, _host, guest = _two_people(app, next(iter(GAMES)), grace=30)
    bea = _learner(app, table_id, 1)
    _written(app, table_id)
    app.config["CLOCK"].forward(31)
    with app.app_context():
        assert snapshot.quick_beat(table_id, bea) is None
    beats = _stream_beats(guest, table_id, 4)
    assert beats[-1].endswith(".0c")
    with statements(app) as sql:
        again = _stream_beats(guest, table_id, 4)
    assert again[-1] == beats[-1]
    assert sum("from play_tables" in s.lower() for s in sql) == 1  # the opening's read alone


def _stream_beats(client: FlaskClient, table_id: str, count: int) -> list[str]:
    """The data of the stream's first ``count`` heartbeats."""
    response = client.get(f"/tables/{table_id}/events", buffered=False)
    assert response.status_code == 200
    found: list[str] = []
    try:
        for chunk in response.response:
            text = chunk.decode() if isinstance(chunk, bytes) else str(chunk)
            if text.startswith("event: beat"):
                found.append(text.split("data: ", 1)[1].strip())
                if len(found) == count:
                    return found
    finally:
        response.close()
    raise AssertionError("the stream ended")


@pytest.mark.parametrize("rules", list(GAMES))
def test_a_heartbeat_is_one_round_trip_to_redis(app: Flask, rules: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Read the summary, record the viewer's presence and read everyone's: one request
    sent to Redis (it was two: the presence keys waited for the summary's answer)."""
    import redis.connection

    table_id, _host, _guest = _two_people(app, rules)
    bea = _learner(app, table_id, 1)
    stamp = _written(app, table_id)
    sent: list[object] = []
    real = redis.connection.AbstractConnection.send_packed_command

    def send(self: Any, command: Any, check_health: bool = True) -> None:
        sent.append(command)
        real(self, command, check_health)

    with app.app_context():
        assert snapshot.quick_beat(table_id, bea) is not None  # the script loaded once
        monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", send)
        for _ in range(3):
            assert snapshot.quick_beat(table_id, bea) == (int(stamp.split(".")[0]), stamp)
    assert len(sent) == 3
    with app.app_context():  # and it recorded Bea's presence
        assert presence.last_seen(services.get_table(table_id))[1] == presence.now()
