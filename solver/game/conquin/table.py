"""A Conquin table: deal after deal, the deal passing clockwise (I2), the chips carried
over, and the Pot chip (I11) going to the winner of each deal in which it was played."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from solver.game.conquin.state import ConquinState
from solver.game.deal import deal_from_seed
from solver.game.match import hand_seed, play_hand
from solver.rules import get_profile


def first_dealer(seed: int, players: int) -> int:
    """I2: the first dealer is drawn by lot."""
    return random.Random(f"conquin-table:{seed}").randrange(players)


def play_deals(seed: int, players: Sequence[Any], rng: random.Random, deals: int, *,
               dealer: int | None = None, pot_chip: int | None = None) -> Iterator[ConquinState]:
    """Play ``deals`` deals at one table; yields each finished deal (its ``chips`` are every
    player's balance before it).  ``dealer`` overrides the first dealer drawn by lot;
    ``pot_chip`` is the seat holding the Pot chip first, ``None`` to play without it."""
    rules = get_profile("conquin")
    seats = len(players)
    first = first_dealer(seed, seats) if dealer is None else dealer
    chips = [0] * seats
    for number in range(deals):
        deal = deal_from_seed(hand_seed(seed, number), (first + number) % seats, rules, seats)
        state = play_hand(ConquinState(deal, tuple(chips), pot_chip), players, rng)
        chips = [c + s for c, s in zip(chips, state.settled, strict=True)]
        pot_chip = state.next_pot_holder()
        yield state
