"""Figures of the progress page, read from the rounds, the answers and LessonProgress."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Final

from solver.rules import PROFILES
from tutor.extensions import db
from tutor.models import Attempt, Learner, LessonProgress, Puzzle, PuzzleRound
from tutor.puzzles.glicko2 import Rating
from tutor.puzzles.ratings import game_of, game_ratings
from tutor.puzzles.services import ThemeScore, theme_scores

WEAK_THEMES_SHOWN = 5
RECENT_SHOWN = 10
PROVISIONAL: Final = 110.0
"""A rating give or take more than this is provisional: too few rounds to say much (the
threshold lichess uses for its Glicko-2 ratings)."""


@dataclass
class RecentRound:
    """One finished go at a puzzle. ``outcome``: clean, after_miss, failed, "solution"
    (failed by asking for the solution) or "practice" (a replay before its review)."""

    puzzle: Puzzle
    outcome: str
    hints_used: int
    when: datetime
    rating: float | None = None  # the learner's rating after it, when it was rated


@dataclass
class RatingPoint:
    number: int  # 0: the start, then one per rated puzzle
    rating: float
    deviation: float
    puzzle: Puzzle | None = None
    outcome: str = ""
    when: datetime | None = None


@dataclass
class GameFigures:
    """The learner's rating in one game, and how it moved."""

    game: str
    rating: Rating
    history: list[RatingPoint] = field(default_factory=list)

    @property
    def rated(self) -> int:
        return len(self.history) - 1

    @property
    def provisional(self) -> bool:
        return self.rating.deviation > PROVISIONAL


@dataclass
class Summary:
    attempts: int = 0  # answers
    correct: int = 0  # right answers
    rounds: int = 0
    clean: int = 0
    after_miss: int = 0
    failed: int = 0
    solved: int = 0  # distinct puzzles solved at least once
    solved_without_hints: int = 0  # distinct puzzles solved at the first answer with no hint
    hints_used: int = 0
    games: list[GameFigures] = field(default_factory=list)  # games with a rated round
    weak_themes: list[ThemeScore] = field(default_factory=list)
    recent: list[RecentRound] = field(default_factory=list)
    solved_puzzles: list[Puzzle] = field(default_factory=list)
    lessons: list[LessonProgress] = field(default_factory=list)

    @property
    def accuracy(self) -> int:
        return round(100 * self.correct / self.attempts) if self.attempts else 0


def _outcome(row: PuzzleRound) -> str:
    if row.practice:
        return "practice"
    return "solution" if row.outcome == "failed" and row.solution_shown else str(row.outcome)


def rating_figures(
    learner: Learner, finished: list[PuzzleRound], puzzles: dict[int, Puzzle]
) -> list[GameFigures]:
    """One entry per game the learner has a rating in, in the registry's order, each with
    the rating after every rated round of that game."""
    start = Rating()
    figures = {
        game: GameFigures(game, rating, [RatingPoint(0, start.rating, start.deviation)])
        for game, rating in game_ratings(learner).items()
    }
    for r in finished:
        puzzle = puzzles.get(r.puzzle_id)
        if not r.rated or r.learner_rating is None or puzzle is None:
            continue
        entry = figures.get(game_of(puzzle))
        if entry is not None:
            entry.history.append(RatingPoint(len(entry.history), r.learner_rating,
                                             r.learner_deviation or 0.0, puzzle, _outcome(r),
                                             r.finished_at))
    return [figures[game] for game in PROFILES if game in figures]


def summary(learner: Learner | None) -> Summary:
    out = Summary()
    if learner is None:
        return out
    answers = list(
        db.session.execute(
            db.select(Attempt.puzzle_id, Attempt.correct, Attempt.hints_used, Attempt.round_id)
            .where(Attempt.learner_id == learner.id)
        ).all()
    )
    out.attempts = len(answers)
    out.correct = sum(1 for a in answers if a.correct)
    played = list(
        db.session.execute(
            db.select(PuzzleRound)
            .where(PuzzleRound.learner_id == learner.id, PuzzleRound.outcome.is_not(None))
            .order_by(PuzzleRound.finished_at, PuzzleRound.id)
        ).scalars()
    )
    finished = [r for r in played if not r.practice]  # practice rounds count for nothing
    out.rounds = len(finished)
    out.clean = sum(1 for r in finished if r.outcome == "clean")
    out.after_miss = sum(1 for r in finished if r.outcome == "after_miss")
    out.failed = sum(1 for r in finished if r.outcome == "failed")
    # Hints: per round (the most seen before its end), and per answer from before rounds.
    out.hints_used = sum(r.hints_used for r in played) + sum(
        a.hints_used for a in answers if a.round_id is None
    )
    solved_ids: list[int] = []
    clean_ids: set[int] = set()
    for r in reversed(finished):  # most recent first
        if r.outcome in ("clean", "after_miss") and r.puzzle_id not in solved_ids:
            solved_ids.append(r.puzzle_id)
        if r.outcome == "clean" and not r.hints_used:
            clean_ids.add(r.puzzle_id)
    for a in answers:
        if a.round_id is None and a.correct and a.puzzle_id not in solved_ids:
            solved_ids.append(a.puzzle_id)
    out.solved = len(solved_ids)
    out.solved_without_hints = len(clean_ids)
    puzzles = {
        p.id: p
        for p in db.session.execute(
            db.select(Puzzle).where(
                Puzzle.id.in_({r.puzzle_id for r in played} | {a.puzzle_id for a in answers})
            )
        ).scalars()
    }
    out.solved_puzzles = [puzzles[i] for i in solved_ids if i in puzzles]
    out.recent = [
        RecentRound(
            puzzles[r.puzzle_id],
            _outcome(r),
            r.hints_used,
            r.finished_at or r.started_at,
            r.learner_rating if r.rated else None,
        )
        for r in reversed(played[-RECENT_SHOWN:])
        if r.puzzle_id in puzzles
    ]
    out.games = rating_figures(learner, finished, puzzles)
    out.weak_themes = [s for s in theme_scores(learner) if s.rate < 1][:WEAK_THEMES_SHOWN]
    out.lessons = list(
        db.session.execute(
            db.select(LessonProgress)
            .where(LessonProgress.learner_id == learner.id)
            .order_by(LessonProgress.completed_at)
        ).scalars()
    )
    return out
