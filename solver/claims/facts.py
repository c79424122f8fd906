"""Facts about a position that sentences rest on, each computed from the solver.

``helpers``: which cards would let the player take the center card, were they in hand (one
card that suffices, two that are both needed, or cards that would help but are dead because
they lie in the opponent's melds, R5).  ``near``: the cards a hint points at.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from solver.cards import (
    ACE,
    DECK_40,
    FULL_DECK,
    KING,
    QUEEN,
    CardMask,
    card_rank,
    card_suit,
    cards_of,
    make_card,
)
from solver.melds import ALL_MELDS, MELDS_CONTAINING
from solver.position import Position
from solver.search import analyze


def with_in_hand(position: Position, cards: CardMask) -> Position:
    """The same position with ``cards`` added to the hand (and taken out of the opponent's
    melds, if there: the question is only whether they would let the center card be taken)."""
    return Position(position.hand | cards, position.melds, (), position.center,
                    position.center_from, position.stock)


@lru_cache(maxsize=65536)
def _usable(hand: CardMask, melds: tuple[CardMask, ...], center: int) -> bool:
    return analyze(Position(hand, melds, (), center)).usable


def helps(position: Position, cards: CardMask) -> bool:
    """Whether the center card could be taken with ``cards`` in hand as well."""
    return _usable(position.hand | cards, position.melds, position.center)


@dataclass(frozen=True, slots=True)
class Helpers:
    singles: CardMask
    """Cards not yet seen on the table, each of which alone would let the card be taken."""
    dead: CardMask
    """Cards in the opponent's melds that alone would let it be taken (dead, R5)."""
    pairs: tuple[CardMask, ...]
    """Two live cards both needed: neither alone is enough, together they are."""


def candidates(position: Position) -> CardMask:
    """Cards the player does not hold or have down, other than the center card."""
    return FULL_DECK & ~(position.hand | position.exposed | 1 << position.center)


def _missing(position: Position) -> tuple[CardMask, frozenset[CardMask]]:
    """The melds that the player's cards (hand, own melds) and the center card lack one card
    of (those cards, together) or two cards of (those pairs)."""
    pool = position.hand | position.exposed | 1 << position.center
    one = 0
    two = set()
    for meld in ALL_MELDS:
        rest = meld & ~pool
        if not rest:
            continue
        rest_less = rest & (rest - 1)
        if not rest_less:
            one |= rest
        elif not rest_less & (rest_less - 1):
            two.add(rest)
    return one, frozenset(two)


def could_help(position: Position) -> CardMask:
    """The cards not held that could help at all: a card helps only as part of a meld whose
    other cards are all the player's (hand, own melds) or the center card, so every other
    card is skipped without a search."""
    return _missing(position)[0] & candidates(position)


def helpers(position: Position) -> Helpers:
    free = candidates(position)
    live = free & ~position.opponent_exposed
    one, two = _missing(position)
    singles = dead = 0
    for card in cards_of(one & free):
        if helps(position, 1 << card):
            if live >> card & 1:
                singles |= 1 << card
            else:
                dead |= 1 << card
    # Pairs among the live cards that share a meld with the center card.  Each card of a pair
    # that helps lies in a meld whose other cards are the player's, the center card or the
    # other card of the pair: the pairs that fail this for either card are skipped.
    near = 0
    for meld in MELDS_CONTAINING[position.center]:
        near |= meld
    near &= live & ~singles
    pool = cards_of(near)
    pairs = []
    for i, a in enumerate(pool):
        for b in pool[i + 1:]:
            pair = 1 << a | 1 << b
            if pair not in two and not (one >> a & 1 and one >> b & 1):
                continue
            if helps(position, pair):
                pairs.append(pair)
    return Helpers(singles, dead, tuple(pairs))


def fits_whole(position: Position) -> bool:
    """Some meld with the center card lies wholly in the player's cards (hand and exposed):
    if the card still cannot be taken, the melds are what blocks it (R5)."""
    pool = position.exposed | position.hand | 1 << position.center
    return any(not meld & ~pool for meld in MELDS_CONTAINING[position.center])


def near(position: Position, *, exposed_only: bool = False) -> CardMask:
    """The player's cards that could meet the center card in a meld: same rank, or the same
    suit within two ranks; for Q, K and A, also the other two of Q-K-A (the tempting one)."""
    mine = position.exposed if exposed_only else position.hand | position.exposed
    center = position.center
    rank, suit, order = card_rank(center), card_suit(center), DECK_40.order(center)
    out = 0
    for card in cards_of(mine):
        close = card_suit(card) == suit and abs(DECK_40.order(card) - order) <= 2
        if close or card_rank(card) == rank:
            out |= 1 << card
    if rank in (ACE, QUEEN, KING):
        out |= mine & sum(1 << make_card(r, suit) for r in (ACE, QUEEN, KING))
    return out
