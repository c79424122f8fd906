"""Deals: every player's hand and the stock, from a seed, under any profile.

conquian-40 (R3): 10 cards to each player, one at a time, and a 20-card stock.  Other
profiles deal the same way with their own deck and player count; Conquin deals each
player's ten cards at once (I4).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from solver.cards import NUM_CARDS, Card, CardMask, mask_of
from solver.rules import CONQUIAN_40, RuleProfile

HAND_SIZE: Final = 10
STOCK_SIZE: Final = NUM_CARDS - 2 * HAND_SIZE
"""conquian-40's stock after the deal (R3)."""


@dataclass(frozen=True, slots=True)
class Deal:
    dealer: int
    hands: tuple[CardMask, ...]
    stock: tuple[Card, ...]
    """Top card first."""
    rules: RuleProfile = CONQUIAN_40

    @property
    def players(self) -> int:
        return len(self.hands)


def stock_size(rules: RuleProfile, players: int = 2) -> int:
    return rules.deck.size - players * rules.hand_size


def deal_from_seed(
    seed: int, dealer: int, rules: RuleProfile = CONQUIAN_40, players: int = 2
) -> Deal:
    """Shuffle the profile's deck with ``random.Random(seed)`` and deal, starting with the
    player after the dealer: one card at a time round the table (R3), or ten at once (I4)."""
    deck = list(rules.deck.cards)
    random.Random(seed).shuffle(deck)
    size = rules.hand_size
    dealt = deck[: players * size]
    order = [(dealer + 1 + i) % players for i in range(players)]
    hands = [0] * players
    for position, player in enumerate(order):
        if rules.deal_in_blocks:
            cards = dealt[position * size:(position + 1) * size]
        else:
            cards = dealt[position::players]
        hands[player] = mask_of(cards)
    return Deal(dealer, tuple(hands), tuple(deck[players * size:]), rules)
