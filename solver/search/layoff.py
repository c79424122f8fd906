"""The exact search for the center card under cooncan and the kunken profiles: every play
with lay-offs and jokers (the problem is stated in :mod:`solver.analysis.layoff`).

Two branches: the center card goes into your melds, or it is laid off.  In each, a
memoised depth-first search covers the cards that must go down (in cooncan your movable
melds' cards; the center card in the first branch), lowest card first, with melds of the
profile's table and their joker variants; then adds melds of optional cards alone (hand
cards, and in kunken your movable melds' cards, which may go back to the hand); then
(kunken) every combination of lay-offs of the remaining optional cards onto the opponent's
melds.  Each outcome is turned into a play's key, keeping per key the fewest cards taken
back.
"""

from __future__ import annotations

from solver.analysis.center import Analysis
from solver.analysis.layoff import (
    K,
    Key,
    Multiset,
    Outcome,
    Problem,
    bits,
    build,
    compatible,
    joker_counts_ok,
    keeping_arrangement,
    keeps_blocks,
    kept_in,
    ms_add,
    ms_diff,
    ms_sub,
    ms_sum,
    problem_of,
    swap_variants,
    variants_of,
)
from solver.cards import (
    JOKER_BASE,
    NATURALS,
    CardMask,
    card_kind,
    iter_cards,
)
from solver.position import Position


def analyze(position: Position) -> Analysis:
    look = _first_look(position)
    swaps = _may_swap(position)
    if look == _NO and not swaps:
        return Analysis(position, ())
    problem = problem_of(position)
    found: dict[Key, Outcome] = {}
    # The swap variants share the covers: only the cards at hand differ between them.
    shared: dict[bool, _Covers] = {}
    for variant in swap_variants(problem) if swaps else (problem,):
        if variant.swaps or look != _NO:
            _search(variant, look if not variant.swaps else _MAYBE, found, shared)
    return build(problem, found)


def _may_swap(position: Position) -> bool:
    """A joker swap during the take may be open (K5): a joker in the opponent's melds
    stands for a card of your hand or melds or the center card (the rest is checked
    later)."""
    if not position.rules.joker_swap:
        return False
    if not any(m >> JOKER_BASE for m in position.opponent_melds):
        return False
    natural = (position.hand | position.exposed) & ((1 << JOKER_BASE) - 1)
    kinds = (natural | natural >> NATURALS) & K
    if position.center < JOKER_BASE:
        kinds |= 1 << card_kind(position.center)
    if (not position.melds and position.center < JOKER_BASE
            and not position.hand >> JOKER_BASE and not position.rules.table.has_meld(kinds)):
        return False  # no meld of yours can go down before a swap
    stands = position.stands_for
    return any(kinds >> card_kind(stands[j]) & 1 for m in position.opponent_melds
               for j in iter_cards(m >> JOKER_BASE << JOKER_BASE))


def _search(problem: Problem, look: int, found: dict[Key, Outcome],
            shared: dict[bool, _Covers]) -> None:
    """Every play of one swap variant of the problem, into ``found``."""
    keys: dict[_RawKey, _RawOutcome] = {}
    center = problem.center_ms
    # Kunken (K9): your melds' cards may go back to the hand, so they are optional like
    # hand cards; elsewhere they must stay down.
    if problem.take_back:
        must, must_jokers = 0, 0
        opt = ms_sum(problem.hand, problem.exposed)
        opt_jokers = problem.hand_jokers + problem.exposed_jokers
    else:
        must, must_jokers = problem.exposed, problem.exposed_jokers
        opt, opt_jokers = problem.hand, problem.hand_jokers
    # Shared: both branches meet the same leftover cards, and so do the swap variants.
    mode = bool(problem.swaps) and not problem.frozen
    covers = shared.get(mode)
    if covers is None:
        covers = shared[mode] = _Covers(problem)
    if problem.center_swapped:
        # The center card went into a joker's place (K5): it is used; the rest is as free.
        owns = covers.cover(must, opt, must_jokers, opt_jokers)
        _lay_all(problem, keys, owns, bool(must), opt, opt_jokers, False)
    elif look == _FITS or _center_may_fit(problem):
        required = ms_sum(must, center)
        owns = covers.cover(required, opt, must_jokers + problem.center_is_joker, opt_jokers)
        _lay_all(problem, keys, owns, bool(required), opt, opt_jokers, False)
    if problem.lay_off == "center" and problem.center_kind >= 0:
        for target in problem.targets:
            if problem.table.is_valid(target.kinds | center) and not target.kinds & center:
                keys[(0, 0, ((target.index, center, 0),))] = (True, 0, 0, 0)
    elif (problem.lay_off == "any" and not problem.center_swapped
          and _center_may_lie_off(problem)):
        owns = covers.cover(must, opt, must_jokers, opt_jokers)
        _lay_all(problem, keys, owns, bool(must), opt, opt_jokers, True)
    exact = problem.packs > 1 and bool(problem.blocks) and not problem.swapped_back
    for (hand, hand_jokers, lays), (keeps, _, back_jokers, back) in keys.items():
        key = Key(hand, hand_jokers, lays, problem.swaps)
        if exact and not keeps and not back and not back_jokers:
            # Two packs: the quick check may miss a joker's room (see kept_in), so ask
            # the exact arrangement.
            keeps = keeping_arrangement(problem, key) is not None
        found[key] = Outcome(keeps, back, back_jokers)


_RawKey = tuple[Multiset, int, tuple[tuple[int, Multiset, CardMask], ...]]
"""A :class:`Key`'s fields, as a plain tuple while searching (hashing is cheaper)."""
_RawOutcome = tuple[bool, int, int, Multiset]
"""(keeps, cards taken back, jokers taken back, natural kinds taken back)."""


_NO, _MAYBE, _FITS = 0, 1, 2
"""What :func:`_first_look` sees."""


def _first_look(position: Position) -> int:
    """A quick look before the search.  ``_NO`` for most positions: the center card is
    natural, and no meld holding it can be completed from your cards and jokers, on your
    side or on an opponent's meld.  ``_FITS``: some meld of natural cards from your hand
    and your melds (none frozen) holds it, which is what :func:`_center_may_fit` would
    find first.  Otherwise ``_MAYBE`` (necessary conditions only: it proves nothing)."""
    center = position.center
    if center >= JOKER_BASE:
        return _MAYBE
    rules = position.rules
    mine = position.hand | position.exposed
    pool = (mine | mine >> NATURALS) & K
    jokers = (mine >> JOKER_BASE).bit_count() if rules.deck.jokers else 0
    kind = card_kind(center)
    bit = 1 << kind
    table = rules.table
    maybe = False
    # Your own melds first, the usual way to use it; the shortest melds answer for all.
    for meld in table.shortest[kind]:
        missing = meld & ~pool & ~bit
        if not missing:
            return _MAYBE if any(position.opponent_laid_off) else _FITS
        if not maybe and missing.bit_count() <= jokers:
            maybe = True
    if maybe:
        return _MAYBE
    if rules.lay_off != "none" and not (rules.lay_off == "left_card"
                                        and position.center_from == "stock"):
        for meld in position.opponent_melds:
            natural = meld & ((1 << JOKER_BASE) - 1)
            natural = (natural | natural >> NATURALS) & K
            if natural & bit:
                return _MAYBE  # the other copy is already there (two packs): no verdict
            room = jokers + (meld >> JOKER_BASE).bit_count()
            for growth in table.growths(natural):
                if growth & bit and (growth & ~pool & ~bit).bit_count() <= room:
                    return _MAYBE
    return _NO


def _minus(a: Multiset, b: Multiset) -> Multiset:
    return ms_sub(ms_sub(a, b >> NATURALS), b & K)


def _center_may_fit(problem: Problem) -> bool:
    if problem.center_kind < 0:
        return True
    pool = (problem.exposed | problem.hand | problem.center_ms) & K
    jokers = problem.exposed_jokers + problem.hand_jokers
    bit = problem.center_ms
    for meld in problem.table.containing[problem.center_kind]:
        missing = meld & ~pool
        if not missing:
            return True
        if (missing.bit_count() <= jokers and not missing & bit
                and variants_of(problem, meld, bit, pool, jokers)):
            return True
    return False


def _center_may_lie_off(problem: Problem) -> bool:
    if problem.center_kind < 0:
        return bool(problem.targets)
    return any(problem.center_ms & ext for exts in problem.extensions for ext in exts)


# --- your melds ---------------------------------------------------------------------------


_Config = tuple[Multiset, int, Multiset, int]
"""(hand naturals used, hand jokers used, kinds the jokers stand for, old melds kept: see
:class:`_Covers`)."""


class _Covers:
    """Memoised covers: the same cards left to cover recur under many first choices."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        """Only what every swap variant shares is read: the table, the old melds and the
        joker rules."""
        # Usually one bit, all old melds kept so far (per-meld checks, ANDed); a swap
        # needing a meld of yours before it (K5) tracks which old melds are kept, a bit
        # each, and one more bit for a new meld with no joker a swap brought.
        self.by_meld = bool(problem.swaps) and not problem.frozen
        self.none_kept = 0 if self.by_meld else 1
        self.before = 1 << len(problem.blocks)
        self.before_jokers = problem.jokers_before_swaps
        self.simple = not self.by_meld and not any(problem.block_jokers)
        """No old meld holds a joker: the plain whole-or-nothing check will do."""
        self.joker_kinds = 0
        """Kinds of the old melds holding a joker: a new meld with no joker keeps none."""
        for block, jokers in zip(problem.blocks, problem.block_jokers, strict=True):
            if jokers:
                self.joker_kinds |= block
        self.covers: dict[tuple[int, int, int, int], set[_Config]] = {}
        self.packs: dict[tuple[int, int, int], set[_Config]] = {}

    def kept(self, nat: CardMask, jokers: int) -> int:
        if self.by_meld:
            first = self.before if jokers <= self.before_jokers else 0
            return kept_in(self.problem, nat, jokers) | first
        if not jokers:  # keeps_blocks without a joker, asked for most melds
            return 0 if nat & self.joker_kinds or not compatible(nat, self.problem.blocks) else 1
        return 1 if keeps_blocks(self.problem, nat, jokers) else 0

    def cover(self, req: Multiset, opt: Multiset, jr: int, jo: int) -> set[_Config]:
        """Every way to cover ``req`` (with ``jr`` jokers that must be used) by melds,
        taking optional cards from ``opt`` and ``jo`` optional jokers."""
        memo = (req, opt, jr, jo)
        found = self.covers.get(memo)
        if found is not None:
            return found
        if not req:
            found = self.pack(opt, jr, jo)
            self.covers[memo] = found
            return found
        problem = self.problem
        blocks, simple, by_meld = problem.blocks, self.simple, self.by_meld
        found = set()
        kind = (req & -req).bit_length() - 1
        bit = 1 << kind
        avail = (req | opt) & K
        jokers = jr + jo
        table = problem.table
        # With no lower card available, a meld holding lower kinds needs a joker for each.
        below = avail & (bit - 1)
        for meld in table.containing[kind] if below else table.holding(kind, jokers):
            missing = meld & ~avail
            if missing and (not jokers or (missing & bit) or bits(missing) > jokers):
                continue
            for nat, jok in (((meld, 0),) if not jokers else
                             variants_of(problem, meld, bit, avail, jokers)):
                from_req = nat & req
                from_opt = nat & ~from_req
                n = bits(jok)
                from_jr = min(jr, n)
                keep = compatible(nat, blocks) if simple else self.kept(nat, n)
                for used, uj, stands, kept in self.cover(
                        ms_sub(req, from_req), ms_sub(opt, from_opt), jr - from_jr,
                        jo - (n - from_jr)):
                    if jok:
                        stands = ms_add(stands, jok)
                        if stands < 0:
                            continue
                    found.add((ms_add(used, from_opt), uj + n - from_jr, stands,
                               kept | keep if by_meld else kept & keep))
        self.covers[memo] = found
        return found

    def pack(self, opt: Multiset, jr: int, jo: int) -> set[_Config]:
        """Every set of melds of ``opt`` cards alone, using all ``jr`` jokers and up to
        ``jo`` more: the lowest card either stays in the hand or starts a meld."""
        memo = (opt, jr, jo)
        found = self.packs.get(memo)
        if found is not None:
            return found
        problem = self.problem
        blocks, simple, by_meld = problem.blocks, self.simple, self.by_meld
        avail = opt & K
        jokers = jr + jo
        if not avail or (not jokers and not problem.table.has_meld(avail)):
            found = {(0, 0, 0, self.none_kept)} if not jr else set()
            self.packs[memo] = found
            return found
        kind = (avail & -avail).bit_length() - 1
        bit = 1 << kind
        found = set(self.pack(ms_sub(opt, bit), jr, jo))  # this card stays in the hand
        # The lowest card here: a meld holding lower kinds needs a joker for each.
        for meld in problem.table.holding(kind, jokers):
            missing = meld & ~avail
            if missing and (not jokers or (missing & bit) or bits(missing) > jokers):
                continue
            for nat, jok in (((meld, 0),) if not jokers else
                             variants_of(problem, meld, bit, avail, jokers)):
                n = bits(jok)
                from_jr = min(jr, n)
                keep = compatible(nat, blocks) if simple else self.kept(nat, n)
                for used, uj, stands, kept in self.pack(
                        ms_sub(opt, nat), jr - from_jr, jo - (n - from_jr)):
                    if jok:
                        stands = ms_add(stands, jok)
                        if stands < 0:
                            continue
                    found.add((ms_add(used, nat), uj + n - from_jr, stands,
                               kept | keep if by_meld else kept & keep))
        self.packs[memo] = found
        return found


# --- lay-offs -----------------------------------------------------------------------------


_Lays = tuple[tuple[int, Multiset, CardMask], ...]


def _lay_all(
    problem: Problem, keys: dict[_RawKey, _RawOutcome], owns: set[_Config], required: bool,
    opt: Multiset, opt_jokers: int, center_in_rest: bool,
) -> None:
    """Every configuration of your melds with every combination of lay-offs of what is
    left.  You have a meld after the play when one is frozen, cards had to go down, or
    some optional card went into your melds (K10)."""
    groups: dict[tuple[Multiset, int, bool, bool], list[Multiset]] = {}
    any_melds = bool(problem.frozen) or required
    # A swap on the opponent's melds needs a meld of yours on the table before it (K5,
    # K10): a frozen one, one of your old melds kept whole (take-backs come before the
    # take), or a new one holding no joker a swap brought (see _Covers.kept).
    staying = bool(problem.swaps) and not problem.frozen
    every = (1 << len(problem.blocks)) - 1 if staying else 1
    broken = 0  # old melds a card was swapped from: taken back, never kept
    if problem.swapped_back:
        kinds = (problem.swapped_back | problem.swapped_back >> NATURALS) & K
        broken = sum(1 << i for i, block in enumerate(problem.blocks) if block & kinds)
    # With take-backs (K9) an old meld's cards may lie off or go back: then it is not kept.
    check = problem.take_back and not staying and bool(problem.blocks)
    exposed_lo, exposed_hi = problem.exposed & K, problem.exposed >> NATURALS
    for used, used_jokers, own_stands, kept in owns:
        kept &= ~broken
        if staying and not kept:
            continue
        keeps = kept & every == every and not broken
        if keeps and check and (exposed_lo & ~used or exposed_hi & ~(used >> NATURALS)):
            keeps = False
        groups.setdefault((used, used_jokers, keeps, any_melds or bool(used)), []).append(
            own_stands)
    combos: dict[tuple[Multiset, int, bool], list[tuple[_Lays, Multiset, int]]] = {}
    center = problem.center_ms
    lay_options: list[list[_Option]] | None = None
    layable = 0  # kinds some lay-off could use, both copies: nothing else matters to them
    for (used, used_jokers, keeps, melds), stands in groups.items():
        rest = _minus(opt, used)
        jokers = opt_jokers - used_jokers
        if center_in_rest:
            rest = ms_add(rest, center) if center else rest
            jokers += problem.center_is_joker
        laying = problem.lay_off == "any" and melds
        if laying and lay_options is None:
            lay_options = _options(problem, (opt | center) & K,
                                   opt_jokers + problem.center_is_joker)
            for options in lay_options:
                for nat, _, _ in options:
                    layable |= nat
            layable |= layable << NATURALS
        # Groups whose leftovers differ only in cards no lay-off takes share their combos.
        memo = (rest & layable, jokers, laying) if laying else (0, 0, False)
        choices = combos.get(memo)
        if choices is None:
            found: list[_Lays] = []
            _combine(problem, lay_options if laying and lay_options else [], 0,
                     rest & layable if laying else rest, jokers, (), found)
            choices = []
            for lays in found:
                laid, laid_jokers = 0, 0
                for _, nat, jok in lays:
                    laid = ms_add(laid, nat)
                    laid_jokers += bits(jok)
                choices.append((lays, laid, laid_jokers))
            combos[memo] = choices
        for lays, laid, laid_jokers in choices:
            _record(problem, keys, lays, ms_sum(used, laid), used_jokers + laid_jokers, laid,
                    laid_jokers, keeps, stands, center_in_rest)


def _record(
    problem: Problem, keys: dict[_RawKey, _RawOutcome], lays: _Lays, hand: Multiset,
    hand_jokers: int,
    laid: Multiset, laid_jokers: int, keeps: bool, stands: list[Multiset],
    center_in_rest: bool,
) -> None:
    if center_in_rest:
        if problem.center_kind >= 0:
            if not laid & problem.center_ms:
                return  # the center card must go down
            hand = ms_sub(hand, problem.center_ms)
        else:
            if not laid_jokers:
                return
            hand_jokers -= 1
    back, back_jokers = 0, 0
    if problem.take_back:
        # Identical cards are interchangeable: count your melds' cards as staying down
        # before any hand card goes down.
        exposed = problem.exposed
        common = hand & exposed  # fold form: the multiset minimum
        if (hand | exposed) >> NATURALS:
            back, hand = ms_diff(exposed, common), ms_diff(hand, common)
        else:  # one copy of each kind: plain bit sets
            back, hand = exposed & ~common, hand & ~common
        staying = min(hand_jokers, problem.exposed_jokers)
        back_jokers = problem.exposed_jokers - staying
        hand_jokers -= staying
    raw = (hand, hand_jokers, lays)
    whole = keeps and not back and not back_jokers
    count = bits(back & K) + bits(back >> NATURALS) + back_jokers
    known = keys.get(raw)
    if known is not None:
        known_whole, known_count, known_jokers, known_back = known
        # Outcome.order: the fewest cards back, then jokers back, then the lowest cards
        # (compared field by field: two tuples and their comparison cost far more).
        known_first = known_count < count or (known_count == count and (
            known_jokers < back_jokers
            or (known_jokers == back_jokers and known_back <= back)))
        if known_first and (known_whole or not whole):
            return  # nothing better than what is known
    for own_stands in stands:
        if problem.parts_ok(hand, lays, own_stands, back):
            break
    else:
        return
    if known is None:
        keys[raw] = (whole, count, back_jokers, back)
    elif known_first:  # whole melds if any way keeps them
        keys[raw] = (True, known_count, known_jokers, known_back)
    else:
        keys[raw] = (whole or known_whole, count, back_jokers, back)


_Option = tuple[CardMask, CardMask, int]
"""A lay-off onto one target: (natural kinds, kinds its jokers stand for, jokers)."""


def _options(problem: Problem, pool: CardMask, jokers: int) -> list[list[_Option]]:
    """Per target, every lay-off with natural cards from ``pool`` and at most ``jokers``
    jokers.  Those possible with fewer cards are exactly those whose natural cards remain
    and whose jokers do, so this is computed once per analysis."""
    out = []
    for target, extensions in zip(problem.targets, problem.extensions, strict=True):
        options = []
        for ext in extensions:
            missing = ext & ~pool
            if bits(missing) > jokers:
                continue
            for slots in _slot_choices(ext & pool, missing, jokers):
                nat = ext & ~slots
                n = bits(slots)
                if n and not joker_counts_ok(problem, target.naturals + bits(nat),
                                             target.jokers + n):
                    continue
                options.append((nat, slots, n))
        out.append(options)
    return out


def _combine(
    problem: Problem, options: list[list[_Option]], index: int, rest: Multiset, jokers: int,
    chosen: tuple[tuple[int, Multiset, CardMask], ...],
    out: list[tuple[tuple[int, Multiset, CardMask], ...]],
) -> None:
    if index == len(options):
        out.append(chosen)
        return
    _combine(problem, options, index + 1, rest, jokers, chosen, out)
    avail = rest & K
    target = problem.targets[index].index
    for nat, slots, n in options[index]:
        if n <= jokers and not nat & ~avail:
            _combine(problem, options, index + 1, ms_sub(rest, nat), jokers - n,
                     (*chosen, (target, nat, slots)), out)


def _slot_choices(present: CardMask, missing: CardMask, jokers: int) -> list[CardMask]:
    """Which added kinds jokers provide: every missing kind, and any present ones too."""
    out = [missing]
    spare = jokers - bits(missing)
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
