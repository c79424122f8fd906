"""Graded reviews of played hands (solver.review.grading)."""

from solver.review.grading import (
    GRADES,
    THRESHOLDS,
    GradedDecision,
    HandReview,
    Option,
    grade_decision,
    grade_for,
    grade_hand,
)

__all__ = [
    "GRADES",
    "THRESHOLDS",
    "GradedDecision",
    "HandReview",
    "Option",
    "grade_decision",
    "grade_for",
    "grade_hand",
]
