"""Two moves made at the same move number at once (two servers, say): one is applied, the
other answers 409 and applies nothing — on PostgreSQL the table's row is locked
(``SELECT … FOR UPDATE``), on both databases the save is a compare-and-swap on the move
number.  The same move sent twice at once (a retry) is applied once, and both get its
answer."""

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
from tutor.extensions import db
from tutor.models import Learner, PlayTable
from tutor.tables import services


@pytest.mark.parametrize("same", [False, True], ids=["two-actions", "one-action-twice"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_two_moves_at_one_number_apply_once(backend: str, db_path: Path, same: bool) -> None:
    extra = {"SQLALCHEMY_DATABASE_URI": postgres_url()} if backend == "postgres" else {}
    app = make_app(db_path, **extra)
    rules = next(r for r in GAMES if get_profile(r).max_players == 2)
    with fresh_schema(app, backend == "postgres"):
        with app.app_context():
            host = Learner(token=secrets.token_urlsafe(32))
            db.session.add(host)
            db.session.commit()
            host_id = host.id
            table_id = services.open_table(host_id, rules, 2).id
            services.fill_with_computers(table_id, host_id, "easy")
            number = services.start(table_id, host_id, seed=3)
            game = services.load_game(services.get_table(table_id))
            assert game.state.current_player() == 0  # the computer has moved
            legal = game.state.legal_actions()
            actions = [legal[0].to_dict(), legal[0 if same else 1].to_dict()]
        answers: list[Any] = []
        ready = threading.Barrier(2)

        def play(action: dict[str, Any]) -> None:
            with app.app_context():
                ready.wait()
                try:
                    answers.append(services.move(table_id, host_id, number, action))
                except services.TableError as exc:
                    answers.append(exc)
                finally:
                    db.session.remove()

        threads = [threading.Thread(target=play, args=(a,)) for a in actions]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        done = [a for a in answers if isinstance(a, int)]
        refused = [a for a in answers if isinstance(a, services.TableError)]
        if same:
            assert len(done) == 2 and done[0] == done[1], answers
        else:
            assert len(done) == 1 and len(refused) == 1, answers
            assert refused[0].status == 409
        with app.app_context():
            row = db.session.get(PlayTable, table_id)
            assert row is not None and row.move_number == done[0]
            steps = len(services.load_game(row).state.history)
            assert steps == len(game.state.history) + done[0] - number  # applied once
