"""The games JSON API (contract "HTTP"): every route and every error path.

No request may answer 500, and a rejected request never changes the stored game.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.play.helpers import log_of, random_action, stored

VIEW_FIELDS = {"hand", "melds", "opponent_melds", "center", "center_from", "stock_count",
               "opponent_hand_count", "seen", "legal_actions", "score"}


def new_game(client: FlaskClient, **options: Any) -> tuple[str, dict[str, Any]]:
    response = client.post("/api/games", json=options)
    assert response.status_code == 200, response.get_json()
    data = response.get_json()
    return data["id"], data["view"]


def act(client: FlaskClient, game_id: str, action: Any) -> Any:
    return client.post(f"/api/games/{game_id}/actions", json=action)


def play_until(client: FlaskClient, game_id: str, view: dict[str, Any], done: Any,
               seed: int = 0, limit: int = 2000) -> dict[str, Any]:
    """Random legal actions until ``done(view)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(view):
            return view
        response = act(client, game_id, random_action(view, rng))
        assert response.status_code == 200, response.get_json()
        view = response.get_json()
    raise AssertionError("the condition was never reached")


def test_healthz(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok"


@pytest.mark.parametrize("body", [None, {}, {"level": "easy"}, {"level": "hard", "seed": 3}])
def test_create_answers_id_and_view(client: FlaskClient, body: Any) -> None:
    response = client.post("/api/games") if body is None else client.post("/api/games", json=body)
    assert response.status_code == 200
    data = response.get_json()
    assert set(data) == {"id", "token", "view"}
    assert len(data["id"]) == 32
    view = data["view"]
    assert set(view) >= VIEW_FIELDS
    assert view["turn"] == "you"  # the computer has played up to the learner's turn
    assert view["score"] == {"you": 0, "opponent": 0}
    assert len(view["hand"]) + sum(len(m) for m in view["melds"]) in (10, 11)
    # GET answers the same view
    again = client.get(f"/api/games/{data['id']}")
    assert again.status_code == 200
    assert again.get_json() == view


def test_seed_gives_the_same_game(client: FlaskClient) -> None:
    _, first = new_game(client, level="hard", seed=42)
    _, second = new_game(client, level="hard", seed=42)
    assert first == second
    _, other = new_game(client, level="hard", seed=43)
    assert other["hand"] != first["hand"]


def test_ids_are_random(client: FlaskClient) -> None:
    ids = {new_game(client, seed=1)[0] for _ in range(5)}
    assert len(ids) == 5


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"json": {"level": "impossible"}}, "level"),
        ({"json": {"level": 3}}, "level"),
        ({"json": {"level": ["hard"]}}, "level"),
        ({"json": {"seed": -1}}, "seed"),
        ({"json": {"seed": "abc"}}, "seed"),
        ({"json": {"seed": 2**80}}, "seed"),
        ({"json": {"seed": True}}, "seed"),
        ({"json": {"colour": "red"}}, "colour"),
        ({"json": ["hard"]}, "object"),
        ({"data": "{not json", "content_type": "application/json"}, "JSON"),
        ({"data": "level=hard", "content_type": "application/x-www-form-urlencoded"},
         "application/json"),
        ({"data": '{"level": "hard"}', "content_type": "text/plain"}, "application/json"),
    ],
)
def test_create_rejects_bad_options(client: FlaskClient, kwargs: dict[str, Any],
                                    needle: str) -> None:
    response = client.post("/api/games", **kwargs)
    assert response.status_code == 400
    assert needle in response.get_json()["error"]


@pytest.mark.parametrize("path", ["/api/games/nope", "/api/games/" + "0" * 32,
                                  "/api/games/" + "x" * 200])
def test_unknown_game_is_a_json_404(client: FlaskClient, path: str) -> None:
    for response in (client.get(path), client.get(path + "/log"),
                     client.post(path + "/actions", json={"type": "turn"})):
        assert response.status_code == 404
        assert "error" in response.get_json()


def test_legal_action_answers_the_new_view(app: Flask, client: FlaskClient) -> None:
    game_id, view = new_game(client, level="medium", seed=5)
    before, log = stored(app, game_id), log_of(client, game_id)
    response = act(client, game_id, random_action(view, random.Random(0)))
    assert response.status_code == 200
    new_view = response.get_json()
    assert set(new_view) >= VIEW_FIELDS
    assert "log" not in new_view  # an answer stays the same size all hand long
    new_log = log_of(client, game_id)
    assert new_log[: len(log)] == log
    assert len(new_log) > len(log)
    if new_view["last_actions"]:
        assert new_log[-len(new_view["last_actions"]):] == new_view["last_actions"]
    assert stored(app, game_id)[1] == before[1] + 1  # the version went one up
    assert stored(app, game_id) != before
    assert client.get(f"/api/games/{game_id}").get_json() == new_view


def test_the_computer_moves_are_reported(client: FlaskClient) -> None:
    game_id, view = new_game(client, level="hard", seed=9)
    view = play_until(client, game_id, view, lambda v: v["last_actions"] and not v["hand_over"])
    assert all(entry["actor"] == "computer" for entry in view["last_actions"])
    assert log_of(client, game_id)[-len(view["last_actions"]):] == view["last_actions"]
    assert all(entry["text"].startswith("The computer") for entry in view["last_actions"])


def _bad_requests(view: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Requests that must all be refused with 400 in this position (a take is open)."""
    center = view["center"]
    take = next(t for t in view["takes"] if t["discards"])
    good = {"type": "take", "card": center, "hand_cards": take["hand_cards"],
            "melds": take["melds"], "discard": take["discards"][0]}
    not_in_hand = next(c for m in take["melds"] for c in m if c not in view["hand"])
    opponent_card = view["opponent_melds"][0][0] if view["opponent_melds"] else not_in_hand
    return [
        ({"data": "{oops", "content_type": "application/json"}, "JSON"),
        ({"data": '{"type": "turn"}', "content_type": "text/plain"}, "application/json"),
        ({"data": "type=turn", "content_type": "application/x-www-form-urlencoded"},
         "application/json"),
        ({"data": "", "content_type": "application/json"}, "JSON body"),
        ({"json": ["turn"]}, "object"),
        ({"json": "turn"}, "object"),
        ({"json": {"type": "shuffle"}}, "type"),
        ({"json": {"type": None}}, "type"),
        ({"json": {}}, "type"),
        ({"json": {"type": "turn"}}, "not allowed"),
        ({"json": {"type": "no_force"}}, "not allowed"),
        ({"json": {"type": "take", "card": "9H"}}, "9H"),
        ({"json": {**good, "card": "ZZ"}}, "ZZ"),
        ({"json": {**good, "card": opponent_card}}, "center card"),
        ({"json": {**good, "melds": [["AS", "2S"]]}}, "meld"),
        ({"json": {**good, "melds": []}}, "melds"),
        ({"json": {**good, "melds": "4H 5H 6H"}}, "melds"),
        ({"json": {**good, "melds": [[center, "KS", "KS"]]}}, "twice"),
        ({"json": {**good, "hand_cards": [opponent_card]}}, "hand"),
        ({"json": {**good, "discard": not_in_hand}}, "discard"),
        ({"json": {**good, "discard": None}}, "discard"),
        ({"json": {**good, "discard": 7}}, "discard"),
        ({"json": {"type": "decline", "card": center, "discard": "AS"}}, "decline"),
        ({"json": {"type": "next_hand"}}, "not over"),
    ]


def test_bad_actions_are_refused_and_change_nothing(app: Flask, client: FlaskClient) -> None:
    game_id, view = new_game(client, level="medium", seed=11)
    view = play_until(client, game_id, view, lambda v: "take" in v["legal_actions"]
                      and any(t["discards"] for t in v["takes"]))
    before = stored(app, game_id)
    for kwargs, needle in _bad_requests(view):
        response = client.post(f"/api/games/{game_id}/actions", **kwargs)
        assert response.status_code == 400, (kwargs, response.get_json())
        error = response.get_json()["error"]
        assert needle.lower() in error.lower(), (kwargs, error)
        assert stored(app, game_id) == before, kwargs
    assert client.get(f"/api/games/{game_id}").get_json() == view


def test_illegal_action_for_the_phase(app: Flask, client: FlaskClient) -> None:
    game_id, view = new_game(client, level="easy", seed=2)
    assert view["legal_actions"] == ["turn"] or view["center"] is not None
    if view["legal_actions"] != ["turn"]:
        view = play_until(client, game_id, view, lambda v: v["legal_actions"] == ["turn"])
    before = stored(app, game_id)
    for action in ({"type": "decline", "card": "AS"}, {"type": "pass", "card": "AS"},
                   {"type": "force", "card": "AS"}, {"type": "turn", "card": "AS"}):
        response = act(client, game_id, action)
        assert response.status_code == 400
        assert response.get_json()["error"]
        assert stored(app, game_id) == before


def test_after_the_match_nothing_more_is_accepted(app: Flask, client: FlaskClient) -> None:
    game_id, view = new_game(client, level="easy", seed=4)
    view = play_until(client, game_id, view, lambda v: v["match"]["over"])
    assert max(view["score"].values()) == 3
    assert view["legal_actions"] == [] and not view["next_hand"]
    assert view["match_result"]
    before = stored(app, game_id)
    for action in ({"type": "turn"}, {"type": "next_hand"}, {"type": "decline", "card": "AS"}):
        response = act(client, game_id, action)
        assert response.status_code == 400
        assert "match is over" in response.get_json()["error"]
        assert stored(app, game_id) == before


def test_a_finished_hand_waits_for_next_hand(client: FlaskClient) -> None:
    game_id, view = new_game(client, level="easy", seed=6)
    view = play_until(client, game_id, view, lambda v: v["hand_over"])
    assert view["hand_result"] and view["legal_actions"] == []
    if view["match"]["over"]:
        return
    response = act(client, game_id, {"type": "turn"})
    assert response.status_code == 400 and "next_hand" in response.get_json()["error"]
    response = act(client, game_id, {"type": "next_hand"})
    assert response.status_code == 200
    fresh = response.get_json()
    assert fresh["hand_number"] == view["hand_number"] + 1
    assert fresh["score"] == view["score"]
    assert fresh["dealer"] != view["dealer"]  # the deal alternates (R2)


def test_wrong_methods_answer_json(client: FlaskClient) -> None:
    game_id, _ = new_game(client, seed=1)
    for response in (client.get("/api/games"), client.post(f"/api/games/{game_id}"),
                     client.get(f"/api/games/{game_id}/actions"),
                     client.delete(f"/api/games/{game_id}")):
        assert response.status_code == 405
        assert "error" in response.get_json()


def test_game_creation_is_rate_limited(db_path: Any) -> None:
    from tests.play.conftest import make_app
    from tutor.extensions import db

    app = make_app(db_path, RATELIMIT_ENABLED=True)
    with app.app_context():
        db.create_all()
    client = app.test_client()
    codes = [client.post("/api/games", json={"seed": 1}).status_code for _ in range(120)]
    assert codes == [200] * 120
    refused = client.post("/api/games", json={"seed": 1})
    assert refused.status_code == 429 and "error" in refused.get_json()


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_errors_speak_the_learners_language(client: FlaskClient, lang: str) -> None:
    game_id, view = new_game(client, level="medium", seed=5)
    wrong = next(k for k in ("force", "no_force", "pass", "decline")
                 if k not in view["legal_actions"])
    action = {"type": wrong} if wrong == "no_force" else {"type": wrong, "card": view["center"]}
    bad_position = {"hand": ["4H", "8H"], "center": "6H"}
    for path, body in ((f"/api/games/{game_id}/actions", action),
                       ("/api/analyze", bad_position)):
        english = client.post(path, json=body, headers={"Accept-Language": "en"})
        other = client.post(path, json=body, headers={"Accept-Language": lang})
        assert english.status_code == other.status_code == 400
        en_text, other_text = english.get_json()["error"], other.get_json()["error"]
        assert other_text != en_text
        assert re.findall(r"\(R\d+", other_text) == re.findall(r"\(R\d+", en_text)
