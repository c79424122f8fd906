"""Classes: a teacher's group of learners, who join with a short code and a nickname."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from tutor.extensions import db
from tutor.models.common import utcnow
from tutor.models.learners import Learner
from tutor.models.puzzles import PuzzleSet


class Classroom(db.Model):  # type: ignore[name-defined]
    __tablename__ = "classrooms"

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    # Short, unambiguous, said aloud in a classroom: see tutor.classes.services.new_code.
    code: Mapped[str] = mapped_column(String(12), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    memberships: Mapped[list[Membership]] = relationship(
        back_populates="classroom", order_by="Membership.nickname", cascade="all, delete-orphan"
    )
    assignments: Mapped[list[Assignment]] = relationship(
        back_populates="classroom", order_by="Assignment.id", cascade="all, delete-orphan"
    )


class Membership(db.Model):  # type: ignore[name-defined]
    """A learner in a class, known there by a nickname (no email, no account)."""

    __tablename__ = "memberships"
    __table_args__ = (
        UniqueConstraint("classroom_id", "learner_id"),
        UniqueConstraint("classroom_id", "nickname"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    classroom_id: Mapped[int] = mapped_column(
        ForeignKey("classrooms.id", ondelete="CASCADE"), index=True
    )
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), index=True
    )
    nickname: Mapped[str] = mapped_column(String(40))
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)

    classroom: Mapped[Classroom] = relationship(back_populates="memberships")
    learner: Mapped[Learner] = relationship()


class Assignment(db.Model):  # type: ignore[name-defined]
    """A puzzle set given to a class."""

    __tablename__ = "assignments"
    __table_args__ = (UniqueConstraint("classroom_id", "set_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    classroom_id: Mapped[int] = mapped_column(
        ForeignKey("classrooms.id", ondelete="CASCADE"), index=True
    )
    set_id: Mapped[int] = mapped_column(
        ForeignKey("puzzle_sets.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    classroom: Mapped[Classroom] = relationship(back_populates="assignments")
    puzzle_set: Mapped[PuzzleSet] = relationship()
