"""Why the learner's own answer fails: claims about the cards they chose, not only the
solution (a take that does not split into melds, a take that does not win, a discard that
is a gift)."""

from __future__ import annotations

from solver.analysis import Analysis
from solver.cards import Card, CardMask, card_glyph
from solver.claims.kinds import Claim
from solver.cover import fits_melds
from solver.explain import cards_text, melds_text
from solver.puzzles.discard import unsafe_cards


def why_take_fails(analysis: Analysis, hand_cards: CardMask, *, need_win: bool) -> list[Claim]:
    """For a chosen take of the center card with ``hand_cards``: why it is not an answer."""
    position = analysis.position
    center = {"center": card_glyph(position.center)}
    play = analysis.play_for(hand_cards)
    if play is None:
        if not hand_cards:
            return [Claim("not_alone", center)]
        return [Claim("not_a_take", {**center, "cards": cards_text(hand_cards)})]
    if need_win and not play.wins:
        left = (position.hand & ~hand_cards).bit_count()
        return [Claim("leaves_cards", {**center, "cards": cards_text(hand_cards) or "-",
                                       "count": left}, hand_cards)]
    return []


def why_discard_fails(analysis: Analysis, card: Card) -> list[Claim]:
    """For a chosen discard: the opponent's melds it fits by itself, if it does (R9)."""
    position = analysis.position
    if not unsafe_cards(position, 1 << card):
        return []
    fitting = [m for m in position.opponent_melds if fits_melds(m, card)]
    return [Claim("gift_discard", {"card": card_glyph(card),
                                   "melds": melds_text(fitting or position.opponent_melds)})]
