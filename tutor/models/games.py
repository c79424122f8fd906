"""Games against the computer, held by the server so a game survives a restart."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tutor.extensions import db
from tutor.models.common import NumberedRow, reference, timestamp


class Game(db.Model):  # type: ignore[name-defined]
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # random, unguessable
    learner_id: Mapped[int | None] = reference("learners.id")
    # SHA-256 of the token answered when the game was made through the API: with the
    # learner's session, the other way to prove the game is yours (tutor.api.games).
    token_hash: Mapped[str | None] = mapped_column(String(64))
    level: Mapped[str] = mapped_column(String(16), default="medium")
    state: Mapped[dict[str, Any]] = mapped_column(JSON)  # solver.game state dict: server side only
    # One more on every save: the save is a compare-and-swap on it (tutor.play.store).
    version: Mapped[int] = mapped_column(default=0, server_default="0")
    created_at: Mapped[datetime] = timestamp()
    updated_at: Mapped[datetime] = timestamp(on_update=True)


class HandReview(NumberedRow, db.Model):  # type: ignore[name-defined]
    """The graded review of one finished hand of a game (solver.review.grading), worked out
    once when the hand ends and kept: grading plays thousands of hands out."""

    __tablename__ = "hand_reviews"
    __table_args__ = (UniqueConstraint("game_id", "hand", name="uq_hand_reviews_game_hand"),)

    game_id: Mapped[str] = reference("games.id")
    hand: Mapped[int]  # 0 for the first hand of the match
    data: Mapped[dict[str, Any]] = mapped_column(JSON)  # HandReview.to_dict() and its version
    created_at: Mapped[datetime] = timestamp()
