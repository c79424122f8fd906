"""Learners are anonymous: a random token in the signed session cookie names them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tutor.extensions import db
from tutor.models.common import NumberedRow, reference, timestamp


class Learner(NumberedRow, db.Model):  # type: ignore[name-defined]
    __tablename__ = "learners"

    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    nickname: Mapped[str | None] = mapped_column(String(40))
    best_streak: Mapped[int] = mapped_column(default=0)
    # The one Glicko-2 puzzle rating from before ratings per game (migration 0009 moved it to
    # GameRating); read by nothing now. Kept: SQLite drops a column only by rebuilding the
    # table, and rebuilding ``learners`` would cascade-delete every learner's rounds.
    rating: Mapped[float | None]
    rating_deviation: Mapped[float | None]
    rating_volatility: Mapped[float | None]
    # How much play coaches: "full", "hints" (on demand only) or "none" (tutor.play.coaching).
    coaching: Mapped[str] = mapped_column(String(8), default="full", server_default="full")
    created_at: Mapped[datetime] = timestamp()


class GameRating(NumberedRow, db.Model):  # type: ignore[name-defined]
    """A learner's Glicko-2 puzzle rating in one game (rule profile), and their best streak
    of its puzzles (tutor.puzzles.ratings). No row: that game is unrated, at the prior."""

    __tablename__ = "game_ratings"
    __table_args__ = (UniqueConstraint("learner_id", "profile", name="uq_game_ratings_learner"),)

    learner_id: Mapped[int] = reference("learners.id")
    profile: Mapped[str] = mapped_column(String(40))  # the puzzles' set ruleset
    rating: Mapped[float | None]  # NULL until the first rated round of this game
    deviation: Mapped[float | None]
    volatility: Mapped[float | None]
    rated_rounds: Mapped[int] = mapped_column(default=0, server_default="0")
    best_streak: Mapped[int] = mapped_column(default=0, server_default="0")
    updated_at: Mapped[datetime] = timestamp(on_update=True)


class LessonProgress(NumberedRow, db.Model):  # type: ignore[name-defined]
    __tablename__ = "lesson_progress"
    __table_args__ = (UniqueConstraint("learner_id", "lesson"),)

    learner_id: Mapped[int] = reference("learners.id")
    lesson: Mapped[str] = mapped_column(String(64))
    completed_at: Mapped[datetime] = timestamp()


class Attempt(NumberedRow, db.Model):  # type: ignore[name-defined]
    """One answer to one puzzle: right or wrong, with the hints seen before it.

    Answers belong to a round (``PuzzleRound``): one go at a puzzle, which ends solved
    clean, solved after a miss, or failed."""

    __tablename__ = "attempts"

    learner_id: Mapped[int] = reference("learners.id")
    puzzle_id: Mapped[int] = reference("puzzles.id")
    correct: Mapped[bool]
    hints_used: Mapped[int] = mapped_column(default=0)
    round_id: Mapped[int | None] = reference("puzzle_rounds.id", "SET NULL")
    created_at: Mapped[datetime] = timestamp()
