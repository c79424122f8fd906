"""Classes: a teacher's group of learners, who join with a short code and a nickname."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from tutor.extensions import db
from tutor.models.common import NumberedRow, reference, timestamp
from tutor.models.learners import Learner
from tutor.models.puzzles import PuzzleSet


class Classroom(NumberedRow, db.Model):  # type: ignore[name-defined]
    __tablename__ = "classrooms"

    owner_id: Mapped[int] = reference("users.id")
    name: Mapped[str] = mapped_column(String(120))
    # Short, unambiguous, said aloud in a classroom: see tutor.classes.services.new_code.
    code: Mapped[str] = mapped_column(String(12), unique=True, index=True)
    created_at: Mapped[datetime] = timestamp()

    memberships: Mapped[list[Membership]] = relationship(
        back_populates="classroom", order_by="Membership.nickname", cascade="all, delete-orphan"
    )
    assignments: Mapped[list[Assignment]] = relationship(
        back_populates="classroom", order_by="Assignment.id", cascade="all, delete-orphan"
    )


class Membership(NumberedRow, db.Model):  # type: ignore[name-defined]
    """A learner in a class, known there by a nickname (no email, no account)."""

    __tablename__ = "memberships"
    __table_args__ = (
        UniqueConstraint("classroom_id", "learner_id"),
        UniqueConstraint("classroom_id", "nickname"),
    )

    classroom_id: Mapped[int] = reference("classrooms.id")
    learner_id: Mapped[int] = reference("learners.id")
    nickname: Mapped[str] = mapped_column(String(40))
    joined_at: Mapped[datetime] = timestamp()

    classroom: Mapped[Classroom] = relationship(back_populates="memberships")
    learner: Mapped[Learner] = relationship()


class Assignment(NumberedRow, db.Model):  # type: ignore[name-defined]
    """A puzzle set given to a class."""

    __tablename__ = "assignments"
    __table_args__ = (UniqueConstraint("classroom_id", "set_id"),)

    classroom_id: Mapped[int] = reference("classrooms.id")
    set_id: Mapped[int] = reference("puzzle_sets.id")
    created_at: Mapped[datetime] = timestamp()

    classroom: Mapped[Classroom] = relationship(back_populates="assignments")
    puzzle_set: Mapped[PuzzleSet] = relationship()
