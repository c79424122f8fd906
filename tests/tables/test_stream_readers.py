"""Hundreds of event streams in one process read the database a few at a time: their
heartbeats wait for one of ``TABLE_STREAM_READERS`` turns instead of taking every
connection of the pool, which the moves and pages need (scripts/bench-tables)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from tests.play.conftest import make_app
from tutor.extensions import db
from tutor.tables.stream import Stream, readers, slots

pytestmark = pytest.mark.slow  # an app of its own and streams on threads: seconds
STREAMS = 6


def test_stream_heartbeats_read_the_database_at_most_readers_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path / "site.sqlite", TABLES_REDIS_URL=None, TABLE_STREAMS=STREAMS,
                   TABLE_STREAM_READERS=2)
    with app.app_context():
        db.create_all()
    lock = threading.Lock()
    inside, most, beats = [0], [0], [0]

    def beat() -> tuple[int, str]:
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        time.sleep(0.02)  # long enough for the other streams' beats to pile up
        with lock:
            inside[0] -= 1
            beats[0] += 1
        return 3, "3.playing"

    slot = slots(app)

    def listen(number: int) -> None:
        assert slot.acquire(blocking=False)
        stream = Stream(app, f"table{number % 2}", None, beat, slot, seconds=0.3,
                        heartbeat=0.05)
        try:
            events = b"".join(stream)
        finally:
            stream.close()
        assert b"id: 3\nevent: move\n" in events and b"event: beat\ndata: 3.playing" in events

    threads = [threading.Thread(target=listen, args=(n,)) for n in range(STREAMS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert beats[0] > STREAMS  # each stream beat more than once
    assert most[0] == 2, most[0]  # never more than the readers, and they were used
    assert readers(app) is readers(app)
