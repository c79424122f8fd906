"""A move sent again with its move number (a retry after a lost answer, nginx passing a POST
on after its server died having committed it) is played once and answered with the game as
it stands; a move for another step is refused as stale (409) and changes nothing."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.play.conftest import learner_client, make_app
from tests.play.helpers import random_action, stored
from tutor.extensions import db
from tutor.play.games import known_rules
from tutor.play.repeats import FIELD, HEADER

DRAWS = ("turn", "draw")


@pytest.fixture
def app(db_path: Any) -> Flask:
    app = make_app(db_path, ALLOW_CLIENT_SEED=True)
    with app.app_context():
        db.create_all()
    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return learner_client(app)


def _start(client: FlaskClient, rules: str) -> tuple[str, dict[str, Any], int]:
    response = client.post("/api/games", json={"rules": rules, "seed": 7})
    assert response.status_code == 200, response.get_json()
    data = response.get_json()
    return data["id"], data["view"], int(response.headers[HEADER])


def _a_move(view: dict[str, Any]) -> dict[str, Any]:
    """One of the learner's offered moves, a draw from the stock when there is one (played
    again it would often be legal again)."""
    offered = [c["action"] for c in view["choices"] if c["action"]]
    offered += [d["action"] for c in view["choices"] for d in c.get("discards") or []]
    assert offered, view["prompt"]
    return next((a for a in offered if a["type"] in DRAWS), offered[0])


def _send(client: FlaskClient, game_id: str, action: Any, number: object) -> Any:
    return client.post(f"/api/games/{game_id}/actions", json=action,
                       headers={HEADER: str(number)})


@pytest.mark.parametrize("rules", known_rules())
def test_a_move_sent_twice_with_its_number_is_played_once(
        app: Flask, client: FlaskClient, rules: str) -> None:
    game_id, view, number = _start(client, rules)
    move = _a_move(view)
    first = _send(client, game_id, move, number)
    assert first.status_code == 200, first.get_json()
    after = stored(app, game_id)
    moved = int(first.headers[HEADER])
    assert moved > number
    again = _send(client, game_id, move, number)
    assert again.status_code == 200, again.get_json()
    assert again.get_json() == first.get_json()
    assert int(again.headers[HEADER]) == moved
    assert stored(app, game_id) == after  # nothing saved the second time


@pytest.mark.parametrize("rules", known_rules())
def test_another_move_for_a_past_number_is_stale(
        app: Flask, client: FlaskClient, rules: str) -> None:
    game_id, view, number = _start(client, rules)
    first = _send(client, game_id, _a_move(view), number)
    assert first.status_code == 200, first.get_json()
    after = stored(app, game_id)
    now = int(first.headers[HEADER])
    later = first.get_json()
    # A move of the new position (the next deal if the first move ended the hand) sent
    # with the old number, and one with a number ahead.
    move = {"type": "next_hand"} if later["hand_over"] else _a_move(later)
    for sent in (number, now + 1):
        response = _send(client, game_id, move, sent)
        assert response.status_code == 409, response.get_json()
        assert f"move {sent}" in response.get_json()["error"]
        assert stored(app, game_id) == after


def test_a_bad_move_number_is_refused_and_changes_nothing(app: Flask,
                                                          client: FlaskClient) -> None:
    game_id, view, _ = _start(client, known_rules()[0])
    before = stored(app, game_id)
    response = _send(client, game_id, _a_move(view), "three")
    assert response.status_code == 400
    assert HEADER in response.get_json()["error"]
    assert stored(app, game_id) == before


def test_the_next_hand_sent_twice_is_dealt_once(app: Flask, client: FlaskClient) -> None:
    game_id, view, number = _start(client, known_rules()[0])
    rng = random.Random(3)
    while not view["hand_over"]:
        response = _send(client, game_id, random_action(view, rng), number)
        assert response.status_code == 200, response.get_json()
        view, number = response.get_json(), int(response.headers[HEADER])
    if view["match"]["over"]:
        pytest.skip("the first hand ended the match")
    first = _send(client, game_id, {"type": "next_hand"}, number)
    assert first.status_code == 200, first.get_json()
    after = stored(app, game_id)
    again = _send(client, game_id, {"type": "next_hand"}, number)
    assert again.status_code == 200, again.get_json()
    assert again.get_json()["hand_number"] == first.get_json()["hand_number"]
    assert stored(app, game_id) == after


def test_a_form_sent_twice_is_played_once(app: Flask, client: FlaskClient) -> None:
    game_id, _, _ = _start(client, known_rules()[0])
    page = client.get(f"/play/{game_id}").get_data(as_text=True)
    number = re.search(r'name="move" value="(\d+)"', page)
    assert number is not None, "the page's move forms carry no move number"
    view = client.get(f"/api/games/{game_id}").get_json()
    form = {"action": json.dumps(_a_move(view)), FIELD: number.group(1)}
    assert client.post(f"/play/{game_id}/act", data=form).status_code == 302
    after = stored(app, game_id)
    with client.session_transaction() as session:
        assert not session.get("_flashes")
    assert client.post(f"/play/{game_id}/act", data=form).status_code == 302
    assert stored(app, game_id) == after
    with client.session_transaction() as session:
        assert not session.get("_flashes"), session.get("_flashes")
