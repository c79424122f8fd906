"""A move is tried on this process's copy of the game without reading the database first;
when another process (another worker or server) has moved since, the compare-and-swap save
catches it and the move is judged on the game as stored: never applied to an old copy,
never refused because of one."""

from __future__ import annotations

import random

from flask import Flask
from flask.testing import FlaskClient

from tests.play.helpers import random_action, stored
from tutor.play import store


def _move_elsewhere(app: Flask, game_id: str, rng: random.Random) -> dict[str, object]:
    """Another process plays one move: this process keeps its older copy cached."""
    with store._cache_lock:
        old = store._cache[game_id]
    other = app.test_client()  # same database; its token says it is the owner
    token = _tokens[game_id]
    view = other.get(f"/api/games/{game_id}", headers={"X-Game-Token": token}).get_json()
    store.clear_cache()  # the other process never had this one's copy
    moved = other.post(f"/api/games/{game_id}/actions", json=random_action(view, rng),
                       headers={"X-Game-Token": token})
    assert moved.status_code == 200
    with store._cache_lock:
        store._cache[game_id] = old  # back to this process: its copy is one move behind
    assert old.version == stored(app, game_id)[1] - 1
    return dict(moved.get_json())


_tokens: dict[str, str] = {}


def _new_game(client: FlaskClient) -> tuple[str, dict[str, object]]:
    created = client.post("/api/games", json={"level": "easy", "seed": 12}).get_json()
    _tokens[created["id"]] = created["token"]
    return created["id"], created["view"]


def test_a_move_on_an_overtaken_copy_is_played_on_the_stored_game(app: Flask,
                                                                    client: FlaskClient) -> None:
    rng = random.Random(5)
    game_id, _ = _new_game(client)
    fresh = _move_elsewhere(app, game_id, rng)
    version = stored(app, game_id)[1]
    # Legal on the stored game: accepted, saved once, on top of the other process's move.
    answer = client.post(f"/api/games/{game_id}/actions", json=random_action(fresh, rng))
    assert answer.status_code == 200, answer.get_json()
    assert stored(app, game_id)[1] == version + 1
    log = client.get(f"/api/games/{game_id}/log").get_json()["log"]
    assert len(log) >= 2


def _plainly_illegal(action: dict[str, object], view: dict[str, object]) -> bool:
    legal = view["legal_actions"]
    assert isinstance(legal, list)
    return bool(action["type"] not in legal
                or action.get("card") not in (None, view["center"]))


def test_a_move_legal_only_on_the_old_copy_is_refused_and_changes_nothing(
        app: Flask, client: FlaskClient) -> None:
    for seed in range(40):
        game_id, first = _new_game(client)
        stale_move = random_action(first, random.Random(seed))
        fresh = _move_elsewhere(app, game_id, random.Random(seed + 1))
        if _plainly_illegal(stale_move, fresh):
            break
    else:
        raise AssertionError("no game made the old move illegal")
    before = stored(app, game_id)
    answer = client.post(f"/api/games/{game_id}/actions", json=stale_move)
    assert answer.status_code == 400, answer.get_json()
    assert stored(app, game_id) == before
