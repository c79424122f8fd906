"""The courses of every rule profile beside conquian-40, in the order the learning path lists
them, gathered from one module per rule book (:mod:`tutor.learn.games`)."""

from __future__ import annotations

from typing import Final

from tutor.learn.course import Lesson
from tutor.learn.games import colonel, conquin, cooncan, kunken

PROFILE_LESSONS: Final[tuple[Lesson, ...]] = (*cooncan.LESSONS, *kunken.LESSONS,
                                               *colonel.LESSONS, *conquin.LESSONS)
