"""Cooncan's own exercise: the discard after a take, judged from both sides of the table.

In Cooncan your discard is your opponent's next center card, and they may lay it off onto
*your* melds (C9), where it counts as one of their cards down.  :class:`SafeDiscard` asks the
solver what your opponent could do with each card: it analyses your opponent's position
facing it, and a card they could put down with no card from their hand (into their melds or
onto yours) is a gift.  Their hand is unknown: it is filled with unseen cards only to make a
legal position, and only plays that need none of its cards are read."""

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
from tutor.learn.exercises import Answer, Discard, Feedback, _parse_cards


def _meld_codes(melds: tuple[CardMask, ...]) -> list[list[str]]:
    return [[card_str(c) for c in cards_of(m)] for m in melds]


def _owner_index(melds: tuple[CardMask, ...], cards: CardMask) -> int:
    return next(i for i, meld in enumerate(melds) if meld & cards)


@dataclass(frozen=True)
class SafeDiscard(Discard):
    """After taking the center card with ``take``, choose the card to discard (C8).  Right:
    a card your opponent cannot put down with no card of their hand — neither into their
    melds nor laid off onto yours (C9) — and, among those, one with the fewest partners in
    your hand (as :class:`~tutor.learn.exercises.Discard` counts them)."""

    kind: ClassVar[str] = "discard"

    @cached_property
    def _take(self) -> Play:
        play = self.played()
        if play.lay_off:  # a lesson bug, caught by the course's tests
            raise ValueError(f"{self.take} lays a card off: take into your own melds")
        return play

    def facing(self, card: Card) -> Position:
        """Your opponent's position facing ``card`` after your take (C7, C9, C14)."""
        position, play = self.position, self._take
        mine = play.melds
        theirs = position.opponent_melds
        data: dict[str, object] = {
            "rules": position.rules.id, "melds": _meld_codes(theirs),
            "opponent_melds": _meld_codes(mine), "center": card_str(card),
            "center_from": "opponent",
        }
        # Laid-off cards keep their owner: yours on their melds, theirs on yours (frozen
        # melds keep their cards through any take).
        data["opponent_laid_off"] = [
            {"meld": _owner_index(theirs, laid), "cards": [card_str(c) for c in cards_of(laid)]}
            for laid in position.laid_off if laid]
        data["laid_off"] = [
            {"meld": _owner_index(mine, laid), "cards": [card_str(c) for c in cards_of(laid)]}
            for laid in position.opponent_laid_off if laid]
        down = (sum(m.bit_count() for m in theirs) - sum(m.bit_count() for m in position.laid_off)
                + sum(m.bit_count() for m in position.opponent_laid_off))
        seen = (position.hand | position.exposed | position.opponent_exposed
                | 1 << position.center)
        unseen = [c for c in position.rules.deck.cards if not seen >> c & 1]
        data["hand"] = [card_str(c) for c in unseen[:10 - down]]
        return Position.from_dict(data)

    def _gifts(self, card: Card) -> tuple[Analysis, list[Play]]:
        analysis = analyze(self.facing(card))
        return analysis, [p for p in analysis.plays if not p.hand_cards]

    def gift_claims(self, card: Card) -> list[Claim]:
        """What your opponent could do with ``card`` with no card from their hand, as the
        claims of their position (checked against it by the tests)."""
        analysis, plays = self._gifts(card)
        return [c for p in plays for c in play_claims(analysis.position, analysis, p)]

    def scores(self) -> dict[Card, tuple[bool, int]]:
        hand = self.remaining()
        return {c: (bool(self._gifts(c)[1]), self._partners(c, hand).bit_count())
                for c in cards_of(hand)}

    def reason(self, card: Card) -> str:
        analysis, plays = self._gifts(card)
        facing, glyph = analysis.position, card_glyph(card)
        for play in plays:
            for index, _laid in play.lay_off or ():
                return _("%(card)s fits your meld %(meld)s: your opponent could lay it off "
                         "there, and it would count as one of their cards down (C9).",
                         card=glyph, meld=opponent_meld_text(facing, index))
        if plays:
            return _("%(card)s fits your opponent's melds: they could take it at once (C8).",
                     card=glyph)
        return super().reason(card)

    def check(self, answer: Answer) -> Feedback:
        if len(answer.values) != 1:
            return super().check(answer)  # the same error as any discard
        card = cards_of(_parse_cards(answer.values, self.remaining()))[0]
        best = self.best()
        fb = Feedback(bool(best >> card & 1), [self.reason(card)], attempt=[self.reason(card)])
        if not fb.correct:
            fb.sentences += [self.reason(c) for c in cards_of(best)]
        fb.sentences.append(_("Your discard becomes the center card your opponent faces "
                              "(C7, C8)."))
        return fb


__all__ = ["SafeDiscard"]
