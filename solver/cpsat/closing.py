"""Taking the center card to close (conquin), formulated for CP-SAT.

Candidates come from the meld table: for every meld ``M`` of natural cards, every part ``N``
of it found in the hand with at least two cards and no fewer than ``|M| - |N|`` of them,
completed by ``|M| - |N|`` jokers (I6).  A candidate that fits twice in the cards gets a second
boolean (used only with the first).  Model: every natural card in exactly one candidate or
left out, jokers used at most as many as held; maximise the cards in melds, then choose the
lexicographically greatest candidates in canonical order.
"""

from __future__ import annotations

from itertools import combinations

from ortools.sat.python import cp_model

from solver.analysis.closing import (
    Closing,
    ClosingAnalysis,
    Group,
    best_from_cover,
    closing_order,
    group_key,
    jokers_of,
    multiplier,
    multiset_kinds,
    naturals_of,
    single_key,
)
from solver.cards import JOKER_BASE, NATURALS, Card, CardMask
from solver.cpsat.lex import lex_greatest, new_solver
from solver.melds import MeldTable, multiset_mask
from solver.position import Position


def _count(multiset: CardMask) -> dict[Card, int]:
    counts: dict[Card, int] = {}
    for kind in multiset_kinds(multiset):
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def _groups(table: MeldTable, multiset: CardMask, jokers: int) -> list[Group]:
    have = _count(multiset)
    found: set[Group] = set()
    for meld in table.all:
        kinds = multiset_kinds(meld)
        need = _count(meld)
        inside = [k for k in sorted(need) for _ in range(min(need[k], have.get(k, 0)))]
        missing = len(kinds) - len(inside)
        if missing > jokers or len(inside) < 2 or missing > len(inside):
            continue
        # Drop up to (jokers - missing) more natural cards, each replaced by a joker.
        for drop in range(0, min(jokers - missing, len(inside)) + 1):
            for gone in set(combinations(range(len(inside)), drop)):
                part = [k for i, k in enumerate(inside) if i not in gone]
                j = len(kinds) - len(part)
                if len(part) >= 2 and j <= len(part):
                    found.add(Group(multiset_mask(part), j))
    return sorted(found, key=group_key)


class _Model:
    """The cards after taking the center card (or ten of them), as a CP-SAT model."""

    def __init__(self, groups: list[Group], multiset: CardMask, jokers: int,
                 singles: bool) -> None:
        self.model = cp_model.CpModel()
        have = _count(multiset)
        self.items: list[tuple[tuple[int, int, int, int], Group | Card, cp_model.IntVar]] = []
        for g in groups:
            need = _count(g.naturals)
            if any(need[k] > have.get(k, 0) for k in need) or g.jokers > jokers:
                continue
            first = self.model.new_bool_var("g")
            self.items.append((group_key(g), g, first))
            if all(2 * need[k] <= have.get(k, 0) for k in need):
                second = self.model.new_bool_var("g2")
                self.model.add(second <= first)
                self.items.append((group_key(g), g, second))
        if singles:
            for kind, count in have.items():
                previous = None
                for _ in range(count):
                    var = self.model.new_bool_var("s")
                    if previous is not None:
                        self.model.add(var <= previous)
                    previous = var
                    self.items.append((single_key(kind), kind, var))
        self.items.sort(key=lambda item: item[0])
        for kind, count in have.items():
            self.model.add(sum(v * _uses(obj, kind) for _, obj, v in self.items) == count)
        self.joker_use = sum(v * obj.jokers for _, obj, v in self.items if isinstance(obj, Group))
        self.model.add(self.joker_use <= jokers)
        self.melded = sum(v * obj.size for _, obj, v in self.items if isinstance(obj, Group))
        self.count = sum(v for _, obj, v in self.items if isinstance(obj, Group))

    def feasible(self) -> bool:
        return new_solver().solve(self.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)

    def best(self) -> int:
        self.model.maximize(self.melded)
        solver = new_solver()
        assert solver.solve(self.model) == cp_model.OPTIMAL
        self.model.clear_objective()  # type: ignore[no-untyped-call]
        return round(solver.objective_value)

    def canonical(self) -> tuple[list[Group], list[Card]] | None:
        values = lex_greatest(self.model, [v for _, _, v in self.items])
        if values is None:
            return None
        groups: list[Group] = []
        left: list[Card] = []
        for (_, obj, _), value in zip(self.items, values, strict=True):
            if value:
                if isinstance(obj, Group):
                    groups.append(obj)
                else:
                    left.append(obj)
        return groups, left


def _uses(obj: Group | Card, kind: Card) -> int:
    if isinstance(obj, Group):
        return (obj.naturals >> kind & 1) + (obj.naturals >> (kind + NATURALS) & 1)
    return 1 if obj == kind else 0


def analyze(position: Position) -> ClosingAnalysis:
    table = position.rules.table
    cards = position.hand | 1 << position.center
    multiset, jokers = naturals_of(cards), jokers_of(cards)
    groups = _groups(table, multiset, jokers)

    closings: list[Closing] = []
    discards: list[Card] = sorted(_count(multiset))
    if jokers:
        discards.append(JOKER_BASE)
    for discard in discards:
        if discard == JOKER_BASE:
            rest, rest_j = multiset, jokers - 1
        else:
            kinds = multiset_kinds(multiset)
            kinds.remove(discard)
            rest, rest_j = multiset_mask(kinds), jokers
        every = _Model(groups, rest, rest_j, singles=False)
        every.model.add(every.joker_use == rest_j)
        if not every.feasible():
            continue
        closings.append(Closing(discard, _best_paying(groups, rest, rest_j)))
    closings.sort(key=closing_order)
    if closings:
        first = closings[0]
        return ClosingAnalysis(position, tuple(closings), first.groups, first.discard, ())

    whole = _Model(groups, multiset, jokers, singles=True)
    most = whole.best()
    whole.model.add(whole.melded == most)
    found = whole.canonical()
    assert found is not None
    chosen, left = found
    used = sum(g.jokers for g in chosen)
    discard, kept = best_from_cover(chosen, left + [JOKER_BASE] * (jokers - used))
    return ClosingAnalysis(position, (), tuple(chosen), discard, kept)


def _best_paying(groups: list[Group], multiset: CardMask, jokers: int) -> tuple[Group, ...]:
    """Try the multipliers from the best down (I10): one ten-card group, then two groups,
    then any arrangement."""
    for count in (1, 2, 0):
        model = _Model(groups, multiset, jokers, singles=False)
        model.model.add(model.joker_use == jokers)
        if count:
            model.model.add(model.count == count)
        found = model.canonical()
        if found is None:
            continue
        chosen = tuple(found[0])
        if count == 1 and multiplier(chosen) < 4:
            continue  # a ten-card run with two or more jokers pays less than two melds
        return chosen
    raise AssertionError("the cards close, so some arrangement exists")
