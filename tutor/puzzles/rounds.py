"""Honest attempts: a learner's rounds at a puzzle.

A round opens at the first hint or answer and ends in one of three outcomes:

* ``clean`` - the first answer was right;
* ``after_miss`` - the first answer was wrong, the one retry right;
* ``failed`` - both answers wrong, or the last step of the hint ladder (the solution)
  was shown before a right answer.

A wrong first answer reveals nothing of the solution; the solution appears when the round
ends. Every state change is in the database, so reloading, a second tab or an old cookie
cannot undo a miss. The end of a round moves the ratings (first round of a puzzle only)
and the review schedule.

A round begun while the puzzle waits for its review (after a miss, before it is due) is
practice: it is graded and explained like any other, but changes no status, rating or
schedule - so seeing the solution and then "trying again" at once is never a solve.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy.exc import IntegrityError

from tutor.core.clock import naive, now
from tutor.extensions import db
from tutor.models import Attempt, Learner, Puzzle, PuzzleRound, ReviewCard
from tutor.puzzles.ratings import rate_round, score_of
from tutor.puzzles.review import end_of_today, review_round

TRIES: Final = 2  # one retry before the solution is shown
OUTCOMES: Final = ("clean", "after_miss", "failed")
SOLVED: Final = ("clean", "after_miss")


def open_round(
    learner: Learner | None, puzzle: Puzzle, *, lock: bool = False
) -> PuzzleRound | None:
    """The learner's round of this puzzle still in progress, if any."""
    if learner is None:
        return None
    query = db.select(PuzzleRound).where(
        PuzzleRound.learner_id == learner.id,
        PuzzleRound.puzzle_id == puzzle.id,
        PuzzleRound.outcome.is_(None),
    )
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return db.session.execute(query).scalar_one_or_none()


def begin(learner: Learner, puzzle: Puzzle, suits: str) -> PuzzleRound:
    """The open round, or a new one under ``suits`` (committed), locked for this request."""
    current = open_round(learner, puzzle, lock=True)
    if current is not None:
        return current
    moment = now()
    due = db.session.execute(
        db.select(ReviewCard.due).filter_by(learner_id=learner.id, puzzle_id=puzzle.id)
    ).scalar_one_or_none()
    fresh = PuzzleRound(
        learner_id=learner.id,
        puzzle_id=puzzle.id,
        suits=suits,
        started_at=naive(moment),
        practice=due is not None and due >= end_of_today(moment),
    )
    db.session.add(fresh)
    try:
        db.session.commit()
    except IntegrityError:
        # Another request of the same learner opened it a moment ago: use that one.
        db.session.rollback()
        current = open_round(learner, puzzle, lock=True)
        assert current is not None
        return current
    locked = open_round(learner, puzzle, lock=True)
    return locked or fresh


def is_first(round_: PuzzleRound) -> bool:
    """No earlier round of this puzzle by this learner has ended."""
    earlier = db.session.execute(
        db.select(db.func.count(PuzzleRound.id)).where(
            PuzzleRound.learner_id == round_.learner_id,
            PuzzleRound.puzzle_id == round_.puzzle_id,
            PuzzleRound.outcome.is_not(None),
            PuzzleRound.id != round_.id,
        )
    ).scalar_one()
    return earlier == 0


def finish(round_: PuzzleRound, outcome: str) -> None:
    """End the round: outcome, ratings (first round only) and review schedule (not for a
    practice round)."""
    if outcome not in OUTCOMES:
        raise ValueError(f"unknown outcome {outcome!r}")
    first = is_first(round_)
    round_.outcome = outcome
    round_.finished_at = naive(now())
    score = score_of(outcome, round_.hints_used)
    db.session.flush()
    if round_.practice:
        return
    if first:
        rate_round(round_, score)
    review_round(round_, score)


def show_step(round_: PuzzleRound, steps: int) -> int:
    """One more step of the hint ladder (``steps`` = hints + the solution); the last step
    fails the round. Returns the steps shown. The caller commits."""
    if round_.outcome is not None:
        return round_.hints_used
    round_.hints_used = min(round_.hints_used + 1, steps)
    if round_.hints_used >= steps:
        round_.solution_shown = True
        finish(round_, "failed")
    return round_.hints_used


def answer(round_: PuzzleRound, correct: bool, tries: int = TRIES) -> Attempt:
    """Record one answer in an open round, ending it when it is right or the last try.
    The caller commits."""
    if round_.outcome is not None:
        raise ValueError("the round has ended")
    attempt = Attempt(
        learner_id=round_.learner_id,
        puzzle_id=round_.puzzle_id,
        correct=correct,
        hints_used=round_.hints_used,
        round_id=round_.id,
        created_at=naive(now()),
    )
    db.session.add(attempt)
    if correct:
        finish(round_, "clean" if round_.misses == 0 else "after_miss")
    else:
        round_.misses += 1
        if round_.misses >= tries:
            finish(round_, "failed")
    db.session.flush()
    return attempt
