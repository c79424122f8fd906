"""The push channel's news, "table T is at move N", and nothing else: no game content, so no
hidden information can leak through it; each client then reads its own seat's state by
move number through ``GET /tables/<id>/state``.

With ``REDIS_URL`` set the numbers go through Redis pub/sub, so a move committed on one app
server reaches the streams held by every other; without it (the one-command SQLite site) an
in-process notifier serves the streams of the one process.  Publishing never fails a move:
a Redis that cannot be reached costs the push, and the clients' heartbeats and polling
still find the new number.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

from flask import current_app, has_app_context

log = logging.getLogger(__name__)
CHANNEL = "conquian:tables:"
CHAT = "chat:"
VERSION = "conquian:table-version:"
"""Counts a table's committed changes (tutor.tables.snapshot: a summary built before the
latest count is stale)."""
VERSION_TTL = 86400


@dataclass(frozen=True)
class Chat:
    """News that chat message ``id`` was posted at the table (read by id: no text here)."""

    id: int


News = int | Chat
"""A move number, or a chat message's id."""


def redis_url() -> str | None:
    """The Redis the tables share (``TABLES_REDIS_URL`` in the app's config, for the tests,
    else ``REDIS_URL``)."""
    if has_app_context() and "TABLES_REDIS_URL" in current_app.config:
        url: str | None = current_app.config["TABLES_REDIS_URL"]
        return url
    return os.environ.get("REDIS_URL") or None


_clients: dict[str, Any] = {}
_clients_lock = threading.Lock()


def redis_client(url: str) -> Any:
    """One connection pool per process and URL."""
    import redis

    with _clients_lock:
        if url not in _clients:
            _clients[url] = redis.Redis.from_url(url, socket_timeout=5,
                                                 socket_connect_timeout=2)
        return _clients[url]


class Subscription(Protocol):
    def get(self, timeout: float) -> News | None:
        """The next announced move number (or chat message), or None when ``timeout``
        seconds pass first."""

    def close(self) -> None: ...


class _LocalHub:
    """The in-process notifier: a queue per open stream."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.queues: dict[str, set[queue.Queue[News]]] = {}

    def publish(self, table_id: str, number: News) -> None:
        with self.lock:
            listeners = list(self.queues.get(table_id, ()))
        for q in listeners:
            q.put(number)


_hub = _LocalHub()


class _LocalSubscription:
    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self.queue: queue.Queue[News] = queue.Queue()
        with _hub.lock:
            _hub.queues.setdefault(table_id, set()).add(self.queue)

    def get(self, timeout: float) -> News | None:
        try:
            return self.queue.get(timeout=max(0.0, timeout))
        except queue.Empty:
            return None

    def close(self) -> None:
        with _hub.lock:
            listeners = _hub.queues.get(self.table_id)
            if listeners is not None:
                listeners.discard(self.queue)
                if not listeners:
                    del _hub.queues[self.table_id]


class _RedisSubscription:
    def __init__(self, client: Any, table_id: str) -> None:
        self.pubsub = client.pubsub(ignore_subscribe_messages=True)
        self.pubsub.subscribe(CHANNEL + table_id)

    def get(self, timeout: float) -> News | None:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            message = self.pubsub.get_message(timeout=left)
            if message is not None and message.get("type") == "message":
                data = message["data"]
                text = data.decode() if isinstance(data, bytes) else str(data)
                if text.isdigit():
                    return int(text)
                if text.startswith(CHAT) and text[len(CHAT):].isdigit():
                    return Chat(int(text[len(CHAT):]))

    def close(self) -> None:
        self.pubsub.close()


def subscribe(table_id: str) -> Subscription:
    """Listen for a table's numbers (subscribe BEFORE reading the current number, so that
    nothing committed in between is missed)."""
    url = redis_url()
    if url:
        return _RedisSubscription(redis_client(url), table_id)
    return _LocalSubscription(table_id)


def publish(table_id: str, number: int) -> None:
    """Announce that ``table_id`` is at ``number``; call only AFTER the commit, so that a
    client reading on the announcement finds the change."""
    url = redis_url()
    if url:
        try:
            pipe = redis_client(url).pipeline(transaction=False)
            pipe.incr(VERSION + table_id)  # first: a reader woken by the news sees it
            pipe.expire(VERSION + table_id, VERSION_TTL)
            pipe.publish(CHANNEL + table_id, str(number))
            pipe.execute()
        except Exception:  # the push is a convenience: never fail a committed move
            log.warning("tables: could not publish move %s of table %s", number, table_id,
                        exc_info=True)
        return
    _hub.publish(table_id, number)


def publish_chat(table_id: str, message_id: int) -> None:
    """Announce chat message ``message_id`` on the table's channel, after its commit."""
    url = redis_url()
    if url:
        try:
            redis_client(url).publish(CHANNEL + table_id, f"{CHAT}{message_id}")
        except Exception:  # the readers' next reconnect or page load finds it
            log.warning("tables: could not publish chat %s of table %s", message_id,
                        table_id, exc_info=True)
        return
    _hub.publish(table_id, Chat(message_id))
