"""What a live table keeps after each hand: every person's graded review of their own
decisions, and the host's grants of a finished hand's cards to the class's teacher."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tutor.extensions import db
from tutor.models.common import NumberedRow, reference, timestamp


class TableReview(NumberedRow, db.Model):  # type: ignore[name-defined]
    """The graded review of one seat's decisions in one finished hand of a table, graded
    from that seat's own observations (tutor.tables.reviews)."""

    __tablename__ = "table_reviews"
    __table_args__ = (UniqueConstraint("table_id", "hand", "seat",
                                       name="uq_table_reviews_table_hand_seat"),)

    table_id: Mapped[str] = reference("play_tables.id")
    hand: Mapped[int]  # 0 for the table's first hand
    seat: Mapped[int]
    data: Mapped[dict[str, Any]] = mapped_column(JSON)  # the grader's output and version
    created_at: Mapped[datetime] = timestamp()


class TableHandGrant(NumberedRow, db.Model):  # type: ignore[name-defined]
    """The host let the class's teacher see the cards of one finished hand."""

    __tablename__ = "table_hand_grants"
    __table_args__ = (UniqueConstraint("table_id", "hand", name="uq_table_hand_grants_hand"),)

    table_id: Mapped[str] = reference("play_tables.id")
    hand: Mapped[int]
    granted_by: Mapped[int | None] = mapped_column(
        ForeignKey("learners.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = timestamp()
