"""Exercises of the profiles whose analysis is not a center card's plays: Colonel's draw
(upcard or stock) and Conquin's close.  As in :mod:`tutor.learn.exercises`, the right
answer is never stored: the solver (``analyze_any``) decides it each time, and the
feedback is the checked claims of :func:`solver.puzzles.profile_hints.hand_explanation`
(the solver's own numbers, citing the profile's book)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from solver.analysis import ClosingAnalysis, DrawAnalysis
from solver.puzzles.profile_hints import hand_explanation
from solver.search import analyze_any
from tutor.learn.exercises import Answer, Choice, Feedback, PositionExercise

_A = TypeVar("_A")


@dataclass(frozen=True)
class _SolverSays(PositionExercise):
    """A yes-or-no question the solver answers (``_yes``); the first choice says yes."""

    kind: ClassVar[str] = "choice"

    def _yes(self) -> bool:
        raise NotImplementedError

    def _solved(self, kind: type[_A]) -> _A:
        analysis = analyze_any(self.position)
        assert isinstance(analysis, kind)  # a lesson on another profile is a lesson bug
        return analysis

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        return Feedback((choice == self.choices()[0].value) == self._yes(),
                        [c.render(_) for c in hand_explanation(self.position)])


@dataclass(frozen=True)
class DrawChoice(_SolverSays):
    """Colonel: draw the upcard or a stock card (H4)?  Right: the one the solver finds
    leaves less deadwood (the upcard against the average over every unseen card)."""

    def choices(self) -> list[Choice]:
        # The question is whether the upcard is better, so the solver's "Yes:"/"No:" reads
        # as the answer to it.
        return [Choice("upcard", _l("Yes: draw %(card)s", card=self.center)),
                Choice("stock", _l("No: draw from the stock"))]

    def _yes(self) -> bool:
        return self._solved(DrawAnalysis).upcard_better


@dataclass(frozen=True)
class CloseChoice(_SolverSays):
    """Conquin: take the face-up card and close now (I9)?  Right: the solver's ``closes``."""

    def choices(self) -> list[Choice]:
        return [Choice("close", _l("Take %(card)s and close", card=self.center)),
                Choice("wait", _l("You cannot close with it"))]

    def _yes(self) -> bool:
        return self._solved(ClosingAnalysis).closes


__all__ = ["CloseChoice", "DrawChoice"]
