"""What a live table's requests would otherwise work out again and again, kept in process
memory (issue 29: every move is followed by every seat's read of the new state).

* The loaded game of a table at a move number.  A table's stored game changes only with
  its move number (every change is a compare-and-swap on that number, and a takeover
  that moves nothing stores the same game), so ``(table id, move number, hand start)``
  names one game for good.  The game kept is shared by every reader: readers never change
  it (the changes of ``tutor.tables.services`` load a game of their own).
* The log line of a step as one seat is told it: a pure function of what the seat sees of
  the step, who made it and the language, so a hand's earlier steps are told once per
  process instead of at every read.

Both are bounded (least recently used out first).  ``TABLES_MEMO = False`` in the app's
config turns them off (the tests compare the answers both ways).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, Final

import orjson
from cachetools import LRUCache
from flask import current_app, has_app_context
from flask_babel import get_locale

from tutor.play.describe import Translate, tell
from tutor.play.games import TableGame

GAMES_KEPT: Final = 512
"""Tables' games kept per process (a game of a hand in play is some tens of kB)."""
LINES_KEPT: Final = 50_000
"""Log lines kept per process (a short dict each)."""

_games: LRUCache[tuple[str, int, int], TableGame] = LRUCache(maxsize=GAMES_KEPT)
_lines: LRUCache[tuple[Any, ...], str] = LRUCache(maxsize=LINES_KEPT)
_lock = threading.Lock()
"""An LRU read reorders the cache: every read and write of either takes this lock."""


def _get(cache: LRUCache[Any, Any], key: Hashable) -> Any | None:
    with _lock:
        return cache.get(key)


def _put(cache: LRUCache[Any, Any], key: Hashable, value: Any) -> None:
    with _lock:
        cache[key] = value


def on() -> bool:
    return not has_app_context() or bool(current_app.config.get("TABLES_MEMO", True))


def game(table_id: str, number: int, hand_start: int,
         load: Callable[[], TableGame]) -> TableGame:
    """The table's game at move ``number``, shared: never change it."""
    if not on():
        return load()
    key = (table_id, number, hand_start)
    found: TableGame | None = _get(_games, key)
    if found is None:
        found = load()
        _put(_games, key, found)
    return found


def keep(table_id: str, number: int, hand_start: int, stored: TableGame) -> None:
    """The game just stored at move ``number`` (its writer changes it no more)."""
    if on():
        _put(_games, (table_id, number, hand_start), stored)


Teller = Callable[[dict[str, Any], int, str, bool], str]
"""``teller(data, actor, who, opening)``: ``tell(data, actor, who, translate,
opening=opening)``."""


def teller(translate: Translate) -> Teller:
    """``tell`` in this request's language, each line told once per process."""
    if not on():
        return lambda data, actor, who, opening: tell(data, actor, who, translate,
                                                      opening=opening)
    language = str(get_locale())

    def told(data: dict[str, Any], actor: int, who: str, opening: bool) -> str:
        key = (orjson.dumps(data, option=orjson.OPT_SORT_KEYS), actor, who, opening,
               language)
        text: str | None = _get(_lines, key)
        if text is None:
            text = tell(data, actor, who, translate, opening=opening)
            _put(_lines, key, text)
        return text

    return told


def clear() -> None:
    with _lock:
        _games.clear()
        _lines.clear()
