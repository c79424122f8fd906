"""Melds (R4): sets of 3-4 cards of one rank and runs of 3-8 cards of one suit.

There are exactly 182 candidate melds in the 40-card deck: 50 sets (5 per rank)
and 132 runs (33 per suit).  Each meld is a card mask.  ``MELD_ORDER`` fixes the
canonical order every engine uses to pick "the" arrangement among several.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from solver.cards import (
    NUM_CARDS,
    NUM_RANKS,
    NUM_SUITS,
    RANK_SYMBOLS,
    Card,
    CardMask,
    card_rank,
    card_str,
    card_suit,
    cards_of,
    make_card,
    mask_of,
)
from solver.errors import InvalidMeldError, Text
from solver.messages import N_

MIN_SET, MAX_SET = 3, 4
MIN_RUN, MAX_RUN = 3, 8


def _all_sets() -> list[CardMask]:
    sets: list[CardMask] = []
    for rank in range(NUM_RANKS):
        cards = [make_card(rank, suit) for suit in range(NUM_SUITS)]
        for size in (MIN_SET, MAX_SET):
            sets.extend(mask_of(combo) for combo in combinations(cards, size))
    return sets


def _all_runs() -> list[CardMask]:
    runs: list[CardMask] = []
    for suit in range(NUM_SUITS):
        for length in range(MIN_RUN, MAX_RUN + 1):
            for low in range(NUM_RANKS - length + 1):
                runs.append(mask_of(make_card(low + i, suit) for i in range(length)))
    return runs


def _lowest(mask: CardMask) -> Card:
    return (mask & -mask).bit_length() - 1


def _canonical_key(mask: CardMask) -> tuple[int, int, int]:
    # Lowest card first (so a depth-first cover that always covers its lowest
    # open card finds melds in this order), then longer melds first.
    return (_lowest(mask), -mask.bit_count(), mask)


SETS: Final[tuple[CardMask, ...]] = tuple(_all_sets())
RUNS: Final[tuple[CardMask, ...]] = tuple(_all_runs())
ALL_MELDS: Final[tuple[CardMask, ...]] = tuple(sorted(SETS + RUNS, key=_canonical_key))
"""All 182 melds in canonical order."""

MELD_INDEX: Final[dict[CardMask, int]] = {m: i for i, m in enumerate(ALL_MELDS)}
"""A meld's position in the canonical order; lower is preferred."""

MELDS_CONTAINING: Final[tuple[tuple[CardMask, ...], ...]] = tuple(
    tuple(m for m in ALL_MELDS if m >> c & 1) for c in range(NUM_CARDS)
)
MELDS_FROM: Final[tuple[tuple[CardMask, ...], ...]] = tuple(
    tuple(m for m in ALL_MELDS if _lowest(m) == c) for c in range(NUM_CARDS)
)
"""Melds whose lowest card is the given card, in canonical order."""

_SET_MASKS: Final = frozenset(SETS)
_RUN_MASKS: Final = frozenset(RUNS)


def is_valid_meld(mask: CardMask) -> bool:
    return mask in MELD_INDEX


def is_set(mask: CardMask) -> bool:
    return mask in _SET_MASKS


def is_run(mask: CardMask) -> bool:
    return mask in _RUN_MASKS


def meld_problem(cards: Sequence[Card]) -> Text | None:
    """Why these cards are not a valid meld (R4), or ``None`` when they are."""
    if len(set(cards)) != len(cards):
        return Text(N_("a card appears twice in it"))
    mask = mask_of(cards)
    if is_valid_meld(mask):
        return None
    n = len(cards)
    if n < MIN_SET:
        return Text(N_("a meld needs at least 3 cards, this has {count} (R4)"), {"count": n})
    ranks = {card_rank(c) for c in cards}
    suits = {card_suit(c) for c in cards}
    if len(ranks) == 1:
        return Text(N_("a set has 3 or 4 cards of one rank, this has {count} (R4)"),
                    {"count": n})
    if len(suits) != 1:
        return Text(N_("cards of different ranks must all share one suit to form a run (R4)"))
    if n > MAX_RUN:
        return Text(N_("a run has at most 8 cards, this has {count}: it must be split (R4)"),
                    {"count": n})
    ordered = sorted(ranks)
    if {RANK_SYMBOLS.index("A"), RANK_SYMBOLS.index("K")} <= ranks:
        return Text(N_("a run cannot wrap around from K to A: the ace is low only (R1, R4)"))
    missing = [RANK_SYMBOLS[r] for r in range(ordered[0], ordered[-1] + 1) if r not in ranks]
    return Text(N_("the run has a gap: {ranks} missing (R4)"), {"ranks": ", ".join(missing)})


def check_meld(cards: Sequence[Card]) -> CardMask:
    """The mask of a valid meld, or :class:`InvalidMeldError` saying why not."""
    problem = meld_problem(cards)
    if problem is not None:
        shown = "-".join(card_str(c) for c in cards)
        raise InvalidMeldError(N_("{meld} is not a valid meld: {problem}"), meld=shown,
                               problem=problem)
    return mask_of(cards)


def meld_cards(mask: CardMask) -> list[Card]:
    """A meld's cards in display order: runs by rank, sets by suit (both ascending ints)."""
    return cards_of(mask)


def sort_melds(melds: Sequence[CardMask]) -> list[CardMask]:
    return sorted(melds, key=_canonical_key)
