"""A learner's goes at a puzzle (rounds) and the spaced-review schedule of missed puzzles."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Index, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column, relationship
from sqlalchemy.sql.expression import false as sa_false

from tutor.extensions import db
from tutor.models.common import NumberedRow, reference, timestamp
from tutor.models.puzzles import Puzzle


class PuzzleRound(NumberedRow, db.Model):  # type: ignore[name-defined]
    """One go at one puzzle, from the first hint or answer until it ends.

    ``outcome`` is NULL while the round is open, then ``clean`` (right at the first answer),
    ``after_miss`` (right at the second) or ``failed`` (two misses, or the solution shown).
    ``suits`` is the suit permutation the learner saw (solver.puzzles.relabel).
    """

    __tablename__ = "puzzle_rounds"
    __table_args__ = (
        # At most one open round per learner and puzzle, even under concurrent answers.
        Index(
            "uq_puzzle_rounds_open",
            "learner_id",
            "puzzle_id",
            unique=True,
            sqlite_where=text("outcome IS NULL"),
            postgresql_where=text("outcome IS NULL"),
        ),
    )

    learner_id: Mapped[int] = reference("learners.id")
    puzzle_id: Mapped[int] = reference("puzzles.id")
    suits: Mapped[str] = mapped_column(String(4), default="SHDC")
    misses: Mapped[int] = mapped_column(default=0)
    hints_used: Mapped[int] = mapped_column(default=0)
    solution_shown: Mapped[bool] = mapped_column(default=False)
    # A replay before the puzzle's review is due (say, right after seeing its solution):
    # practice only - it moves no rating, no schedule, and not the puzzle's status.
    practice: Mapped[bool] = mapped_column(default=False, server_default=sa_false())
    outcome: Mapped[str | None] = mapped_column(String(16))
    # The first finished round of a puzzle moves the ratings; these are the learner's after it.
    rated: Mapped[bool] = mapped_column(default=False)
    learner_rating: Mapped[float | None]
    learner_deviation: Mapped[float | None]
    started_at: Mapped[datetime] = timestamp()
    finished_at: Mapped[datetime | None] = mapped_column(index=True)

    puzzle: Mapped[Puzzle] = relationship()


class ReviewCard(NumberedRow, db.Model):  # type: ignore[name-defined]
    """A missed puzzle in a learner's review schedule: the FSRS card (tutor.puzzles.review)."""

    __tablename__ = "review_cards"
    __table_args__ = (UniqueConstraint("learner_id", "puzzle_id"),)

    learner_id: Mapped[int] = reference("learners.id")
    puzzle_id: Mapped[int] = reference("puzzles.id")
    due: Mapped[datetime] = mapped_column(index=True)  # naive UTC, like every column here
    card: Mapped[dict[str, Any]] = mapped_column(JSON)  # fsrs.Card.to_dict()
    reviews: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = timestamp()

    puzzle: Mapped[Puzzle] = relationship()
