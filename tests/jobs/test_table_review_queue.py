"""A finished table hand on the job queue (tutor.jobs): the move that ends it only enqueues
one job per person's seat; the seat's review page says it is being graded while a worker
has it, and shows the review once a worker has stored it."""

from __future__ import annotations

import random

from flask import Flask

from solver.game.registry import GAMES, game_rules, players_of
from tests.play.conftest import learner_client
from tests.tables.helpers import true_state
from tutor.extensions import db
from tutor.jobs import queue as jobs
from tutor.jobs.worker import make_worker
from tutor.models import TableReview
from tutor.play import grader

MAX_MOVES = 5000  # reached only by a hand that never ends (tests/tables/test_services.py)


def test_a_finished_table_hand_is_graded_by_a_worker(queued_app: Flask) -> None:
    host = learner_client(queued_app)
    rules = next(iter(GAMES))
    opened = host.post("/tables/", data={"rules": rules, "seats": "2", "name": "Ann"})
    table_id = str(opened.location.rsplit("/", 1)[1].split("#")[0])
    assert host.post(f"/tables/{table_id}/fill", data={"level": "easy"}).status_code == 302
    assert host.post(f"/tables/{table_id}/start").status_code == 302
    player, rng = players_of(rules)["greedy"](), random.Random(32)
    for _ in range(MAX_MOVES):
        state = true_state(queued_app, table_id)
        if state.is_terminal():
            break
        number = host.get(f"/tables/{table_id}/state").get_json()["move_number"]
        action = player.choose(game_rules(rules).observe(state, 0), rng).to_dict()
        moved = host.post(f"/tables/{table_id}/moves", json={"move": number, "action": action})
        assert moved.status_code == 200, moved.get_json()
    page_url = f"/tables/{table_id}/hands/1/review"
    with queued_app.app_context():
        assert db.session.query(TableReview).count() == 0  # only enqueued
        assert jobs.queue().count == 1  # the person's seat; the computer's none
        assert jobs.queue().job_ids == [f"table-review-{table_id}-0-0"]
        assert not grader.pending()
        listening = make_worker(queued_app, name=f"listening-{table_id}")
        listening.register_birth()
    try:
        html = host.get(page_url).get_data(as_text=True)
        assert "This hand is being graded." in html and 'aria-live="polite"' in html
        assert host.get(page_url + "/status").get_json() == {"ready": False,
                                                              "review": page_url}
    finally:
        with queued_app.app_context():
            listening.register_death()
    with queued_app.app_context():
        assert make_worker(queued_app).work(burst=True)
        rows = db.session.query(TableReview).all()
        assert [(r.table_id, r.hand, r.seat) for r in rows] == [(table_id, 0, 0)]
    assert host.get(page_url + "/status").get_json()["ready"] is True
    assert 'class="grade grade--' in host.get(page_url).get_data(as_text=True)
