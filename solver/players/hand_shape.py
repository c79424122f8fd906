"""Small, fast measures of a hand's shape shared by the greedy and expert players."""

from __future__ import annotations

from typing import Final

from solver.cards import (
    DECK_40,
    NATURALS,
    Card,
    CardMask,
    Deck,
    card_rank,
    card_suit,
    iter_cards,
    make_card,
)


def _rank_mates(card: Card) -> CardMask:
    rank = card_rank(card)
    return sum(1 << make_card(rank, s) for s in range(4)) & ~(1 << card)


def _neighbours(card: Card, distance: int, deck: Deck) -> CardMask:
    if not deck.has_rank(card_rank(card)):
        return 0
    order, suit = deck.order(card), card_suit(card)
    mask = 0
    if order - distance >= 0:
        mask |= 1 << make_card(deck.rank_at(order - distance), suit)
    if order + distance < len(deck.ranks):
        mask |= 1 << make_card(deck.rank_at(order + distance), suit)
    return mask


_MATES: Final = tuple(_rank_mates(c) for c in range(NATURALS))
_NEAR_40: Final = {d: tuple(_neighbours(c, d, DECK_40) for c in range(NATURALS)) for d in (1, 2)}


def rank_mates(card: Card) -> CardMask:
    """The other three cards of the card's rank."""
    return _MATES[card]


def run_neighbours(card: Card, distance: int, deck: Deck = DECK_40) -> CardMask:
    """Cards of the same suit exactly ``distance`` ranks away in the deck's run order."""
    if deck is DECK_40 and distance in _NEAR_40:
        return _NEAR_40[distance][card]
    return _neighbours(card, distance, deck)


def connection(card: Card, mine: CardMask, live: CardMask) -> float:
    """How much ``card`` belongs with ``mine`` (other hand and exposed cards): rank mates and
    close suit neighbours count, and a neighbour that is still ``live`` (could still arrive)
    counts a little too."""
    score = 2.0 * (rank_mates(card) & mine).bit_count()
    score += 2.0 * (run_neighbours(card, 1) & mine).bit_count()
    score += 1.0 * (run_neighbours(card, 2) & mine).bit_count()
    score += 0.25 * ((rank_mates(card) | run_neighbours(card, 1)) & live).bit_count()
    return score


def least_connected(hand: CardMask, exposed: CardMask, live: CardMask) -> Card:
    """The card of ``hand`` with the weakest :func:`connection` (the lowest on ties): the
    discard of a plain player.  Here rather than in ``greedy`` because the compiled
    playouts call it at every discard."""
    best, best_score = -1, float("inf")
    for card in iter_cards(hand):
        score = connection(card, (hand | exposed) & ~(1 << card), live)
        if score < best_score:
            best, best_score = card, score
    return best
