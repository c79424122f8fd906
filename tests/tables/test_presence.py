"""Leave and come back: a seat whose player stops polling waits its grace period (shown to
the others, counting down), coming back within it keeps the same seat and hand; past it a
computer player of the table's level takes the seat through the move path (even on the
absent player's turn, with no request from them), once, and the player may take it back.
The site's clock is the test's (app.config["CLOCK"]), never a sleep.  Moves announce their
number only after the commit."""

from __future__ import annotations

import os
import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.play.conftest import learner_client, make_app
from tests.tables.test_http import _action, _row, _state
from tutor.extensions import db
from tutor.models import PlayTable
from tutor.tables import notify, presence, services


class Clock:
    def __init__(self) -> None:
        self.at = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at

    def forward(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@pytest.fixture
def app(db_path: Path) -> Flask:
    app = make_app(db_path, CLOCK=Clock(), TABLES_REDIS_URL=None)
    with app.app_context():
        db.create_all()
    return app


def _two_people(app: Flask, rules: str, grace: int = 60) -> tuple[str, FlaskClient,
                                                                   FlaskClient]:
    host, guest = learner_client(app), learner_client(app)
    seats = max(2, get_profile(rules).min_players)
    opened = host.post("/tables/", data={"rules": rules, "seats": str(seats), "name": "Ann",
                                         "grace": str(grace)})
    assert opened.status_code == 302
    table_id = opened.location.rsplit("/", 1)[1].split("#")[0]
    code = _code(app, table_id)
    assert guest.post("/tables/join", data={"code": code, "name": "Bea"}).status_code == 302
    if seats > 2:
        assert host.post(f"/tables/{table_id}/fill", data={"level": "easy"}).status_code == 302
    assert host.post(f"/tables/{table_id}/start").status_code == 302
    return table_id, host, guest


def _code(app: Flask, table_id: str) -> str:
    with app.app_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None
        return str(row.code)


def _seat_kind(app: Flask, table_id: str, seat: int) -> str:
    with app.app_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None
        return next(s.kind for s in row.seats if s.seat == seat)


def _until_turn_of(app: Flask, table_id: str, seat: int, people: dict[int, FlaskClient]
                   ) -> None:
    """People's moves (the first legal one) until ``seat`` is to move."""
    rng = random.Random(seat)
    for _ in range(50):
        view = _state(people[0], table_id)["view"]
        if view["turn"] == seat or view["hand_over"]:
            return
        mover = people[view["turn"]]
        number = _row(app, table_id)[0]
        mine = _state(mover, table_id)["view"]
        answer = mover.post(f"/tables/{table_id}/moves",
                            json={"move": number, "action": _action(mine, rng)})
        assert answer.status_code == 200, answer.get_json()
    raise AssertionError("the turn never came")


@pytest.mark.parametrize("rules", list(GAMES))
def test_a_player_who_comes_back_within_the_grace_period_keeps_the_seat(
        app: Flask, rules: str) -> None:
    clock: Clock = app.config["CLOCK"]
    table_id, host, guest = _two_people(app, rules)
    hand = _state(guest, table_id)["view"]["hand"]
    clock.forward(20)
    _state(host, table_id)  # only the host is heard from
    page = host.get(f"/tables/{table_id}/fragment").get_data(as_text=True)
    assert "Bea left — their seat waits" in page and 'data-countdown="40"' in page
    assert ">0:40<" in page
    clock.forward(30)  # 50 s in all: Bea comes back within the 60
    back = _state(guest, table_id)
    assert back["seat"] == 1 and back["view"]["hand"] == hand
    assert _seat_kind(app, table_id, 1) == "human"
    assert "Bea left" not in host.get(f"/tables/{table_id}/fragment").get_data(as_text=True)


@pytest.mark.parametrize("rules", list(GAMES))
def test_past_the_grace_period_a_computer_takes_the_seat_and_the_player_reclaims_it(
        app: Flask, rules: str) -> None:
    clock: Clock = app.config["CLOCK"]
    table_id, host, guest = _two_people(app, rules, grace=30)
    _until_turn_of(app, table_id, 1, {0: host, 1: guest})
    number = _row(app, table_id)[0]
    if _state(host, table_id)["view"]["hand_over"]:
        pytest.skip("the hand ended before the guest's turn")
    clock.forward(29)
    assert _state(host, table_id)["move_number"] == number  # still waiting for Bea
    assert _seat_kind(app, table_id, 1) == "human"
    clock.forward(2)
    after = _state(host, table_id)  # the host's poll alone: Bea sends nothing
    assert _seat_kind(app, table_id, 1) == "computer"
    assert after["move_number"] > number, "the computer did not play Bea's turn"
    assert after["view"]["turn"] != 1 or after["view"]["hand_over"]
    page = host.get(f"/tables/{table_id}/fragment").get_data(as_text=True)
    assert "a computer player plays their seat" in page
    with app.app_context():  # a second server checking now takes over nothing
        assert services.take_over_due(table_id) is None
    # Bea is back: her own hand, a way to take the seat back, and no move meanwhile.
    mine = _state(guest, table_id)
    assert mine["seat"] == 1 and "hand" in mine["view"]
    assert "Take my seat back" in guest.get(f"/tables/{table_id}").get_data(as_text=True)
    refused = guest.post(f"/tables/{table_id}/moves",
                         json={"move": mine["move_number"], "action": {"type": "next_hand"}})
    assert refused.status_code == 409
    assert "take it back first" in refused.get_json()["error"]
    assert guest.post(f"/tables/{table_id}/reclaim").status_code == 302
    assert _seat_kind(app, table_id, 1) == "human"
    assert "Take my seat back" not in guest.get(f"/tables/{table_id}").get_data(as_text=True)
    again = guest.post(f"/tables/{table_id}/reclaim", headers={"Accept": "application/json"})
    assert again.status_code == 409 and "yours already" in again.get_json()["error"]


@pytest.mark.parametrize("grace", ["4", "601", "soon"])
def test_a_grace_period_outside_its_range_is_refused(app: Flask, grace: str) -> None:
    host = learner_client(app)
    answer = host.post("/tables/", data={"rules": next(iter(GAMES)), "grace": grace},
                       headers={"Accept": "application/json"})
    assert answer.status_code == 400
    assert "grace" in answer.get_json()["error"]
    with app.app_context():
        assert db.session.query(PlayTable).count() == 0


def test_moves_are_announced_after_their_commit(app: Flask, db_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Whoever reads the table on hearing the number (another connection, as on another
    server) finds the move already there."""
    heard: list[tuple[int, int]] = []

    def publish(table_id: str, number: int) -> None:
        with sqlite3.connect(db_path) as other:
            row = other.execute("SELECT move_number FROM play_tables WHERE id = ?",
                                (table_id,)).fetchone()
        heard.append((number, row[0]))

    monkeypatch.setattr(notify, "publish", publish)
    rules = next(iter(GAMES))
    table_id, host, guest = _two_people(app, rules)
    _until_turn_of(app, table_id, 1, {0: host, 1: guest})
    assert heard and all(number == committed for number, committed in heard), heard
    assert heard[-1][0] == _row(app, table_id)[0]


def test_the_local_notifier_delivers_to_every_listener_of_the_table(app: Flask) -> None:
    with app.app_context():
        first, second, other = (notify.subscribe("t1"), notify.subscribe("t1"),
                                notify.subscribe("t2"))
        notify.publish("t1", 7)
        assert first.get(1.0) == 7 and second.get(1.0) == 7
        assert other.get(0.01) is None
        for listener in (first, second, other):
            listener.close()


def test_away_lists_nobody_before_the_start(app: Flask) -> None:
    host = learner_client(app)
    opened = host.post("/tables/", data={"rules": next(iter(GAMES))})
    table_id = opened.location.rsplit("/", 1)[1]
    app.config["CLOCK"].forward(3600)
    with app.app_context():
        row: Any = db.session.get(PlayTable, table_id)
        assert presence.away(row) == [] and services.take_over_due(table_id) is None


def test_with_redis_presence_is_a_key_per_seat_and_the_takeover_still_comes(
        db_path: Path) -> None:
    """With Redis, polls record presence in a key with a time to live (the seat's row is
    not written on every poll); the grace period and the takeover read it."""
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("no Redis server (TEST_REDIS_URL: eval \"$(scripts/redis-start)\")")
    app = make_app(db_path, CLOCK=Clock(), TABLES_REDIS_URL=url)
    with app.app_context():
        db.create_all()
    clock: Clock = app.config["CLOCK"]
    table_id, host, guest = _two_people(app, next(iter(GAMES)), grace=30)
    with app.app_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None
        rows_seen = {s.seat: s.last_seen for s in row.seats}
    clock.forward(20)
    _state(guest, table_id)
    _state(host, table_id)
    with app.app_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None
        assert {s.seat: s.last_seen for s in row.seats} == rows_seen  # no row written
        key = f"{presence.PRESENCE_KEY}{table_id}:1"
        stored = notify.redis_client(url).get(key)
        assert stored is not None and stored.decode() == presence.now().isoformat()
        assert 0 < notify.redis_client(url).ttl(key) <= 30 + 60
    clock.forward(25)  # 25 s since Bea's poll (45 s since her row): still within 30
    _state(host, table_id)
    assert _seat_kind(app, table_id, 1) == "human"
    assert "waits" in host.get(f"/tables/{table_id}/fragment").get_data(as_text=True)
    clock.forward(6)
    _state(host, table_id)
    assert _seat_kind(app, table_id, 1) == "computer"
    assert guest.post(f"/tables/{table_id}/reclaim").status_code == 302
    assert _seat_kind(app, table_id, 1) == "human"
