"""Grading in the deployment: a hand finished through nginx is graded by the grading worker,
a process of its own beside the app servers (deploy/local.py starts it as
deploy/systemd/conquian-worker@.service does), and its review page fills in."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from redis import Redis
from rq.job import Job

from tests.deploy.clients import Browser
from tests.deploy.conftest import Stack
from tests.play.helpers import random_action

pytestmark = [pytest.mark.slow, pytest.mark.deploy]

WORKER_NAME = "stack-worker"  # deploy/local.py's WORKER_NAME


def _finish_a_hand(browser: Browser, rng: random.Random) -> tuple[str, dict[str, Any]]:
    status, created = browser.json("POST", "/api/games", {"level": "easy"})
    assert status == 200, created
    game_id, view = created["id"], created["view"]
    for _ in range(500):
        if view["next_hand"] or view["match"]["over"]:
            return game_id, view
        status, view = browser.json("POST", f"/api/games/{game_id}/actions",
                                    random_action(view, rng))
        assert status == 200, view
    raise AssertionError("the hand did not end in 500 moves")


def test_a_finished_hand_is_graded_by_the_grading_worker(stack: Stack) -> None:
    browser = Browser(stack)
    game_id, _ = _finish_a_hand(browser, random.Random(30))
    status_path = f"/play/{game_id}/hands/1/review/status"
    deadline = time.monotonic() + 180
    while True:
        status, answer = browser.json("GET", status_path)
        assert status == 200, answer
        if answer["ready"]:
            break
        assert time.monotonic() < deadline, "the review was not ready within 180 s"
        time.sleep(0.5)

    status, _, page = browser.send("GET", answer["review"])
    assert status == 200
    assert b'class="grade grade--' in page, "the review page shows no graded decision"
    assert b"being graded" not in page

    # The worker, not a web process, graded and stored it: the hand's job ran on it and
    # stored the review (a run that found one stored answers "already stored").
    redis = Redis(unix_socket_path=str(stack.redis_socket))
    try:
        job = Job.fetch(f"review-{game_id}-0", connection=redis)
        assert job.get_status() == "finished"
        assert job.worker_name == WORKER_NAME
        assert job.return_value() == "stored"
    finally:
        redis.close()
    log = (stack.folder / "worker.log").read_text()
    assert f"review-{game_id}-0" in log, log[-2000:]
