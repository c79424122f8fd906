"""The optional move timer of a table: seconds per move, counted from the moment the table
reached its move number (``PlayTable.moved_at``, the site's clock).

When a person's seat lets it run out, the computer player of the table's level makes that
one move for them and the seat stays theirs (:func:`tutor.tables.services.time_out_due`):
a player who is here but slow keeps playing; one who left is presence's business (the
grace period, then a computer keeps the seat).  The check runs where presence's does, on
every other request of the table (polls, moves, stream heartbeats), in one transaction with
the move-number check.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Final

from solver.errors import ConquianError
from solver.messages import N_
from tutor.models import PlayTable
from tutor.tables import presence

CHOICES: Final = (30, 60, 120)
"""What the page offers; any whole number of seconds within the bounds is accepted."""
MIN_SECONDS: Final = 10
MAX_SECONDS: Final = 600


def check(value: object) -> int:
    """The timer option: 0 (off) or seconds per move within the bounds."""
    if value in (None, "", "0", "off", 0, False):
        return 0
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConquianError(N_("timer must be a whole number of seconds per move (or off)"))
    if not MIN_SECONDS <= value <= MAX_SECONDS:
        raise ConquianError(N_("timer must be between {low} and {high} seconds per move, "
                               "not {timer}"), low=MIN_SECONDS, high=MAX_SECONDS, timer=value)
    return value


def seconds_of(table: PlayTable) -> int:
    return int(table.options.get("timer") or 0)


def deadline(table: PlayTable) -> datetime | None:
    """When the current move's time runs out (None: no timer, or not playing)."""
    seconds = seconds_of(table)
    if not seconds or table.status != "playing" or table.moved_at is None:
        return None
    return table.moved_at + timedelta(seconds=seconds)


def left(table: PlayTable, at: datetime | None = None) -> int | None:
    """Whole seconds left for the current move (None: no timer runs)."""
    end = deadline(table)
    if end is None:
        return None
    return max(0, int((end - (at or presence.now())).total_seconds()))


def overdue(table: PlayTable, at: datetime | None = None) -> bool:
    """The current move's time ran out (whether a person is to move is the caller's
    question: it needs the game)."""
    end = deadline(table)
    return end is not None and (at or presence.now()) >= end
