"""Live tables over HTTP: two people (two browsers, each with its own learner cookie) and a
computer play a whole Conquin hand through ``GET /tables/<id>/state`` and
``POST /tables/<id>/moves``; at every step each seat's answer names no card that seat has
not seen (worked out from the true stored game), and a spectator's names only public cards
and no hand.  A stale move number, a move out of turn, for another seat or by a spectator
is refused and changes nothing."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.play.conftest import learner_client
from tests.tables.helpers import Watch, named, true_state
from tutor.extensions import db
from tutor.models import PlayTable

MAX_MOVES = 5000  # reached only by a hand that never ends (see test_services)


def _many_seats() -> str:
    """The profile whose tables seat three or more (Conquin), from the registry."""
    return next(r for r in GAMES if get_profile(r).min_players >= 3)


def _open(host: FlaskClient, guest: FlaskClient, rules: str, seats: int) -> str:
    opened = host.post("/tables/", data={"rules": rules, "seats": str(seats),
                                         "coaching": "on", "name": "Ann"})
    assert opened.status_code == 302
    table_id = opened.location.rsplit("/", 1)[1].split("#")[0]
    page = host.get(f"/tables/{table_id}")
    assert page.status_code == 200
    code = _code(host.application, table_id)
    assert code in page.get_data(as_text=True)
    assert guest.get(f"/t/{code}").status_code == 302  # the invite link
    joined = guest.post("/tables/join", data={"code": code.lower(), "name": "Bea"})
    assert joined.status_code == 302, joined.get_data(as_text=True)
    return table_id


def _code(app: Flask, table_id: str) -> str:
    with app.app_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None
        return str(row.code)


def _row(app: Flask, table_id: str) -> tuple[int, Any]:
    with app.app_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None
        return int(row.move_number), row.state


def _state(client: FlaskClient, table_id: str, since: int | None = None) -> dict[str, Any]:
    query = "" if since is None else f"?since={since}"
    answer = client.get(f"/tables/{table_id}/state{query}")
    assert answer.status_code == 200
    body = answer.get_json()
    assert isinstance(body, dict)
    return body


def _action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    choice = rng.choice(view["choices"])
    if choice["discards"]:
        return dict(rng.choice(choice["discards"])["action"])
    return dict(choice["action"])


@pytest.fixture
def table(app: Flask) -> tuple[str, FlaskClient, FlaskClient, FlaskClient]:
    host, guest, spectator = learner_client(app), learner_client(app), learner_client(app)
    table_id = _open(host, guest, _many_seats(), 3)
    assert host.post(f"/tables/{table_id}/fill", data={"level": "medium"}).status_code == 302
    assert host.post(f"/tables/{table_id}/start").status_code == 302
    return table_id, host, guest, spectator


def test_two_people_and_a_computer_play_a_whole_hand(app: Flask, table: Any) -> None:
    table_id, host, guest, spectator = table
    people = {0: host, 1: guest}
    rng = random.Random(29)
    watch = Watch(true_state(app, table_id))
    moves = 0
    while True:
        state = true_state(app, table_id)
        seen = watch.seen(state)
        number, _stored = _row(app, table_id)
        views = {}
        for seat, client in people.items():
            body = _state(client, table_id)
            assert body["seat"] == seat and body["move_number"] == number
            view = body["view"]
            assert view["you"] == seat
            shown = named(body) - seen.by_seat[seat]
            assert not shown, f"move {number}: seat {seat} is shown cards it has not seen"
            assert _state(client, table_id, number) == {**_state(client, table_id, number),
                                                        "changed": False}
            views[seat] = view
        watching = _state(spectator, table_id)
        assert watching["seat"] is None and "hand" not in watching["view"]
        assert not named(watching) - watch.public, \
            f"move {number}: the spectator is shown a card that is not public"
        if state.is_terminal():
            break
        seat = state.current_player()
        assert seat in people, "a computer seat was left to move"
        assert views[seat]["turn"] == seat and views[seat]["choices"]
        other = people[1 - seat]
        assert not views[1 - seat]["choices"]
        action = _action(views[seat], rng)
        answer = people[seat].post(f"/tables/{table_id}/moves",
                                   json={"move": number, "action": action})
        assert answer.status_code == 200, answer.get_json()
        assert answer.get_json()["move_number"] > number
        changes = _state(other, table_id, number)["changes"]
        assert changes and changes[0]["seat"] == seat  # the move reached the other seat
        moves += 1
        assert moves < MAX_MOVES, "the hand did not end"
    over = _state(host, table_id)["view"]
    assert over["hand_over"] and over["revealed"] is not None
    assert _state(spectator, table_id)["view"]["revealed"] is None


def test_a_stale_move_number_is_refused_and_changes_nothing(app: Flask, table: Any) -> None:
    table_id, host, guest, _spectator = table
    number, stored = _row(app, table_id)
    mover = next(c for c in (host, guest) if _state(c, table_id)["view"]["choices"])
    action = _action(_state(mover, table_id)["view"], random.Random(1))
    stale = mover.post(f"/tables/{table_id}/moves", json={"move": number - 1,
                                                           "action": action})
    assert stale.status_code == 409
    assert "out of date" in stale.get_json()["error"]
    assert _row(app, table_id) == (number, stored)
    assert mover.post(f"/tables/{table_id}/moves",
                      json={"move": number, "action": action}).status_code == 200


def test_no_move_out_of_turn_for_another_seat_or_by_a_spectator(app: Flask,
                                                                table: Any) -> None:
    table_id, host, guest, spectator = table
    number, stored = _row(app, table_id)
    views = {c: _state(c, table_id)["view"] for c in (host, guest)}
    mover = next(c for c in views if views[c]["choices"])
    waiting = guest if mover is host else host
    action = _action(views[mover], random.Random(2))
    out_of_turn = waiting.post(f"/tables/{table_id}/moves",
                               json={"move": number, "action": action})
    assert out_of_turn.status_code == 409
    assert "not your move" in out_of_turn.get_json()["error"]
    for_another = waiting.post(f"/tables/{table_id}/moves",
                               json={"move": number, "action": {**action, "player": 0}})
    assert for_another.status_code == 403
    assert "your own seat" in for_another.get_json()["error"]
    watching = spectator.post(f"/tables/{table_id}/moves",
                              json={"move": number, "action": action})
    assert watching.status_code == 403
    assert "no seat" in watching.get_json()["error"]
    bad = mover.post(f"/tables/{table_id}/moves", json={"move": number,
                                                        "action": {"type": "fly"}})
    assert bad.status_code == 400 and bad.get_json()["error"]
    assert _row(app, table_id) == (number, stored)


def test_a_form_move_works_without_scripts(app: Flask, table: Any) -> None:
    table_id, host, guest, _spectator = table
    number, _stored = _row(app, table_id)
    mover = next(c for c in (host, guest) if _state(c, table_id)["view"]["choices"])
    page = mover.get(f"/tables/{table_id}").get_data(as_text=True)
    assert f'name="move" value="{number}"' in page
    action = _action(_state(mover, table_id)["view"], random.Random(3))
    posted = mover.post(f"/tables/{table_id}/moves",
                        data={"move": str(number), "action": json.dumps(action)})
    assert posted.status_code == 302
    assert _row(app, table_id)[0] > number


def test_options_outside_the_profile_are_refused_with_a_message(app: Flask) -> None:
    host = learner_client(app)
    rules = _many_seats()
    profile = get_profile(rules)
    refused = host.post("/tables/", data={"rules": rules,
                                          "seats": str(profile.max_players + 1)},
                        follow_redirects=True)
    text = refused.get_data(as_text=True)
    assert f"{profile.min_players} to {profile.max_players} players" in text
    with app.app_context():
        assert db.session.query(PlayTable).count() == 0


def _token(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_forms_and_moves_need_the_csrf_token(db_path: Any) -> None:
    from tests.play.conftest import make_app

    app = make_app(db_path, WTF_CSRF_ENABLED=True)
    with app.app_context():
        db.create_all()
    host = learner_client(app)
    rules = _many_seats()
    seats = str(get_profile(rules).min_players)
    assert host.post("/tables/", data={"rules": rules, "seats": seats}).status_code == 400
    with app.app_context():
        assert db.session.query(PlayTable).count() == 0
    token = _token(host.get("/tables/").get_data(as_text=True))
    opened = host.post("/tables/", data={"rules": rules, "seats": seats, "csrf_token": token})
    table_id = opened.location.rsplit("/", 1)[1]
    host.post(f"/tables/{table_id}/fill", data={"level": "easy", "csrf_token": token})
    host.post(f"/tables/{table_id}/start", data={"csrf_token": token})
    view = _state(host, table_id)["view"]
    number, stored = _row(app, table_id)
    assert view["choices"], "the host moves first at a table of computers"
    move = {"move": number, "action": _action(view, random.Random(4))}
    refused = host.post(f"/tables/{table_id}/moves", json=move)
    assert refused.status_code == 400
    assert _row(app, table_id) == (number, stored)
    accepted = host.post(f"/tables/{table_id}/moves", json=move,
                         headers={"X-CSRFToken": token})
    assert accepted.status_code == 200
