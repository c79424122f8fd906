"""Taking the center card to close (conquin, I5, I6, I9, I10).

Both engines build these same value types; ``to_dict`` gives the contract's JSON.

With the center card taken you hold eleven cards.  You close (I9) when ten of them can be
shown in melds and the eleventh discarded; the analysis lists every discard that closes
(one entry per distinct card: two 7♥ are one discard, every joker is ``*``), each with the
arrangement that pays best and its stake multiplier (I10).  When no discard closes, it gives
the arrangement that melds the most cards, its discard and the deadwood (the cards kept
outside melds).

A meld is a :class:`Group`: its natural cards (a multiset, as :func:`solver.cards.fold`
writes it) and how many jokers complete it (I6).  Which card each joker stands for is not a
choice the player needs to make before showing; :func:`represent` fixes one.  Among several
equally good arrangements the canonical one is printed (:func:`group_key`), so both engines
print the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.cards import (
    JOKER_BASE,
    KINDS_MASK,
    NATURALS,
    NUM_RANKS_FULL,
    NUM_SUITS,
    Card,
    CardMask,
    card_rank,
    card_str,
    card_suit,
    cards_of,
    fold,
    make_card,
)
from solver.position import Position

SINGLE_SIZE = -1
"""The size slot of a card left outside melds in :func:`group_key` (after every meld)."""


def naturals_of(mask: CardMask) -> CardMask:
    """The natural cards of a set of physical cards, as a canonical multiset."""
    return fold(mask & ((1 << JOKER_BASE) - 1))


def jokers_of(mask: CardMask) -> int:
    return (mask >> JOKER_BASE).bit_count()


def multiset_kinds(naturals: CardMask) -> list[Card]:
    """The kinds of a canonical multiset, each as often as it occurs, ascending."""
    low, high = naturals & KINDS_MASK, naturals >> NATURALS
    return sorted(cards_of(low) + cards_of(high))


@dataclass(frozen=True, slots=True, order=True)
class Group:
    """One meld: natural cards (canonical multiset) and the jokers that complete it (I6)."""

    naturals: CardMask
    jokers: int = 0

    @property
    def size(self) -> int:
        return self.naturals.bit_count() + self.jokers

    def represent(self) -> list[tuple[Card, bool]]:
        """The meld in display order: (natural card kind, is a joker standing for it)."""
        kinds = multiset_kinds(self.naturals)
        if len({card_rank(k) for k in kinds}) == 1:
            rank = card_rank(kinds[0])
            count = [sum(1 for k in kinds if card_suit(k) == s) for s in range(NUM_SUITS)]
            cards = [(k, False) for k in kinds]
            for _ in range(self.jokers):
                # A joker takes the suit held least so far, spades first (a choice: I6 lets
                # it stand for any card of the set).
                suit = min(range(NUM_SUITS), key=lambda s: (count[s], s))
                count[suit] += 1
                cards.append((make_card(rank, suit), True))
            return sorted(cards, key=lambda c: (card_suit(c[0]), c[1]))
        suit = card_suit(kinds[0])
        ranks = {card_rank(k) for k in kinds}
        length = len(kinds) + self.jokers
        start = window_start(ranks, length)
        return [(make_card((start + i) % NUM_RANKS_FULL, suit),
                 (start + i) % NUM_RANKS_FULL not in ranks) for i in range(length)]

    def strings(self) -> list[str]:
        return [("*" if joker else "") + card_str(card) for card, joker in self.represent()]


def window_start(ranks: set[int], length: int) -> int:
    """The lowest rank that starts a circular run of ``length`` holding every rank (I5)."""
    for start in range(NUM_RANKS_FULL):
        if all((r - start) % NUM_RANKS_FULL < length for r in ranks):
            return start
    raise ValueError("no run holds these ranks")


def group_key(group: Group) -> tuple[int, int, int, int]:
    """The canonical order of melds: lowest natural card first, longer first, fewer jokers
    first, then the cards.  The canonical arrangement is the one whose melds (and cards left
    out, :func:`single_key`), sorted by key, come first lexicographically."""
    n = group.naturals
    return ((n & -n).bit_length() - 1, -group.size, group.jokers, n)


def single_key(kind: Card) -> tuple[int, int, int, int]:
    """A card left outside the melds comes after every meld with the same lowest card."""
    return (kind, SINGLE_SIZE, 0, 1 << kind)


def multiplier(groups: Sequence[Group]) -> int:
    """I10: ×5/×4/×1 for a ten-card run with 0/1/2 or more jokers, ×2 for exactly two melds,
    else ×1."""
    if len(groups) == 1 and groups[0].size == 10:
        return {0: 5, 1: 4}.get(groups[0].jokers, 1)
    return 2 if len(groups) == 2 else 1


def discard_str(card: Card) -> str:
    return "*" if card >= JOKER_BASE else card_str(card)


@dataclass(frozen=True, slots=True)
class Closing:
    """One discard that closes, the best-paying arrangement of the other ten cards."""

    discard: Card
    """The card kind (``JOKER_BASE`` for a joker)."""
    groups: tuple[Group, ...]

    @property
    def multiplier(self) -> int:
        return multiplier(self.groups)

    def to_dict(self) -> dict[str, Any]:
        return {"discard": discard_str(self.discard),
                "melds": [g.strings() for g in self.groups],
                "multiplier": self.multiplier}


@dataclass(frozen=True, slots=True)
class ClosingAnalysis:
    position: Position
    closings: tuple[Closing, ...]
    """Every closing discard, best multiplier first, then by card (joker last)."""
    best_groups: tuple[Group, ...]
    """The canonical arrangement that melds the most of the eleven cards…"""
    best_discard: Card
    """…its discard (a card kind, ``JOKER_BASE`` for a joker)…"""
    kept: tuple[Card, ...]
    """…and the kinds of the cards kept outside melds (the deadwood)."""

    @property
    def closes(self) -> bool:
        """Taking the center card lets you close now (I9)."""
        return bool(self.closings)

    @property
    def deadwood(self) -> int:
        """Cards kept outside melds after the best discard; 0 when you close."""
        return len(self.kept)

    def to_dict(self) -> dict[str, Any]:
        return {
            "closes": self.closes,
            "closing": [c.to_dict() for c in self.closings],
            "deadwood": self.deadwood,
            "best": {
                "melds": [g.strings() for g in self.best_groups],
                "discard": discard_str(self.best_discard),
                "hand": [discard_str(k) for k in self.kept],
            },
        }


def closing_order(closing: Closing) -> tuple[int, int]:
    return (-closing.multiplier, closing.discard)


def best_from_cover(groups: Sequence[Group], left: Sequence[Card]) -> tuple[Card, tuple[Card, ...]]:
    """The discard and kept cards from the cards left outside the canonical arrangement
    (kinds, ``JOKER_BASE`` for a joker): throw the highest-ranking natural card (the later
    suit on a tie), a joker only when nothing else is left."""
    ordered = sorted(left, key=lambda k: (k < JOKER_BASE, card_rank(k) if k < JOKER_BASE else 0,
                                          k))
    discard = ordered[-1]
    kept = list(left)
    kept.remove(discard)
    return discard, tuple(sorted(kept))
