"""An app server dies (SIGKILL) after a move has committed but before its answer leaves:
nginx sends the move on to the other server (``proxy_next_upstream error non_idempotent``),
which recognises it by its move number and answers it without playing it again."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
import sqlalchemy as sa

from tests.deploy.clients import Browser
from tests.deploy.conftest import Stack

pytestmark = [pytest.mark.slow, pytest.mark.deploy]

MOVE_NUMBER = "X-Move-Number"  # tutor.play.repeats.HEADER
PAUSE = "CONQUIAN_TEST_ANSWER_PAUSE"  # tutor.api.games.ANSWER_PAUSE_ENV
PAUSED = "test hook: move"


def _stored(stack: Stack, game_id: str) -> tuple[int, list[dict[str, Any]]]:
    """The game's version and the actions of its current hand, as stored."""
    engine = sa.create_engine(stack.database_url)
    try:
        with engine.connect() as conn:
            version, raw = conn.execute(sa.text("SELECT version, state FROM games WHERE id = :id"),
                                        {"id": game_id}).one()
    finally:
        engine.dispose()
    state = raw if isinstance(raw, dict) else json.loads(raw)
    return version, state["actions"]


def _a_move(view: dict[str, Any]) -> dict[str, Any]:
    offered = [c["action"] for c in view["choices"] if c["action"]]
    offered += [d["action"] for c in view["choices"] for d in c.get("discards") or []]
    assert offered, view["prompt"]
    # A draw from the stock: played again it would be legal again.
    return next((a for a in offered if a["type"] in ("turn", "draw")), offered[0])


def test_a_move_committed_by_a_server_that_died_is_answered_not_replayed(
        stack: Stack) -> None:
    log = stack.folder / "app0.log"
    stack.stop_app(0)
    stack.start_app(0, {PAUSE: "60"})  # app0 commits each move, then waits to answer
    try:
        stack.wait_in_rotation()
        browser = Browser(stack)
        status, headers, created = browser.json_answer("POST", "/api/games",
                                                       {"level": "easy"})
        assert status == 200, created
        game_id, view, number = created["id"], created["view"], headers[MOVE_NUMBER]
        path = f"/api/games/{game_id}/actions"
        for _ in range(20):  # nginx alternates: app1 answers some moves at once
            assert not view["hand_over"], "the hand ended before app0 took a move"
            move = _a_move(view)
            before, actions = _stored(stack, game_id)
            paused = log.read_text().count(PAUSED)
            answer: dict[str, Any] = {}

            def send(move: dict[str, Any] = move, number: str = number,
                     answer: dict[str, Any] = answer) -> None:
                answer["reply"] = browser.json_answer("POST", path, move,
                                                      {MOVE_NUMBER: number}, timeout=90)

            sender = threading.Thread(target=send, daemon=True)
            sender.start()
            deadline = time.monotonic() + 60
            while sender.is_alive() and log.read_text().count(PAUSED) == paused:
                assert time.monotonic() < deadline, "the move was neither answered nor paused"
                time.sleep(0.05)
            if not sender.is_alive():  # app1 took it
                status, headers, view = answer["reply"]
                assert status == 200, view
                number = headers[MOVE_NUMBER]
                continue
            # app0 has committed the move and holds its answer: it dies now.
            assert _stored(stack, game_id)[0] == before + 1
            stack.kill_app(0)
            sender.join(60)
            assert not sender.is_alive()
            status, headers, replied = answer["reply"]
            assert status == 200, replied  # nginx's second try, answered by app1
            version, now = _stored(stack, game_id)
            assert version == before + 1, "the move was saved twice"
            assert now[:len(actions)] == actions
            assert now[len(actions)]["type"] == move["type"]
            assert now[len(actions)]["player"] == 0
            assert int(headers[MOVE_NUMBER]) == len(now)
            status, current = browser.json("GET", f"/api/games/{game_id}")
            assert (status, current) == (200, replied)
            return
        raise AssertionError("nginx never sent a move to app0")
    finally:
        if 0 in stack.apps:
            stack.stop_app(0, timeout=5)
        stack.start_app(0)
        stack.wait_in_rotation()
