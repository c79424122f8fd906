"""Cards are conserved: after every step each physical card of the deck lies in exactly one
place (a hand, the table, the center or discards, the stock); with two packs each copy
once."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.conformance.cards import zones
from tests.conformance.games import new_hand, random_step
from tests.conformance.known_bugs import cases

SEEDS = range(4)
MAX_STEPS = 600


@pytest.mark.parametrize("game_id", cases("test_every_card_is_somewhere_once"))
def test_every_card_is_somewhere_once(game_id: str) -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        state = new_hand(game_id, seed)
        deck = Counter(state.deal.rules.deck.cards)
        for n in range(MAX_STEPS):
            found = Counter(zones(state).every_card())
            assert found == deck, (
                f"seed {seed}, step {n} ({state.history[-1:] if n else 'the deal'}): "
                f"missing {sorted((deck - found).elements())}, "
                f"extra {sorted((found - deck).elements())}")
            if state.is_terminal():
                break
            random_step(state, rng)
