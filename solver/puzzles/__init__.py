"""Puzzles: the puzzle-set format, checking answers against the solver, themes,
difficulty, hints and explanations, and the CP-SAT puzzle generator."""

from solver.puzzles.model import (
    TASKS,
    Answer,
    Puzzle,
    PuzzleFormatError,
    PuzzleSet,
    parse_puzzle,
    parse_set,
)
from solver.puzzles.tasks import Grade, check_answer, grade, solve_task, validate_position
from solver.puzzles.themes import THEMES, themes_of

__all__ = [
    "TASKS",
    "THEMES",
    "Answer",
    "Grade",
    "Puzzle",
    "PuzzleFormatError",
    "PuzzleSet",
    "check_answer",
    "grade",
    "parse_puzzle",
    "parse_set",
    "solve_task",
    "themes_of",
    "validate_position",
]
