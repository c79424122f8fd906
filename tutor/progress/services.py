"""Figures of the progress page, read from the Attempt and LessonProgress rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from tutor.extensions import db
from tutor.models import Attempt, Learner, LessonProgress, Puzzle
from tutor.puzzles.services import ThemeScore, theme_scores

WEAK_THEMES_SHOWN = 5
RECENT_SHOWN = 10


@dataclass
class RecentAttempt:
    puzzle: Puzzle
    correct: bool
    hints_used: int
    when: datetime


@dataclass
class Summary:
    attempts: int = 0
    correct: int = 0
    solved: int = 0  # distinct puzzles answered right at least once
    solved_without_hints: int = 0
    hints_used: int = 0
    weak_themes: list[ThemeScore] = field(default_factory=list)
    recent: list[RecentAttempt] = field(default_factory=list)
    solved_puzzles: list[Puzzle] = field(default_factory=list)
    lessons: list[LessonProgress] = field(default_factory=list)

    @property
    def accuracy(self) -> int:
        return round(100 * self.correct / self.attempts) if self.attempts else 0


def summary(learner: Learner | None) -> Summary:
    out = Summary()
    if learner is None:
        return out
    attempts = list(
        db.session.execute(
            db.select(Attempt)
            .where(Attempt.learner_id == learner.id)
            .order_by(Attempt.created_at.desc(), Attempt.id.desc())
        ).scalars()
    )
    out.attempts = len(attempts)
    out.correct = sum(1 for a in attempts if a.correct)
    out.hints_used = sum(a.hints_used for a in attempts)
    solved_ids: list[int] = []
    clean: set[int] = set()
    for a in attempts:
        if a.correct:
            if a.puzzle_id not in solved_ids:
                solved_ids.append(a.puzzle_id)
            if a.hints_used == 0:
                clean.add(a.puzzle_id)
    out.solved = len(solved_ids)
    out.solved_without_hints = len(clean)
    puzzles = {
        p.id: p
        for p in db.session.execute(
            db.select(Puzzle).where(Puzzle.id.in_({a.puzzle_id for a in attempts}))
        ).scalars()
    }
    out.solved_puzzles = [puzzles[i] for i in solved_ids if i in puzzles]
    out.recent = [
        RecentAttempt(puzzles[a.puzzle_id], a.correct, a.hints_used, a.created_at)
        for a in attempts[:RECENT_SHOWN]
        if a.puzzle_id in puzzles
    ]
    out.weak_themes = [s for s in theme_scores(learner) if s.rate < 1][:WEAK_THEMES_SHOWN]
    out.lessons = list(
        db.session.execute(
            db.select(LessonProgress)
            .where(LessonProgress.learner_id == learner.id)
            .order_by(LessonProgress.completed_at)
        ).scalars()
    )
    return out
