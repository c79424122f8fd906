"""Two servers find a seat's grace period over at the same moment: the computer takes it
over and plays its turn once — one check commits, the other finds nothing due (PostgreSQL's
row lock) or is refused by the move-number compare-and-swap (SQLite), and the table's
history holds each computer move once."""

from __future__ import annotations

import secrets
import threading
from pathlib import Path
from typing import Any

import pytest

from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.backends import BACKENDS, fresh_schema, postgres_url
from tests.play.conftest import make_app
from tests.tables.test_presence import Clock
from tutor.extensions import db
from tutor.models import Learner, PlayTable
from tutor.tables import services


def _learner() -> int:
    row = Learner(token=secrets.token_urlsafe(32))
    db.session.add(row)
    db.session.commit()
    return int(row.id)


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_checks_at_once_take_a_seat_over_once(backend: str, db_path: Path) -> None:
    extra: dict[str, Any] = {"SQLALCHEMY_DATABASE_URI": postgres_url()} \
        if backend == "postgres" else {}
    clock = Clock()
    app = make_app(db_path, CLOCK=clock, TABLES_REDIS_URL=None, **extra)
    rules = next(r for r in GAMES if get_profile(r).min_players <= 2)
    with fresh_schema(app, backend == "postgres"):
        with app.app_context():
            host, guest = _learner(), _learner()
            table_id = services.open_table(host, rules, 2, grace=30).id
            services.join(table_id, guest)
            services.start(table_id, host, seed=5)
            for _ in range(50):  # the host moves until it is the guest's turn
                table = services.get_table(table_id)
                game = services.load_game(table)
                if game.state.current_player() == 1:
                    break
                action = game.state.legal_actions()[0].to_dict()
                services.move(table_id, host, table.move_number, action)
            before = services.get_table(table_id).move_number
            db.session.remove()
        clock.forward(31)
        with app.app_context():  # the host is here (their poll runs the check)
            services.touch(services.get_table(table_id), 0)
            db.session.remove()
        answers: list[Any] = []
        ready = threading.Barrier(2)

        def check() -> None:
            with app.app_context():
                ready.wait()
                try:
                    answers.append(services.take_over_due(table_id))
                except services.TableError as exc:
                    answers.append(exc)
                finally:
                    db.session.remove()

        threads = [threading.Thread(target=check) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        done = [a for a in answers if isinstance(a, int)]
        assert len(done) == 1, answers
        other = next(a for a in answers if a is not done[0])
        assert other is None or (isinstance(other, services.TableError)
                                 and other.status == 409), answers
        with app.app_context():
            row = db.session.get(PlayTable, table_id)
            assert row is not None and row.move_number == done[0] > before
            assert {s.seat: s.kind for s in row.seats} == {0: "human", 1: "computer"}
            game = services.load_game(row)
            assert row.hand_start + len(game.state.history) == row.move_number  # once each
