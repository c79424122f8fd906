"""Property tests over thousands of random consistent positions.

Hypothesis draws the seed of a position generator that only makes positions the
contract accepts (R4, R13); every analysis must satisfy the contract's invariants,
agree between the search and CP-SAT engines, and agree with brute force.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import cpsat, search
from solver.analysis import Analysis
from solver.cards import cards_of, parse_card
from solver.melds import is_valid_meld
from solver.position import Position
from solver.sampling import random_position
from tests.solver.helpers import naive_coverable, naive_plays

seeds = st.integers(min_value=0, max_value=2**64 - 1)
FAST = settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def position_from(seed: int) -> Position:
    return random_position(random.Random(seed))


def check_invariants(position: Position, analysis: Analysis) -> None:
    required = position.exposed | 1 << position.center
    seen = set()
    for play in analysis.plays:
        assert play.hand_cards & ~position.hand == 0, "plays use hand cards only"
        assert play.hand_cards not in seen, "plays are distinct"
        seen.add(play.hand_cards)
        covered = 0
        for meld in play.melds:
            assert is_valid_meld(meld)
            assert covered & meld == 0, "melds are disjoint"
            covered |= meld
        # Exactly the exposed cards, the center card and the play's hand cards (R5, R8).
        assert covered == required | play.hand_cards
        assert play.wins is (play.hand_cards == position.hand)  # 11 exposed (R10)
        keeps = all(any(old & new == old for new in play.melds) for old in position.melds)
        if not play.rearranged:
            assert keeps, "a play marked not rearranged keeps every meld whole"
    assert analysis.usable is bool(analysis.plays)
    assert analysis.forceable is (0 in seen)
    assert (analysis.force_melds is None) is (not analysis.forceable)


@FAST
@given(seeds)
def test_search_invariants(seed: int) -> None:
    position = position_from(seed)
    check_invariants(position, search.analyze(position))


@SLOW
@given(seeds)
def test_engines_agree(seed: int) -> None:
    position = position_from(seed)
    a, b = search.analyze(position), cpsat.analyze(position)
    check_invariants(position, b)
    assert a.to_dict() == b.to_dict()


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(seeds)
def test_search_matches_brute_force(seed: int) -> None:
    position = position_from(seed)
    analysis = search.analyze(position)
    assert {frozenset(cards_of(p.hand_cards)) for p in analysis.plays} == naive_plays(position)
    for play in analysis.plays:
        if play.rearranged:
            # No cover keeps every old meld whole: brute force over the ways to extend each.
            assert not _keeps_some_way(position, play.hand_cards)


def _keeps_some_way(position: Position, hand_cards: int) -> bool:
    """Can the new cards be split so that each old meld grows (or merges) into one meld?"""
    blocks = list(position.melds)
    loose = cards_of((1 << position.center) | hand_cards)
    return _assign(blocks, loose)


def _assign(groups: list[int], loose: list[int]) -> bool:
    # Every loose card either joins a group or forms new melds with other loose cards;
    # groups may also merge. Exhaustive over assignments (the positions are small).
    if not loose:
        return _merge_ok(groups)
    card, rest = loose[0], loose[1:]
    for i in range(len(groups)):
        grown = groups.copy()
        grown[i] |= 1 << card
        if _assign(grown, rest):
            return True
    return _assign([*groups, 1 << card], rest)


def _merge_ok(groups: list[int]) -> bool:
    # Groups may be merged with each other; each final group must be a valid meld.
    if all(is_valid_meld(g) for g in groups):
        return True
    for i in range(len(groups)):
        for j in range(i + 1, len(groups)):
            merged = [g for k, g in enumerate(groups) if k not in (i, j)] + [groups[i] | groups[j]]
            if _merge_ok(merged):
                return True
    return False


def test_brute_force_helper_knows_basic_covers() -> None:
    # The oracle itself: 3-4-5-6 hearts and a set of three sevens, but not 4-5 alone.
    assert naive_coverable(parse_card(c) for c in ("3H", "4H", "5H", "6H"))
    assert naive_coverable(parse_card(c) for c in ("7S", "7H", "7D"))
    assert not naive_coverable(parse_card(c) for c in ("3H", "4H"))
