"""The center search's quick check whether a new meld keeps your old melds
(solver/search/layoff.py, ``_Covers.kept``) answers as ``keeps_blocks``, which it stands
in for when the meld holds no joker."""

from __future__ import annotations

import random

import pytest

from solver.analysis.layoff import keeps_blocks, problem_of
from solver.rules import PROFILES
from solver.sampling import sample_position
from solver.search.layoff import _Covers

LAYOFF = sorted(p.id for p in PROFILES.values()
                if p.analysis == "center" and not p.plain_center)


@pytest.mark.parametrize("pid", LAYOFF)
def test_kept_without_joker_is_keeps_blocks(pid: str) -> None:
    rng = random.Random(28)
    checked = with_joker_melds = 0
    for _ in range(60):
        problem = problem_of(sample_position(PROFILES[pid], rng))
        if not problem.blocks:
            continue
        with_joker_melds += any(problem.block_jokers)
        covers = _Covers(problem)
        # Every meld holding a card of the old melds: whole, partial and overlapping ones.
        kinds = {k for block in problem.blocks for k in range(52) if block >> k & 1}
        for kind in sorted(kinds):
            for meld in problem.table.containing[kind]:
                assert covers.kept(meld, 0) == (1 if keeps_blocks(problem, meld, 0) else 0)
                checked += 1
    assert checked > 50
    if PROFILES[pid].deck.jokers:
        assert with_joker_melds  # the fast path's joker test was exercised
