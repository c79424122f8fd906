"""What readiness asks: the database answers ``SELECT 1`` and Redis (when ``REDIS_URL`` is
set) answers PING.  Each check answers ``None`` when fine, else why not (for the log)."""

from __future__ import annotations

import os

import redis
import sqlalchemy as sa

from tutor.extensions import db

TIMEOUT_SECONDS = 2.0
"""A probe is answered within a few seconds even when a server hangs."""


def database_problem() -> str | None:
    try:
        # A connection of its own, not the request's session: a failed check leaves
        # nothing behind, and the pool's pre-ping replaces connections PostgreSQL dropped.
        with db.engine.connect() as connection:
            connection.execute(sa.text("SELECT 1"))
    except Exception as error:  # any failure means not ready; the reason goes to the log
        return f"{type(error).__name__}: {error}"
    return None


def redis_problem() -> str | None:
    url = os.environ.get("REDIS_URL")
    if not url:
        return None
    try:
        client = redis.Redis.from_url(url, socket_timeout=TIMEOUT_SECONDS,
                                      socket_connect_timeout=TIMEOUT_SECONDS)
        try:
            client.ping()
        finally:
            client.close()
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return None


CHECKS = {"database": database_problem, "redis": redis_problem}
"""Each dependency by the name readiness reports it under."""


def problems() -> dict[str, str]:
    """The dependencies that are down, each with the reason."""
    found = {}
    for name, check in CHECKS.items():
        problem = check()
        if problem is not None:
            found[name] = problem
    return found
