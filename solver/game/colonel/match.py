"""A Colonel match: hands until a player reaches 100 points (H12), the deal alternating."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, Final

from solver.game.colonel.state import ColonelState
from solver.game.deal import deal_from_seed
from solver.game.match import hand_seed, play_hand
from solver.rules import get_profile

MATCH_TARGET: Final = 100  # H12


def first_dealer(seed: int) -> int:
    """H2: the lower cut deals first; a fair draw by lot stands in for the cut."""
    return random.Random(f"colonel-match:{seed}").randrange(2)


def play_match(seed: int, players: Sequence[Any], rng: random.Random,
               target: int = MATCH_TARGET) -> Iterator[ColonelState]:
    """Play hands until someone has ``target`` points; yields each finished hand (its
    ``score`` is the match score before it)."""
    rules = get_profile("colonel")
    score = [0, 0]
    number = 0
    while max(score) < target:
        dealer = (first_dealer(seed) + number) % 2
        deal = deal_from_seed(hand_seed(seed, number), dealer, rules)
        state = play_hand(ColonelState(deal, (score[0], score[1])), players, rng)
        if state.winner is not None:
            score[state.winner] += state.points
        number += 1
        yield state
