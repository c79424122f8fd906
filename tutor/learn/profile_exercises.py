"""Exercises of the profiles whose analysis is not a center card's plays: Colonel's draw
(upcard or stock) and Conquin's close.  As in :mod:`tutor.learn.exercises`, the right
answer is never stored: the solver (``analyze_any``) decides it each time, and the
feedback is the checked claims of :func:`solver.puzzles.profile_hints.hand_explanation`
(the solver's own numbers, citing the profile's book)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from solver.analysis import ClosingAnalysis, DrawAnalysis
from solver.puzzles.profile_hints import hand_explanation
from solver.search import analyze_any
from tutor.learn.exercises import Answer, Choice, Feedback, PositionExercise


@dataclass(frozen=True)
class DrawChoice(PositionExercise):
    """Colonel: draw the upcard or a stock card (H4)?  Right: the one the solver finds
    leaves less deadwood (the upcard against the average over every unseen card)."""

    kind: ClassVar[str] = "choice"

    def choices(self) -> list[Choice]:
        # The question is whether the upcard is better, so the solver's "Yes:"/"No:" reads
        # as the answer to it.
        return [Choice("upcard", _l("Yes: draw %(card)s", card=self.center)),
                Choice("stock", _l("No: draw from the stock"))]

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        analysis = analyze_any(self.position)
        assert isinstance(analysis, DrawAnalysis)
        return Feedback((choice == "upcard") == analysis.upcard_better,
                        [c.render(_) for c in hand_explanation(self.position)])


@dataclass(frozen=True)
class CloseChoice(PositionExercise):
    """Conquin: take the face-up card and close now (I9)?  Right: the solver's ``closes``."""

    kind: ClassVar[str] = "choice"

    def choices(self) -> list[Choice]:
        return [Choice("close", _l("Take %(card)s and close", card=self.center)),
                Choice("wait", _l("You cannot close with it"))]

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        analysis = analyze_any(self.position)
        assert isinstance(analysis, ClosingAnalysis)
        return Feedback((choice == "close") == analysis.closes,
                        [c.render(_) for c in hand_explanation(self.position)])


__all__ = ["CloseChoice", "DrawChoice"]
