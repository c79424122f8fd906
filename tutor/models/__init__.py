"""Database models, one module per feature."""

from tutor.models.classes import Assignment, Classroom, Membership  # noqa: F401
from tutor.models.games import Game, HandReview
from tutor.models.learners import Attempt, GameRating, Learner, LessonProgress
from tutor.models.puzzles import PersonalPuzzle, Puzzle, PuzzleSet
from tutor.models.rounds import PuzzleRound, ReviewCard
from tutor.models.table_reviews import TableHandGrant, TableReview  # noqa: F401
from tutor.models.tables import PlayTable, TableSeat
from tutor.models.users import LoginSession, PasswordReset, User

__all__ = [
    "Attempt",
    "Game",
    "GameRating",
    "HandReview",
    "Learner",
    "LessonProgress",
    "LoginSession",
    "PasswordReset",
    "PersonalPuzzle",
    "PlayTable",
    "Puzzle",
    "PuzzleRound",
    "PuzzleSet",
    "ReviewCard",
    "TableSeat",
    "User",
]
