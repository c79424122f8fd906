"""Storage of matches: a save is a compare-and-swap, the cache never hides a change, and a
stored match is exactly what the engine's stored-hand format reads.  The store runs its
statements on the driver itself, so every test here runs on SQLite and, when scripts/test
provides a server, on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from solver.game.record import state_from_dict
from tests.backends import BACKENDS, fresh_schema, postgres_url
from tests.play.conftest import make_app
from tutor.extensions import db
from tutor.models import Game
from tutor.models.common import utcnow
from tutor.play import store
from tutor.play.games import TableGame, game_from_dict, new_match


@pytest.fixture(params=BACKENDS)
def app(request: pytest.FixtureRequest, db_path: Path) -> Iterator[Flask]:
    postgres = request.param == "postgres"
    extra = {"SQLALCHEMY_DATABASE_URI": postgres_url()} if postgres else {}
    store.clear_cache()  # ids are random, but a clean cache keeps each test on its own
    with fresh_schema(make_app(db_path, **extra), postgres) as app:
        yield app


def test_a_stale_copy_cannot_overwrite_a_newer_move(app: Flask) -> None:
    with app.test_request_context():
        game_id = store.create(new_match("medium", 5), None)
        first = store.load(game_id)
        second = store.load(game_id)
        assert first is not None and second is not None
        first.game.act(_any(first.game))
        store.save(first, first.game)
        second.game.act(_any(second.game))
        with pytest.raises(store.GameChanged):
            store.save(second, second.game)
        again = store.load(game_id)
        assert again is not None
        assert again.game.to_dict() == first.game.to_dict()


def _saved_elsewhere(game_id: str, moves: int, action: object = None) -> TableGame:
    """Another process (say the other gunicorn worker) plays ``moves`` moves on the stored
    game and saves each one as ``store.save`` does, behind this process's cache."""
    for _ in range(moves):
        row = db.session.get(Game, game_id)
        assert row is not None
        changed = game_from_dict(row.state, row.level)
        changed.act(action if action is not None else _any(changed))
        db.session.execute(
            db.update(Game).where(Game.id == game_id)
            .values(state=changed.to_dict(), version=row.version + 1, updated_at=utcnow())
        )
        db.session.commit()
        db.session.expire_all()
    return changed


def test_the_cache_follows_the_database(app: Flask) -> None:
    with app.test_request_context():
        game_id = store.create(new_match("easy", 8), None)
        loaded = store.load(game_id)
        assert loaded is not None
        changed = _saved_elsewhere(game_id, 1)
        reloaded = store.load(game_id)
        assert reloaded is not None
        assert reloaded.version == loaded.version + 1
        assert reloaded.game.to_dict() == changed.to_dict()


def test_moves_saved_elsewhere_are_replayed_onto_the_cached_game(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    with app.test_request_context():
        game_id = store.create(new_match("medium", 21), None)
        assert store.load(game_id) is not None  # cached here at version 0
        changed = _saved_elsewhere(game_id, 3)

        def no_full_replay(*args: object) -> TableGame:
            raise AssertionError("the whole hand was replayed")

        monkeypatch.setattr(TableGame, "from_dict", no_full_replay)
        reloaded = store.load(game_id)
        assert reloaded is not None and reloaded.version == 3
        assert reloaded.game.to_dict() == changed.to_dict()
        assert reloaded.game.state.history == changed.state.history


def test_a_new_hand_saved_elsewhere_is_read_whole(app: Flask) -> None:
    with app.test_request_context():
        game = new_match("easy", 4)
        while not game.hand_over:
            game.act(_any(game))
        game_id = store.create(game, None)
        assert store.load(game_id) is not None  # cached: the first hand, over
        changed = _saved_elsewhere(game_id, 1, {"type": "next_hand"})
        reloaded = store.load(game_id)
        assert reloaded is not None
        assert reloaded.game.hand_index == 1
        assert reloaded.game.to_dict() == changed.to_dict()


def test_the_stored_state_is_the_engine_format(app: Flask) -> None:
    with app.test_request_context():
        game = new_match("hard", 12)
        game_id = store.create(game, None)
        row = db.session.get(Game, game_id)
        assert row is not None
        state = state_from_dict(row.state)  # the current hand, as solver.game reads it
        assert state.history == game.state.history
        assert game_from_dict(row.state).seed == 12 and row.level == "hard"
        assert row.state["table"]["level"] == "hard"


def _any(game: TableGame) -> dict[str, object]:
    from solver.game.conquian.view import observe

    action = observe(game.state, 0).legal_actions()[0]
    return action.to_dict()


def test_a_move_on_the_cached_game_is_saved_without_the_session(app: Flask) -> None:
    """The move of a request that read nothing yet (this process's cached game) is stored
    on a pooled connection: no session is begun for it, the row has the move, and a
    stale copy is still refused there without changing the row."""
    with app.app_context():
        game_id = store.create(new_match("medium", 6), None)
    with app.test_request_context():
        first, second = store.cached(game_id), store.cached(game_id)
        assert first is not None and second is not None
        first.game.act(_any(first.game))
        assert store.save(first, first.game) == 1
        assert not db.session.registry.has()  # no session: no begin, no commit of its own
        second.game.act(_any(second.game))
        with pytest.raises(store.GameChanged):
            store.save(second, second.game)
        assert not db.session.registry.has()
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None and row.version == 1
        assert row.state == first.game.to_dict()


def test_a_save_after_a_read_joins_the_session(app: Flask) -> None:
    """A request that has read through the session saves in its transaction, and the
    session commits it (its other changes with it)."""
    with app.app_context():
        game_id = store.create(new_match("medium", 7), None)
    with app.test_request_context():
        loaded = store.load(game_id)
        assert loaded is not None and db.session().in_transaction()
        row = db.session.get(Game, game_id)
        assert row is not None
        row.level = "hard"  # a change of the session's own
        loaded.game.act(_any(loaded.game))
        assert store.save(loaded, loaded.game) == 1
        assert not db.session().in_transaction()  # committed
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None and row.version == 1 and row.level == "hard"
        assert row.state == loaded.game.to_dict()


def test_a_save_on_sqlite_holds_the_write_lock_for_one_statement(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite's write lock is shared by every process's saves: the save's update commits by
    itself (no BEGIN, no COMMIT: the lock never waits for this thread between two calls),
    a stale copy is still refused, and the pooled connection is given back as it was."""
    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            pytest.skip("SQLite's locking only")
        game_id = store.create(new_match("medium", 8), None)
    statements: list[str] = []
    connections: list[object] = []

    def traced() -> object:
        raw = raw_connection()
        raw.driver_connection.set_trace_callback(statements.append)
        connections.append(raw.driver_connection)
        return raw

    with app.test_request_context():
        first, second = store.cached(game_id), store.cached(game_id)
        assert first is not None and second is not None
        first.game.act(_any(first.game))
        second.game.act(_any(second.game))
        raw_connection = db.engine.raw_connection
        monkeypatch.setattr(db.engine, "raw_connection", traced)
        assert store.save(first, first.game) == 1
        with pytest.raises(store.GameChanged):
            store.save(second, second.game)
        monkeypatch.undo()
    assert [s.split()[0] for s in statements] == ["UPDATE", "UPDATE"]
    for driver in connections:
        driver.set_trace_callback(None)  # type: ignore[attr-defined]
        assert driver.isolation_level == ""  # type: ignore[attr-defined]
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None and row.version == 1 and row.state == first.game.to_dict()
