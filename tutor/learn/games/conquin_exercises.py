"""Conquin's own lesson exercises beside :class:`~tutor.learn.profile_exercises.CloseChoice`:
what a closing pays (I10) and which discard closes for the most.  As everywhere in the
course, the right answer is never stored: the closing search (``analyze_any``) decides it
each time, and the feedback is its checked claims
(:func:`solver.puzzles.profile_hints.hand_explanation`, citing I9 and I10).

Both subclass ``CloseChoice`` (they are questions about the same closing analysis), so a
lesson step takes them where it takes a closing question."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from solver.analysis import ClosingAnalysis
from solver.cards import JOKER_BASE, Card, card_glyph, card_kind, card_str, cards_of
from solver.errors import ConquianError
from solver.puzzles.profile_hints import hand_explanation
from solver.search import analyze_any
from tutor.core.cards import hand_order
from tutor.learn.exercises import Answer, AnswerError, Choice, Feedback
from tutor.learn.profile_exercises import CloseChoice

MULTIPLIERS = (1, 2, 4, 5)
"""Every multiple of the stake a closing can pay (I10)."""


def _closing(exercise: CloseChoice) -> ClosingAnalysis:
    analysis = analyze_any(exercise.position)
    assert isinstance(analysis, ClosingAnalysis)
    if not analysis.closes:  # a lesson bug, caught by the course's tests
        raise ValueError("this exercise needs a position that closes")
    return analysis


def _explained(exercise: CloseChoice) -> list[str]:
    return [c.render(_) for c in hand_explanation(exercise.position)]


@dataclass(frozen=True)
class StakeChoice(CloseChoice):
    """You take the face-up card and close: how many stakes does each player still in pay
    in all (I10)?  Right: the multiplier of the arrangement that pays best."""

    kind: ClassVar[str] = "choice"

    def choices(self) -> list[Choice]:
        return [Choice(str(m), _l("×%(m)d", m=m)) for m in MULTIPLIERS]

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        best = _closing(self).closings[0].multiplier
        return Feedback(choice == str(best), _explained(self))


@dataclass(frozen=True)
class ClosingDiscard(CloseChoice):
    """You take the face-up card: select the card to discard so that you close for the
    most (I9, I10).  Right: any discard whose best arrangement pays the highest multiplier
    (two copies of a card are one discard; so are the jokers)."""

    kind: ClassVar[str] = "discard"

    def played_melds(self) -> list[list[str]]:
        return []  # Conquin's melds stay in the hand until the closing (I9)

    def remaining_codes(self) -> list[str]:
        """The eleven cards after the take: the hand and the face-up card."""
        position = self.position
        return hand_order(card_str(c) for c in cards_of(position.hand | 1 << position.center))

    def best_discards(self) -> set[Card]:
        """The discards (card kinds, ``JOKER_BASE`` for a joker) that pay the most."""
        closings = _closing(self).closings
        top = closings[0].multiplier
        return {c.discard for c in closings if c.multiplier == top}

    def _kind(self, value: str) -> Card:
        try:
            card = self.position.rules.deck.parse(value)
        except ConquianError:
            raise AnswerError(_("%(value)s is not a card.", value=value[:12])) from None
        kind = JOKER_BASE if card >= JOKER_BASE else card_kind(card)
        held = {JOKER_BASE if c >= JOKER_BASE else card_kind(c)
                for c in cards_of(self.position.hand | 1 << self.position.center)}
        if kind not in held:
            raise AnswerError(_("%(card)s is not one of the cards you can choose here.",
                                card=card_glyph(card)))
        return kind

    def check(self, answer: Answer) -> Feedback:
        if len(answer.values) != 1:
            raise AnswerError(_("Choose exactly one card to discard."))
        kind = self._kind(answer.values[0])
        return Feedback(kind in self.best_discards(), _explained(self))


__all__ = ["ClosingDiscard", "StakeChoice"]
