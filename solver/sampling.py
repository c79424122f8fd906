"""Random consistent positions, for property tests, benchmarks and puzzle search.

The generator is biased towards interesting positions: melds are drawn so that
several cards sit near each other, and the center card often touches them.
"""

from __future__ import annotations

import random

from solver.cards import FULL_DECK, NUM_CARDS, CardMask, cards_of
from solver.melds import ALL_MELDS
from solver.players.hand_shape import rank_mates, run_neighbours
from solver.position import CARDS_PER_PLAYER, Position


def _random_melds(rng: random.Random, free: CardMask, max_cards: int, count: int) -> list[CardMask]:
    melds: list[CardMask] = []
    used = 0
    for _ in range(count):
        room = max_cards - used.bit_count()
        options = [m for m in ALL_MELDS if m & free == m and m.bit_count() <= room]
        if not options:
            break
        meld = rng.choice(options)
        melds.append(meld)
        used |= meld
        free &= ~meld
    return melds


def random_position(rng: random.Random, *, max_melds: int = 3) -> Position:
    """A random position that satisfies every rule of the contract (R4, R13)."""
    free = FULL_DECK
    melds = _random_melds(rng, free, CARDS_PER_PLAYER, rng.randint(0, max_melds))
    for m in melds:
        free &= ~m
    opponent = _random_melds(rng, free, CARDS_PER_PLAYER, rng.randint(0, max_melds))
    for m in opponent:
        free &= ~m
    exposed = sum(m.bit_count() for m in melds)
    hand_size = CARDS_PER_PLAYER - exposed
    pool = cards_of(free)
    hand_cards = rng.sample(pool, hand_size)
    hand = 0
    for c in hand_cards:
        hand |= 1 << c
    free &= ~hand
    center = _pick_center(rng, free, hand | sum(melds))
    free &= ~(1 << center)
    seen = NUM_CARDS - free.bit_count()
    return Position(
        hand=hand,
        melds=tuple(melds),
        opponent_melds=tuple(opponent),
        center=center,
        center_from=rng.choice(("opponent", "stock")),
        stock=rng.randint(0, min(19, NUM_CARDS - seen)),
    )


def _pick_center(rng: random.Random, free: CardMask, mine: CardMask) -> int:
    # Half of the time, a card next to (or of the same rank as) one of ours.
    if rng.random() < 0.5:
        near = 0
        for c in cards_of(mine):
            near |= run_neighbours(c, 1) | rank_mates(c) | 1 << c
        near &= free
        if near:
            return rng.choice(cards_of(near))
    return rng.choice(cards_of(free))
