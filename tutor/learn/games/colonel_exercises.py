"""Colonel's exercise kinds beside the upcard-or-stock choice: find a meld (H3, H5), a lay-off
(H6), the discard (H7), whether you go out (H8) and the pips you keep (H11), each on the
position after drawing the upcard into the hand (H4).

As everywhere in the lessons the right answer is never stored: Colonel's draw analysis
(``analyze_any``) decides it each time.  The feedback is the checked claims of
:func:`solver.puzzles.profile_hints.hand_explanation` (the pips the best play keeps, or
going out), the best play drawn as cards, and for a wrong selection the solver's reason
the cards are no meld.

They are position exercises (:class:`~tutor.learn.exercises.PositionExercise`) of the
page's existing kinds (cards to select, a card to discard, buttons to choose).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from solver.analysis import DrawAnalysis
from solver.analysis.draw import mask_pips, pips, table_melds
from solver.cards import CardMask, card_glyph, card_str, cards_of
from solver.errors import ConquianError
from solver.melds import meld_cards
from solver.puzzles.profile_hints import hand_explanation
from solver.search import analyze_any
from tutor.core.cards import hand_order
from tutor.learn.exercises import Answer, AnswerError, Choice, Feedback, PositionExercise
from tutor.learn.wording import meld_reason


def draw_analysis(exercise: PositionExercise) -> DrawAnalysis:
    analysis = analyze_any(exercise.position)
    if not isinstance(analysis, DrawAnalysis):  # a lesson bug, caught by the course tests
        raise TypeError(f"{exercise.position.rules.id} has no draw analysis")
    return analysis


def explained(exercise: PositionExercise) -> list[str]:
    """The solver's checked verdict on drawing the upcard: the pips your best play keeps
    against a stock card's average, or going out (claims the checker reads back)."""
    return [c.render(_) for c in hand_explanation(exercise.position)]


def best_play(analysis: DrawAnalysis) -> list[tuple[str, list[list[str]]]]:
    """The solver's best play drawn as cards: its melds, then each meld it lays off onto
    with the cards added."""
    position = analysis.position
    table = position.rules.table
    groups = list(analysis.best_melds)
    groups += [table_melds(position)[lay.target][2] | lay.cards for lay in analysis.best_lay_offs]
    if not groups:
        return []
    return [(_("Your best play with %(card)s", card=card_glyph(analysis.upcard)),
             [[card_str(c) for c in meld_cards(m, table)] for m in groups])]


def _selected(exercise: PositionExercise, values: Sequence[str]) -> CardMask:
    """The selected hand cards; a code that is no card of the deck, or not in the hand, is
    an answer error naming it."""
    position = exercise.position
    mask = 0
    for value in values:
        try:
            card = position.rules.deck.parse(value)
        except ConquianError:
            raise AnswerError(_("%(value)s is not a card.", value=value[:12])) from None
        if not position.hand >> card & 1:
            raise AnswerError(_("%(card)s is not one of the cards you can choose here.",
                                card=card_glyph(card)))
        mask |= 1 << card
    return mask


@dataclass(frozen=True)
class _HandCards(PositionExercise):
    """Select hand cards to put down after drawing, the upcard with them when
    ``with_upcard``: one check for both kinds, which differ in what is right (``_right``)
    and in the cards whose meld the feedback judges (``_judged``)."""

    kind: ClassVar[str] = "play"
    with_upcard: bool = True

    def hand_codes(self) -> list[str]:
        return hand_order(card_str(c) for c in cards_of(self.position.hand))

    def _right(self, analysis: DrawAnalysis, group: CardMask) -> bool:
        raise NotImplementedError

    def _judged(self, group: CardMask) -> CardMask:
        return group

    def check(self, answer: Answer) -> Feedback:
        chosen = _selected(self, answer.values)
        analysis = draw_analysis(self)
        group = chosen | (1 << analysis.upcard if self.with_upcard else 0)
        fb = Feedback(bool(chosen) and self._right(analysis, group))
        # Why the learner's cards make (or do not make) a meld (H3, H6).
        reason = ([meld_reason(cards_of(self._judged(group)), self.position.rules.table)]
                  if chosen else [])
        if not fb.correct:
            fb.attempt = reason or [_("Choose at least one card.")]
        fb.sentences = [*(fb.attempt or reason), *explained(self)]
        fb.shown = best_play(analysis)
        return fb


@dataclass(frozen=True)
class FindMeld(_HandCards):
    """Select hand cards that make a meld (H3) you could put down after drawing (H5): with
    the upcard (``with_upcard``) or of hand cards alone.  Right: the solver lists it among
    the melds of the hand and the upcard."""

    def _right(self, analysis: DrawAnalysis, group: CardMask) -> bool:
        return group in analysis.melds


@dataclass(frozen=True)
class LayOffCards(_HandCards):
    """Select the hand cards to lay off onto table meld ``target`` (an index into
    :func:`~solver.analysis.draw.table_melds`: your melds, then your opponent's) after
    drawing, the upcard with them when ``with_upcard`` (H6).  Right: the solver lists that
    lay-off."""

    with_upcard: bool = False
    target: int = 0

    def _right(self, analysis: DrawAnalysis, group: CardMask) -> bool:
        return any(lay.target == self.target and lay.cards == group
                   for lay in analysis.lay_offs)

    def _judged(self, group: CardMask) -> CardMask:
        # The meld with the learner's cards added: is it still a meld?
        return table_melds(self.position)[self.target][2] | group


@dataclass(frozen=True)
class BestDiscard(PositionExercise):
    """You drew the upcard and put down the solver's best melds: which card do you discard
    (H7)?  Right: one that leaves the least pips in your hand (H11), the solver's discard
    or a card left over that counts as much."""

    kind: ClassVar[str] = "discard"

    def played_melds(self) -> list[list[str]]:
        analysis = draw_analysis(self)
        table = self.position.rules.table
        return [[card_str(c) for c in meld_cards(m, table)] for m in analysis.best_melds]

    def _left(self, analysis: DrawAnalysis) -> CardMask:
        discard = 0 if analysis.discard is None else 1 << analysis.discard
        return analysis.leftover | discard

    def remaining_codes(self) -> list[str]:
        return hand_order(card_str(c) for c in cards_of(self._left(draw_analysis(self))))

    def check(self, answer: Answer) -> Feedback:
        if len(answer.values) != 1:
            raise AnswerError(_("Choose exactly one card to discard."))
        analysis = draw_analysis(self)
        left = self._left(analysis)
        try:
            card = self.position.rules.deck.parse(answer.values[0])
        except ConquianError:
            raise AnswerError(_("%(value)s is not a card.", value=answer.values[0][:12])) from None
        if not left >> card & 1:
            raise AnswerError(_("%(card)s is not one of the cards you can choose here.",
                                card=card_glyph(card)))
        # Swapping the discard for a card left over of the same count keeps the same pips.
        best = analysis.discard is not None and pips(card) == pips(analysis.discard)
        return Feedback(best, explained(self), shown=best_play(analysis))


@dataclass(frozen=True)
class GoOutChoice(PositionExercise):
    """Drawing the upcard, can you get rid of every card this turn (H8)?  Right: the
    solver's ``goes_out``."""

    kind: ClassVar[str] = "choice"

    buttons: ClassVar = (Choice("out", _l("Yes: I go out")),
                         Choice("stay", _l("No: cards stay in my hand")))

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        analysis = draw_analysis(self)
        return Feedback((choice == "out") == analysis.goes_out, explained(self),
                        shown=best_play(analysis))


@dataclass(frozen=True)
class PipsKept(PositionExercise):
    """Drawing the upcard and making the best play, how many pips stay in your hand (H11)?
    The choices: the solver's count, the count before the discard, and the count with
    nothing put down."""

    kind: ClassVar[str] = "choice"

    def _counts(self) -> list[int]:
        analysis = draw_analysis(self)
        kept = analysis.deadwood
        discard = 0 if analysis.discard is None else pips(analysis.discard)
        whole = mask_pips(self.position.hand | 1 << analysis.upcard)
        return sorted({kept, kept + discard, whole - discard})

    def choices(self) -> list[Choice]:
        return [Choice(str(n), str(n)) for n in self._counts()]

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        analysis = draw_analysis(self)
        return Feedback(choice == str(analysis.deadwood), explained(self),
                        shown=best_play(analysis))


__all__ = ["BestDiscard", "FindMeld", "GoOutChoice", "LayOffCards", "PipsKept",
           "best_play", "draw_analysis", "explained"]
