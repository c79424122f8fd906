"""The site's clock: now, in UTC. Tests may set ``app.config["CLOCK"]`` to a function
returning an aware UTC datetime, to see what a learner meets a day later."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from flask import current_app


def now() -> datetime:
    """The current time, aware, in UTC."""
    clock: Callable[[], datetime] | None = current_app.config.get("CLOCK")
    return clock() if clock is not None else datetime.now(UTC)


def naive(moment: datetime) -> datetime:
    """As the database columns hold it: naive UTC."""
    return moment.astimezone(UTC).replace(tzinfo=None)


def aware(moment: datetime) -> datetime:
    """A naive UTC column value made aware again."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
