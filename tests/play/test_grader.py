"""Finished hands graded away from the request that ends them (tutor.play.grader): the move
answers without grading, the worker's grading process stores the review, the page waits for
it rather than grade twice, and a full queue leaves the hand to the page."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

import solver.review.grading
from tests.play.test_pages import advance, start
from tutor import create_app
from tutor.extensions import db
from tutor.models import HandReview
from tutor.play import grader, review
from tutor.play.review import REVIEW_VERSION


@pytest.fixture
def background_app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/test.sqlite",
                      "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "REVIEW_GRADING": "background"})
    with app.app_context():
        db.create_all()
    yield app


def _rows(app: Flask, game_id: str) -> list[HandReview]:
    with app.app_context():
        rows = list(db.session.execute(
            db.select(HandReview).filter_by(game_id=game_id)).scalars())
        for row in rows:
            db.session.expunge(row)
        return rows


def _refuse_grading(*args: object, **kwargs: object) -> None:
    raise AssertionError("graded inside the web process")


def test_the_test_configuration_grades_inline(app: Flask) -> None:
    assert not grader.is_background(app)


def test_the_grading_process_stores_the_review(
        background_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    # The grading process imports the grader afresh: only this process refuses to grade.
    monkeypatch.setattr(solver.review.grading, "grade_hand", _refuse_grading)
    client = background_app.test_client()
    game_id = start(client, "hard", 13)
    advance(client, game_id, lambda v: v["hand_over"])
    key = (game_id, 0)
    assert grader.wait(key, 120.0) or _rows(background_app, game_id)
    assert key not in grader.pending()
    rows = _rows(background_app, game_id)
    assert len(rows) == 1 and rows[0].data["version"] == REVIEW_VERSION
    assert rows[0].data["decisions"]
    page = client.get(f"/play/{game_id}/hands/1/review")
    assert page.status_code == 200 and 'class="grade grade--' in page.get_data(as_text=True)


def test_a_profile_hand_is_graded_by_the_grading_process(
        background_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    # Kunken's hand ends through the game API; its review (solver.review.profiles) is
    # stored by the grading process, never in the web process.
    import random

    import solver.review.profiles
    from tests.play.test_profiles import _act, _choose, _start

    monkeypatch.setattr(solver.review.profiles, "grade_profile_hand", _refuse_grading)
    client = background_app.test_client()
    game_id, view = _start(client, "kunken-40", 11)
    rng = random.Random(5)
    while not view["hand_over"]:
        view = _act(client, game_id, _choose(view, rng))
    key = (game_id, 0)
    assert grader.wait(key, 120.0) or _rows(background_app, game_id)
    rows = _rows(background_app, game_id)
    assert len(rows) == 1 and rows[0].data["profile"] == "kunken-40"
    page = client.get(f"/play/{game_id}/hands/1/review")
    assert page.status_code == 200 and "The hands, turned face up" in page.get_data(as_text=True)


def slow_grading(stored: dict[str, Any], seed: int, number: int) -> dict[str, Any]:
    """The real grading, two seconds late (run by the grading process, which imports this
    module by name)."""
    time.sleep(2.0)
    return review.grade_stored_hand(stored, seed, number)


def test_the_page_waits_for_the_grader_instead_of_grading_twice(
        background_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "grade_stored_hand", slow_grading)
    client = background_app.test_client()
    game_id = start(client, "hard", 13)
    advance(client, game_id, lambda v: v["hand_over"])
    assert (game_id, 0) in grader.pending()
    monkeypatch.setattr(solver.review.grading, "grade_hand", _refuse_grading)
    page = client.get(f"/play/{game_id}/hands/1/review")
    assert page.status_code == 200 and 'class="grade grade--' in page.get_data(as_text=True)
    assert len(_rows(background_app, game_id)) == 1


def test_a_full_queue_leaves_the_hand_to_the_page(
        background_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grader, "MAX_PENDING", 0)
    client = background_app.test_client()
    game_id = start(client, "hard", 13)
    advance(client, game_id, lambda v: v["hand_over"])
    assert (game_id, 0) not in grader.pending()
    assert _rows(background_app, game_id) == []
    page = client.get(f"/play/{game_id}/hands/1/review")  # graded on demand, then stored
    assert page.status_code == 200 and 'class="grade grade--' in page.get_data(as_text=True)
    assert len(_rows(background_app, game_id)) == 1


WORKER = """
import os, sys, time
from tutor.play import grader
print(grader._executor().submit(os.getpid).result(), flush=True)
time.sleep(60)
"""


def test_the_grading_process_ends_with_a_killed_worker() -> None:
    """A worker killed outright (SIGKILL) leaves no grading process behind, and the grading
    process runs at a lower priority than the worker, on idle CPU time only."""
    root = Path(__file__).resolve().parents[2]
    worker = subprocess.Popen([sys.executable, "-c", WORKER], stdout=subprocess.PIPE,
                              cwd=root, env={**os.environ, "PYTHONPATH": str(root)})
    try:
        assert worker.stdout is not None
        child = int(worker.stdout.readline())
        assert os.getpriority(os.PRIO_PROCESS, child) >= grader.NICENESS
        assert os.sched_getscheduler(child) == os.SCHED_IDLE  # only CPU time moves leave
    finally:
        worker.kill()
        worker.wait()
    deadline = time.monotonic() + 10
    while Path(f"/proc/{child}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{child}").exists()
