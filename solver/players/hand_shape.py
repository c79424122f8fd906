"""Small, fast measures of a hand's shape shared by the greedy and expert players."""

from __future__ import annotations

from solver.cards import NUM_RANKS, Card, CardMask

_RANK_MASK = sum(1 << (s * NUM_RANKS) for s in range(4))  # bit of rank 0 in every suit


def rank_mates(card: Card) -> CardMask:
    """The other three cards of the card's rank."""
    return (_RANK_MASK << (card % NUM_RANKS)) & ~(1 << card)


def run_neighbours(card: Card, distance: int) -> CardMask:
    """Cards of the same suit exactly ``distance`` ranks away."""
    rank, base = card % NUM_RANKS, card - card % NUM_RANKS
    mask = 0
    if rank - distance >= 0:
        mask |= 1 << (base + rank - distance)
    if rank + distance < NUM_RANKS:
        mask |= 1 << (base + rank + distance)
    return mask


def connection(card: Card, mine: CardMask, live: CardMask) -> float:
    """How much ``card`` belongs with ``mine`` (other hand and exposed cards): rank mates and
    close suit neighbours count, and a neighbour that is still ``live`` (could still arrive)
    counts a little too."""
    score = 2.0 * (rank_mates(card) & mine).bit_count()
    score += 2.0 * (run_neighbours(card, 1) & mine).bit_count()
    score += 1.0 * (run_neighbours(card, 2) & mine).bit_count()
    score += 0.25 * ((rank_mates(card) | run_neighbours(card, 1)) & live).bit_count()
    return score
