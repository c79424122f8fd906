"""Storage of matches: a save is a compare-and-swap, the cache never hides a change, and a
stored match is exactly what the engine's stored-hand format reads."""

from __future__ import annotations

import pytest
from flask import Flask

from solver.game.record import state_from_dict
from tutor.extensions import db
from tutor.models import Game
from tutor.models.common import utcnow
from tutor.play import store
from tutor.play.games import MatchGame, new_match


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


def test_the_cache_follows_the_database(app: Flask) -> None:
    with app.test_request_context():
        game_id = store.create(new_match("easy", 8), None)
        loaded = store.load(game_id)
        assert loaded is not None
        # another process changes the row behind this one's cache
        row = db.session.get(Game, game_id)
        assert row is not None
        changed = MatchGame.from_dict(row.state, row.level)
        changed.act(_any(changed))
        db.session.execute(
            db.update(Game).where(Game.id == game_id)
            .values(state=changed.to_dict(), updated_at=utcnow())
        )
        db.session.commit()
        reloaded = store.load(game_id)
        assert reloaded is not None
        assert reloaded.game.to_dict() == changed.to_dict()


def test_the_stored_state_is_the_engine_format(app: Flask) -> None:
    with app.test_request_context():
        game = new_match("hard", 12)
        game_id = store.create(game, None)
        row = db.session.get(Game, game_id)
        assert row is not None
        state = state_from_dict(row.state)  # the current hand, as solver.game reads it
        assert state.history == game.state.history
        assert row.state["match"]["seed"] == 12 and row.level == "hard"


def _any(game: MatchGame) -> dict[str, object]:
    from solver.game.observation import observe

    action = observe(game.state, 0).legal_actions()[0]
    return action.to_dict()
