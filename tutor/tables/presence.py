"""Who is still at the table, and the grace period of a seat whose player left.

A seated player's page reports in on every stream heartbeat and every poll
(:func:`record_seen`): a Redis key with a time to live when Redis is set (no database write
per heartbeat), the seat row's ``last_seen`` otherwise.  A seat not heard from for
``LEFT_AFTER`` is shown to the others as left, with the time its seat still waits (the
table's ``grace`` option, 60 s by default); past it :func:`take_over_due` gives the seat to
a computer player of the table's level, in one transaction with the move-number check, so
two servers cannot both take it over.  Nothing waits for the absent player's own requests:
every other player's poll, move and stream heartbeat runs the check.  The player may
reclaim the seat (:func:`reclaim`); the computer's moves are whole transactions, so it stops
at a move boundary.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from tutor.core import clock
from tutor.extensions import db
from tutor.models import PlayTable, TableSeat
from tutor.tables import notify

DEFAULT_GRACE: Final = 60
MIN_GRACE: Final = 5
MAX_GRACE: Final = 600
LEFT_AFTER: Final = timedelta(seconds=8)
"""Longer than a stream heartbeat (5 s) and several polls (1.5 s) without news."""
WRITE_EVERY: Final = timedelta(seconds=3)
"""Without Redis, a seat's row is written at most this often."""
PRESENCE_KEY: Final = "conquian:seen:"


@dataclass(frozen=True)
class Away:
    """A person's seat whose player left: the seconds it still waits (0: the computer plays
    it until they reclaim it)."""

    seat: int
    waits: int
    taken_over: bool


def grace_of(table: PlayTable) -> int:
    return int(table.options.get("grace", DEFAULT_GRACE))


def level_of(table: PlayTable) -> str:
    """The table's computer level (the host's choice when filling seats)."""
    return str(table.options.get("level") or "medium")


def key(table_id: str, seat: int) -> str:
    return f"{key_prefix(table_id)}{seat}"


def key_prefix(table_id: str) -> str:
    """A table's presence keys without the seat (the heartbeat's script adds it)."""
    return f"{PRESENCE_KEY}{table_id}:"


def now() -> datetime:
    """The site's clock (injectable in tests), naive UTC as the columns hold it."""
    return clock.naive(clock.now())


def record_seen(table: PlayTable, seat: int | None) -> None:
    """The viewing seat's player is here now."""
    if seat is None:
        return
    moment = now()
    url = notify.redis_url()
    if url:
        try:
            ttl = grace_of(table) + 60
            notify.redis_client(url).set(key(table.id, seat), moment.isoformat(), ex=ttl)
            return
        except Exception:  # Redis unreachable: the row below still records it
            pass
    for row in table.seats:
        if row.seat == seat and (row.last_seen is None
                                 or moment - row.last_seen >= WRITE_EVERY):
            row.last_seen = moment
            db.session.commit()


def last_seen(table: PlayTable) -> dict[int, datetime]:
    """When each person's seat was last heard from (the later of Redis and its row)."""
    seen = {s.seat: s.last_seen for s in table.seats if s.learner_id is not None}
    url = notify.redis_url()
    if url and seen:
        try:
            seats = sorted(seen)
            values = notify.redis_client(url).mget([key(table.id, s) for s in seats])
        except Exception:
            values = [None] * len(seen)
        merge(seen, seats, values)
    return seen


def merge(seen: dict[int, datetime], seats: list[int], values: list[object]) -> None:
    """The later of each seat's row and its Redis key (``values``, in ``seats``' order)."""
    for seat, value in zip(seats, values, strict=True):
        if value is not None:
            moment = datetime.fromisoformat(value.decode() if isinstance(value, bytes)
                                            else str(value))
            seen[seat] = max(seen[seat], moment)


@dataclass(frozen=True)
class Seated:
    """What the grace period needs of a person's seat (from its row, or the table's
    summary in Redis: tutor.tables.snapshot)."""

    seat: int
    kind: str
    last_seen: datetime


def people(table: PlayTable) -> list[Seated]:
    """The seats held by people (also those a computer keeps for them)."""
    return [Seated(s.seat, s.kind, s.last_seen) for s in table.seats
            if s.learner_id is not None]


def away_among(status: str, grace: int, seated: list[Seated], seen: dict[int, datetime],
               at: datetime) -> list[Away]:
    """The people's seats whose players left, while the table plays."""
    if status != "playing":
        return []
    out = []
    for row in seated:
        if row.kind == "computer":
            out.append(Away(row.seat, 0, True))
            continue
        quiet = at - seen[row.seat]
        if quiet >= LEFT_AFTER:
            waits = grace - int(quiet.total_seconds())
            out.append(Away(row.seat, max(0, waits), False))
    return out


def due_among(grace: int, seated: list[Seated], seen: dict[int, datetime],
              at: datetime) -> list[int]:
    """People's seats whose grace period is over."""
    limit = timedelta(seconds=grace)
    return [row.seat for row in seated
            if row.kind == "human" and at - seen[row.seat] >= limit]


def away(table: PlayTable, at: datetime | None = None,
         seen: dict[int, datetime] | None = None) -> list[Away]:
    """The people's seats whose players left, while the table plays (``seen``: the
    :func:`last_seen` the caller read already)."""
    if table.status != "playing":
        return []
    return away_among(table.status, grace_of(table), people(table),
                      last_seen(table) if seen is None else seen, at or now())


def due(table: PlayTable, at: datetime | None = None,
        seen: dict[int, datetime] | None = None) -> list[int]:
    """People's seats whose grace period is over."""
    return due_among(grace_of(table), people(table),
                     last_seen(table) if seen is None else seen, at or now())


def seat_row(table: PlayTable, seat: int) -> TableSeat:
    return next(s for s in table.seats if s.seat == seat)
