"""A live table's event stream through the shipped deployment: nginx passes each event as
it comes (no buffering) from whichever app server holds the stream, and every move made
through nginx (on either server) arrives as its move number, in order, while the stream
stays open."""

from __future__ import annotations

import random
import re
import urllib.request
from typing import Any

import pytest

from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.deploy.clients import Browser
from tests.deploy.conftest import Stack
from tests.tables.test_http import _action

pytestmark = [pytest.mark.slow, pytest.mark.deploy]


def _next_move(stream: Any) -> int:
    fields: dict[str, str] = {}
    while True:
        line = stream.readline().decode()
        assert line, "the stream ended"
        line = line.rstrip("\n")
        if line:
            name, _, value = line.partition(":")
            fields[name] = value.lstrip(" ")
            continue
        if fields.get("event") == "move":
            assert fields["id"] == fields["data"]
            return int(fields["id"])
        fields = {}


def test_moves_arrive_on_the_stream_through_nginx(stack: Stack) -> None:
    host = Browser(stack)
    rules = next(r for r in GAMES if get_profile(r).min_players <= 2)
    status, location = host.form("/tables/", "/tables/", {"rules": rules, "seats": "2",
                                                           "name": "Ann"})
    assert status == 302 and location, status
    table = location.split("#")[0]
    table = table[table.index("/tables/"):]
    assert host.form(f"{table}/fill", table, {"level": "easy"})[0] == 302
    assert host.form(f"{table}/start", table, {})[0] == 302
    _, _, page = host.send("GET", table)
    token = re.search(rb'name="csrf_token"[^>]*value="([^"]+)"', page)
    assert token is not None
    request = urllib.request.Request(f"{stack.url}{table}/events",
                                     headers={"Accept": "text/event-stream"})
    rng = random.Random(29)
    with host.opener.open(request, timeout=15) as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        number = _next_move(stream)
        for _ in range(4):
            status, state = host.json("GET", f"{table}/state")
            assert status == 200 and state["move_number"] == number
            if state["view"]["hand_over"]:
                break
            status, answer = host.json(
                "POST", f"{table}/moves",
                {"move": number, "action": _action(state["view"], rng)},
                {"X-CSRFToken": token.group(1).decode(), "Referer": stack.url + table,
                 "Accept": "application/json"})
            assert status == 200, answer
            number = _next_move(stream)
            assert number == answer["move_number"]
