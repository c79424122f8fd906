"""Folding an anonymous learner into an account's learner, when a device logs in.

Everything of the anonymous learner moves, in one transaction (all of it or none): games
(with their reviews), tables hosted and seats, puzzle rounds and answers, review cards,
lessons, ratings per game, class memberships, the personal puzzle sets made of its
mistakes (joined to the account's set of the same game).  Where both learners hold a row
that may exist once, the better one stays:

* a lesson: done either way; the earlier completion is kept;
* a review card of a puzzle: the one due later (the other's reviews are behind it);
* a game's rating: the one with more rated rounds (the better-founded estimate), and the
  best streak of the two;
* an open round of a puzzle: the account's (the other's answers stay, roundless);
* a class: the account's membership; a table: the account's seat (the other is left).

The emptied anonymous learner is then deleted.
"""

from __future__ import annotations

from typing import Any, Final

from sqlalchemy import Column, ColumnElement

from tutor.extensions import db
from tutor.mistakes.store import hand_over_sets
from tutor.models import (
    GameRating,
    Learner,
    LessonProgress,
    PuzzleRound,
    ReviewCard,
    TableSeat,
    User,
)
from tutor.models.classes import Membership


class NotAnonymous(Exception):
    """The learner to fold in belongs to an account: it is nobody's to take."""


def merge(source: Learner, target: Learner) -> None:
    """Move everything of ``source`` (anonymous) to ``target`` and delete ``source``."""
    if source.id == target.id:
        return
    owned = db.session.execute(
        db.select(User.id).where(User.learner_id == source.id)).first()
    if owned is not None:
        raise NotAnonymous(source.id)
    try:
        _fold(source.id, target.id)
        target.best_streak = max(target.best_streak or 0, source.best_streak or 0)
        target.nickname = target.nickname or source.nickname
        db.session.flush()
        db.session.execute(db.delete(Learner).where(Learner.id == source.id))
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise


def _pairs(model: Any, key: str, s: int, t: int) -> list[tuple[Any, Any]]:
    """Rows of ``model`` held by both learners with the same ``key``: (source's, target's)."""
    column = getattr(model, key)
    mine = {getattr(row, key): row for row in db.session.execute(
        db.select(model).where(model.learner_id == t)).scalars()}
    theirs = db.session.execute(db.select(model).where(
        model.learner_id == s, column.in_(list(mine)))).scalars()
    return [(row, mine[getattr(row, key)]) for row in theirs]


def _move(model: Any, where: ColumnElement[bool], **values: object) -> None:
    db.session.execute(db.update(model).where(where).values(**values)
                       .execution_options(synchronize_session=False))


def _fold(s: int, t: int) -> None:
    for lesson, kept in _pairs(LessonProgress, "lesson", s, t):
        kept.completed_at = min(kept.completed_at, lesson.completed_at)
        db.session.delete(lesson)
    for card, kept in _pairs(ReviewCard, "puzzle_id", s, t):
        if card.due > kept.due:
            kept.due, kept.card, kept.reviews = card.due, card.card, card.reviews
        db.session.delete(card)
    for rating, kept in _pairs(GameRating, "profile", s, t):
        if rating.rated_rounds > kept.rated_rounds:
            kept.rating, kept.deviation = rating.rating, rating.deviation
            kept.volatility, kept.rated_rounds = rating.volatility, rating.rated_rounds
        kept.best_streak = max(kept.best_streak, rating.best_streak)
        db.session.delete(rating)
    for membership, _kept in _pairs(Membership, "classroom_id", s, t):
        db.session.delete(membership)
    db.session.flush()
    open_rounds = db.select(PuzzleRound.puzzle_id).where(
        PuzzleRound.learner_id == t, PuzzleRound.outcome.is_(None)).scalar_subquery()
    db.session.execute(db.delete(PuzzleRound).where(
        PuzzleRound.learner_id == s, PuzzleRound.outcome.is_(None),
        PuzzleRound.puzzle_id.in_(open_rounds)).execution_options(synchronize_session=False))
    shared_tables = db.select(TableSeat.table_id).where(
        TableSeat.learner_id == t).scalar_subquery()
    _move(TableSeat, (TableSeat.learner_id == s) & TableSeat.table_id.in_(shared_tables),
          learner_id=None)
    hand_over_sets(s, t)  # a personal set names its learner in its data, not by a key
    for column in learner_columns():
        db.session.execute(column.table.update().where(column == s).values({column.name: t}))


def learner_columns() -> list[Column[Any]]:
    """Every column naming a learner, but the account's own: what moves in a merge.  Found
    in the models rather than listed, so that a feature's new table moves too rather than
    going with the deleted learner (tests check the unique ones are resolved above)."""
    return [column for table in db.metadata.sorted_tables for column in table.columns
            if table.name != User.__tablename__
            and any(fk.column.table.name == Learner.__tablename__ for fk in column.foreign_keys)]


RESOLVED: Final = {
    # table: the columns that, with the learner's, may hold a row once (resolved above)
    "lesson_progress": ("lesson",),
    "review_cards": ("puzzle_id",),
    "game_ratings": ("profile",),
    "memberships": ("classroom_id",),
    "puzzle_rounds": ("puzzle_id",),  # open rounds only
    # A game is one learner's, so two learners never share a decision of one.
    "personal_puzzles": ("game_id", "hand", "step"),
}
