"""The exact search for the center card under cooncan and the kunken profiles: every play
with lay-offs and jokers (the problem is stated in :mod:`solver.analysis.layoff`).

Two branches: the center card goes into your melds, or it is laid off.  In each, a
depth-first search covers the cards that must go down (your movable melds' cards, and the
center card in the first branch), lowest card first, with melds of the profile's table and
their joker variants; then adds melds of hand cards alone; then (kunken) every combination
of lay-offs of the remaining hand cards onto the opponent's melds.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.analysis.center import Analysis
from solver.analysis.layoff import (
    K,
    Key,
    Multiset,
    Problem,
    Target,
    build,
    compatible,
    extensions,
    joker_counts_ok,
    ms_add,
    ms_sub,
    ms_sum,
    problem_of,
    variants,
)
from solver.cards import NATURALS, CardMask, iter_cards
from solver.position import Position


@dataclass(frozen=True, slots=True)
class _Own:
    """One way your melds can look after the play, as far as the key cares."""

    hand: Multiset
    hand_jokers: int
    stands: Multiset
    keeps: bool
    melds: bool


def analyze(position: Position) -> Analysis:
    problem = problem_of(position)
    keys: dict[Key, bool] = {}
    center = problem.center_ms
    if _center_may_fit(problem):
        required = ms_sum(problem.exposed, center)
        for own in _own_configs(problem, required, problem.exposed_jokers +
                                problem.center_is_joker):
            rest = _minus(problem.hand, own.hand)
            _lay(problem, keys, own, rest, problem.hand_jokers - own.hand_jokers, False)
    if problem.lay_off == "center" and problem.center_kind >= 0:
        for target in problem.targets:
            if problem.table.is_valid(target.kinds | center) and not target.kinds & center:
                keys[Key(0, 0, ((target.index, center, 0),))] = True
    elif problem.lay_off == "any" and _center_may_lie_off(problem):
        for own in _own_configs(problem, problem.exposed, problem.exposed_jokers):
            rest = ms_add(_minus(problem.hand, own.hand), center) if center else \
                _minus(problem.hand, own.hand)
            jokers = problem.hand_jokers - own.hand_jokers + problem.center_is_joker
            _lay(problem, keys, own, rest, jokers, True)
    return build(problem, keys)


def _minus(a: Multiset, b: Multiset) -> Multiset:
    return ms_sub(ms_sub(a, b >> NATURALS), b & K)


def _center_may_fit(problem: Problem) -> bool:
    if problem.center_kind < 0:
        return True
    pool = (problem.exposed | problem.hand | problem.center_ms) & K
    jokers = problem.exposed_jokers + problem.hand_jokers
    bit = problem.center_ms
    for meld in problem.table.containing[problem.center_kind]:
        for _ in variants(problem, meld, bit, pool, jokers):
            return True
    return False


def _center_may_lie_off(problem: Problem) -> bool:
    if problem.center_kind < 0:
        return bool(problem.targets)
    return any(problem.center_ms & ext for t in problem.targets for ext in extensions(problem, t))


# --- your melds ---------------------------------------------------------------------------


def _own_configs(problem: Problem, required: Multiset, required_jokers: int) -> set[_Own]:
    out: set[_Own] = set()
    any_melds = bool(problem.frozen) or bool(required)
    _cover(problem, required, problem.hand, required_jokers, problem.hand_jokers, 0, 0, 0,
           True, any_melds, out)
    return out


def _cover(
    problem: Problem, req: Multiset, opt: Multiset, jr: int, jo: int, used: Multiset,
    used_jokers: int, stands: Multiset, keeps: bool, melds: bool, out: set[_Own],
) -> None:
    if not req:
        _pack(problem, opt, jr, jo, used, used_jokers, stands, keeps, melds, 0, out)
        return
    kind = (req & -req).bit_length() - 1
    bit = 1 << kind
    avail = (req | opt) & K
    for meld in problem.table.containing[kind]:
        for nat, jok in variants(problem, meld, bit, avail, jr + jo):
            new_stands = ms_add(stands, jok) if jok else stands
            if new_stands < 0:
                continue
            from_req = nat & req
            from_opt = nat & ~from_req
            n = jok.bit_count()
            from_jr = min(jr, n)
            _cover(problem, ms_sub(req, from_req), ms_sub(opt, from_opt), jr - from_jr,
                   jo - (n - from_jr), ms_add(used, from_opt), used_jokers + n - from_jr,
                   new_stands, keeps and compatible(nat, problem.blocks), True, out)


def _pack(
    problem: Problem, opt: Multiset, jr: int, jo: int, used: Multiset, used_jokers: int,
    stands: Multiset, keeps: bool, melds: bool, start: int, out: set[_Own],
) -> None:
    if not jr:
        out.add(_Own(used, used_jokers, stands, keeps, melds))
    kinds = opt & K & ~((1 << start) - 1)
    for kind in iter_cards(kinds):
        bit = 1 << kind
        below = bit - 1
        for meld in problem.table.containing[kind]:
            for nat, jok in variants(problem, meld, bit, opt & K, jr + jo):
                if nat & below:
                    continue  # each packing is built from its lowest natural card up
                new_stands = ms_add(stands, jok) if jok else stands
                if new_stands < 0:
                    continue
                n = jok.bit_count()
                from_jr = min(jr, n)
                _pack(problem, ms_sub(opt, nat), jr - from_jr, jo - (n - from_jr),
                      ms_add(used, nat), used_jokers + n - from_jr, new_stands,
                      keeps and compatible(nat, problem.blocks), True, kind, out)


# --- lay-offs -----------------------------------------------------------------------------


def _lay(
    problem: Problem, keys: dict[Key, bool], own: _Own, rest: Multiset, jokers: int,
    center_in_rest: bool,
) -> None:
    targets = problem.targets if problem.lay_off == "any" and own.melds else ()
    choices: list[tuple[tuple[int, Multiset, CardMask], ...]] = []
    _combine(problem, targets, 0, rest, jokers, (), choices)
    for lays in choices:
        laid, laid_jokers = 0, 0
        for _, nat, jok in lays:
            laid = ms_add(laid, nat)
            laid_jokers += jok.bit_count()
        hand = ms_sum(own.hand, laid)
        hand_jokers = own.hand_jokers + laid_jokers
        if center_in_rest:
            if problem.center_kind >= 0:
                if not laid & problem.center_ms:
                    continue  # the center card must go down
                hand = ms_sub(hand, problem.center_ms)
            else:
                if not laid_jokers:
                    continue
                hand_jokers -= 1
        key = Key(hand, hand_jokers, lays)
        if problem.table_ok(key, own.stands):
            keys[key] = keys.get(key, False) or own.keeps


def _combine(
    problem: Problem, targets: tuple[Target, ...], index: int, rest: Multiset, jokers: int,
    chosen: tuple[tuple[int, Multiset, CardMask], ...],
    out: list[tuple[tuple[int, Multiset, CardMask], ...]],
) -> None:
    if index == len(targets):
        out.append(chosen)
        return
    _combine(problem, targets, index + 1, rest, jokers, chosen, out)
    target = targets[index]
    avail = rest & K
    for ext in extensions(problem, target):
        missing = ext & ~avail
        if missing.bit_count() > jokers:
            continue
        for slots in _slot_choices(ext & avail, missing, jokers):
            nat = ext & ~slots
            if slots and not joker_counts_ok(problem, target.naturals + nat.bit_count(),
                                             target.jokers + slots.bit_count()):
                continue
            _combine(problem, targets, index + 1, ms_sub(rest, nat), jokers - slots.bit_count(),
                     (*chosen, (target.index, nat, slots)), out)


def _slot_choices(present: CardMask, missing: CardMask, jokers: int) -> list[CardMask]:
    """Which added kinds jokers provide: every missing kind, and any present ones too."""
    out = [missing]
    spare = jokers - missing.bit_count()
    if spare > 0:
        cards = list(iter_cards(present))
        from itertools import combinations

        for n in range(1, min(spare, len(cards)) + 1):
            for combo in combinations(cards, n):
                extra = 0
                for c in combo:
                    extra |= 1 << c
                out.append(missing | extra)
    return out
