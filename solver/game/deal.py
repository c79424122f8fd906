"""Deals (R3): 10 cards to each player, one at a time, and a 20-card stock, from a seed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from solver.cards import DECK_40, NUM_CARDS, Card, CardMask, mask_of

HAND_SIZE: Final = 10
STOCK_SIZE: Final = NUM_CARDS - 2 * HAND_SIZE


@dataclass(frozen=True, slots=True)
class Deal:
    dealer: int
    hands: tuple[CardMask, CardMask]
    stock: tuple[Card, ...]
    """Top card first."""


def deal_from_seed(seed: int, dealer: int) -> Deal:
    """Shuffle with ``random.Random(seed)``; deal alternately, the non-dealer first (R3)."""
    deck = list(DECK_40.cards)
    random.Random(seed).shuffle(deck)
    first = 1 - dealer
    dealt = deck[: 2 * HAND_SIZE]
    hands = [0, 0]
    hands[first] = mask_of(dealt[0::2])
    hands[dealer] = mask_of(dealt[1::2])
    return Deal(dealer, (hands[0], hands[1]), tuple(deck[2 * HAND_SIZE :]))
