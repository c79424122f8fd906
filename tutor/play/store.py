"""Matches in the database (``Game``): created, loaded and saved in one step each.

A save is a compare-and-swap on ``updated_at``: the row changes only if nobody changed it
since it was loaded, so two requests racing on one game cannot interleave their moves.
A failed move is never saved: the caller applies it to the loaded copy and saves only
when everything succeeded.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import update

from tutor.extensions import db
from tutor.models import Game
from tutor.models.common import utcnow
from tutor.play.games import MatchGame


class GameChanged(Exception):
    """The game was changed by another request between load and save."""


@dataclass
class Loaded:
    row: Game
    game: MatchGame
    version: datetime


def create(game: MatchGame, learner_id: int | None) -> str:
    game_id = secrets.token_hex(16)  # 128 random bits: the id is the key to the game
    now = utcnow()
    db.session.add(Game(id=game_id, learner_id=learner_id, level=game.level,
                        state=game.to_dict(), created_at=now, updated_at=now))
    db.session.commit()
    return game_id


def load(game_id: str) -> Loaded | None:
    if not isinstance(game_id, str) or len(game_id) != 32:
        return None
    row = db.session.get(Game, game_id)
    if row is None:
        return None
    return Loaded(row, MatchGame.from_dict(row.state, row.level), row.updated_at)


def save(loaded: Loaded, game: MatchGame) -> None:
    result = db.session.execute(
        update(Game)
        .where(Game.id == loaded.row.id, Game.updated_at == loaded.version)
        .values(state=game.to_dict(), updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        db.session.rollback()
        raise GameChanged(loaded.row.id)
    db.session.commit()


def learner_games(learner_id: int, limit: int = 10) -> list[Game]:
    return list(
        db.session.execute(
            db.select(Game).filter_by(learner_id=learner_id)
            .order_by(Game.updated_at.desc()).limit(limit)
        ).scalars()
    )
