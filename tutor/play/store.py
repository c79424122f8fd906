"""Matches in the database (``Game``): created, loaded and saved in one step each.

A save is a compare-and-swap on ``version``: the row changes only if nobody changed it
since it was loaded, so two requests racing on one game cannot interleave their moves.
A failed move is never saved: the caller applies it to the loaded copy and saves only
when everything succeeded.

Loading and saving run on every move, so they are three one-row statements compiled once
per database dialect by SQLAlchemy and run on a DBAPI connection: the session's own, inside
its transaction, or for a save while the session has none, a pooled connection without
the session (see ``save``).  For these statements SQLAlchemy's execution layer costs
several times the database's own time (measured on SQLite: an ORM update and commit
409 µs, the same update on the driver with the session's commit 61 µs, on a pooled
connection alone about 50 µs); everything else keeps to the ORM.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from flask import abort, current_app
from flask_babel import gettext as _
from sqlalchemy import TextClause, text

from solver.errors import ConquianError
from solver.rules import RuleProfile
from tutor.extensions import db
from tutor.models import Game
from tutor.models.common import utcnow
from tutor.play.games import TableGame, game_from_dict


class GameChanged(Exception):
    """The game was changed by another request between load and save."""


@dataclass
class Loaded:
    id: str
    learner_id: int | None
    version: int
    game: TableGame
    """The caller's own copy: changing it changes nothing until ``save``."""
    token_hash: str | None = None
    """SHA-256 of the API token that also proves ownership (``None``: the session only)."""


CACHE_SIZE: Final = 512


@dataclass(frozen=True)
class _Cached:
    version: int
    game: TableGame
    stored: dict[str, Any]
    """``game.to_dict()``, as in the row at ``version``: never changed once cached."""
    learner_id: int | None
    token_hash: str | None
    """The game's owner, which never changes once the game is made."""


_cache: OrderedDict[str, _Cached] = OrderedDict()
_cache_lock = threading.Lock()
"""Recently used games of this process, by id.  The database stays the authority: the
row's ``version`` is read on every load, and a cached game is used as it is only when that
still matches.  When another process (another gunicorn worker) has saved moves since,
only those moves are replayed onto the cached game (``TableGame.continued``), not the
whole hand from its deal."""

_GAMES = Game.__table__
_HEAD = text("SELECT version, learner_id, level, token_hash FROM games WHERE id = :id")
# One round trip per load: the state comes along only when the cached copy is not current.
_LOAD = text(
    "SELECT version, learner_id, level, token_hash,"
    " CASE WHEN version = :known THEN NULL ELSE state END FROM games WHERE id = :id"
)
_SAVE = text(
    "UPDATE games SET state = :state, version = :new, updated_at = :now"
    " WHERE id = :id AND version = :old"
)


@dataclass(frozen=True)
class _Sql:
    """The statements above in one dialect's SQL and parameter style, with the column
    types' own converters (JSON through the engine's serializer, times for SQLite)."""

    head: tuple[str, tuple[str, ...] | None]
    load: tuple[str, tuple[str, ...] | None]
    save: tuple[str, tuple[str, ...] | None]
    state_in: Callable[[Any], Any]
    state_out: Callable[[Any], Any]
    time_in: Callable[[Any], Any]
    own_commit: bool
    """SQLite: the save's update commits by itself (see ``_save_alone``)."""


_dialects: dict[str, _Sql] = {}


def _sql(dialect: Any = None) -> _Sql:
    """The statements in ``dialect`` (default: the session's bind's; a caller holding the
    session's connection passes its dialect, which spares finding the bind again)."""
    dialect = dialect or db.session.get_bind().dialect
    prepared = _dialects.get(dialect.name)
    if prepared is None:
        def compiled(clause: TextClause) -> tuple[str, tuple[str, ...] | None]:
            result = clause.compile(dialect=dialect)
            names = result.positiontup
            return result.string, None if not names else tuple(names)

        def same(value: Any) -> Any:
            return value

        prepared = _dialects[dialect.name] = _Sql(
            compiled(_HEAD), compiled(_LOAD), compiled(_SAVE),
            _GAMES.c.state.type.bind_processor(dialect) or same,
            _GAMES.c.state.type.result_processor(dialect, None) or same,
            _GAMES.c.updated_at.type.bind_processor(dialect) or same,
            dialect.name == "sqlite",
        )
    return prepared


def _execute(statement: tuple[str, tuple[str, ...] | None], values: dict[str, Any],
             connection: Any = None) -> Any:
    """Run one statement on the session's DBAPI connection; answers the DBAPI cursor."""
    sql, names = statement
    cursor = (connection or db.session.connection()).connection.cursor()
    cursor.execute(sql, values if names is None else tuple(values[n] for n in names))
    return cursor


def _copy(game: TableGame) -> TableGame:
    return game.copy()


def _remember(game_id: str, version: int, game: TableGame, stored: dict[str, Any],
              learner_id: int | None, token_hash: str | None, *, copy: bool = True) -> None:
    """Cache ``game`` at ``version``.  ``copy=False`` when the caller will not change it any
    more (a cached game is only ever read: every request works on its own copy)."""
    with _cache_lock:
        _cache[game_id] = _Cached(version, _copy(game) if copy else game, stored, learner_id,
                                  token_hash)
        _cache.move_to_end(game_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def clear_cache() -> None:
    """Forget every cached game, as a restarted process would."""
    with _cache_lock:
        _cache.clear()


def create(game: TableGame, learner_id: int | None, token_hash: str | None = None) -> str:
    game_id = secrets.token_hex(16)  # 128 random bits: unguessable, but not a secret
    now = utcnow()
    stored = game.to_dict()
    db.session.add(Game(id=game_id, learner_id=learner_id, level=game.level,
                        token_hash=token_hash, state=stored, version=0, created_at=now,
                        updated_at=now))
    db.session.commit()
    _remember(game_id, 0, game, stored, learner_id, token_hash)
    return game_id


@dataclass(frozen=True)
class Head:
    version: int
    learner_id: int | None
    level: str
    token_hash: str | None


def head(game_id: str) -> Head | None:
    """The version, owner and level of a game, without its state."""
    if not isinstance(game_id, str) or len(game_id) != 32:
        return None
    cursor = _execute(_sql().head, {"id": game_id})
    row = cursor.fetchone()
    cursor.close()
    return None if row is None else Head(row[0], row[1], row[2], row[3])


def cached(game_id: str) -> Loaded | None:
    """This process's latest copy of the game, without asking the database: another process
    may have saved moves since.  ``save`` finds out (``GameChanged``), and the caller then
    loads the game and tries again, so a move is never applied to a stale game."""
    with _cache_lock:
        found = _cache.get(game_id)
    if found is None:
        return None
    return Loaded(game_id, found.learner_id, found.version, _copy(found.game), found.token_hash)


def load(game_id: str) -> Loaded | None:
    """The game with this id (``InvalidGameError`` if its stored form does not replay)."""
    if not isinstance(game_id, str) or len(game_id) != 32:
        return None
    with _cache_lock:
        cached = _cache.get(game_id)
    sql = _sql()
    cursor = _execute(sql.load, {"id": game_id, "known": -1 if cached is None
                                 else cached.version})
    row = cursor.fetchone()
    cursor.close()
    if row is None:
        return None
    version, learner_id, level, token_hash, raw = row
    if raw is None:  # the cached copy is the current version
        assert cached is not None and cached.version == version
        return Loaded(game_id, learner_id, version, _copy(cached.game), token_hash)
    stored = sql.state_out(raw)
    game = None
    if cached is not None and cached.version < version and cached.game.level == level:
        game = cached.game.continued(cached.stored, stored)
    if game is None:
        game = game_from_dict(stored, level)
    _remember(game_id, version, game, stored, learner_id, token_hash)
    return Loaded(game_id, learner_id, version, game, token_hash)


def load_playable(game_id: str) -> Loaded | None:
    """:func:`load` for a page or the API: a stored game that no longer replays is answered
    409 with a message saying so (and logged), never a 500."""
    try:
        return load(game_id)
    except ConquianError:
        current_app.logger.exception("stored game %s does not load", game_id)
        abort(409, description=_("This game was stored in a form that can no longer be "
                                 "read, so it cannot be played on. Start a new match."))


def _session_busy() -> bool:
    """Whether this request's session holds a transaction (rows read or changes made)."""
    return bool(db.session.registry.has() and db.session().in_transaction())


def save(loaded: Loaded, game: TableGame) -> int:
    """Store the changed game, only if nobody changed it since ``load`` (else GameChanged).
    Returns the new version.

    When the request's session has a transaction going, the update joins it and the
    session commits, with whatever else it holds.  Otherwise (a move on this process's
    cached game: nothing read or written yet) it runs on a connection of the engine's
    pool without the session, whose begin and commit cost more than the update itself."""
    version = loaded.version + 1
    stored = game.to_dict()
    busy = _session_busy()
    connection = db.session.connection() if busy else None
    sql = _sql(connection.dialect if connection is not None else db.engine.dialect)
    values = {"state": sql.state_in(stored), "new": version, "now": sql.time_in(utcnow()),
              "id": loaded.id, "old": loaded.version}
    if connection is not None:
        cursor = _execute(sql.save, values, connection)
        changed = cursor.rowcount
        cursor.close()
        if changed != 1:
            db.session.rollback()
            raise GameChanged(loaded.id)
        db.session.commit()
    else:
        _save_alone(sql, values, loaded.id)
    # The caller only reads the saved game (for its view): no copy needed.
    _remember(loaded.id, version, game, stored, loaded.learner_id, loaded.token_hash,
              copy=False)
    return version


def _save_alone(sql: _Sql, values: dict[str, Any], game_id: str) -> None:
    """The save's update and commit on a pooled connection of its own.

    On SQLite the update runs in autocommit mode: the database's write lock, which every
    process's saves share, is then taken and given back inside the one call.  Begun and
    committed in two calls, the lock stayed held while the thread waited for the
    interpreter's lock between them, and the other process's saves slept in SQLite's busy
    handler meanwhile (issue 28: bench-web-wrk's Colonel actions 1,200 to 1,460 a second)."""
    raw = db.engine.raw_connection()
    driver: Any = raw.driver_connection if sql.own_commit else None
    isolation = None if driver is None else driver.isolation_level
    try:
        statement, names = sql.save
        if driver is not None:
            driver.isolation_level = None  # autocommit: the compare-and-swap is one statement
        cursor = raw.cursor()
        cursor.execute(statement, values if names is None else tuple(values[n] for n in names))
        changed = cursor.rowcount
        cursor.close()
        if changed != 1:
            raw.rollback()
            raise GameChanged(game_id)
        raw.commit()
    finally:
        if driver is not None:
            driver.isolation_level = isolation
        raw.close()  # back to the pool


def learner_games(learner_id: int, limit: int = 10) -> list[Game]:
    return list(
        db.session.execute(
            db.select(Game).filter_by(learner_id=learner_id)
            .order_by(Game.updated_at.desc()).limit(limit)
        ).scalars()
    )


@dataclass(frozen=True)
class Summary:
    """One of a learner's games, as the /play/ page lists it."""

    id: str
    rules: RuleProfile
    level: str
    score: list[int]
    target: int | None
    hand: int
    over: bool
    updated: Any


def summaries(learner_id: int, limit: int = 10) -> list[Summary]:
    """The learner's latest games, newest first; a stored game that no longer reads is left
    out (its page says why)."""
    found = []
    for row in learner_games(learner_id, limit):
        try:
            game = game_from_dict(row.state, row.level)
        except ConquianError:
            continue
        found.append(Summary(row.id, game.rules, row.level, game.score, game.target,
                             game.hand_index + 1, game.match_over, row.updated_at))
    return found
