"""Glicko-2 ratings of learners and puzzles, and serving puzzles near a learner's rating.

As on the big puzzle sites, a learner and a puzzle play one game per finished round: the
learner scores 1 for a clean solve with no hint, ½ for a solve that needed a hint or a
second answer, 0 for a failure (two misses or the solution shown), and the puzzle the
complement. Only a learner's first finished round of a puzzle is rated: after that, the
solution has been seen. Each round is one rating period (tutor.puzzles.glicko2).

Priors: learners start at Glicko-2's 1500 ± 350. A puzzle starts from its difficulty
(1 to 5, from solver.puzzles.difficulty): 1500 + 150 × (difficulty − 3) ± 250, a
narrower deviation than a learner's since the difficulty already says something.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from tutor.extensions import db
from tutor.models import Learner, Puzzle, PuzzleRound
from tutor.puzzles import glicko2
from tutor.puzzles.glicko2 import Game, Rating

PUZZLE_STEP: Final = 150.0  # rating points per difficulty level
PUZZLE_DEVIATION: Final = 250.0
NEAREST: Final = 3  # serve one of the nearest few, so the same rating never means the same puzzle

SCORES: Final = {"clean": 1.0, "after_miss": 0.5, "failed": 0.0}


def score_of(outcome: str, hints_used: int) -> float:
    """The learner's score for a round: a hint halves a clean solve."""
    score = SCORES[outcome]
    if outcome == "clean" and hints_used:
        return 0.5
    return score


def puzzle_prior(difficulty: int) -> Rating:
    return Rating(
        glicko2.DEFAULT_RATING + PUZZLE_STEP * (difficulty - 3),
        PUZZLE_DEVIATION,
        glicko2.DEFAULT_VOLATILITY,
    )


def learner_rating(learner: Learner | None) -> Rating:
    if learner is None or learner.rating is None:
        return Rating()
    return Rating(
        learner.rating,
        learner.rating_deviation or glicko2.DEFAULT_DEVIATION,
        learner.rating_volatility or glicko2.DEFAULT_VOLATILITY,
    )


def puzzle_rating(puzzle: Puzzle) -> Rating:
    if puzzle.rating is None:
        return puzzle_prior(puzzle.difficulty)
    return Rating(
        puzzle.rating,
        puzzle.rating_deviation or PUZZLE_DEVIATION,
        puzzle.rating_volatility or glicko2.DEFAULT_VOLATILITY,
    )


def is_rated_learner(learner: Learner | None) -> bool:
    return learner is not None and learner.rating is not None


def _locked(model: type[Learner] | type[Puzzle], row_id: int) -> Learner | Puzzle:
    """The row again, locked until the commit on PostgreSQL (two learners may finish the
    same puzzle at once); SQLite serialises writers anyway."""
    row = db.session.execute(
        db.select(model)
        .where(model.id == row_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).scalar_one()
    return row


def rate_round(round_: PuzzleRound, score: float) -> None:
    """Update both ratings from one finished round (the caller commits)."""
    learner = _locked(Learner, round_.learner_id)
    puzzle = _locked(Puzzle, round_.puzzle_id)
    assert isinstance(learner, Learner) and isinstance(puzzle, Puzzle)
    before_learner = learner_rating(learner)
    before_puzzle = puzzle_rating(puzzle)
    after_learner = glicko2.rate(before_learner, [Game(before_puzzle, score)])
    after_puzzle = glicko2.rate(before_puzzle, [Game(before_learner, 1.0 - score)])
    learner.rating = after_learner.rating
    learner.rating_deviation = after_learner.deviation
    learner.rating_volatility = after_learner.volatility
    puzzle.rating = after_puzzle.rating
    puzzle.rating_deviation = after_puzzle.deviation
    puzzle.rating_volatility = after_puzzle.volatility
    puzzle.rated_plays = (puzzle.rated_plays or 0) + 1
    round_.rated = True
    round_.learner_rating = after_learner.rating
    round_.learner_deviation = after_learner.deviation


def played_ids(learner: Learner | None) -> set[int]:
    """Puzzles this learner has finished a round of."""
    if learner is None:
        return set()
    rows = db.session.execute(
        db.select(PuzzleRound.puzzle_id).where(
            PuzzleRound.learner_id == learner.id, PuzzleRound.outcome.is_not(None)
        )
    ).scalars()
    return set(rows)


def pick_near(
    pool: Sequence[Puzzle],
    target: float,
    played: Iterable[int] = (),
    avoid: int | None = None,
    rng: random.Random | None = None,
) -> Puzzle | None:
    """One of the ``NEAREST`` puzzles whose rating is nearest ``target``, new ones first.

    When every puzzle of the pool has been played, any may come back except ``avoid``
    (the one just played)."""
    rng = rng or random.Random()
    done = set(played)
    fresh = [p for p in pool if p.id not in done]
    candidates = fresh or [p for p in pool if p.id != avoid] or list(pool)
    if not candidates:
        return None
    candidates.sort(key=lambda p: (abs(puzzle_rating(p).rating - target), p.id))
    return rng.choice(candidates[:NEAREST])
