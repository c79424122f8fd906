"""Table chat: off by default; plain text, at most ``MAX_LENGTH`` characters, at most
``LIMIT`` per player, shown escaped (the templates' autoescape, and ``textContent`` in
static/tables.js).

Who switches it: at a class table (its host is a member of a class) the class's teacher,
who answers for what the class reads; at any other table its host.  Who writes: the seated
players (also while a computer keeps their seat) and, at a class table, its teacher;
spectators read.  A message goes on the table's push channel by id only
(:func:`tutor.tables.notify.publish_chat`); pages read the text by id
(``/tables/<id>/chat?after=<id>``), so a page that reconnects reads what it missed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Final, cast

from flask import Flask, current_app
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import select

from solver.messages import N_
from tutor.extensions import db
from tutor.models import PlayTable
from tutor.models.classes import Classroom, Membership
from tutor.models.tables import TableMessage
from tutor.tables import notify
from tutor.tables.services import Conflict, Forbidden, TableError, get_table, seat_of

MAX_LENGTH: Final = 200
LIMIT: Final = "5 per 10 seconds"
"""Per player and table (``TABLE_CHAT_LIMIT`` in the app's config)."""
PAGE: Final = 100
"""The most messages one read answers (the latest ones)."""


class TooFast(TableError):
    status = 429

    def __init__(self, wait: int, item: RateLimitItem) -> None:
        super().__init__(N_("you are writing too fast: at most {count} messages every "
                            "{seconds} seconds; wait {wait} s, then send it again"),
                         count=item.amount, seconds=item.get_expiry(), wait=wait)
        self.wait = wait


@dataclass(frozen=True)
class Author:
    """Who is asking: the browser's learner, and the logged-in teacher's account id."""

    learner_id: int | None
    teacher_id: int | None = None


def is_on(table: PlayTable) -> bool:
    return bool(table.options.get("chat", False))


def teachers_of(table: PlayTable) -> set[int]:
    """The accounts of the teachers of the classes the host belongs to (empty: not a class
    table)."""
    query = (select(Classroom.owner_id).join(Membership,
                                              Membership.classroom_id == Classroom.id)
             .where(Membership.learner_id == table.host_id))
    return set(db.session.scalars(query))


def may_switch(table: PlayTable, who: Author) -> bool:
    teachers = teachers_of(table)
    if teachers:
        return who.teacher_id in teachers
    return who.learner_id is not None and who.learner_id == table.host_id


def may_write(table: PlayTable, who: Author) -> bool:
    if seat_of(table, who.learner_id) is not None:
        return True
    return who.teacher_id is not None and who.teacher_id in teachers_of(table)


def switch(table_id: str, who: Author, on: bool) -> bool:
    """Turns the table's chat on or off; whether it is on now."""
    table = get_table(table_id, lock=True)
    if not may_switch(table, who):
        db.session.rollback()
        if teachers_of(table):
            raise Forbidden(N_("only the class's teacher may turn the chat of a class "
                               "table on or off"))
        raise Forbidden(N_("only the host of this table may turn its chat on or off"))
    table.options = {**table.options, "chat": bool(on)}
    db.session.commit()
    notify.publish_chat(table.id, latest(table.id))  # open pages read the switch
    return bool(on)


def tidy(text: object) -> str:
    """One line of plain text: runs of white space (line breaks too) become one space."""
    if not isinstance(text, str):
        raise TableError(N_("a chat message must be text (field text)"))
    return " ".join(text.split())


def post(table_id: str, who: Author, text: object) -> TableMessage:
    """Saves a message (every check before it counts against the limit) and announces it."""
    table = get_table(table_id)
    if not is_on(table):
        raise Conflict(N_("the chat is off at this table"))
    if not may_write(table, who):
        raise Forbidden(N_("only the players seated at this table may write in its chat: "
                           "spectators read it"))
    line = tidy(text)
    if not line:
        raise TableError(N_("the message is empty: write something first"))
    if len(line) > MAX_LENGTH:
        raise TableError(N_("a message holds at most {most} characters, not {count}"),
                         most=MAX_LENGTH, count=len(line))
    _take_place(table.id, who)
    seat = seat_of(table, who.learner_id)
    message = TableMessage(table_id=table.id, learner_id=who.learner_id, seat=seat,
                           text=line)
    db.session.add(message)
    db.session.commit()
    notify.publish_chat(table.id, message.id)
    return message


def latest(table_id: str) -> int:
    """The id of the table's latest message (0: none yet)."""
    found = db.session.scalar(select(db.func.max(TableMessage.id))
                              .where(TableMessage.table_id == table_id))
    return int(found or 0)


def since(table_id: str, after: int | None) -> list[TableMessage]:
    """The messages after id ``after`` (all with None), oldest first, at most ``PAGE``
    (the latest ones)."""
    query = select(TableMessage).where(TableMessage.table_id == table_id)
    if after is not None:
        query = query.where(TableMessage.id > after)
    rows = db.session.scalars(query.order_by(TableMessage.id.desc()).limit(PAGE)).all()
    return list(reversed(rows))


# --- the limit ------------------------------------------------------------------------------


def _limit_text() -> str:
    return str(current_app.config.get("TABLE_CHAT_LIMIT", LIMIT))


class _Limits:
    """The app's moving windows (its rate-limit storage, Redis across servers), with memory
    to fall back on while that storage cannot be reached."""

    def __init__(self, app: Flask) -> None:
        uri = str(app.config.get("RATELIMIT_STORAGE_URI", "memory://"))
        options = dict(app.config.get("RATELIMIT_STORAGE_OPTIONS", {}))
        self.main = MovingWindowRateLimiter(cast(Storage, storage_from_string(uri, **options)))
        self.memory = MovingWindowRateLimiter(MemoryStorage())

    def run(self, step: Any) -> Any:
        try:
            return step(self.main)
        except Exception:  # the storage is away: count in this process meanwhile
            current_app.logger.warning("table chat limit storage unreachable: in memory")
            return step(self.memory)


def _limits() -> _Limits:
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    found = app.extensions.get("table_chat_limits")
    if found is None:
        found = app.extensions.setdefault("table_chat_limits", _Limits(app))
    return cast(_Limits, found)


def _take_place(table_id: str, who: Author) -> None:
    item: RateLimitItem = parse(_limit_text())
    person = f"l{who.learner_id}" if who.learner_id is not None else f"t{who.teacher_id}"
    keys = ("table-chat", table_id, person)
    limits = _limits()
    if limits.run(lambda limiter: limiter.hit(item, *keys)):
        return
    reset = limits.run(lambda limiter: limiter.get_window_stats(item, *keys))[0]
    raise TooFast(max(1, math.ceil(reset - time.time())), item)
