"""A process works out at most ``admission`` moves at once (issue 28's web floor): moves are
CPU work under one interpreter lock, so more at once only interleave.  The others wait
their turn, and every one is still played and answered."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from flask import Flask

from tests.play.conftest import learner_client
from tutor.play import admission
from tutor.play.games import TableGame


def _first_action(view: dict[str, Any]) -> dict[str, Any]:
    choice = view["choices"][0]
    return dict(choice["action"] or choice["discards"][0]["action"])


@pytest.mark.parametrize("through", ["api", "page"])
def test_moves_take_turns(app: Flask, monkeypatch: pytest.MonkeyPatch, through: str) -> None:
    limit = 2
    monkeypatch.setattr(admission, "turns", threading.BoundedSemaphore(limit))
    games = []
    for seed in range(6):
        browser = learner_client(app)
        made = browser.post("/api/games", json={"seed": seed})
        assert made.status_code == 200
        body = made.get_json()
        games.append((browser, body["id"], body["token"], _first_action(body["view"])))

    at_once, most, lock = 0, 0, threading.Lock()
    real = TableGame.act

    def slow_act(self: TableGame, payload: object) -> Any:
        nonlocal at_once, most
        with lock:
            at_once += 1
            most = max(most, at_once)
        try:
            time.sleep(0.05)  # long enough for every other request to arrive meanwhile
            return real(self, payload)
        finally:
            with lock:
                at_once -= 1

    monkeypatch.setattr(TableGame, "act", slow_act)
    answers: list[int] = []

    def play(browser: Any, game_id: str, token: str, action: dict[str, Any]) -> None:
        if through == "api":
            answer = browser.post(f"/api/games/{game_id}/actions", json=action,
                                  headers={"X-Game-Token": token})
        else:  # the table page's form, answered with the table again
            answer = browser.post(f"/play/{game_id}/act", data={"action": json.dumps(action)})
        with lock:
            answers.append(answer.status_code)

    threads = [threading.Thread(target=play, args=game) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert answers == [200 if through == "api" else 302] * len(games)
    assert 1 <= most <= limit


def test_the_limit_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for value, limit in (("3", 3), ("0", 1), ("many", admission.DEFAULT), (None, 2)):
        if value is None:
            monkeypatch.delenv(admission.ENV, raising=False)
        else:
            monkeypatch.setenv(admission.ENV, value)
        assert admission._limit() == limit
