"""Random consistent positions for the profiles whose center card is drawn into the hand
(``colonel``, ``conquin``): property tests and ``conquian bench --rules P``.

Like :mod:`solver.sampling`, the generator leans towards interesting positions: hands that
hold melds or near-melds, upcards next to the hand's cards, and (in conquin) hands that are
one card away from closing, with jokers in some of them.
"""

from __future__ import annotations

import random

from solver.cards import (
    JOKER_BASE,
    NATURALS,
    NUM_RANKS_FULL,
    Card,
    CardMask,
    card_kind,
    card_rank,
    card_suit,
    cards_of,
    make_card,
)
from solver.position import Position
from solver.rules import RuleProfile, get_profile


def random_position(rules: RuleProfile | str, rng: random.Random) -> Position:
    """A random position of ``rules`` (``colonel`` or ``conquin``) that the parser accepts."""
    profile = get_profile(rules)
    if profile.analysis == "draw":
        return _colonel(profile, rng)
    if profile.analysis == "closing":
        return _conquin(profile, rng)
    raise ValueError(f"no hand sampler for {profile.id}")


def _near(rng: random.Random, free: CardMask, mine: CardMask) -> CardMask:
    """The free cards next to or of the same rank as one of ``mine`` (natural cards)."""
    near = 0
    for c in cards_of(mine):
        if c >= JOKER_BASE:
            continue
        kind = card_kind(c)
        rank, suit = card_rank(kind), card_suit(kind)
        for r in (rank - 2, rank - 1, rank + 1, rank + 2):
            near |= 1 << make_card(r % NUM_RANKS_FULL, suit)
        for s in range(4):
            near |= 1 << make_card(rank, s)
    near |= near << NATURALS
    return near & free


def _colonel(profile: RuleProfile, rng: random.Random) -> Position:
    table = profile.table
    free = profile.deck.mask
    sides: list[list[CardMask]] = [[], []]
    for side in range(2):
        room = 9 if side == 0 else 10  # your hand keeps at least one card (H8, H13)
        for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
            options = [m for m in table.all if m & free == m and m.bit_count() <= room
                       and m.bit_count() <= 6]
            if not options:
                break
            meld = rng.choice(options)
            sides[side].append(meld)
            free &= ~meld
            room -= meld.bit_count()
    down = sum(m.bit_count() for m in sides[0])
    hand = 0
    size = profile.hand_size - down
    # Some hands hold a meld or two already (H5 lets them go down at any turn).
    while hand.bit_count() < size:
        pool = free & ~hand
        near = _near(rng, pool, hand) if hand and rng.random() < 0.4 else 0
        hand |= 1 << rng.choice(cards_of(near or pool))
    free &= ~hand
    mine = hand | sum(sides[0]) | sum(sides[1])
    near = _near(rng, free, mine)
    upcard = rng.choice(cards_of(near if near and rng.random() < 0.6 else free))
    free &= ~(1 << upcard)
    return Position(
        hand=hand,
        melds=tuple(sides[0]),
        opponent_melds=tuple(sides[1]),
        center=upcard,
        center_from="opponent",
        stock=rng.randint(0, min(free.bit_count() - 10, profile.max_stock)),
        rules=profile,
    )


def _conquin(profile: RuleProfile, rng: random.Random) -> Position:
    table = profile.table
    free = profile.deck.mask
    cards: list[Card] = []

    def take(kind: Card) -> None:
        nonlocal free
        for physical in (kind, kind + NATURALS):
            if free >> physical & 1:
                free &= ~(1 << physical)
                cards.append(physical)
                return

    def take_joker() -> bool:
        nonlocal free
        jokers = free >> JOKER_BASE
        if not jokers:
            return False
        joker = JOKER_BASE + (jokers & -jokers).bit_length() - 1
        free &= ~(1 << joker)
        cards.append(joker)
        return True

    goal = 11 if rng.random() < 0.5 else rng.randint(3, 9)  # melded cards among the eleven
    while len(cards) < goal:
        room = goal - len(cards)
        if room < 3:
            break
        options = [m for m in table.all if 3 <= m.bit_count() <= room]
        meld = rng.choice(options)
        kinds = [card_kind(c) for c in cards_of(meld)]
        jokers = rng.choice((0, 0, 0, 1, 2)) if len(kinds) >= 4 else rng.choice((0, 0, 1))
        for i, kind in enumerate(kinds):
            if i < jokers and take_joker():
                continue
            take(kind)
    while len(cards) < 11:
        pool = free & ((1 << JOKER_BASE) - 1 if rng.random() < 0.97 else free)
        physical = rng.choice(cards_of(pool))
        free &= ~(1 << physical)
        cards.append(physical)
    rng.shuffle(cards)
    center = cards.pop()
    # Number copies as the parser does: the first of two equal cards is copy 0.
    hand = 0
    for c in cards:
        hand |= 1 << c
    hand, center = _renumber(hand, center)
    return Position(
        hand=hand,
        center=center,
        center_from=rng.choice(("opponent", "stock")),
        rules=profile,
        players=rng.randint(profile.min_players, profile.max_players),
    )


def _renumber(hand: CardMask, center: Card) -> tuple[CardMask, Card]:
    """Copies and jokers numbered in reading order (hand first, then the center card), as
    :meth:`Position.from_dict` numbers them, so positions round-trip through JSON."""
    out = 0
    jokers = JOKER_BASE
    for c in cards_of(hand):
        if c >= JOKER_BASE:
            out |= 1 << jokers
            jokers += 1
        else:
            kind = card_kind(c)
            out |= 1 << (kind + NATURALS if out >> kind & 1 else kind)
    if center >= JOKER_BASE:
        return out, jokers
    kind = card_kind(center)
    return out, kind + NATURALS if out >> kind & 1 else kind
