"""The joker variants of a meld (solver/analysis/layoff.py, ``variants``), now built as a
list with the joker counts checked once per size, come in the order the searches rely on:
the same as the plain enumeration (fewest jokers first, then ``itertools.combinations``'
order), and ``bits`` counts as ``int.bit_count`` does."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from solver.analysis.layoff import (
    Problem,
    Variant,
    bits,
    joker_counts_ok,
    problem_of,
    variants,
)
from solver.cards import iter_cards
from solver.rules import PROFILES
from solver.sampling import sample_position

JOKERS = sorted(p.id for p in PROFILES.values()
                if p.analysis == "center" and not p.plain_center and p.deck.jokers)


def plain_variants(problem: Problem, meld: int, must: int, avail: int,
                   jokers: int) -> list[Variant]:
    """Every subset of the meld's optional kinds, each checked on its own."""
    missing = meld & ~avail
    if missing & must or missing.bit_count() > jokers:
        return []
    size = meld.bit_count()
    out = []
    if joker_counts_ok(problem, size - missing.bit_count(), missing.bit_count()):
        out.append((meld ^ missing, missing))
    spare = jokers - missing.bit_count()
    if not spare or not problem.jokers_allowed:
        return out
    optional = iter_cards(meld & ~missing & ~must)
    for n in range(1, min(spare, len(optional)) + 1):
        for combo in combinations(optional, n):
            slots = missing
            for kind in combo:
                slots |= 1 << kind
            if joker_counts_ok(problem, size - slots.bit_count(), slots.bit_count()):
                out.append((meld ^ slots, slots))
    return out


@pytest.mark.parametrize("pid", JOKERS)
def test_variants_as_the_plain_enumeration(pid: str) -> None:
    rng = random.Random(38)
    problem = problem_of(sample_position(PROFILES[pid], rng))
    table = problem.table
    checked = with_slots = 0
    for kind in range(52):
        for meld in table.containing[kind][:40]:
            for _ in range(3):
                avail = meld & rng.getrandbits(52)
                must = 1 << kind if rng.random() < 0.8 else 0
                for jokers in range(5):
                    got = variants(problem, meld, must, avail, jokers)
                    assert got == plain_variants(problem, meld, must, avail, jokers)
                    checked += 1
                    with_slots += sum(1 for _, slots in got if slots & avail)
    assert checked > 1000
    assert with_slots  # jokers in place of cards at hand were enumerated too


def test_bits_counts_as_bit_count() -> None:
    rng = random.Random(38)
    for mask in [0, 1, (1 << 52) - 1, 1 << 61, (1 << 62) - 1, 1 << 62, (1 << 108) - 1]:
        assert bits(mask) == mask.bit_count()
    for _ in range(2000):
        mask = rng.getrandbits(rng.choice([8, 52, 70, 108]))
        assert bits(mask) == mask.bit_count()
