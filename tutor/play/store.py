"""Matches in the database (``Game``): created, loaded and saved in one step each.

A save is a compare-and-swap on ``updated_at``: the row changes only if nobody changed it
since it was loaded, so two requests racing on one game cannot interleave their moves.
A failed move is never saved: the caller applies it to the loaded copy and saves only
when everything succeeded.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from sqlalchemy import select, update

from tutor.extensions import db
from tutor.models import Game
from tutor.models.common import utcnow
from tutor.play.games import MatchGame


class GameChanged(Exception):
    """The game was changed by another request between load and save."""


@dataclass
class Loaded:
    id: str
    learner_id: int | None
    version: datetime
    game: MatchGame
    """The caller's own copy: changing it changes nothing until ``save``."""


CACHE_SIZE: Final = 512
_cache: OrderedDict[str, tuple[datetime, MatchGame]] = OrderedDict()
_cache_lock = threading.Lock()
"""Recently used games of this process, by id, with the version they were read at.  The
database stays the authority: a cached game is used only when the row's ``updated_at``
still matches, so replaying the stored hand is saved, never a change missed."""


def _copy(game: MatchGame) -> MatchGame:
    return MatchGame(game.seed, game.level, game.state.clone(), list(game.finished))


def _remember(game_id: str, version: datetime, game: MatchGame) -> None:
    with _cache_lock:
        _cache[game_id] = (version, _copy(game))
        _cache.move_to_end(game_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def create(game: MatchGame, learner_id: int | None) -> str:
    game_id = secrets.token_hex(16)  # 128 random bits: the id is the key to the game
    now = utcnow()
    db.session.add(Game(id=game_id, learner_id=learner_id, level=game.level,
                        state=game.to_dict(), created_at=now, updated_at=now))
    db.session.commit()
    return game_id


def head(game_id: str) -> tuple[datetime, int | None, str] | None:
    """The version (``updated_at``), learner and level of a game, without its state."""
    if not isinstance(game_id, str) or len(game_id) != 32:
        return None
    row = db.session.execute(
        select(Game.updated_at, Game.learner_id, Game.level).where(Game.id == game_id)
    ).one_or_none()
    return None if row is None else (row[0], row[1], row[2])


def load(game_id: str) -> Loaded | None:
    """The game with this id (``InvalidGameError`` if its stored form does not replay)."""
    found = head(game_id)
    if found is None:
        return None
    version, learner_id, level = found
    with _cache_lock:
        cached = _cache.get(game_id)
    if cached is not None and cached[0] == version:
        return Loaded(game_id, learner_id, version, _copy(cached[1]))
    row = db.session.execute(
        select(Game.state, Game.updated_at).where(Game.id == game_id)
    ).one_or_none()
    if row is None:
        return None
    state, version = row
    game = MatchGame.from_dict(state, level)
    _remember(game_id, version, game)
    return Loaded(game_id, learner_id, version, game)


def save(loaded: Loaded, game: MatchGame) -> datetime:
    """Store the changed game, only if nobody changed it since ``load`` (else GameChanged)."""
    version = utcnow()
    result = db.session.execute(
        update(Game)
        .where(Game.id == loaded.id, Game.updated_at == loaded.version)
        .values(state=game.to_dict(), updated_at=version)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        db.session.rollback()
        raise GameChanged(loaded.id)
    db.session.commit()
    _remember(loaded.id, version, game)
    return version


def learner_games(learner_id: int, limit: int = 10) -> list[Game]:
    return list(
        db.session.execute(
            db.select(Game).filter_by(learner_id=learner_id)
            .order_by(Game.updated_at.desc()).limit(limit)
        ).scalars()
    )
