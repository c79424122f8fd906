"""``could_help`` only skips cards that cannot help: on thousands of positions whose center
card cannot be taken (the question "what would let me take it" answers), every card it leaves
out is confirmed by the solver not to let it be taken, and the helpers found with it (single
cards, and pairs both needed) are those found by trying every card and every pair."""

from __future__ import annotations

import random

import pytest

from solver.cards import cards_of
from solver.claims.facts import candidates, could_help, helpers, helps
from solver.melds import MELDS_CONTAINING
from solver.position import Position
from solver.sampling import random_position
from solver.search import analyze
from tests.claims.test_property import played_positions

POSITIONS = 4000


def _all_singles(position: Position) -> int:
    """Singles and dead cards by trying every card the player does not hold."""
    out = 0
    for card in cards_of(candidates(position)):
        if helps(position, 1 << card):
            out |= 1 << card
    return out


def _all_pairs(position: Position, singles: int) -> set[int]:
    """Pairs of live cards sharing a meld with the center card, by trying every pair."""
    near = 0
    for meld in MELDS_CONTAINING[position.center]:
        near |= meld
    pool = cards_of(near & candidates(position) & ~position.opponent_exposed & ~singles)
    return {1 << a | 1 << b for i, a in enumerate(pool) for b in pool[i + 1:]
            if helps(position, 1 << a | 1 << b)}


@pytest.mark.parametrize("source", ["random", "played"])
def test_skipped_cards_never_help(source: str) -> None:
    rng = random.Random(2026)
    positions = ([random_position(rng) for _ in range(POSITIONS)] if source == "random"
                 else played_positions(POSITIONS // 2, seed=23))
    positions = [p for p in positions if not analyze(p).usable]  # what_helps' question
    assert len(positions) > 500
    skipped_some = 0
    for position in positions:
        wanted = _all_singles(position)
        assert wanted & ~could_help(position) == 0, position.to_dict()
        found = helpers(position)
        assert found.singles | found.dead == wanted, position.to_dict()
        assert set(found.pairs) == _all_pairs(position, found.singles), position.to_dict()
        skipped_some += candidates(position) & ~could_help(position) != 0
    assert skipped_some > len(positions) // 2  # the filter does skip cards
