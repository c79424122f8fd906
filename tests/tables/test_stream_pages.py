"""A table's event stream carries each viewer's new page (issue 29): before the ``move``
event of a number the viewer lacks comes a ``page`` event, the live part rendered for that
viewer's own seat (a spectator: the public view), so the page shows it with no reads.  No
seat's page events draw a card it has not seen; a spectator's draw no hidden card.  Every
profile, from the registry; the stream is read in this thread (the in-process notifier)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.cards import parse_kind
from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.play.conftest import learner_client
from tests.play.helpers import mentioned_in_html
from tests.tables.helpers import JOKER_AS, Watch, true_state
from tests.tables.test_http import _action, _open, _state

MOVES = 6
"""Moves played per table: enough for draws, discards and a meld or two."""


class Reader:
    """The events of a stream response, read in this thread (each read runs the stream's
    generator until it yields)."""

    def __init__(self, client: FlaskClient, path: str) -> None:
        self.response = client.get(path, buffered=False)
        assert self.response.status_code == 200
        self.chunks: Iterator[bytes] = iter(self.response.response)  # type: ignore[arg-type]
        self.buffer = b""

    def next(self) -> dict[str, str]:
        while b"\n\n" not in self.buffer:
            self.buffer += next(self.chunks)
        block, self.buffer = self.buffer.split(b"\n\n", 1)
        fields: dict[str, str] = {}
        for line in block.decode().split("\n"):
            name, _, value = line.partition(":")
            fields[name] = value.lstrip(" ")
        return fields if "data" in fields else self.next()

    def until_move(self, number: int) -> list[dict[str, str]]:
        """The events up to the move event naming ``number``."""
        seen = []
        while True:
            event = self.next()
            seen.append(event)
            if event.get("event") == "move" and int(event["id"]) >= number:
                assert int(event["id"]) == number
                return seen

    def close(self) -> None:
        self.response.close()


@pytest.fixture
def quick(app: Flask) -> Flask:
    app.config.update(TABLES_REDIS_URL=None, TABLE_HEARTBEAT=0.05, TABLE_STREAM_SECONDS=60.0)
    return app


def _table(app: Flask, rules: str) -> tuple[str, FlaskClient, FlaskClient]:
    host, guest = learner_client(app), learner_client(app)
    seats = max(2, get_profile(rules).min_players)
    table_id = _open(host, guest, rules, seats)
    if seats > 2:
        assert host.post(f"/tables/{table_id}/fill", data={"level": "easy"}).status_code == 302
    assert host.post(f"/tables/{table_id}/start").status_code == 302
    return table_id, host, guest


def _page(events: list[dict[str, str]], number: int) -> dict[str, Any]:
    pages = [e for e in events if e.get("event") == "page"]
    assert len(pages) == 1, f"move {number}: {len(pages)} page events"
    told = json.loads(pages[0]["data"])
    assert told["move"] == number and f'data-shown-move="{number}"' in told["html"]
    assert isinstance(told["yours"], bool) and told["stamp"].startswith(f"{number}.")
    return told


@pytest.mark.parametrize("rules", list(GAMES))
def test_each_viewer_is_sent_its_own_page_and_no_card_it_has_not_seen(
        quick: Flask, rules: str) -> None:
    table_id, host, guest = _table(quick, rules)
    people = {0: host, 1: guest}
    spectator = learner_client(quick)
    start = _state(host, table_id)["move_number"]
    path = f"/tables/{table_id}/events?since={start}"
    readers: dict[int | None, Reader] = {0: Reader(host, path), 1: Reader(guest, path),
                                         None: Reader(spectator, path)}
    watch = Watch(true_state(quick, table_id))
    rng = random.Random(37)
    try:
        for reader in readers.values():  # the viewer is current: no page, the number
            assert not [e for e in reader.until_move(start) if e.get("event") == "page"]
        for _ in range(MOVES):
            state = true_state(quick, table_id)
            if state.is_terminal():
                break
            mover = state.current_player()
            body = _state(people[mover], table_id)
            answer = people[mover].post(f"/tables/{table_id}/moves", json={
                "move": body["move_number"], "action": _action(body["view"], rng)})
            assert answer.status_code == 200, answer.get_json()
            number = int(answer.get_json()["move_number"])
            now = true_state(quick, table_id)
            seen = watch.seen(now)
            to_act = None if now.is_terminal() else now.current_player()
            for seat, reader in readers.items():
                told = _page(reader.until_move(number), number)
                html = JOKER_AS.sub("joker", told["html"])  # what a joker stands for
                drawn = {parse_kind(c) for c in mentioned_in_html(html)}
                known = watch.public if seat is None else seen.by_seat[seat]
                assert drawn <= known, \
                    f"{rules} move {number}: seat {seat}'s page draws a card it has not seen"
                assert told["yours"] == (seat is not None and seat == to_act)
                if seat is None:
                    assert "Your hand" not in told["html"]
    finally:
        for reader in readers.values():
            reader.close()


def test_a_viewer_behind_is_sent_the_page_on_connecting(quick: Flask) -> None:
    """A reconnect (Last-Event-ID) behind the table: the first events are the page as the
    table is now and its number, in the viewer's language."""
    table_id, host, guest = _table(quick, next(iter(GAMES)))
    number = _state(host, table_id)["move_number"]
    with guest.session_transaction() as session:
        session["lang"] = "pt"
    reader = Reader(guest, f"/tables/{table_id}/events?since={number - 1}")
    try:
        told = _page(reader.until_move(number), number)
    finally:
        reader.close()
    page = guest.get(f"/tables/{table_id}/fragment").get_data(as_text=True)
    assert told["html"].split('name="csrf_token"')[0] == page.split('name="csrf_token"')[0]
