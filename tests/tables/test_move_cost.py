"""What a live-table move costs the servers, and that the savings change no answer
(issue 29): the games and log lines kept in memory (tutor.tables.memo) give every seat
byte for byte the answers it gets without them, in every registered game; the seats'
reads of a new move load no game; a move reads its table and seats once before the other
seats hear of it; and a move sent again (a retry) is answered as the first time, while a
different action at a stale number is still refused."""

from __future__ import annotations

import hashlib
import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

import tutor.play.games as games
from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.play.conftest import learner_client, make_app
from tutor.extensions import db
from tutor.tables import memo, notify, services

MOVES = 14  # a few rounds of every seat: the cached games and lines are met again


def _seats(rules: str) -> int:
    return max(2, get_profile(rules).min_players)


def _table(app: Flask, rules: str, seed: int) -> tuple[str, list[FlaskClient]]:
    """A started table of people only (every move is a request)."""
    people = [learner_client(app) for _ in range(_seats(rules))]
    opened = people[0].post("/tables/", data={"rules": rules, "seats": str(len(people)),
                                              "coaching": "on", "name": "Ann"})
    table_id = opened.location.rsplit("/", 1)[1].split("#")[0]
    for guest in people[1:]:
        assert guest.post(f"/tables/{table_id}/join").status_code == 302
    with app.test_request_context():
        host = services.get_table(table_id).host_id
        services.start(table_id, int(host), seed=seed)
    return table_id, people


def _action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    choice = rng.choice(view["choices"])
    return dict(rng.choice(choice["discards"])["action"] if choice["discards"]
                else choice["action"])


def _play(app: Flask, rules: str) -> list[bytes]:
    """Every answer of a seeded table's first moves: each seat's state read (whole, and
    since the number it had) after each move, and each move's own answer; the table's
    random id (in its links) written as ``<table>``."""
    table_id, people = _table(app, rules, seed=29)
    answers = _Answers(table_id)
    rng = random.Random(rules)
    had = [0] * len(people)
    for _ in range(MOVES):
        bodies = []
        for n, person in enumerate(people):
            whole = person.get(f"/tables/{table_id}/state")
            since = person.get(f"/tables/{table_id}/state?since={had[n]}")
            assert whole.status_code == since.status_code == 200
            answers.add(whole.get_data(), since.get_data())
            bodies.append(whole.get_json())
            had[n] = bodies[-1]["move_number"]
        views = [b["view"] for b in bodies]
        if views[0]["hand_over"]:
            mover, action = 0, {"type": "next_hand"}
        else:
            mover = next(n for n, v in enumerate(views) if v["choices"])
            action = _action(views[mover], rng)
        kept = {key: game.to_dict() for key, game in memo._games.items()}
        moved = people[mover].post(f"/tables/{table_id}/moves",
                                   json={"move": had[mover], "action": action})
        assert moved.status_code == 200, moved.get_json()
        answers.add(moved.get_data())
        for key, game in memo._games.items():  # the move changed a copy of its own
            assert key not in kept or game.to_dict() == kept[key], f"{rules}: {key} changed"
    return answers.bodies


class _Answers:
    def __init__(self, table_id: str) -> None:
        self.table_id = table_id.encode()
        self.bodies: list[bytes] = []

    def add(self, *bodies: bytes) -> None:
        self.bodies += [b.replace(self.table_id, b"<table>") for b in bodies]


@pytest.fixture
def seeded_salts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deal's salts from a counter (a real table's are random), so two tables dealt
    from the same seed give the same answers, commitments included."""
    count = itertools.count()
    monkeypatch.setattr(games, "new_salt",
                        lambda: hashlib.sha256(str(next(count)).encode()).hexdigest()[:32])


def _app(folder: Path, **config: object) -> Flask:
    app = make_app(folder / "tables.sqlite", REVIEW_PLAYOUTS=16, **config)
    with app.app_context():
        db.create_all()
    return app


@pytest.mark.slow
@pytest.mark.parametrize("rules", list(GAMES))
def test_the_kept_games_and_lines_change_no_answer(tmp_path: Path, rules: str,
                                                   seeded_salts: None,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "off").mkdir()
    (tmp_path / "on").mkdir()
    without = _play(_app(tmp_path / "off", TABLES_MEMO=False), rules)
    monkeypatch.setattr(games, "new_salt", _fresh_counter())
    memo.clear()
    kept = _play(_app(tmp_path / "on"), rules)
    assert len(kept) == len(without)
    for n, (a, b) in enumerate(zip(without, kept, strict=True)):
        assert a == b, f"{rules}: answer {n} differs with the kept games and lines"


def _fresh_counter() -> Any:
    count = itertools.count()
    return lambda: hashlib.sha256(str(next(count)).encode()).hexdigest()[:32]


def _first_move(app: Flask, seed: int
                ) -> tuple[str, list[FlaskClient], int, int, dict[str, Any]]:
    """A table of three or more people: its id, their clients, whose move it is, the move's
    number and one of that person's legal actions."""
    rules = next(r for r in GAMES if get_profile(r).min_players >= 3)
    table_id, people = _table(app, rules, seed=seed)
    views = [p.get(f"/tables/{table_id}/state").get_json() for p in people]
    mover = next(n for n, b in enumerate(views) if b["view"]["choices"])
    return (table_id, people, mover, views[mover]["move_number"],
            _action(views[mover]["view"], random.Random(seed)))


def test_the_seats_reads_of_a_move_load_no_game(app: Flask,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    table_id, people, mover, number, action = _first_move(app, seed=5)
    loads: list[object] = []
    real = services.game_from_dict
    monkeypatch.setattr(services, "game_from_dict",
                        lambda data, *a: loads.append(data) or real(data, *a))
    moved = people[mover].post(f"/tables/{table_id}/moves",
                               json={"move": number, "action": action})
    assert moved.status_code == 200
    assert not loads, "the move loaded the game its seats had read already"
    for person in people:
        body = person.get(f"/tables/{table_id}/state").get_json()
        assert body["move_number"] == moved.get_json()["move_number"]
    assert not loads, "a seat's read of the new move loaded the game again"


def test_a_move_sent_again_gets_the_first_answer(app: Flask) -> None:
    rules = next(r for r in GAMES if get_profile(r).min_players >= 3)
    table_id, people = _table(app, rules, seed=11)
    views = [p.get(f"/tables/{table_id}/state").get_json() for p in people]
    mover = next(n for n, b in enumerate(views) if b["view"]["choices"])
    number = views[mover]["move_number"]
    action = _action(views[mover]["view"], random.Random(11))
    first = people[mover].post(f"/tables/{table_id}/moves",
                               json={"move": number, "action": action})
    assert first.status_code == 200
    again = people[mover].post(f"/tables/{table_id}/moves",
                               json={"move": number, "action": action})
    assert again.status_code == 200, again.get_json()
    assert again.get_json() == first.get_json()
    after = people[mover].get(f"/tables/{table_id}/state").get_json()
    assert after["move_number"] == first.get_json()["move_number"], "the move was made twice"
    # Another seat sending that same action at that number did not make it: refused.
    other = people[(mover + 1) % len(people)]
    refused = other.post(f"/tables/{table_id}/moves", json={"move": number, "action": action})
    assert refused.status_code == 409
    # The same seat with a different action at the stale number: refused.
    offered = [_action(views[mover]["view"], random.Random(k)) for k in range(40)]
    different = next((a for a in offered if a != action), None)
    if different is not None:
        stale = people[mover].post(f"/tables/{table_id}/moves",
                                   json={"move": number, "action": different})
        assert stale.status_code == 409
        assert "out of date" in stale.get_json()["error"]
    assert people[mover].get(f"/tables/{table_id}/state").get_json()["move_number"] == \
        after["move_number"]


def test_a_move_reads_its_table_once_before_the_news_goes_out(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every round trip before the publish is latency for the other seats (issue 29): the
    locked read brings the seats along, and nothing reads the committed row again first."""
    table_id, people, mover, number, action = _first_move(app, seed=7)
    said: list[str] = []

    def statement(_conn: Any, _cursor: Any, text: str, *_rest: Any) -> None:
        said.append(" ".join(text.split()))

    real = notify.publish
    monkeypatch.setattr(notify, "publish",
                        lambda *a: said.append("(published)") or real(*a))
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", statement)
    try:
        moved = people[mover].post(f"/tables/{table_id}/moves",
                                   json={"move": number, "action": action})
    finally:
        event.remove(engine, "before_cursor_execute", statement)
    assert moved.status_code == 200, moved.get_json()
    before = said[:said.index("(published)")]
    reads = [s for s in before if s.startswith("SELECT")
             and ("FROM play_tables" in s or "FROM table_seats" in s)]
    assert len(reads) == 1, reads
