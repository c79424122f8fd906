"""Which discard is safe after a take (R8, R9).

The tutor's rule, used by every ``discard`` puzzle: after the given take, the
accepted discards are exactly the cards left in hand that do **not** fit the
opponent's exposed melds on their own (rearranging those melds if needed, R5).
A card that does fit is one the opponent can certainly take, with no card from
hand (R8), so it certainly helps them.  (Forcing adds nothing to that risk: if they
declined it, forcing it on them would be the discarder's own choice, R9.)  Whether
any other card helps them depends on their hidden hand, which a careful player
cannot know; those cards are the safe ones.
"""

from __future__ import annotations

from solver.cards import CardMask, iter_cards
from solver.cover import fits_melds
from solver.position import Position


def unsafe_cards(position: Position, cards: CardMask) -> CardMask:
    """The cards among ``cards`` that fit the opponent's exposed melds by themselves."""
    opponent = position.opponent_exposed
    out = 0
    for card in iter_cards(cards):
        if fits_melds(opponent, card):
            out |= 1 << card
    return out


def safe_discards(position: Position, take: CardMask) -> CardMask:
    """The accepted discards after taking the center card with the hand cards ``take``."""
    left = position.hand & ~take
    return left & ~unsafe_cards(position, left)
