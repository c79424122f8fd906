"""Finished hands on the job queue (tutor.jobs): the request that ends a hand only enqueues
it, once; the review page says the hand is being graded while a worker has it and shows the
review once a worker has stored it; a job run again stores nothing more; without Redis, or
with Redis down, hands are graded as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.jobs.conftest import review_rows, site_config
from tests.play.test_pages import advance, start
from tutor import create_app
from tutor.extensions import db
from tutor.jobs import queue as jobs
from tutor.jobs.worker import make_worker
from tutor.play import grader


def _finished_hand(app: Flask) -> tuple[FlaskClient, str, str]:
    """A learner (their client), their game whose first hand has just ended, its review."""
    client = app.test_client()
    game_id = start(client, "hard", 13)
    advance(client, game_id, lambda v: v["hand_over"])
    return client, game_id, f"/play/{game_id}/hands/1/review"


def test_a_finished_hand_is_one_job_that_a_worker_grades_once(queued_app: Flask) -> None:
    client, game_id, page_url = _finished_hand(queued_app)
    # Ended by the request, graded by no one yet: the web process only enqueued it.
    assert review_rows(queued_app, game_id) == []
    assert (game_id, 0) not in grader.pending()
    with queued_app.app_context():
        assert jobs.status(game_id, 0) == "queued"
        # Enqueued again (a retried request, a second tab): still one job.
        first = jobs.enqueue_review(game_id, 0)
        again = jobs.enqueue_review(game_id, 0)
        assert first.id == again.id == jobs.job_id(game_id, 0)
        assert jobs.queue().count == 1
        listening = make_worker(queued_app, name=f"listening-{game_id}")
        listening.register_birth()
    try:
        page = client.get(page_url)
        html = page.get_data(as_text=True)
        assert page.status_code == 200
        assert "This hand is being graded." in html and 'aria-live="polite"' in html
        assert 'class="grade grade--' not in html
        status = client.get(page_url + "/status").get_json()
        assert status == {"ready": False, "review": page_url}
    finally:
        with queued_app.app_context():
            listening.register_death()

    with queued_app.app_context():
        assert make_worker(queued_app).work(burst=True)
    rows = review_rows(queued_app, game_id)
    assert len(rows) == 1 and rows[0].hand == 0 and rows[0].data["decisions"]
    assert client.get(page_url + "/status").get_json()["ready"] is True
    assert 'class="grade grade--' in client.get(page_url).get_data(as_text=True)

    # The same job once more (a duplicate, or a retry after its worker died): one review.
    with queued_app.app_context():
        job = jobs.enqueue_review(game_id, 0)
        make_worker(queued_app).work(burst=True)
        job.refresh()
        assert job.return_value() == "already stored"
    again_rows = review_rows(queued_app, game_id)
    assert [(r.id, r.data) for r in again_rows] == [(rows[0].id, rows[0].data)]


def test_with_no_worker_listening_the_page_grades_the_hand(queued_app: Flask) -> None:
    client, game_id, page_url = _finished_hand(queued_app)
    with queued_app.app_context():
        assert jobs.workers_listening() == 0
    page = client.get(page_url)
    assert 'class="grade grade--' in page.get_data(as_text=True)
    assert len(review_rows(queued_app, game_id)) == 1


def test_an_unknown_hand_has_no_status(queued_app: Flask) -> None:
    client, game_id, page_url = _finished_hand(queued_app)
    assert client.get(f"/play/{game_id}/hands/9/review/status").status_code == 404
    # Another learner's game does not exist for them.
    assert queued_app.test_client().get(page_url + "/status").status_code == 404


def test_without_redis_there_is_no_queue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    app = create_app(site_config(tmp_path))
    with app.app_context():
        assert not jobs.enabled()
    inline = create_app(site_config(tmp_path, REVIEW_GRADING="inline",
                                    JOBS_REDIS_URL="unix:///nonexistent"))
    with inline.app_context():
        assert not jobs.enabled()  # the tests' inline grading never queues


def test_with_redis_down_the_hand_is_still_graded(tmp_path: Path) -> None:
    """The move that ends the hand is kept, and its review is graded as without a queue
    (this worker's grading process), not lost with the queue."""
    app = create_app(site_config(tmp_path, JOBS_REDIS_URL=f"unix://{tmp_path}/no-redis.sock"))
    with app.app_context():
        db.create_all()
        assert jobs.enabled()
    client, game_id, page_url = _finished_hand(app)
    page = client.get(page_url)
    assert page.status_code == 200 and 'class="grade grade--' in page.get_data(as_text=True)
    assert len(review_rows(app, game_id)) == 1
