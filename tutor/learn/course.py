"""What a lesson is made of, shared by every profile's lessons: a lesson is a few short
steps, each teaching one idea and ending in an exercise the solver checks (see
:mod:`tutor.learn.exercises`).  conquian-40's course (:mod:`tutor.learn.lessons`) and the
other profiles' lessons (:mod:`tutor.learn.profile_lessons`) both build on these."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

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


StepExercise = Exercise | DrawChoice | CloseChoice | GameExercise


@dataclass(frozen=True)
class Step:
    title: Text
    paragraphs: tuple[Text, ...]
    exercise: StepExercise
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


def melds(text: str) -> list[list[str]]:
    """Melds written compactly, card codes apart by spaces and melds by commas:
    ``"AS 2S 3S, KH KD KC"``."""
    return [meld.split() for meld in text.split(",") if meld.strip()]


def ask(exercise: Callable[[Text, Mapping[str, Any]], StepExercise], title: Text,
        paragraphs: tuple[Text, ...], prompt: Text, position: Mapping[str, Any],
        figure: Figure | None = None) -> Step:
    """The usual step: its title and paragraphs, then ``exercise``'s question ``prompt`` on
    ``position``; a course lists only what differs from one step to the next (an exercise
    with more fields comes as a ``functools.partial`` of its class)."""
    return Step(title, paragraphs, exercise(prompt, position), figure)


def lesson(profile: str, slug: str, title: Text, summary: Text, rules: tuple[str, ...],
           *steps: Step) -> Lesson:
    """A lesson of ``profile``'s course, its steps in teaching order; ``rules`` are ids of
    the profile's rule book."""
    return Lesson(slug, title, summary, rules, steps, profile)


__all__ = ["Figure", "GameExercise", "Lesson", "Step", "ask", "lesson", "melds"]
