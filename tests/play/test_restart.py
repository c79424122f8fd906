"""A game lives in the database: a new application object on the same database (a server
restart) shows the same view and plays on."""

from __future__ import annotations

import random
from pathlib import Path

from tests.play.conftest import make_app
from tests.play.helpers import log_of, random_action
from tutor.extensions import db
from tutor.play import store


def test_game_survives_a_restart(db_path: Path) -> None:
    first = make_app(db_path)
    with first.app_context():
        db.create_all()
    client = first.test_client()
    start = client.post("/play/", data={"level": "hard", "seed": "77"})
    game_id = start.location.split("#")[0].rsplit("/", 1)[1]
    rng = random.Random(3)
    view = client.get(f"/api/games/{game_id}").get_json()
    for _ in range(6):
        action = random_action(view, rng)
        view = client.post(f"/api/games/{game_id}/actions", json=action).get_json()

    second = make_app(db_path)  # a new process would build exactly this...
    store.clear_cache()  # ...and would remember no game
    other = second.test_client()
    with client.session_transaction() as session:
        cookie = dict(session)
    with other.session_transaction() as session:
        session.update(cookie)  # the same browser, same signed cookie
    assert other.get(f"/api/games/{game_id}").get_json() == view
    page = other.get(f"/play/{game_id}")
    assert page.status_code == 200
    assert view["hand"][0] in page.get_data(as_text=True)
    # it plays on, exactly as the first server would have
    before = log_of(other, game_id)
    action = random_action(view, rng)
    on_second = other.post(f"/api/games/{game_id}/actions", json=action)
    assert on_second.status_code == 200
    after = log_of(other, game_id)
    assert after[: len(before)] == before and len(after) > len(before)
