"""A game belongs to whoever started it: the learner's session, or the token answered at
creation.  Anyone else, given the id, finds no game.  Browsers cannot start or play games
from another site, and a seed chosen by the client never fixes a deal outside test mode."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.play.conftest import learner_client, make_app
from tests.play.helpers import random_action, stored
from tutor.extensions import db
from tutor.models import Game


def _count(app: Flask) -> int:
    with app.app_context():
        return int(db.session.execute(db.select(db.func.count()).select_from(Game)).scalar_one())


def _paths(game_id: str) -> list[tuple[str, str, Any]]:
    return [("GET", f"/api/games/{game_id}", None),
            ("GET", f"/api/games/{game_id}/log", None),
            ("POST", f"/api/games/{game_id}/actions", {"type": "turn"})]


def _send(client: FlaskClient, method: str, path: str, body: Any,
          headers: dict[str, str] | None = None) -> Any:
    if method == "GET":
        return client.get(path, headers=headers or {})
    return client.post(path, json=body, headers=headers or {})


def test_a_cookieless_client_cannot_see_or_play_anothers_game(app: Flask,
                                                               client: FlaskClient) -> None:
    created = client.post("/api/games", json={"level": "easy"}).get_json()
    game_id = created["id"]
    before = stored(app, game_id)
    for stranger in (app.test_client(), learner_client(app)):
        for method, path, body in _paths(game_id):
            response = _send(stranger, method, path, body)
            assert response.status_code == 404, (method, path)
            assert response.get_json()["error"] == "There is no game of yours with this id."
    assert stored(app, game_id) == before
    # Its owner still plays it with the session alone.
    assert client.get(f"/api/games/{game_id}").status_code == 200


def test_the_token_from_creation_opens_the_game_without_a_session(app: Flask) -> None:
    creator = app.test_client()
    created = creator.post("/api/games", json={"level": "easy"}).get_json()
    game_id, token = created["id"], created["token"]
    assert len(token) >= 40
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None and row.token_hash is not None and token not in row.token_hash
    other_device = app.test_client()
    view = created["view"]
    for good in ({"X-Game-Token": token},):
        assert other_device.get(f"/api/games/{game_id}", headers=good).status_code == 200
        assert other_device.get(f"/api/games/{game_id}/log", headers=good).status_code == 200
        action = random_action(view, random.Random(1))
        played = other_device.post(f"/api/games/{game_id}/actions", json=action, headers=good)
        assert played.status_code == 200, played.get_json()
    wrong = {"X-Game-Token": token[:-2] + ("aa" if not token.endswith("aa") else "bb")}
    for method, path, body in _paths(game_id):
        assert _send(other_device, method, path, body, wrong).status_code == 404
    # Another game's token opens only that game.
    second = creator.post("/api/games", json={}).get_json()
    assert app.test_client().get(f"/api/games/{second['id']}",
                                 headers={"X-Game-Token": token}).status_code == 404


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Origin": "https://evil.example"},
    {"Origin": "null"},
])
@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "application/json"])
def test_no_game_is_started_or_played_from_another_site(
        app: Flask, client: FlaskClient, headers: dict[str, str], content_type: str) -> None:
    body = '{"level": "easy"}' if content_type != "application/x-www-form-urlencoded" else "a=b"
    response = client.post("/api/games", data=body, content_type=content_type, headers=headers)
    assert response.status_code == 403
    assert "other sites" in response.get_json()["error"]
    assert _count(app) == 0
    own = client.post("/api/games", json={}).get_json()
    before = stored(app, own["id"])
    moved = client.post(f"/api/games/{own['id']}/actions", data='{"type": "turn"}',
                        content_type=content_type, headers=headers)
    assert moved.status_code == 403
    assert stored(app, own["id"]) == before


@pytest.mark.parametrize("body", [b"", b"{}", b'{"level": "easy"}'])
def test_a_text_plain_post_starts_no_game(app: Flask, client: FlaskClient, body: bytes) -> None:
    """What a cross-site form or a no-cors fetch can send, with no browser headers at all."""
    for content_type in ("text/plain", "multipart/form-data; boundary=x",
                         "application/x-www-form-urlencoded"):
        response = client.post("/api/games", data=body, content_type=content_type)
        assert response.status_code == 400, content_type
        assert "application/json" in response.get_json()["error"]
    assert _count(app) == 0


def test_same_site_requests_and_plain_clients_are_served(app: Flask,
                                                         client: FlaskClient) -> None:
    for headers in ({}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"},
                    {"Origin": "http://localhost"}):
        assert client.post("/api/games", json={}, headers=headers).status_code == 200
    assert client.post("/api/games").status_code == 200  # no body, no type: curl -X POST
    assert _count(app) == 5


def test_a_seed_is_refused_outside_test_mode(db_path: Path) -> None:
    app = make_app(db_path, TESTING=False)
    assert app.config["ALLOW_CLIENT_SEED"] is False
    with app.app_context():
        db.create_all()
    client = learner_client(app)
    response = client.post("/api/games", json={"seed": 7})
    assert response.status_code == 400
    assert "seed" in response.get_json()["error"]
    form = client.post("/play/", data={"level": "easy", "seed": "7"})
    assert form.status_code == 302 and form.location.endswith("/play/")
    assert _count(app) == 0
    # The start page does not carry a seed from the address into the form either.
    page = client.get("/play/?seed=7").get_data(as_text=True)
    assert 'name="seed"' not in page
    # Without a seed, deals are random: two games differ.
    first = client.post("/api/games", json={}).get_json()["view"]["hand"]
    second = client.post("/api/games", json={}).get_json()["view"]["hand"]
    assert first != second


def test_a_seed_fixes_the_deal_in_test_mode_only(app: Flask, client: FlaskClient) -> None:
    assert app.config["ALLOW_CLIENT_SEED"] is True  # TESTING
    first = client.post("/api/games", json={"seed": 7}).get_json()["view"]
    again = client.post("/api/games", json={"seed": 7}).get_json()["view"]
    assert first["hand"] == again["hand"]


def test_a_client_that_keeps_cookies_plays_with_the_id_alone(app: Flask) -> None:
    """The contract's flow with a client that keeps cookies (requests.Session, a browser):
    the creation answer makes its learner, so the id alone opens the game afterwards."""
    keeper = app.test_client()
    created = keeper.post("/api/games", json={}).get_json()
    assert keeper.get_cookie("session") is not None
    view = keeper.get(f"/api/games/{created['id']}")
    assert view.status_code == 200
    action = random_action(view.get_json(), random.Random(3))
    assert keeper.post(f"/api/games/{created['id']}/actions", json=action).status_code == 200
    # Without its cookie (and without the token) the same id opens nothing.
    assert app.test_client().get(f"/api/games/{created['id']}").status_code == 404
