"""Small builders shared by the solver tests."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from solver.cards import DECK_40, Card, card_rank, card_str, card_suit, cards_of, parse_card
from solver.position import Position


def pos(
    hand: Sequence[str],
    center: str,
    melds: Sequence[Sequence[str]] = (),
    opponent_melds: Sequence[Sequence[str]] = (),
    center_from: str = "opponent",
    stock: int | None = None,
) -> Position:
    data: dict[str, Any] = {
        "hand": list(hand),
        "melds": [list(m) for m in melds],
        "opponent_melds": [list(m) for m in opponent_melds],
        "center": center,
        "center_from": center_from,
    }
    if stock is not None:
        data["stock"] = stock
    return Position.from_dict(data)


def names(mask: int) -> list[str]:
    return [card_str(c) for c in cards_of(mask)]


def card_set(*codes: str) -> frozenset[str]:
    return frozenset(card_str(parse_card(c)) for c in codes)


def is_meld_by_definition(cards: Sequence[Card]) -> bool:
    """R4 spelled out directly, independent of the solver's meld tables."""
    ranks = sorted(card_rank(c) for c in cards)
    order = sorted(DECK_40.ranks.index(r) for r in ranks)  # 7 and J neighbours (R1)
    suits = {card_suit(c) for c in cards}
    if len(set(cards)) != len(cards):
        return False
    if len(set(ranks)) == 1:
        return 3 <= len(cards) <= 4
    return (
        len(suits) == 1
        and 3 <= len(cards) <= 8
        and order == list(range(order[0], order[0] + len(cards)))
    )


def naive_coverable(cards: Iterable[Card]) -> bool:
    """Can these cards be split into valid melds? Brute force, for cross-checking."""
    cards = sorted(cards)
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for k in range(2, min(7, len(rest)) + 1):
        for combo in itertools.combinations(rest, k):
            if is_meld_by_definition((first, *combo)) and naive_coverable(
                [c for c in rest if c not in combo]
            ):
                return True
    return False


def naive_plays(position: Position) -> set[frozenset[Card]]:
    """Every set of hand cards that can be laid down with the center card, by brute force."""
    required = cards_of(position.exposed | 1 << position.center)
    hand = cards_of(position.hand)
    found = set()
    for size in range(len(hand) + 1):
        for chosen in itertools.combinations(hand, size):
            if naive_coverable(required + list(chosen)):
                found.add(frozenset(chosen))
    return found
