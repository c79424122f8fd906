"""Table chat at an ordinary table: off by default (a post is refused and nothing saved),
only the host turns it on, seated players write and spectators read; empty, too long, not
text and too fast are refused in words (JSON and plain forms), never a 500; what a player
types is shown as text, never as markup."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.game.registry import GAMES
from tests.play.conftest import learner_client
from tests.tables.test_http import _open
from tutor.extensions import db
from tutor.models.tables import TableMessage
from tutor.tables import chat


def _messages(app: Flask, table_id: str) -> list[str]:
    with app.app_context():
        return [m.text for m in db.session.scalars(
            db.select(TableMessage).where(TableMessage.table_id == table_id)
            .order_by(TableMessage.id))]


def _say(client: FlaskClient, table_id: str, text: Any) -> Any:
    return client.post(f"/tables/{table_id}/chat", json={"text": text})


@pytest.fixture
def people(app: Flask) -> tuple[str, FlaskClient, FlaskClient, FlaskClient]:
    host, guest, spectator = learner_client(app), learner_client(app), learner_client(app)
    return _open(host, guest, next(iter(GAMES)), 2), host, guest, spectator


def _switch(client: FlaskClient, table_id: str, on: bool) -> Any:
    return client.post(f"/tables/{table_id}/chat/switch", data={"on": "1" if on else "0"},
                       headers={"Accept": "application/json"})


def test_chat_is_off_until_the_host_turns_it_on(app: Flask, people: Any) -> None:
    table_id, host, guest, spectator = people
    page = host.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "The chat is off at this table." in page and 'id="chat-form"' in page
    assert 'id="chat-form" method="post" action="/tables/' in page and " hidden>" in page
    refused = _say(host, table_id, "hello")
    assert refused.status_code == 409 and "chat is off" in refused.get_json()["error"]
    assert _messages(app, table_id) == []

    for other in (guest, spectator):  # neither a guest nor a spectator switches it
        answer = _switch(other, table_id, True)
        assert answer.status_code == 403 and "only the host" in answer.get_json()["error"]
    assert _say(guest, table_id, "hello").status_code == 409

    assert _switch(host, table_id, True).get_json() == {"on": True}
    sent = _say(guest, table_id, "  hello\n  all ")
    assert sent.status_code == 201 and sent.get_json()["text"] == "hello all"
    assert _say(host, table_id, "hi Bea").status_code == 201
    watching = _say(spectator, table_id, "me too")
    assert watching.status_code == 403 and "spectators read" in watching.get_json()["error"]
    assert _messages(app, table_id) == ["hello all", "hi Bea"]

    read = spectator.get(f"/tables/{table_id}/chat").get_json()  # spectators read
    assert read["on"] is True and read["can_write"] is False
    assert [(m["author"], m["text"]) for m in read["messages"]] == [
        ("Bea", "hello all"), ("Ann", "hi Bea")]
    first = read["messages"][0]["id"]
    after = guest.get(f"/tables/{table_id}/chat?after={first}").get_json()
    assert [m["text"] for m in after["messages"]] == ["hi Bea"] and after["can_write"]
    assert after["latest"] == read["messages"][1]["id"]

    assert _switch(host, table_id, False).get_json() == {"on": False}
    assert _say(guest, table_id, "still there?").status_code == 409
    assert "hello all" in spectator.get(f"/tables/{table_id}").get_data(as_text=True)


def test_bad_messages_are_refused_in_words(app: Flask, people: Any) -> None:
    table_id, host, guest, _ = people
    assert _switch(host, table_id, True).status_code == 200
    cases = {"": "empty", " \n\t ": "empty", "x" * (chat.MAX_LENGTH + 1): "at most 200",
             17: "must be text", None: "must be text"}
    for text, words in cases.items():
        answer = _say(guest, table_id, text)
        assert answer.status_code == 400 and words in answer.get_json()["error"], text
    listed = guest.post(f"/tables/{table_id}/chat", json=["hello"])
    assert listed.status_code == 400 and "JSON object" in listed.get_json()["error"]
    assert _say(guest, table_id, "y" * chat.MAX_LENGTH).status_code == 201  # the most
    # A plain form (no script): the refusal is flashed on the table's page.
    form = guest.post(f"/tables/{table_id}/chat", data={"text": ""}, follow_redirects=True)
    assert form.status_code == 200
    assert "the message is empty" in form.get_data(as_text=True)
    assert _messages(app, table_id) == ["y" * chat.MAX_LENGTH]
    missing = guest.post("/tables/no-such-table/chat", json={"text": "hi"})
    assert missing.status_code == 404


def test_each_player_may_send_five_messages_in_ten_seconds(app: Flask, people: Any) -> None:
    table_id, host, guest, _ = people
    assert _switch(host, table_id, True).status_code == 200
    for n in range(5):
        assert _say(guest, table_id, f"message {n}").status_code == 201
    refused = _say(guest, table_id, "one too many")
    assert refused.status_code == 429
    assert "too fast: at most 5 messages every 10 seconds" in refused.get_json()["error"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 10
    assert _say(host, table_id, "my own five").status_code == 201  # per player
    assert _messages(app, table_id)[-1] == "my own five" and len(_messages(app, table_id)) == 6


class _Elements(HTMLParser):
    """Every element of a page, with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


def test_markup_in_a_message_stays_text(app: Flask, people: Any) -> None:
    table_id, host, guest, spectator = people
    assert _switch(host, table_id, True).status_code == 200
    attacks = ["<script>alert('chat')</script>", '"><img src=x onerror=alert(1)>']
    for text in attacks:
        assert _say(guest, table_id, text).status_code == 201
    read = spectator.get(f"/tables/{table_id}/chat")
    assert [m["text"] for m in read.get_json()["messages"]] == attacks  # JSON: as typed
    assert read.mimetype == "application/json"
    page = spectator.get(f"/tables/{table_id}").get_data(as_text=True)
    parser = _Elements()
    parser.feed(page)
    assert not [a for tag, a in parser.found if tag == "img" and "onerror" in a]
    scripts = [a.get("src") for tag, a in parser.found if tag == "script"]
    assert all(scripts), "an inline script came from a message"
    assert "&lt;script&gt;alert(" in page and "&lt;img src=x onerror=alert(1)&gt;" in page
