"""The center card under cooncan and the kunken profiles, formulated for OR-Tools CP-SAT.

It cross-checks :mod:`solver.search.layoff`: it shares the problem statement and the
canonical arrangement of a solved play (:mod:`solver.analysis.layoff`) and the rules'
tables, but finds the plays on its own.

Model: an integer per candidate meld of yours (a table meld, some of whose cards may be
jokers) and a boolean per candidate lay-off (cards added to one opponent meld).  Per kind:
your movable cards stay in your melds, the center card goes down, hand cards go down at
most once each; natural cards and jokers standing for a kind are at most the packs (K4).
A play's key (hand cards per kind, hand jokers, lay-offs) is read off and cut with a
no-good until the model is infeasible; each key is then solved again with your old melds
kept whole to decide ``rearranged``: each old meld is placed in one copy of a candidate meld
holding all its cards, with room for its jokers (so, with two packs, the other copies of
its cards may go elsewhere).  Joker swaps during the take (K5) are variants of the problem
(:func:`solver.analysis.layoff.swap_variants`), each solved by its own model.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise

from ortools.sat.python import cp_model

from solver.analysis.center import Analysis
from solver.analysis.layoff import K, Key, Outcome, Problem, build, problem_of, swap_variants
from solver.cards import NATURALS, CardMask, iter_cards
from solver.position import Position

_Lay = tuple[int, CardMask, CardMask]  # (target index, natural kinds, joker kinds)


def _count(ms: int, kind: int) -> int:
    return (ms >> kind & 1) + (ms >> (kind + NATURALS) & 1)


def _jokers_fit(problem: Problem, naturals: int, jokers: int) -> bool:
    if jokers == 0:
        return True
    if not problem.jokers_allowed or naturals < problem.min_naturals:
        return False
    return not problem.jokers_at_most_naturals or jokers <= naturals


def _with_jokers(
    problem: Problem, kinds: CardMask, avail: CardMask, jokers: int, base_nat: int,
    base_jok: int,
) -> list[tuple[CardMask, CardMask]]:
    """Every (natural kinds, joker kinds) split of ``kinds`` with naturals in ``avail``."""
    forced = kinds & ~avail
    if forced.bit_count() > jokers:
        return []
    out = []
    free = list(iter_cards(kinds & avail))
    for n in range(0, jokers - forced.bit_count() + 1):
        for combo in combinations(free, n):
            slots = forced
            for c in combo:
                slots |= 1 << c
            nat = kinds & ~slots
            if _jokers_fit(problem, base_nat + nat.bit_count(), base_jok + slots.bit_count()):
                out.append((nat, slots))
    return out


def analyze(position: Position) -> Analysis:
    problem = problem_of(position)
    keys: dict[Key, Outcome] = {}
    for variant in swap_variants(problem):
        model = _Model(variant)
        for key in model.plays():
            keys[key] = model.outcome(key)
    return build(problem, keys)


class _Model:
    def __init__(self, p: Problem) -> None:
        self.p = p
        self.model = m = cp_model.CpModel()
        packs = p.packs
        center, hand, exposed = p.center_ms, p.hand, p.exposed
        pool_ms = exposed | hand | center
        pool = pool_ms & K
        jokers = p.exposed_jokers + p.hand_jokers + p.center_is_joker

        self.own: list[tuple[CardMask, CardMask, cp_model.IntVar]] = []
        for meld in p.table.all:
            if not meld & pool:
                continue
            for nat, jok in _with_jokers(p, meld, pool, jokers, 0, 0):
                if nat:
                    var = m.new_int_var(0, packs, f"own{len(self.own)}")
                    self.own.append((nat, jok, var))
        self.lays: list[tuple[_Lay, cp_model.IntVar]] = []
        for target in p.targets:
            if p.lay_off == "none":
                break
            for meld in p.table.all:
                if meld & target.kinds != target.kinds or meld == target.kinds:
                    continue
                added = meld & ~target.kinds
                if p.lay_off == "center":
                    if added == center and center:
                        self.lays.append(((target.index, center, 0), m.new_bool_var("lay")))
                    continue
                for nat, jok in _with_jokers(p, added, pool, jokers, target.naturals,
                                             target.jokers):
                    self.lays.append(((target.index, nat, jok), m.new_bool_var("lay")))
        for target in p.targets:
            on_it = [v for (i, _, _), v in self.lays if i == target.index]
            if on_it:
                m.add(sum(on_it) <= 1)

        kinds = set(iter_cards(pool))
        for _, jok, _ in self.own:
            kinds |= set(iter_cards(jok))
        for (_, _, jok), _ in self.lays:
            kinds |= set(iter_cards(jok))
        fixed_n, fixed_j = p.fixed, p.fixed_jokers
        self.hand_bits: list[tuple[int, int, cp_model.IntVar]] = []
        self.back_bits: list[tuple[int, int, cp_model.IntVar]] = []
        for kind in sorted(kinds):
            own = sum(v for nat, _, v in self.own if nat >> kind & 1)
            laid = sum(v for (_, nat, _), v in self.lays if nat >> kind & 1)
            stand = sum(v for _, jok, v in self.own if jok >> kind & 1) + \
                sum(v for (_, _, jok), v in self.lays if jok >> kind & 1)
            e, c, h = _count(exposed, kind), _count(center, kind), _count(hand, kind)
            down = own + laid
            played = []
            for level in range(1, h + 1):
                b = m.new_bool_var(f"hand{kind}_{level}")
                played.append(b)
                self.hand_bits.append((kind, level, b))
            for first, second in pairwise(played):
                m.add(second <= first)
            back = []
            if p.take_back:
                # K9: your cards may go back to the hand; a card of a kind goes back only
                # when no hand card of that kind goes down (identical cards are one).
                for level in range(1, e + 1):
                    b = m.new_bool_var(f"back{kind}_{level}")
                    back.append(b)
                    self.back_bits.append((kind, level, b))
                    if played:
                        m.add(b + played[0] <= 1)
                for first, second in pairwise(back):
                    m.add(second <= first)
            else:
                m.add(own >= e)
            m.add(down == e - sum(back) + c + sum(played))
            m.add(_count(fixed_n, kind) + down + _count(fixed_j, kind) + stand <= packs)

        own_jokers = sum(jok.bit_count() * v for _, jok, v in self.own)
        laid_jokers = sum(jok.bit_count() * v for (_, _, jok), v in self.lays)
        self.joker_bits = [m.new_bool_var(f"joker{i}") for i in range(p.hand_jokers)]
        for first, second in pairwise(self.joker_bits):
            m.add(second <= first)
        self.back_jokers: list[cp_model.IntVar] = []
        if p.take_back:
            self.back_jokers = [m.new_bool_var(f"backjoker{i}") for i in range(p.exposed_jokers)]
            for first, second in pairwise(self.back_jokers):
                m.add(second <= first)
            if self.joker_bits:
                for b in self.back_jokers:
                    m.add(b + self.joker_bits[0] <= 1)
        else:
            m.add(own_jokers >= p.exposed_jokers)
        m.add(own_jokers + laid_jokers == p.exposed_jokers - sum(self.back_jokers)
              + p.center_is_joker + sum(self.joker_bits))
        if self.lays:
            any_lay = sum(v for _, v in self.lays)
            if p.lay_off == "center":
                # Cooncan (C9): the left card goes alone; your melds stay as they are.
                laying = self._flag(any_lay)
                for b in [bit for _, _, bit in self.hand_bits] + self.joker_bits:
                    m.add(b == 0).only_enforce_if(laying)
            elif not p.frozen:
                # Kunken (K10): lay-offs only with a meld of your own after the play.
                m.add(any_lay <= len(p.targets) * sum(v for _, _, v in self.own))
        if p.swaps and not p.frozen:
            # A swap on the opponent's melds needs a meld of yours on the table before it
            # (K5, K10): an old one kept whole (take-backs come before the take), or a new
            # one holding no joker a swap brought (hand cards, or the center card's meld).
            before: list[cp_model.IntVar] = []
            for _, jok, var in self.own:
                if jok.bit_count() <= p.jokers_before_swaps:
                    b = m.new_bool_var("before")
                    m.add(var >= 1).only_enforce_if(b)
                    before.append(b)
            if not self._place_blocks(m, every=False, others=before):
                m.add_bool_or([])
        self.solver = cp_model.CpSolver()
        self.solver.parameters.num_workers = 1

    def _flag(self, expr: cp_model.LinearExprT) -> cp_model.IntVar:
        flag = self.model.new_bool_var("any_lay")
        self.model.add(expr >= 1).only_enforce_if(flag)
        self.model.add(expr == 0).only_enforce_if(flag.Not())
        return flag

    def _literals(self) -> list[cp_model.IntVar]:
        return [b for _, _, b in self.hand_bits] + self.joker_bits + [v for _, v in self.lays]

    def plays(self) -> list[Key]:
        found = []
        solver, model = self.solver, self.model.clone()
        literals = self._literals()
        while solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            values = [solver.boolean_value(b) for b in literals]
            found.append(self._key(values))
            if not literals:
                break
            model.add_bool_or([b.Not() if v else b for b, v in zip(literals, values, strict=True)])
        return found

    def _key(self, values: Sequence[bool]) -> Key:
        hand, i = 0, 0
        for kind, level, _ in self.hand_bits:
            if values[i]:
                hand |= 1 << (kind + (NATURALS if level == 2 else 0))
            i += 1
        jokers = sum(values[i:i + len(self.joker_bits)])
        i += len(self.joker_bits)
        lays = tuple(sorted(lay for (lay, _), v in zip(self.lays, values[i:], strict=True) if v))
        return Key(hand, jokers, lays, self.p.swaps)

    def outcome(self, key: Key) -> Outcome:
        """The fewest cards the play ``key`` takes back (then fewest jokers, then the lowest
        cards), and whether it can keep each of your old melds inside one new meld."""
        p = self.p
        fixed = self.model.clone()
        for b, value in zip(self._literals(), self._key_values(key), strict=True):
            fixed.add(b == int(value))
        back, back_jokers = 0, 0
        if self.back_bits or self.back_jokers:
            order = sorted(self.back_bits, key=lambda t: t[0] + (NATURALS if t[1] == 2 else 0))
            value_bound = 1 << len(order)
            per_card = 8 * value_bound
            objective = sum((per_card + (1 << i)) * b for i, (_, _, b) in enumerate(order)) + \
                sum((per_card + value_bound) * b for b in self.back_jokers)
            model = fixed.clone()
            model.minimize(objective)
            status = self.solver.solve(model)
            assert status == cp_model.OPTIMAL
            for kind, level, b in self.back_bits:
                if self.solver.boolean_value(b):
                    back |= 1 << (kind + (NATURALS if level == 2 else 0))
            back_jokers = sum(self.solver.boolean_value(b) for b in self.back_jokers)
        keeps = False
        if p.blocks and not back and not back_jokers:
            for _, _, b in self.back_bits:
                fixed.add(b == 0)
            for b in self.back_jokers:
                fixed.add(b == 0)
            keeps = self._place_blocks(fixed) and \
                self.solver.solve(fixed) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
        return Outcome(keeps, back, back_jokers)

    def _place_blocks(self, model: cp_model.CpModel, every: bool = True,
                      others: Sequence[cp_model.IntVar] = ()) -> bool:
        """Each old meld (``every``), or at least one or one of ``others``, goes whole into
        one copy of a candidate meld holding its cards; a copy holds each card once and has
        a joker slot for each old joker it holds.  ``False`` when that is impossible
        outright.  An old meld a card was swapped from (K5) was taken back: never kept."""
        p = self.p
        hosts: dict[tuple[int, int], list[tuple[int, cp_model.IntVar]]] = {}
        placed = list(others)
        broken = (p.swapped_back | p.swapped_back >> NATURALS) & K
        for b, block in enumerate(p.blocks):
            if block & broken:
                if every:
                    return False
                continue
            places = []
            for j, (nat, _, var) in enumerate(self.own):
                if nat & block != block:
                    continue
                for copy in range(p.packs):
                    y = model.new_bool_var(f"block{b}_{j}_{copy}")
                    model.add(var >= copy + 1).only_enforce_if(y)
                    places.append(y)
                    hosts.setdefault((j, copy), []).append((b, y))
            if every and not places:
                return False
            if every:
                model.add(sum(places) == 1)
            elif places:
                model.add(sum(places) <= 1)
                placed += places
        if not every:
            if not placed:
                return False
            model.add(sum(placed) >= 1)
        for (j, _), held in hosts.items():
            nat, jok, _ = self.own[j]
            for kind in iter_cards(nat):
                inside = [y for b, y in held if p.blocks[b] >> kind & 1]
                if len(inside) > 1:
                    model.add(sum(inside) <= 1)
            if any(p.block_jokers[b] for b, _ in held):
                model.add(sum(p.block_jokers[b] * y for b, y in held) <= jok.bit_count())
        return True

    def _key_values(self, key: Key) -> list[bool]:
        values = []
        for kind, level, _ in self.hand_bits:
            values.append(bool(key.hand >> (kind + (NATURALS if level == 2 else 0)) & 1))
        values += [i < key.hand_jokers for i in range(len(self.joker_bits))]
        chosen = set(key.lay_off)
        values += [lay in chosen for lay, _ in self.lays]
        return values
