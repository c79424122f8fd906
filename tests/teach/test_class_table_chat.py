"""Chat at a class table (its host is a member of the class): the class's teacher turns it
on from the table's page or the class's list of tables, not the host nor another teacher;
the seated players and the teacher write, a spectator reads; the teacher's messages are
signed "Teacher"."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import class_code, join, make_class

from solver.game.registry import GAMES
from solver.rules import get_profile


def _switch(client: FlaskClient, table_id: str, on: bool) -> Any:
    return client.post(f"/tables/{table_id}/chat/switch", data={"on": "1" if on else "0"},
                       headers={"Accept": "application/json"})


def _say(client: FlaskClient, table_id: str, text: str) -> Any:
    return client.post(f"/tables/{table_id}/chat", json={"text": text})


def test_the_teacher_turns_a_class_tables_chat_on(app: Flask, owner: FlaskClient,
                                                  other: FlaskClient) -> None:
    class_id = make_class(owner)
    pupil, friend = app.test_client(), app.test_client()
    assert join(pupil, class_code(app, class_id), "Lu").status_code == 302
    rules = next(iter(GAMES))
    opened = pupil.post("/tables/", data={
        "rules": rules, "seats": str(max(2, get_profile(rules).min_players)), "name": "Lu"})
    table_id = opened.location.rsplit("/", 1)[1].split("#")[0]
    assert pupil.post(f"/tables/{table_id}/join").status_code == 302
    assert friend.post(f"/tables/{table_id}/join", data={"name": "Mo"}).status_code == 302

    page = pupil.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "The chat is off at this table." in page and "Turn the chat on" not in page
    for who in (pupil, other):  # the host of a class table, another class's teacher
        refused = _switch(who, table_id, True)
        assert refused.status_code == 403 and "teacher" in refused.get_json()["error"]
    assert _say(pupil, table_id, "hi").status_code == 409

    watching = owner.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "Turn the chat on" in watching
    listing = owner.get(f"/teach/classes/{class_id}/tables").get_data(as_text=True)
    assert f'action="/tables/{table_id}/chat/switch"' in listing  # the class's list too
    assert "The chat is off." in listing
    assert _switch(owner, table_id, True).get_json() == {"on": True}
    listing = owner.get(f"/teach/classes/{class_id}/tables").get_data(as_text=True)
    assert "The chat is on." in listing and "Turn the chat off" in listing
    assert _say(pupil, table_id, "hello class").status_code == 201
    assert _say(owner, table_id, "play nicely").status_code == 201
    assert _say(friend, table_id, "ok").status_code == 201
    spectator = app.test_client()
    refused = _say(spectator, table_id, "let me in")
    assert refused.status_code == 403
    read = spectator.get(f"/tables/{table_id}/chat").get_json()
    assert [(m["author"], m["text"]) for m in read["messages"]] == [
        ("Lu", "hello class"), ("Teacher", "play nicely"), ("Mo", "ok")]
    assert _switch(owner, table_id, False).get_json() == {"on": False}
    assert _say(pupil, table_id, "hi").status_code == 409
