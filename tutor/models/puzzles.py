"""Puzzle sets: the bundled files in puzzles/ (source "bundled") and teachers' own sets."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import JSON, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from solver.rules import DEFAULT_PROFILE
from tutor.extensions import db
from tutor.models.common import NumberedRow, reference, timestamp


class PuzzleSet(NumberedRow, db.Model):  # type: ignore[name-defined]
    __tablename__ = "puzzle_sets"

    slug: Mapped[str] = mapped_column(String(80), unique=True, index=True)
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    language: Mapped[str] = mapped_column(String(8), default="en")
    author: Mapped[str] = mapped_column(String(120), default="")
    ruleset: Mapped[str] = mapped_column(String(40), default=DEFAULT_PROFILE.id)
    source: Mapped[str] = mapped_column(String(16), default="bundled")  # bundled | teacher
    translation_of: Mapped[str | None] = mapped_column(String(80))
    owner_id: Mapped[int | None] = reference("users.id")
    is_published: Mapped[bool] = mapped_column(default=True)  # open to anyone with the link
    # Listed on the puzzle pages for everyone ("public"); a published set that is not
    # listed is "unlisted": only its link opens it.
    is_listed: Mapped[bool] = mapped_column(default=True, server_default=sa.true())
    extra: Mapped[dict[str, Any]] = mapped_column(
        JSON, default=dict
    )  # unknown set-level fields of the file, kept so export gives them back
    created_at: Mapped[datetime] = timestamp()
    updated_at: Mapped[datetime] = timestamp(on_update=True)

    puzzles: Mapped[list[Puzzle]] = relationship(
        back_populates="puzzle_set", order_by="Puzzle.position_index", cascade="all, delete-orphan"
    )


class Puzzle(NumberedRow, db.Model):  # type: ignore[name-defined]
    __tablename__ = "puzzles"
    __table_args__ = (UniqueConstraint("set_id", "key"),)

    set_id: Mapped[int] = reference("puzzle_sets.id")
    key: Mapped[str] = mapped_column(String(80))  # the puzzle's "id" in the set file
    position_index: Mapped[int] = mapped_column(default=0)  # order within the set
    title: Mapped[str] = mapped_column(String(200))
    position: Mapped[dict[str, Any]] = mapped_column(JSON)
    task: Mapped[str] = mapped_column(String(16))
    answer: Mapped[dict[str, Any]] = mapped_column(JSON)
    themes: Mapped[list[str]] = mapped_column(JSON, default=list)
    difficulty: Mapped[int] = mapped_column(default=1)
    hints: Mapped[list[str]] = mapped_column(JSON, default=list)
    explanation: Mapped[str] = mapped_column(Text, default="")
    extra: Mapped[dict[str, Any]] = mapped_column(
        JSON, default=dict
    )  # unknown fields, kept for export
    # Glicko-2 rating (tutor.puzzles.ratings); NULL until first played: the prior comes
    # from the difficulty. Re-importing a set leaves these alone.
    rating: Mapped[float | None]
    rating_deviation: Mapped[float | None]
    rating_volatility: Mapped[float | None]
    rated_plays: Mapped[int] = mapped_column(default=0, server_default="0")

    puzzle_set: Mapped[PuzzleSet] = relationship(back_populates="puzzles")


class PersonalPuzzle(NumberedRow, db.Model):  # type: ignore[name-defined]
    """A learner's own puzzle: a decision of their played hand that the graded review called
    a mistake or a blunder (tutor.mistakes), kept as a puzzle of their personal set."""

    __tablename__ = "personal_puzzles"
    __table_args__ = (UniqueConstraint("learner_id", "game_id", "hand", "step",
                                       name="uq_personal_puzzles_decision"),)

    learner_id: Mapped[int] = reference("learners.id")
    puzzle_id: Mapped[int] = mapped_column(
        ForeignKey("puzzles.id", ondelete="CASCADE"), unique=True
    )
    game_id: Mapped[str] = mapped_column(String(32))  # the hand review it came from
    hand: Mapped[int]
    step: Mapped[int]  # the decision's index in the hand's history
    profile: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(32))  # tutor.mistakes.kinds
    grade: Mapped[str] = mapped_column(String(16))  # mistake | blunder
    played: Mapped[dict[str, Any]] = mapped_column(JSON)  # the learner's move
    accepted: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # the grader's better moves
    created_at: Mapped[datetime] = timestamp()

    puzzle: Mapped[Puzzle] = relationship()
