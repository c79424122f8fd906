"""Kunken's own exercise: the discard after a take, read from your opponent's side.

Your discard is the card your opponent faces next (K7), and they may put it into their own
melds (K9) or, having melds of their own, lay it off onto yours (K10).  :class:`SafeDiscard`
asks the solver what they could do with each card of your hand: it analyses their position
facing it.  Their hand is unknown, so it is filled with unseen cards only to make a legal
position, and only plays that need no card of it are read: those the table alone shows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from flask_babel import gettext as _

from solver.analysis import Analysis, Play
from solver.cards import Card, CardMask, card_glyph, card_str, cards_of
from solver.claims import Claim
from solver.claims.profile import opponent_meld_text
from solver.position import Position
from solver.puzzles.profile_hints import play_claims
from solver.search import analyze
from tutor.learn.exercises import Answer, AnswerError, Feedback, PositionExercise, _parse_cards


def _codes(melds: tuple[CardMask, ...]) -> list[list[str]]:
    return [[card_str(c) for c in cards_of(m)] for m in melds]


@dataclass(frozen=True)
class SafeDiscard(PositionExercise):
    """After taking the center card with ``take`` into your own melds, choose the card to
    discard (K7).  Right: a card your opponent cannot put down with no card of their hand,
    neither into their melds (K9) nor onto yours (K10); the solver decides each card."""

    kind: ClassVar[str] = "discard"
    take: tuple[str, ...] = ()

    @cached_property
    def _play(self) -> Play:
        position = self.position
        chosen = _parse_cards(self.take, position.hand, position) if self.take else 0
        play = self.analysis().play_for(chosen)
        # Lesson bugs, caught by the course's tests: the take must be a legal play into
        # your own melds, on a table with no card laid off yet (the facing position
        # below does not carry laid-off cards over).
        if play is None or play.lay_off or play.swaps or position.laid_off \
                or position.opponent_laid_off:
            raise ValueError(f"{self.take} is not a plain take into your own melds")
        return play

    def played_melds(self) -> list[list[str]]:
        return [self._play.meld_strings(m) for m in self._play.melds]

    def remaining(self) -> CardMask:
        return self.position.hand & ~self._play.hand_cards

    def remaining_codes(self) -> list[str]:
        return [card_str(c) for c in cards_of(self.remaining())]

    def facing(self, card: Card) -> Position:
        """Your opponent's position facing ``card``, your discard, after your take."""
        position = self.position
        theirs = position.opponent_melds
        down = sum(m.bit_count() for m in theirs)
        seen = position.hand | position.exposed | position.opponent_exposed | 1 << position.center
        unseen = [c for c in position.rules.deck.cards if not seen >> c & 1]
        return Position.from_dict({
            "rules": position.rules.id, "hand": [card_str(c) for c in unseen[:10 - down]],
            "melds": _codes(theirs), "opponent_melds": _codes(self._play.melds),
            "center": card_str(card), "center_from": "opponent",
        })

    def gifts(self, card: Card) -> tuple[Analysis, list[Play]]:
        """The solver's plays of your opponent facing ``card`` that need no card of their
        hand: what the table alone lets them do with it."""
        analysis = analyze(self.facing(card))
        return analysis, [p for p in analysis.plays if not p.hand_cards]

    def gift_claims(self, card: Card) -> list[Claim]:
        """What your opponent could do with ``card`` with no card of their hand, as the
        claims of their position (the course's tests check them against it)."""
        analysis, plays = self.gifts(card)
        return [c for p in plays for c in play_claims(analysis.position, analysis, p)]

    def best(self) -> CardMask:
        hand = self.remaining()
        safe = [c for c in cards_of(hand) if not self.gifts(c)[1]]
        return sum(1 << c for c in safe) or hand

    def reason(self, card: Card) -> str:
        analysis, plays = self.gifts(card)
        glyph = card_glyph(card)
        for play in plays:
            for index, _laid in play.lay_off or ():
                return _("%(card)s fits your meld %(meld)s: your opponent could lay it off "
                         "there, and it would count towards their eleven (K10).",
                         card=glyph, meld=opponent_meld_text(analysis.position, index))
        if plays:
            return _("%(card)s fits your opponent's melds: they could take it at once with "
                     "no card from their hand (K7, K9).", card=glyph)
        return _("With no card from their hand, your opponent cannot put %(card)s down: "
                 "the table gives it no place (K9, K10).", card=glyph)

    def check(self, answer: Answer) -> Feedback:
        if len(answer.values) != 1:
            raise AnswerError(_("Choose exactly one card to discard."))
        card = cards_of(_parse_cards(answer.values, self.remaining(), self.position))[0]
        best = self.best()
        fb = Feedback(bool(best >> card & 1), [self.reason(card)], attempt=[self.reason(card)])
        if not fb.correct:
            fb.sentences += [self.reason(c) for c in cards_of(best)]
        fb.sentences.append(_("Your discard is the card your opponent faces next (K7)."))
        return fb


__all__ = ["SafeDiscard"]
