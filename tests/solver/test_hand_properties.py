"""Property tests of the colonel (draw) and conquin (closing) analyses on random positions.

- the search engine's answers are consistent with the rules (every meld valid, every card
  accounted for) on thousands of positions per profile;
- a brute-force reference that knows only the meld table (every subset, every partition)
  gives the same deadwood, stock average, closing discards and multipliers;
- the search and CP-SAT engines print identical analyses.  CP-SAT takes tens of
  milliseconds a position, so the default count is small; set ``HAND_PROPERTY_CPSAT`` to
  run thousands.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from functools import cache
from itertools import combinations

import pytest

from solver import cpsat, search
from solver.analysis.closing import ClosingAnalysis, Group, jokers_of, multiplier, naturals_of
from solver.analysis.draw import DrawAnalysis, mask_pips, table_melds, unseen_cards
from solver.cards import JOKER_BASE, NATURALS, CardMask, card_kind, cards_of
from solver.melds import MeldTable, meld_problem, multiset_mask
from solver.position import Position
from solver.rules import get_profile
from solver.sampling_hand import random_position

SEARCH_N = int(os.environ.get("HAND_PROPERTY_SEARCH", "2000"))
BRUTE_N = int(os.environ.get("HAND_PROPERTY_BRUTE", "150"))
BRUTE_CONQUIN_N = int(os.environ.get("HAND_PROPERTY_BRUTE_CONQUIN", "40"))  # ~0.3 s each
CPSAT_N = int(os.environ.get("HAND_PROPERTY_CPSAT", "60"))

COLONEL = get_profile("colonel")
CONQUIN = get_profile("conquin")


def positions(profile: str, count: int, seed: int) -> Iterator[tuple[int, Position]]:
    for n in range(count):
        yield n, random_position(profile, random.Random(seed * 1_000_003 + n))


def where(n: int, position: Position) -> str:
    return f"position {n}: {json.dumps(position.to_dict())}"


# --- brute force: colonel ---------------------------------------------------------------------


def subsets(mask: CardMask) -> Iterator[CardMask]:
    """Every subset of ``mask``, the empty one included."""
    sub = mask
    while True:
        yield sub
        if not sub:
            return
        sub = (sub - 1) & mask


def colonel_placeable(table: MeldTable, targets: tuple[CardMask, ...], cards: CardMask) -> bool:
    """Can these cards all go down: some laid off on each table meld, the rest in new melds?"""

    def melds_only(rest: CardMask) -> bool:
        if not rest:
            return True
        low = rest & -rest
        return any(table.is_valid(low | other) and melds_only(rest & ~(low | other))
                   for other in subsets(rest & ~low))

    def place(t: int, rest: CardMask) -> bool:
        if t == len(targets):
            return melds_only(rest)
        return any((not s or table.is_valid(targets[t] | s)) and place(t + 1, rest & ~s)
                   for s in subsets(rest))

    return place(0, cards)


def colonel_deadwood(table: MeldTable, targets: tuple[CardMask, ...], cards: CardMask) -> int:
    best = 10**9
    for placed in subsets(cards):
        if colonel_placeable(table, targets, placed):
            left = cards & ~placed
            top = max((mask_pips(1 << c) for c in cards_of(left)), default=0)
            best = min(best, mask_pips(left) - top)
    return best


# --- brute force: conquin ---------------------------------------------------------------------


@cache
def _conquin_block(naturals: CardMask, jokers: int) -> bool:
    n = naturals.bit_count()
    if n < 2 or jokers > n:
        return False
    size = n + jokers
    low, high = naturals & ((1 << NATURALS) - 1), naturals >> NATURALS
    for meld in CONQUIN.table.all:
        if meld.bit_count() == size and low & ~meld == 0 and high & ~(meld >> NATURALS) == 0:
            return True
    return False


def conquin_block(cards: tuple[int, ...]) -> bool:
    naturals = [c for c in cards if c < JOKER_BASE]
    return _conquin_block(multiset_mask(naturals), len(cards) - len(naturals))


@cache
def conquin_partitions(cards: tuple[int, ...]) -> frozenset[tuple[int, int]]:
    """Every (number of melds, jokers in the only meld or -1) over the partitions of the
    cards (physical ids, sorted) into valid melds; a whole meld of ten says its jokers."""
    if not cards:
        return frozenset({(0, -1)})
    first, rest = cards[0], cards[1:]
    found: set[tuple[int, int]] = set()
    for size in range(2, len(rest) + 1):
        for others in combinations(rest, size):
            block = (first, *others)
            if not conquin_block(block):
                continue
            remaining = tuple(c for c in rest if c not in others)
            for count, _ in conquin_partitions(remaining):
                jokers = sum(c >= JOKER_BASE for c in block) if not remaining else -1
                found.add((count + 1, jokers if count == 0 else -1))
    return frozenset(found)


def conquin_best_multiplier(cards: tuple[int, ...]) -> int:
    """0 when the cards cannot all be shown in melds, else the best-paying multiplier."""
    options = conquin_partitions(cards)
    if not options:
        return 0
    pays = []
    for count, jokers in options:
        if count == 1 and len(cards) == 10:
            pays.append({0: 5, 1: 4}.get(jokers, 1))
        else:
            pays.append(2 if count == 2 else 1)
    return max(pays)


def conquin_most_melded(cards: tuple[int, ...]) -> int:
    return max(len(sub) for size in range(len(cards) + 1) for sub in combinations(cards, size)
               if conquin_partitions(sub))


# --- the search engine alone: consistency on thousands of positions -------------------------


def test_colonel_search_is_consistent() -> None:
    table = COLONEL.table
    for n, position in positions("colonel", SEARCH_N, 1):
        analysis = search.analyze_any(position)
        assert isinstance(analysis, DrawAnalysis)
        targets = table_melds(position)
        drawn = position.hand | 1 << position.center
        # Every meld and lay-off inside the drawn hand, and nothing else (H5, H6).
        assert set(analysis.melds) == {m for m in table.all if m & drawn == m}, where(n, position)
        expected = {(t, meld & ~target) for t, (_, _, target) in enumerate(targets)
                    for meld in table.all
                    if meld & target == target and meld != target and meld & ~target & ~drawn == 0}
        found = {(lay.target, lay.cards) for lay in analysis.lay_offs}
        assert found == expected, where(n, position)
        # The best play accounts for every card once, with valid pieces.
        used = 0
        for meld in analysis.best_melds:
            assert table.is_valid(meld) and not used & meld
            used |= meld
        for lay in analysis.best_lay_offs:
            assert table.is_valid(targets[lay.target][2] | lay.cards) and not used & lay.cards
            used |= lay.cards
        thrown = 0 if analysis.discard is None else 1 << analysis.discard
        left = analysis.leftover
        assert used | thrown | left == drawn and not used & (thrown | left)
        assert analysis.goes_out is (analysis.deadwood == 0)
        assert analysis.unseen == unseen_cards(position).bit_count()


def test_conquin_search_is_consistent() -> None:
    table = CONQUIN.table
    for n, position in positions("conquin", SEARCH_N, 2):
        analysis = search.analyze_any(position)
        assert isinstance(analysis, ClosingAnalysis)
        cards = position.hand | 1 << position.center
        eleven = sorted(card_kind(c) if c < JOKER_BASE else JOKER_BASE for c in cards_of(cards))
        arrangements = [(c.groups, c.discard, ()) for c in analysis.closings]
        arrangements.append((analysis.best_groups, analysis.best_discard, analysis.kept))
        for groups, discard, kept in arrangements:
            shown: list[int] = []
            for group in groups:
                cards_shown: list[int] = []
                stands: dict[int, int] = {}
                for card, joker in group.represent():
                    if joker:
                        stands[JOKER_BASE + len(stands)] = card
                        cards_shown.append(JOKER_BASE + len(stands) - 1)
                        shown.append(JOKER_BASE)
                    else:
                        copy = sum(1 for c in cards_shown
                                   if c < JOKER_BASE and card_kind(c) == card)
                        cards_shown.append(card + NATURALS * copy)
                        shown.append(card)
                naturals = [card_kind(c) for c in cards_shown if c < JOKER_BASE]
                assert multiset_mask(naturals) == group.naturals, where(n, position)
                assert meld_problem(cards_shown, table, stands) is None, where(n, position)
            assert sorted([*shown, discard, *kept]) == eleven, where(n, position)
        assert analysis.closes is (analysis.deadwood == 0)


# --- brute force references on small cases ------------------------------------------------------


def test_colonel_matches_brute_force() -> None:
    table = COLONEL.table
    checked = 0
    for n, position in positions("colonel", BRUTE_N * 20, 3):
        if position.hand.bit_count() > 4 or checked >= BRUTE_N:
            continue
        checked += 1
        analysis = search.analyze_any(position)
        assert isinstance(analysis, DrawAnalysis)
        targets = tuple(m for _, _, m in table_melds(position))
        drawn = position.hand | 1 << position.center
        assert analysis.deadwood == colonel_deadwood(table, targets, drawn), where(n, position)
        total = sum(colonel_deadwood(table, targets, position.hand | 1 << c)
                    for c in cards_of(unseen_cards(position)))
        assert analysis.stock_total == total, where(n, position)
    assert checked == BRUTE_N


def test_conquin_matches_brute_force() -> None:
    for n, position in positions("conquin", BRUTE_CONQUIN_N, 4):
        analysis = search.analyze_any(position)
        assert isinstance(analysis, ClosingAnalysis)
        cards = tuple(cards_of(position.hand | 1 << position.center))
        expected: dict[int, int] = {}
        for i, card in enumerate(cards):
            kind = JOKER_BASE if card >= JOKER_BASE else card_kind(card)
            pays = conquin_best_multiplier(cards[:i] + cards[i + 1:])
            if pays:
                expected[kind] = pays
        assert {c.discard: c.multiplier for c in analysis.closings} == expected, where(n, position)
        if not expected:
            assert analysis.deadwood == 10 - conquin_most_melded(cards), where(n, position)


def test_multiplier_of_a_closing_is_its_arrangements() -> None:
    for n, position in positions("conquin", SEARCH_N // 4, 5):
        analysis = search.analyze_any(position)
        assert isinstance(analysis, ClosingAnalysis)
        for closing in analysis.closings:
            assert closing.multiplier == multiplier(closing.groups), where(n, position)
            assert sum(g.size for g in closing.groups) == 10
            assert all(isinstance(g, Group) for g in closing.groups)


# --- both engines -------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["colonel", "conquin"])
def test_engines_agree(profile: str) -> None:
    for n, position in positions(profile, CPSAT_N, 6):
        a = search.analyze_any(position).to_dict()
        b = cpsat.analyze_any(position).to_dict()
        assert a == b, where(n, position)


def test_positions_round_trip() -> None:
    for profile in ("colonel", "conquin"):
        for n, position in positions(profile, 300, 7):
            assert Position.from_dict(position.to_dict()) == position, where(n, position)
    assert naturals_of(0) == 0 and jokers_of(1 << JOKER_BASE) == 1
