"""Exercises of the profiles whose analysis is not a center card's plays: Colonel's draw
(upcard or stock) and Conquin's close.  As in :mod:`tutor.learn.exercises`, the right
answer is never stored: the solver (``analyze_any``) decides it each time, and every
sentence of the feedback is a number or a meld read off that analysis."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from solver.analysis import ClosingAnalysis, DrawAnalysis
from solver.cards import card_glyph
from solver.claims.profile import glyph_of
from solver.melds import meld_cards
from solver.search import analyze_any
from tutor.learn.exercises import Answer, Choice, Feedback, PositionExercise


def _melds_text(melds: list[list[str]]) -> str:
    return ", ".join("-".join(glyph_of(c) for c in m) for m in melds)


@dataclass(frozen=True)
class DrawChoice(PositionExercise):
    """Colonel: draw the upcard or a stock card (H4)?  Right: the one the solver finds
    leaves less deadwood (the upcard against the average over every unseen card)."""

    kind: ClassVar[str] = "choice"

    def draw_analysis(self) -> DrawAnalysis:
        analysis = analyze_any(self.position)
        assert isinstance(analysis, DrawAnalysis)
        return analysis

    def choices(self) -> list[Choice]:
        return [Choice("upcard", _l("Draw %(card)s", card=self.center)),
                Choice("stock", _l("Draw from the stock"))]

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        a = self.draw_analysis()
        fb = Feedback((choice == "upcard") == a.upcard_better)
        table = self.position.rules.table
        melds = ", ".join("-".join(card_glyph(c) for c in meld_cards(m, table))
                          for m in a.best_melds)
        if a.goes_out:
            fb.sentences.append(_("With %(card)s every card of your hand goes down: you go out "
                                  "(H8).", card=self.center))
        else:
            fb.sentences.append(_("With %(card)s, your best play leaves %(n)d pips in your "
                                  "hand (H11).", card=self.center, n=a.deadwood))
        if melds:
            fb.sentences.append(_("Its melds: %(melds)s.", melds=melds))
        average = a.stock_average
        if average is not None:
            fb.sentences.append(_("A stock card leaves %(avg)s pips on average, over the "
                                  "%(n)d cards you cannot see.", avg=f"{average:.1f}",
                                  n=a.unseen))
        return fb


@dataclass(frozen=True)
class CloseChoice(PositionExercise):
    """Conquin: take the face-up card and close now (I9)?  Right: the solver's ``closes``."""

    kind: ClassVar[str] = "choice"

    def closing_analysis(self) -> ClosingAnalysis:
        analysis = analyze_any(self.position)
        assert isinstance(analysis, ClosingAnalysis)
        return analysis

    def choices(self) -> list[Choice]:
        return [Choice("close", _l("Take %(card)s and close", card=self.center)),
                Choice("wait", _l("You cannot close with it"))]

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        a = self.closing_analysis()
        fb = Feedback((choice == "close") == a.closes)
        if a.closes:
            best = a.closings[0]
            data = best.to_dict()
            fb.sentences.append(_(
                "Take %(card)s and discard %(discard)s: %(melds)s. The stake is multiplied "
                "by %(m)d (I9, I10).", card=self.center, discard=glyph_of(data["discard"]),
                melds=_melds_text(data["melds"]), m=best.multiplier))
        else:
            kept = " ".join(glyph_of(s) for s in a.to_dict()["best"]["hand"])
            fb.sentences.append(_(
                "Whatever you discard after taking %(card)s, cards stay outside melds: at "
                "best %(kept)s (I9).", card=self.center, kept=kept))
        return fb


__all__ = ["CloseChoice", "DrawChoice"]
