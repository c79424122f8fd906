"""Live tables where people play one another (and computer players) in any profile."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from tutor.extensions import db
from tutor.models.common import NumberedRow, reference, timestamp


class PlayTable(db.Model):  # type: ignore[name-defined]
    """One table: its options, who hosts it, and its game as the server holds it."""

    __tablename__ = "play_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # random, unguessable
    code: Mapped[str] = mapped_column(String(12), unique=True, index=True)  # the invite code
    rules: Mapped[str] = mapped_column(String(32))  # the rule profile's id
    # Seats, match options (RuleProfile.match_options), whether coaching is allowed.
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    host_id: Mapped[int] = reference("learners.id")
    status: Mapped[str] = mapped_column(String(16), default="open")  # open/playing/finished
    # The game in TableGame's stored form (server side only); None until the host starts.
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # One more on every change of the game: a move names the number it was made at, and a
    # push channel can announce it (tutor.tables.services).
    move_number: Mapped[int] = mapped_column(default=0, server_default="0")
    hand_start: Mapped[int] = mapped_column(default=0, server_default="0")
    """The move number at which the current hand was dealt."""
    moved_at: Mapped[datetime | None] = mapped_column()
    """When the table reached its move number (the site's clock): a move timer counts
    from it (tutor.tables.timer)."""
    created_at: Mapped[datetime] = timestamp()
    updated_at: Mapped[datetime] = timestamp(on_update=True)

    seats: Mapped[list[TableSeat]] = relationship(
        back_populates="table", order_by="TableSeat.seat", cascade="all, delete-orphan")


class TableSeat(NumberedRow, db.Model):  # type: ignore[name-defined]
    """A taken seat: a person (a learner) or a computer player of a level."""

    __tablename__ = "table_seats"
    __table_args__ = (UniqueConstraint("table_id", "seat", name="uq_table_seats_table_seat"),)

    table_id: Mapped[str] = reference("play_tables.id")
    seat: Mapped[int]
    kind: Mapped[str] = mapped_column(String(16))  # "human" or "computer"
    learner_id: Mapped[int | None] = reference("learners.id", "SET NULL")
    level: Mapped[str | None] = mapped_column(String(16))  # a computer seat's level
    name: Mapped[str] = mapped_column(String(40))
    last_seen: Mapped[datetime] = timestamp()

    table: Mapped[PlayTable] = relationship(back_populates="seats")


class TableMessage(db.Model):  # type: ignore[name-defined]
    """One chat message at a table (tutor.tables.chat): plain text, shown escaped."""

    __tablename__ = "table_messages"

    id: Mapped[int] = mapped_column(primary_key=True)  # the order, and a reader's cursor
    table_id: Mapped[str] = reference("play_tables.id")
    learner_id: Mapped[int | None] = reference("learners.id", "SET NULL")
    seat: Mapped[int | None]  # None: the class's teacher, who has no seat
    text: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = timestamp()
