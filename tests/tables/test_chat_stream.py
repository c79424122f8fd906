"""Chat news on the table's event stream, against live servers: a spectator's stream on one
server hears each message posted through another (Redis pub/sub; the in-process notifier on
the one-process site) as ``event: chat`` naming its id, with no text on the stream; a stream
that reconnects first names the latest id, and the page reads what it missed by id."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.play.conftest import learner_client
from tests.tables.test_stream import BACKENDS, Events, _app, _cookie, _table, live

pytestmark = pytest.mark.slow


def _next_chat(stream: Events) -> int:
    while True:
        event = stream.next()
        if event.get("event") == "chat":
            assert "id" not in event  # the event id stays the move number
            return int(event["data"])


def _say(client: FlaskClient, table_id: str, text: str) -> int:
    answer = client.post(f"/tables/{table_id}/chat", json={"text": text})
    assert answer.status_code == 201, answer.get_json()
    return int(answer.get_json()["id"])


@pytest.mark.parametrize("backend", BACKENDS)
def test_chat_reaches_every_stream_and_a_reconnecting_reader(db_path: Path,
                                                              backend: str) -> None:
    first = _app(db_path, backend)
    table_id, host, guest = _table(first)
    assert host.post(f"/tables/{table_id}/chat/switch", data={"on": "1"}).status_code == 302
    second = _app(db_path, backend) if backend == "redis" else first
    watcher = learner_client(second)
    cookie = _cookie(second, watcher)
    with live(second) as port:
        stream = Events(port, f"/tables/{table_id}/events", cookie)
        try:
            move = stream.next_move()
            assert _next_chat(stream) == 0  # the latest id first: none yet
            said = _say(guest, table_id, "<b>hello</b>")  # through the first server
            assert _next_chat(stream) == said
        finally:
            stream.close()
        missed = [_say(guest, table_id, "while you were away"), _say(host, table_id, "yes")]
        again = Events(port, f"/tables/{table_id}/events", cookie, last=move)
        try:
            assert _next_chat(again) == missed[-1]
        finally:
            again.close()
    read = watcher.get(f"/tables/{table_id}/chat?after={said}").get_json()
    assert [(m["id"], m["text"]) for m in read["messages"]] == [
        (missed[0], "while you were away"), (missed[1], "yes")]
