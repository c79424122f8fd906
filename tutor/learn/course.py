"""What a lesson is made of, shared by every profile's lessons: a lesson is a few short
steps, each teaching one idea and ending in an exercise the solver checks (see
:mod:`tutor.learn.exercises`).  conquian-40's course (:mod:`tutor.learn.lessons`) and the
other profiles' lessons (:mod:`tutor.learn.profile_lessons`) both build on these."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from solver.rules import DEFAULT_PROFILE
from tutor.learn.exercises import Answer, Exercise, Feedback, Text
from tutor.learn.profile_exercises import CloseChoice, DrawChoice


class GameExercise(Protocol):
    """A game's own exercise kind (``tutor.learn.games``), checked by the solver as the
    others are: the page needs its prompt, its note and its check."""

    @property
    def prompt(self) -> Text: ...

    @property
    def note(self) -> Text | None: ...

    def check(self, answer: Answer) -> Feedback: ...


@dataclass(frozen=True)
class Figure:
    """Cards drawn beside the text: a few melds (or loose rows) and a caption."""

    groups: tuple[tuple[str, ...], ...]
    caption: Text


@dataclass(frozen=True)
class Step:
    title: Text
    paragraphs: tuple[Text, ...]
    exercise: Exercise | DrawChoice | CloseChoice | GameExercise
    figure: Figure | None = None


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: Text
    summary: Text
    rules: tuple[str, ...]
    steps: tuple[Step, ...] = field(default_factory=tuple)
    profile: str = DEFAULT_PROFILE.id
    """The rule profile the lesson teaches; ``rules`` are ids of its rule book."""


__all__ = ["Figure", "GameExercise", "Lesson", "Step"]
