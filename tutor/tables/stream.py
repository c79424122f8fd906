"""The server-sent event stream of a table (``GET /tables/<id>/events``).

"The table is at move N" is ``event: move``, ``id: N``, ``data: N``.  When the table moved
past what the viewer has, an ``event: page`` comes just before it: JSON with the move
number, the page's stamp, whether it is now the viewer's move and the live part of the page
(tables/_live.html) as the viewer's own seat sees it (a spectator: the public view), in
their language (issue 29: the page shows it with no reads of its own).  It is rendered in
this stream's thread from the game the process holds (tutor.tables.memo), so a move
costs each process one table read (tutor.tables.reads) and each viewer a render, not two
requests.  A page event has no
``id:`` of its own: the event id stays the move number, so EventSource's own reconnect
sends ``Last-Event-ID`` and the first event of the new stream names the number reached
meanwhile: no move lost or repeated.  A heartbeat carries the page's stamp (``event:
beat``).  A chat message is announced by its id alone (``event: chat``, first the latest
id, so a reconnecting page reads what it missed from ``/chat?after=<id>``).

A stream holds a thread of a gthread app server, so each process holds at most
``TABLE_STREAMS`` of them (a bounded pool; the one past it is answered 503 and that client
polls), and each stream ends after ``STREAM_SECONDS`` (EventSource reconnects at once), so
a stream never outlives a rolling restart by long.  Every heartbeat records the viewer as
present and runs the grace-period check (tutor.tables.presence): with Redis, an ordinary
heartbeat reads the table's summary there and no database (``quick``,
tutor.tables.snapshot); the database answers only when the summary is stale or a grace
period or move timer ran out.  A stream beats every ``HEARTBEAT`` whatever news it carries
meanwhile: a busy table's news must not silence its viewers' presence (their seats would be
taken over while they watch).  A page event's render holds no reader's turn: only its
database read does (tutor.tables.views.page), so one slow render does not queue the
heartbeats and pages of every other stream.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Final

from flask import Flask

from tutor.extensions import db
from tutor.tables import notify

HEARTBEAT: Final = 5.0
STREAM_SECONDS: Final = 300.0
"""Each reconnect costs a login and table reads (800 streams ending every 55 s: 15 a
second); a rolling restart still ends a stream within gunicorn's graceful timeout."""
FIRST_BEAT_MIN: Final = 0.2
"""The first heartbeat after a stream's opening comes after this share of the period at
least (and at most all of it)."""
RETRY_MS: Final = 1000
"""EventSource's wait before reconnecting: a stream cut by a server's death is back soon."""

def slots(app: Flask) -> threading.BoundedSemaphore:
    """This app's stream slots (``TABLE_STREAMS`` in its config or the environment, 4 by
    default: half of a gthread worker's 8 threads, so pages and moves keep the other
    half)."""
    found: threading.BoundedSemaphore | None = app.extensions.get("table_streams")
    if found is None:
        size = int(app.config.get("TABLE_STREAMS") or os.environ.get("TABLE_STREAMS", "4"))
        found = app.extensions.setdefault("table_streams", threading.BoundedSemaphore(size))
    return found


def readers(app: Flask) -> threading.BoundedSemaphore:
    """How many of this app's streams read the database at once (``TABLE_STREAM_READERS``,
    4): hundreds of streams' heartbeats then wait their turn here, briefly, instead of
    taking every connection of the pool (5 + 10 overflow), where a move or a page would
    wait for one and a heartbeat past the pool's 30 s timeout would end its stream with an
    error (scripts/bench-tables, 800 streams on two servers)."""
    found: threading.BoundedSemaphore | None = app.extensions.get("table_stream_readers")
    if found is None:
        size = int(app.config.get("TABLE_STREAM_READERS") or 4)
        found = app.extensions.setdefault("table_stream_readers",
                                          threading.BoundedSemaphore(size))
    return found


def move_event(number: int) -> str:
    return f"id: {number}\nevent: move\ndata: {number}\n\n"


def page_event(body: str) -> str:
    """``body``: one line of JSON.  No ``id:`` line: the move event after it sets the id."""
    return f"event: page\ndata: {body}\n\n"


def beat_event(stamp: str) -> str:
    return f"event: beat\ndata: {stamp}\n\n"


def chat_event(message_id: int) -> str:
    """No ``id:`` line: the event id stays the move number."""
    return f"event: chat\ndata: {message_id}\n\n"


Beat = Callable[[], tuple[int, str]]
"""Records the viewer as present, runs the grace check; the table's (number, stamp)."""
QuickBeat = Callable[[], "tuple[int, str] | None"]
"""The same without the database, or None when the database must answer."""
Page = Callable[[int], "tuple[int, str] | None"]
"""The viewer's page as the table is now, told that it reached move ``number``: (its move
number, the page event's JSON), or None (no such table any more).  It takes a reader's turn
itself, for its database read alone."""


class Stream:
    """The response body: an iterator whose ``close`` (called by the server when the
    client goes, or the stream ends) frees the slot and the subscription."""

    def __init__(self, app: Flask, table_id: str, last: int | None, beat: Beat,
                 slot: threading.BoundedSemaphore, seconds: float = STREAM_SECONDS,
                 heartbeat: float = HEARTBEAT, chat: Callable[[], int] | None = None,
                 quick: QuickBeat | None = None, page: Page | None = None) -> None:
        self.app, self.table_id, self.last, self.beat = app, table_id, last, beat
        self.quick, self.page = quick, page
        self.chat = chat  # the table's latest chat message id, told first (a reconnect)
        self.slot, self.seconds, self.heartbeat = slot, seconds, heartbeat
        self.subscription: notify.Subscription | None = None
        self.closed = False

    def _beat(self) -> tuple[int, str]:
        if self.quick is not None:
            with self.app.app_context():
                found = self.quick()
            if found is not None:
                return found
        with readers(self.app), self.app.app_context():
            try:
                return self.beat()
            finally:
                db.session.remove()  # give the connection back between heartbeats

    def _moved(self, number: int, last: int) -> tuple[int, bytes]:
        """The events telling a viewer at ``last`` that the table reached ``number`` (or
        further, read meanwhile), and the number they name."""
        if self.page is None:
            return number, move_event(number).encode()
        found = self.page(number)
        if found is None or found[0] < number:  # the page reads the table again itself
            return number, move_event(number).encode()
        if found[0] <= last:
            return found[0], b""
        return found[0], (page_event(found[1]) + move_event(found[0])).encode()

    def __iter__(self) -> Iterator[bytes]:
        return self._events()

    def _events(self) -> Iterator[bytes]:
        with self.app.app_context():
            self.subscription = notify.subscribe(self.table_id)
        deadline = time.monotonic() + self.seconds
        yield f"retry: {RETRY_MS}\n\n".encode()
        number, stamp = self._beat()  # read after subscribing: nothing falls in between
        last = self.last if self.last is not None else -1
        if self.last is not None and number > self.last:
            number, told = self._moved(number, self.last)
            yield told
        else:
            yield move_event(number).encode()  # sets the id a reconnect sends back
        last = max(last, number)
        yield beat_event(stamp).encode()
        if self.chat is not None:
            with readers(self.app), self.app.app_context():
                latest = self.chat()
                db.session.remove()
            yield chat_event(latest).encode()
        # The next beat, news or not.  The first comes after a random part of the period:
        # streams opened together (a reconnect after a restart, the bench's 800) would
        # otherwise all beat in the same instant, every period, and the moves made in
        # that instant wait behind hundreds of beats (issue 29: bench-tables' slow moves
        # came every 5 s).  Never later than a whole period: presence counts on it.
        due = time.monotonic() + self.heartbeat * random.uniform(FIRST_BEAT_MIN, 1.0)
        while (now := time.monotonic()) < deadline:
            announced = self.subscription.get(max(0.0, min(due, deadline) - now))
            # News of a number already told: a change of seats at the same number (or one a
            # page read further told): the table's stamp again, as at a heartbeat.
            told_already = isinstance(announced, int) and announced <= last
            if isinstance(announced, notify.Chat):
                yield chat_event(announced.id).encode()
            elif isinstance(announced, int) and announced > last:
                reached, told = self._moved(announced, last)
                last = max(last, reached)
                if told:  # (empty: a page read further, already sent)
                    yield told
            if told_already or time.monotonic() >= due:
                due = time.monotonic() + self.heartbeat
                number, stamp = self._beat()
                if number > last:
                    reached, told = self._moved(number, last)
                    last = max(last, reached)
                    if told:
                        yield told
                yield beat_event(stamp).encode()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.subscription is not None:
            self.subscription.close()
        self.slot.release()
