"""Spaced review of missed puzzles, scheduled by FSRS (the ``fsrs`` package, py-fsrs).

A puzzle enters a learner's review schedule when a round of it ends anything but clean
without a hint; from then on every finished round of it is a review: failed is FSRS's
"Again", a solve with a miss or a hint "Hard", a clean solve "Good". FSRS's default
parameters (fitted on many millions of Anki reviews), 90% desired retention, and no
same-day learning steps: a puzzle missed today comes back tomorrow at the earliest, and
the home page's queue is the puzzles due by the end of today (UTC).
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Final

from fsrs import Card, Rating, Scheduler

from tutor.core.clock import aware, naive, now
from tutor.extensions import db
from tutor.models import Learner, PuzzleRound, ReviewCard

SCHEDULER: Final = Scheduler(
    desired_retention=0.9,
    learning_steps=(),
    relearning_steps=(),
    maximum_interval=365,
    enable_fuzzing=True,
)


def fsrs_rating(score: float) -> Rating:
    """A round's score (tutor.puzzles.ratings.score_of) as an FSRS answer button."""
    if score >= 1.0:
        return Rating.Good
    if score > 0.0:
        return Rating.Hard
    return Rating.Again


def end_of_today(moment: datetime | None = None) -> datetime:
    """Midnight after ``moment`` (default: now), UTC, naive like the columns."""
    day = naive(moment or now()).date()
    return datetime.combine(day + timedelta(days=1), time())


def review_round(round_: PuzzleRound, score: float, when: datetime | None = None) -> None:
    """Schedule (or reschedule) the round's puzzle for its learner; the caller commits.

    A clean solve of a puzzle that was never missed schedules nothing, and a solve before
    the puzzle is due (a replay right after seeing its solution) leaves the date alone:
    only a miss brings the puzzle back sooner."""
    moment = aware(when or now())
    row = db.session.execute(
        db.select(ReviewCard).filter_by(learner_id=round_.learner_id, puzzle_id=round_.puzzle_id)
    ).scalar_one_or_none()
    if row is None:
        if score >= 1.0:
            return
        card = Card(card_id=round_.id, due=moment)
        row = ReviewCard(learner_id=round_.learner_id, puzzle_id=round_.puzzle_id)
        db.session.add(row)
    else:
        if score > 0.0 and row.due >= end_of_today(moment):
            return
        card = Card.from_dict(row.card)
    card, _log = SCHEDULER.review_card(card, fsrs_rating(score), review_datetime=moment)
    row.card = dict(card.to_dict())
    row.due = naive(card.due)
    row.reviews = (row.reviews or 0) + 1


def due_cards(learner: Learner | None, by: datetime | None = None) -> list[ReviewCard]:
    """The learner's review cards due before ``by`` (default: the end of today), oldest first."""
    if learner is None:
        return []
    limit = by or end_of_today()
    return list(
        db.session.execute(
            db.select(ReviewCard)
            .where(ReviewCard.learner_id == learner.id, ReviewCard.due < limit)
            .order_by(ReviewCard.due, ReviewCard.id)
        ).scalars()
    )


def next_due(learner: Learner | None) -> datetime | None:
    """When the next review after today falls due (naive UTC), or None."""
    if learner is None:
        return None
    return db.session.execute(
        db.select(db.func.min(ReviewCard.due)).where(
            ReviewCard.learner_id == learner.id, ReviewCard.due >= end_of_today()
        )
    ).scalar_one_or_none()
