"""One read of a table per process and move number for the streams' page events (issue 29):
a move wakes every stream of the table this process holds at once, and each would read the
same row, its seats and who is away, for the same number.  The first stream reads; the
others woken by that move wait for its read and render their own page from it.

A read is shared only with the streams that ask within ``SHARED_FOR`` of it: the seats and
who is away change without a move (a stream asking later reads again), and a page that
read a table further than its number is still correct (the stream names the number read).
The table read is detached from its session: its columns and seats are loaded, its stored
game is handed over beside it, and nobody changes either.  ``TABLES_MEMO = False`` turns
the sharing off, as it does tutor.tables.memo's.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from cachetools import LRUCache

from tutor.models import PlayTable
from tutor.play.games import TableGame
from tutor.tables import memo, presence, services

SHARED_FOR: Final = 1.0
"""Seconds a read serves the streams woken after it (those of one move come within
milliseconds)."""
WAIT: Final = 30.0
"""The longest a stream waits for another's read before reading itself."""
KEPT: Final = 1024


@dataclass(frozen=True)
class TableRead:
    """A table as one read found it: never change any of it."""

    table: PlayTable
    game: TableGame | None
    """None before the start."""
    away: list[presence.Away]


class _Flight:
    """A read under way or done, and its answer."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.read: TableRead | None = None
        self.failed = False
        self.at = 0.0


_flights: LRUCache[tuple[str, int], _Flight] = LRUCache(maxsize=KEPT)
_lock = threading.Lock()


def read(table_id: str) -> TableRead | None:
    """The table now (None: no such table); call with a database session, then close it."""
    try:
        table = services.get_table(table_id)
    except services.NotFound:
        return None
    game = services.load_game(table) if services.started(table) else None
    return TableRead(table, game, presence.away(table))


def at_move(table_id: str, number: int,
            load: Callable[[], TableRead | None]) -> TableRead | None:
    """The table as read by ``load`` (:func:`read` in a session of its own), once for every
    stream told move ``number`` of it within ``SHARED_FOR``."""
    if not memo.on():
        return load()
    key = (table_id, number)
    with _lock:
        flight = _flights.get(key)
        if flight is None or (flight.done.is_set()
                              and time.monotonic() - flight.at >= SHARED_FOR):
            flight = _flights[key] = _Flight()
            mine = True
        else:
            mine = False
    if not mine:
        if flight.done.wait(WAIT) and not flight.failed:
            return flight.read
        return load()  # its read failed (or hangs): this stream reads for itself
    try:
        flight.read = load()
    except BaseException:
        flight.failed = True
        raise
    finally:
        flight.at = time.monotonic()
        flight.done.set()
    return flight.read


def clear() -> None:
    with _lock:
        _flights.clear()
