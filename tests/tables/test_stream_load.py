"""What a move costs the streams of a busy process (issue 29, scripts/bench-tables: 800
streams on two servers): the table is read once per process and move number, not once per
viewer; a page's render takes no reader's turn, so one slow render queues no other
stream's read; a stream beats (records its viewer as present) on time however much news
it carries, so no watching player's seat is taken over; and a move's answer is the number
reached and the stamp, not a seat view the page does not use."""

from __future__ import annotations

import itertools
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from solver.game.registry import GAMES
from tests.play.conftest import make_app
from tests.tables.test_http import _action, _state
from tests.tables.test_stream_pages import Reader, _page, _table
from tutor.extensions import db
from tutor.tables import notify, reads, services, views
from tutor.tables.stream import Stream, readers, slots


@pytest.fixture
def quick(app: Flask) -> Flask:
    app.config.update(TABLES_REDIS_URL=None, TABLE_HEARTBEAT=60.0, TABLE_STREAM_SECONDS=60.0,
                      TABLE_STREAM_READERS=1)
    reads.clear()
    return app


def _move(app: Flask, table_id: str, people: dict[int, Any]) -> int:
    """One move by whichever of the people is to act; the number reached."""
    body = next(b for b in (_state(p, table_id) for p in people.values())
                if b["view"]["turn"] == b["seat"])
    answer = people[body["seat"]].post(f"/tables/{table_id}/moves", json={
        "move": body["move_number"], "action": _action(body["view"], random.Random(3))})
    assert answer.status_code == 200, answer.get_json()
    return int(answer.get_json()["move_number"])


def test_a_move_is_read_once_for_every_stream_of_the_process(
        quick: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id, host, guest = _table(quick, next(iter(GAMES)))
    start = _state(host, table_id)["move_number"]
    path = f"/tables/{table_id}/events?since={start}"
    streams = [Reader(host, path), Reader(guest, path)]
    try:
        for stream in streams:
            stream.until_move(start)
        number = _move(quick, table_id, {0: host, 1: guest})
        tables_read: list[str] = []
        real = services.get_table
        monkeypatch.setattr(services, "get_table",
                            lambda table, *a, **k: tables_read.append(table)
                            or real(table, *a, **k))
        for stream in streams:
            _page(stream.until_move(number), number)
    finally:
        for stream in streams:
            stream.close()
    # Only this table's reads count: another test's table may still be read meanwhile by
    # this process's background work (a computer seat's move, a move timer).
    mine = [read for read in tables_read if read == table_id]
    assert mine == [table_id], "each viewer's page read the table again"


def test_a_page_is_rendered_outside_the_readers_turns(
        quick: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id, host, guest = _table(quick, next(iter(GAMES)))
    start = _state(host, table_id)["move_number"]
    stream = Reader(guest, f"/tables/{table_id}/events?since={start}")
    turn_free: list[bool] = []
    real = views.render_template

    def render(*args: Any, **kwargs: Any) -> str:
        free = readers(quick).acquire(blocking=False)  # the only turn (TABLE_STREAM_READERS)
        if free:
            readers(quick).release()
        turn_free.append(free)
        return real(*args, **kwargs)

    try:
        stream.until_move(start)
        number = _move(quick, table_id, {0: host, 1: guest})
        monkeypatch.setattr(views, "render_template", render)
        _page(stream.until_move(number), number)
    finally:
        stream.close()
    assert turn_free == [True], "the page was rendered while holding a reader's turn"


def test_a_stream_beats_on_time_however_much_news_it_carries(tmp_path: Path) -> None:
    """News every 20 ms (chat messages, a change of seats at the same number) and a
    heartbeat every 100 ms: every heartbeat still records the viewer as present."""
    app = make_app(tmp_path / "site.sqlite", TABLES_REDIS_URL=None)
    with app.app_context():
        db.create_all()
    beats: list[float] = []

    def beat() -> tuple[int, str]:
        beats.append(time.monotonic())
        return 3, "3.playing"

    slot = slots(app)
    assert slot.acquire(blocking=False)
    stream = Stream(app, "busy", None, beat, slot, seconds=1.0, heartbeat=0.1)
    done = threading.Event()

    def chatter() -> None:
        n = 0
        while not done.wait(0.02):
            n += 1
            with app.app_context():
                notify.publish_chat("busy", n)

    talker = threading.Thread(target=chatter)
    try:
        chunks = iter(stream)
        next(chunks)  # subscribed: the news reaches it from now on
        talker.start()
        events = b"".join(chunks)
    finally:
        done.set()
        stream.close()
        if talker.is_alive():
            talker.join(5)
    assert events.count(b"event: chat") > 20  # the news did flow
    gaps = [b - a for a, b in itertools.pairwise(beats)]
    assert len(beats) >= 8 and max(gaps) < 0.3, f"beats {len(beats)}, gaps {gaps}"


def test_a_move_is_answered_with_the_number_and_stamp_alone(
        quick: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id, host, guest = _table(quick, next(iter(GAMES)))
    views_built: list[int] = []
    real = views.seat_view
    monkeypatch.setattr(views, "seat_view",
                        lambda game, seat, *a, **k: views_built.append(seat) or real(
                            game, seat, *a, **k))
    body = next(b for b in (_state(p, table_id) for p in (host, guest))
                if b["view"]["turn"] == b["seat"])
    views_built.clear()
    mover = (host, guest)[body["seat"]]
    answer = mover.post(f"/tables/{table_id}/moves", json={
        "move": body["move_number"], "action": _action(body["view"], random.Random(3))})
    assert answer.status_code == 200, answer.get_json()
    told = answer.get_json()
    assert set(told) == {"move_number", "stamp"}
    assert told["stamp"].startswith(f"{told['move_number']}.")
    assert views_built == [], "the move's answer built a seat view nobody reads"


def test_streams_opened_together_do_not_beat_together(tmp_path: Path) -> None:
    """A reconnect storm (a restarted server's streams, bench-tables' 800) opens many
    streams at once: their heartbeats are spread over the period, each still within it,
    instead of all landing in the same instant every period."""
    app = make_app(tmp_path / "site.sqlite", TABLES_REDIS_URL=None, TABLE_STREAMS=24)
    with app.app_context():
        db.create_all()
    period = 0.5
    opened = time.monotonic()
    beats: dict[int, list[float]] = {n: [] for n in range(24)}

    def run(n: int) -> None:
        def beat() -> tuple[int, str]:
            beats[n].append(time.monotonic() - opened)
            return 3, "3.playing"

        slot = slots(app)
        assert slot.acquire(blocking=False)
        stream = Stream(app, f"table-{n}", None, beat, slot, seconds=1.3 * period,
                        heartbeat=period)
        try:
            b"".join(stream)
        finally:
            stream.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(24)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    seconds = [b[1] - b[0] for b in beats.values()]  # opening's beat to the next one
    assert all(len(b) >= 2 for b in beats.values()), beats
    assert max(seconds) < period + 0.1  # never later than a period: presence counts on it
    assert max(seconds) - min(seconds) > 0.3 * period, sorted(seconds)
