"""How a table's stream is opened again after its app server died (issue 29: every client
back within 5 s): each stream names its own reconnect delay (``retry:``) in a range, so a
dead server's clients do not all come back in the same millisecond, and closing it frees its
slot; with Redis, a stream opened after a move reads the table once (its opening's read
answers the first heartbeat too), and its first events name the database's number and
stamp."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.game.registry import GAMES
from tests.play.conftest import make_app
from tests.tables.test_http import _action, _state
from tests.tables.test_presence import Clock, _two_people
from tests.tables.test_quick_beat import statements
from tutor.extensions import db
from tutor.tables import services, views
from tutor.tables.views import RECONNECT_MS

STREAMS = 12


def _opening(client: FlaskClient, table_id: str, until: str = "move") -> list[dict[str, str]]:
    """The stream's event blocks up to its first ``until`` event (a block with ``retry``
    alone included), the stream closed after."""
    response = client.get(f"/tables/{table_id}/events", buffered=False)
    assert response.status_code == 200, response.get_data(as_text=True)
    blocks: list[dict[str, str]] = []
    try:
        text = ""
        for chunk in response.response:
            text += chunk.decode() if isinstance(chunk, bytes) else str(chunk)
            *done, text = text.split("\n\n")
            for block in done:
                fields = dict(line.partition(":")[::2] for line in block.splitlines())
                blocks.append({k: v.lstrip(" ") for k, v in fields.items()})
                if blocks[-1].get("event") == until:
                    return blocks
    finally:
        response.close()
    raise AssertionError("the stream ended")


def test_each_stream_names_its_own_reconnect_delay_and_frees_its_slot(db_path: Path) -> None:
    # One slot: each stream below opens only once the one before gave its slot back.
    app = make_app(db_path, TABLE_STREAMS=1, TABLE_HEARTBEAT=0.05)
    with app.app_context():
        db.create_all()
    table_id, _host, guest = _two_people(app, next(iter(GAMES)))
    delays = []
    for _ in range(STREAMS):
        retries = [int(b["retry"]) for b in _opening(guest, table_id) if "retry" in b]
        assert retries, "no retry field before the first event"
        delays.append(retries[-1])  # the last one read is the one a client keeps
    low, high = RECONNECT_MS
    assert all(low <= d < high for d in delays), delays
    assert high <= 1500, "a dead server's clients would wait over 1.5 s to reconnect"
    assert len(set(delays)) > 1, f"every stream asks for the same delay: {delays}"


def test_the_delay_is_drawn_over_the_whole_range() -> None:
    rng = random.Random(29)
    drawn = [views.reconnect_ms(rng) for _ in range(2000)]
    low, high = RECONNECT_MS
    assert low <= min(drawn) < low + (high - low) // 10
    assert high - (high - low) // 10 <= max(drawn) < high


@pytest.fixture
def redis_app(db_path: Path) -> Flask:
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("no Redis server (TEST_REDIS_URL: eval \"$(scripts/redis-start)\")")
    app = make_app(db_path, CLOCK=Clock(), TABLES_REDIS_URL=url, TABLE_HEARTBEAT=0.05)
    with app.app_context():
        db.create_all()
    return app


@pytest.mark.parametrize("rules", list(GAMES))
def test_a_stream_opened_after_a_move_reads_the_table_once(redis_app: Flask,
                                                           rules: str) -> None:
    table_id, host, guest = _two_people(redis_app, rules)
    _opening(guest, table_id, until="beat")  # a summary in Redis, made stale by the move
    body = _state(host, table_id)
    mover = [host, guest][body["view"]["turn"]]
    mine = _state(mover, table_id)
    answer = mover.post(f"/tables/{table_id}/moves", json={
        "move": mine["move_number"], "action": _action(mine["view"], random.Random(1))})
    assert answer.status_code == 200, answer.get_json()
    with statements(redis_app) as sql:
        blocks = _opening(guest, table_id, until="beat")
    reads = [s for s in sql if "from play_tables" in s.lower()]
    assert len(reads) == 1, f"{len(reads)} reads of the table: {reads}"
    with redis_app.app_context():
        table = services.get_table(table_id)
        number, stamp = table.move_number, views.stamp(table)
    moves = [b for b in blocks if b.get("event") == "move"]
    assert moves and moves[0]["id"] == moves[0]["data"] == str(number)
    assert number == answer.get_json()["move_number"]
    assert blocks[-1]["data"] == stamp
