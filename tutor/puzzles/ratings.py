"""Glicko-2 ratings of learners and puzzles, and serving puzzles near a learner's rating.

A learner has one rating per game (the rule profile of the puzzle's set, ``GameRating``):
a round of a Kunken puzzle moves the Kunken rating and no other. A puzzle belongs to one
set, so its own rating is already its game's.

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
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from tutor.extensions import db
from tutor.models import GameRating, Learner, Puzzle, PuzzleRound
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


def game_of(puzzle: Puzzle) -> str:
    """The game (rule profile id) a puzzle is played under: its set's ruleset."""
    return puzzle.puzzle_set.ruleset


def game_rows(learner: Learner | None) -> dict[str, GameRating]:
    """The learner's rows by game (rated or only holding a best streak)."""
    if learner is None:
        return {}
    rows = db.session.execute(
        db.select(GameRating).where(GameRating.learner_id == learner.id)
    ).scalars()
    return {row.profile: row for row in rows}


def rating_of(row: GameRating | None) -> Rating:
    if row is None or row.rating is None:
        return Rating()
    return Rating(
        row.rating,
        row.deviation or glicko2.DEFAULT_DEVIATION,
        row.volatility or glicko2.DEFAULT_VOLATILITY,
    )


def learner_rating(learner: Learner | None, game: str) -> Rating:
    """The learner's rating in ``game``; the prior (1500 ± 350) before its first rated round."""
    return rating_of(game_rows(learner).get(game))


def game_ratings(learner: Learner | None) -> dict[str, Rating]:
    """The learner's rating in every game with a rated round."""
    return {
        game: rating_of(row) for game, row in game_rows(learner).items() if row.rating is not None
    }


def game_row(learner_id: int, game: str, *, lock: bool = False) -> GameRating:
    """The learner's row of ``game``, made when missing (the caller commits)."""
    query = db.select(GameRating).filter_by(learner_id=learner_id, profile=game)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    row = db.session.execute(query).scalar_one_or_none()
    if row is not None:
        return row
    # A learner's first two rounds of a game ending at the same instant would both make
    # it: the unique constraint refuses the second commit rather than keep two ratings.
    row = GameRating(learner_id=learner_id, profile=game, rated_rounds=0, best_streak=0)
    db.session.add(row)
    db.session.flush()
    return row


def puzzle_rating(puzzle: Puzzle) -> Rating:
    if puzzle.rating is None:
        return puzzle_prior(puzzle.difficulty)
    return Rating(
        puzzle.rating,
        puzzle.rating_deviation or PUZZLE_DEVIATION,
        puzzle.rating_volatility or glicko2.DEFAULT_VOLATILITY,
    )


def is_rated_learner(learner: Learner | None, game: str) -> bool:
    row = game_rows(learner).get(game)
    return row is not None and row.rating is not None


def rate_round(round_: PuzzleRound, score: float) -> None:
    """Update the learner's rating in the puzzle's game and the puzzle's own rating from
    one finished round (the caller commits). Both rows are locked until the commit on
    PostgreSQL (two learners may finish the same puzzle at once); SQLite serialises
    writers anyway."""
    puzzle = db.session.execute(
        db.select(Puzzle)
        .where(Puzzle.id == round_.puzzle_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).scalar_one()
    row = game_row(round_.learner_id, game_of(puzzle), lock=True)
    before_learner = rating_of(row)
    before_puzzle = puzzle_rating(puzzle)
    after_learner = glicko2.rate(before_learner, [Game(before_puzzle, score)])
    after_puzzle = glicko2.rate(before_puzzle, [Game(before_learner, 1.0 - score)])
    row.rating = after_learner.rating
    row.deviation = after_learner.deviation
    row.volatility = after_learner.volatility
    row.rated_rounds = (row.rated_rounds or 0) + 1
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
    target: float | Mapping[str, float],
    played: Iterable[int] = (),
    avoid: int | None = None,
    rng: random.Random | None = None,
) -> Puzzle | None:
    """One of the ``NEAREST`` puzzles whose rating is nearest ``target``, new ones first;
    ``target`` by game (a pool of several games: each puzzle near its game's rating,
    the prior for a game missing from it).

    When every puzzle of the pool has been played, any may come back except ``avoid``
    (the one just played)."""

    def aim(p: Puzzle) -> float:
        if isinstance(target, Mapping):
            return target.get(game_of(p), glicko2.DEFAULT_RATING)
        return target

    rng = rng or random.Random()
    done = set(played)
    fresh = [p for p in pool if p.id not in done]
    candidates = fresh or [p for p in pool if p.id != avoid] or list(pool)
    if not candidates:
        return None
    candidates.sort(key=lambda p: (abs(puzzle_rating(p).rating - aim(p)), p.id))
    return rng.choice(candidates[:NEAREST])
