"""The move timer: off by default; a bad value is refused in words; when a person's seat
lets its time run out, the next request of anyone at the table has the computer player of
the table's level make that one move (the seat stays theirs, the clock starts again), and
nothing before; a person's move racing the timeout applies once.  The site's clock is the
test's (app.config["CLOCK"]), never a sleep."""

from __future__ import annotations

import secrets
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.backends import BACKENDS, fresh_schema, postgres_url
from tests.play.conftest import learner_client, make_app
from tests.tables.helpers import true_state
from tests.tables.test_http import _state
from tests.tables.test_presence import Clock
from tutor.extensions import db
from tutor.models import Learner, PlayTable
from tutor.tables import services, timer


@pytest.fixture
def app(db_path: Path) -> Flask:
    app = make_app(db_path, CLOCK=Clock(), TABLES_REDIS_URL=None)
    with app.app_context():
        db.create_all()
    return app


def _open(app: Flask, rules: str, **form: str) -> tuple[str, FlaskClient, FlaskClient]:
    host, guest = learner_client(app), learner_client(app)
    seats = max(2, get_profile(rules).min_players)
    opened = host.post("/tables/", data={"rules": rules, "seats": str(seats), "name": "Ann",
                                         **form})
    assert opened.status_code == 302
    table_id = opened.location.rsplit("/", 1)[1].split("#")[0]
    assert guest.post(f"/tables/{table_id}/join", data={"name": "Bea"}).status_code == 302
    if seats > 2:
        assert host.post(f"/tables/{table_id}/fill", data={"level": "easy"}).status_code == 302
    assert host.post(f"/tables/{table_id}/start").status_code == 302
    return table_id, host, guest


def _kinds(app: Flask, table_id: str) -> dict[int, str]:
    with app.app_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None
        return {s.seat: s.kind for s in row.seats}


@pytest.mark.parametrize("rules", list(GAMES))
def test_a_seat_that_lets_its_time_run_out_gets_that_one_move_made(app: Flask,
                                                                   rules: str) -> None:
    clock = app.config["CLOCK"]
    table_id, host, guest = _open(app, rules, timer="30")
    people = {0: host, 1: guest}
    body = _state(host, table_id)
    seat, number = body["view"]["turn"], body["move_number"]
    assert seat in people, "a computer seat was left to move"
    page = people[seat].get(f"/tables/{table_id}").get_data(as_text=True)
    assert "Time left for your move:" in page and 'data-countdown="30"' in page
    other = people[1 - seat]
    history = len(true_state(app, table_id).history)

    clock.forward(29)
    assert _state(other, table_id)["move_number"] == number  # not yet
    clock.forward(1)
    after = _state(other, table_id, number)
    assert after["move_number"] > number
    made = true_state(app, table_id).history[history:]
    humans = [player for player, _ in made if player in people]
    assert made[0][0] == seat and humans == [seat], made  # that one move, then computers
    assert _kinds(app, table_id)[seat] == "human"  # the seat stays the player's
    assert _state(other, table_id)["move_number"] == after["move_number"]  # clock restarted


def test_the_timer_is_off_by_default_and_bad_values_are_refused(app: Flask) -> None:
    clock = app.config["CLOCK"]
    rules = next(r for r in GAMES if get_profile(r).min_players <= 2)
    table_id, host, guest = _open(app, rules, grace="600")
    with app.app_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None and row.options["timer"] == 0
    page = host.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "data-timeout" not in page
    number = _state(host, table_id)["move_number"]
    clock.forward(300)
    assert _state(host, table_id)["move_number"] == _state(guest, table_id)["move_number"] \
        == number
    for value, words in (("5", "between 10 and 600 seconds per move, not 5"),
                         ("601", "not 601"), ("soon", "whole number of seconds")):
        answer = host.post("/tables/", data={"rules": rules, "timer": value},
                           follow_redirects=True)
        assert answer.status_code == 200 and words in answer.get_data(as_text=True), value
    offered = host.get("/tables/").get_data(as_text=True)
    assert all(f'<option value="{n}">' in offered for n in timer.CHOICES)


def _learner() -> int:
    row = Learner(token=secrets.token_urlsafe(32))
    db.session.add(row)
    db.session.commit()
    return int(row.id)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_move_racing_the_timeout_applies_once(backend: str, db_path: Path) -> None:
    extra: dict[str, Any] = {"SQLALCHEMY_DATABASE_URI": postgres_url()} \
        if backend == "postgres" else {}
    clock = Clock()
    app = make_app(db_path, CLOCK=clock, TABLES_REDIS_URL=None, **extra)
    rules = next(r for r in GAMES if get_profile(r).min_players <= 2)
    with fresh_schema(app, backend == "postgres"):
        with app.app_context():
            host, guest = _learner(), _learner()
            table_id = services.open_table(host, rules, 2, grace=600, move_timer=30).id
            services.join(table_id, guest)
            services.start(table_id, host, seed=5)
            table = services.get_table(table_id)
            game = services.load_game(table)
            seat = game.state.current_player()
            mover = (host, guest)[seat]
            before = table.move_number
            action = game.state.legal_actions()[0].to_dict()
            db.session.remove()
        clock.forward(31)
        answers: dict[str, Any] = {}
        ready = threading.Barrier(2)

        def run(name: str, work: Any) -> None:
            with app.app_context():
                ready.wait()
                try:
                    answers[name] = work()
                except services.TableError as exc:
                    answers[name] = exc
                finally:
                    db.session.remove()

        threads = [
            threading.Thread(target=run, args=(
                "move", lambda: services.move(table_id, mover, before, action))),
            threading.Thread(target=run, args=(
                "timeout", lambda: services.time_out_due(table_id)))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        applied = [a for a in answers.values() if isinstance(a, int)]
        assert len(applied) == 1, answers
        for answer in answers.values():
            assert answer in (None, applied[0]) or (
                isinstance(answer, services.TableError) and answer.status == 409), answers
        with app.app_context():
            row = db.session.get(PlayTable, table_id)
            assert row is not None and row.move_number == applied[0] > before
            state = services.load_game(row).state
            assert row.hand_start + len(state.history) == row.move_number
            assert sum(1 for player, _ in state.history[before - row.hand_start:]
                       if player == seat) == 1  # the seat's move, made once
