"""Learners are anonymous: a random token in the signed session cookie names them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tutor.extensions import db
from tutor.models.common import utcnow


class Learner(db.Model):  # type: ignore[name-defined]
    __tablename__ = "learners"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    nickname: Mapped[str | None] = mapped_column(String(40))
    best_streak: Mapped[int] = mapped_column(default=0)
    # Glicko-2 puzzle rating (tutor.puzzles.ratings); NULL until the first rated puzzle.
    rating: Mapped[float | None]
    rating_deviation: Mapped[float | None]
    rating_volatility: Mapped[float | None]
    # How much play coaches: "full", "hints" (on demand only) or "none" (tutor.play.coaching).
    coaching: Mapped[str] = mapped_column(String(8), default="full", server_default="full")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class LessonProgress(db.Model):  # type: ignore[name-defined]
    __tablename__ = "lesson_progress"
    __table_args__ = (UniqueConstraint("learner_id", "lesson"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), index=True
    )
    lesson: Mapped[str] = mapped_column(String(64))
    completed_at: Mapped[datetime] = mapped_column(default=utcnow)


class Attempt(db.Model):  # type: ignore[name-defined]
    """One answer to one puzzle: right or wrong, with the hints seen before it.

    Answers belong to a round (``PuzzleRound``): one go at a puzzle, which ends solved
    clean, solved after a miss, or failed."""

    __tablename__ = "attempts"

    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), index=True
    )
    puzzle_id: Mapped[int] = mapped_column(ForeignKey("puzzles.id", ondelete="CASCADE"), index=True)
    correct: Mapped[bool]
    hints_used: Mapped[int] = mapped_column(default=0)
    round_id: Mapped[int | None] = mapped_column(
        ForeignKey("puzzle_rounds.id", ondelete="SET NULL"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
