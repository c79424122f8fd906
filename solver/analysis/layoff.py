"""The center card melded at once under the profiles with lay-offs and jokers (cooncan,
kunken, kunken-40, kunken-104): the problem both engines solve, and how a solved play
becomes a :class:`~solver.analysis.center.Play`.

What a play is (the rule books' C5, C8–C11 and K3–K4, K7–K11):

- ``cooncan``: your melds stay down; those that are not frozen may be rearranged, with the
  center card and any hand cards, into valid melds (C5, C8).  A meld carrying the
  opponent's laid-off card is frozen and stays as it is.
- ``kunken*``: the same, and your melds that are not frozen may also go back to the hand
  (K9: take back whole melds, then meld again), so their cards are as free as hand cards;
  a play reports the fewest cards it takes back (``taken_back``), and plays differ only by
  what leaves the hand and what lies off, never by what needlessly goes back.
- ``kunken`` (K5): during the take, a hand card (one taken back too) or the center card
  itself may take the place of a joker standing for it in one of the opponent's melds (not
  a laid-off card), when a meld of yours can be on the table first: a frozen one, an old
  one kept whole, or a new one holding no joker a swap brought (hand cards alone, laid
  while the center card waits, or the center card's meld when the center card is not
  swapped); the joker comes to your hand and may go down at once.  Each set of such swaps
  is a variant of the problem (:func:`swap_variants`) that both engines solve; a swapped
  hand card is one of the play's hand cards, a swapped card of your melds shows in the
  swap only (as one of them laid off does), a swapped center card is used.  Your own
  melds' jokers need no swap here: with K9 their cards are as free as hand cards.
- ``cooncan``: a card the opponent left may instead go alone onto one of the opponent's
  melds (C9); a card you turned never can.
- ``kunken*``: once you have a meld of your own after the play (one made in the same play
  counts), any hand cards (taken-back ones too) and the center card may be added to the
  opponent's melds (K10).
  A joker stands for any card that is not on the table after the play (K4): for every card,
  the natural copies on the table and the jokers standing for it are at most the packs.
- The center card goes down (own melds or a lay-off); it wins when 11 of your cards are
  down after the play (C11/K11): your hand is then empty, except for the Kunken opener,
  who holds one card more (K6) and wins with one card left in hand or with twelve down.

``rearranged`` says that no realisation of the play keeps each of your old movable melds,
its jokers included, inside one new meld with nothing taken back; with two packs the old
meld's own copies stay together, while other copies of its cards may go elsewhere.

A *key* is what leaves your hand, what lies off where and which swaps are made: the
multiset of hand cards (natural kinds, and how many jokers) and, per opponent meld, the
cards laid off on it (jokers with the card they stand for).  Identical cards of two packs
are interchangeable, so a key never says which copy.  The analysis has one entry per set of
hand cards (:func:`build` merges the keys that share it).

Multisets of natural kinds use the "fold" form of :func:`solver.cards.fold`: bit ``k`` for
one card of kind ``k``, bit ``52 + k`` for a second one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from solver.analysis.center import Analysis, LaidOff, Play, SwapMade, play_order
from solver.cards import (
    JOKER_BASE,
    KINDS_MASK,
    NATURALS,
    Card,
    CardMask,
    card_kind,
    card_str,
    cards_of,
    fold,
    iter_cards,
    union,
)
from solver.melds import MeldTable
from solver.position import Position

K: Final = KINDS_MASK
Multiset = int
"""A multiset of natural kinds in fold form."""
Variant = tuple[CardMask, CardMask]
"""A meld as (natural kinds, kinds its jokers stand for); both are copy-0 kind masks."""


# --- multisets of kinds -------------------------------------------------------------------


def ms_add(ms: Multiset, kinds: CardMask) -> Multiset:
    """One more card of each kind in ``kinds``; -1 when a kind would appear three times."""
    if not ms & kinds:
        return ms | kinds  # new kinds: their first copies
    lo, hi = ms & K, ms >> NATURALS
    if hi & kinds:
        return -1
    return (lo | kinds) | (hi | lo & kinds) << NATURALS


def ms_sum(a: Multiset, b: Multiset) -> Multiset:
    if not a & b:
        return a | b  # no kind in both
    out = ms_add(a, b & K)
    return out if out < 0 else ms_add(out, b >> NATURALS)


def ms_sub(ms: Multiset, kinds: CardMask) -> Multiset:
    """One card fewer of each kind in ``kinds`` (each must be present)."""
    hi = ms >> NATURALS
    if not hi:
        return ms & ~kinds
    return (ms & K & ~(kinds & ~hi)) | (hi & ~kinds) << NATURALS


def ms_diff(a: Multiset, b: Multiset) -> Multiset:
    """``a - b`` for ``b`` inside ``a``."""
    return ms_sub(ms_sub(a, b >> NATURALS), b & K)


def ms_contains(a: Multiset, b: Multiset) -> bool:
    """``b`` is a sub-multiset of ``a``."""
    return b & K & ~a == 0 and (b >> NATURALS) & ~(a >> NATURALS) == 0


def ms_of(cards: Sequence[Card] | Iterator[Card]) -> Multiset:
    ms = 0
    for card in cards:
        ms = ms_add(ms, 1 << card_kind(card))
    return ms


def ms_of_mask(mask: CardMask) -> Multiset:
    """The natural cards of a card mask (either copy) as a multiset of kinds."""
    return fold(mask & _NATURAL_BITS)


_NATURAL_BITS: Final = (1 << JOKER_BASE) - 1


def ms_size(ms: Multiset) -> int:
    return ms.bit_count()


def within_packs(naturals: Multiset, jokers: Multiset, packs: int) -> bool:
    """For every kind, natural cards plus jokers standing for it are at most ``packs`` (K4)."""
    nlo, nhi, jlo, jhi = naturals & K, naturals >> NATURALS, jokers & K, jokers >> NATURALS
    if packs == 1:
        return not (nlo & jlo or nhi or jhi)
    return not (nhi & jlo or nlo & jhi)


# --- the problem --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    """One of the opponent's melds as a lay-off target: the kinds it represents (natural
    cards and what its jokers stand for), and its natural and joker counts."""

    index: int
    kinds: CardMask
    naturals: int
    jokers: int


@dataclass(frozen=True, slots=True, order=True)
class Swap:
    """A joker swap made during the take (K5): the natural card of ``kind`` (from the hand,
    or the center card) takes the place of ``joker`` in the opponent's meld ``meld``."""

    meld: int
    joker: Card
    kind: int
    from_center: bool
    from_meld: bool = False
    """The card came from one of your melds taken back before the take (K9)."""


class Key:
    """What a play changes: hand cards down (natural kinds, jokers) and the lay-offs,
    ``(opponent meld index, natural kinds, kinds the laid-off jokers stand for)``, in the
    swap variant ``swaps`` (the hand there lacks the swapped cards and holds the jokers).

    A plain class rather than a frozen dataclass: the searches build one per play, and the
    dataclass's generated ``__init__`` and ``__hash__`` run as interpreted Python even in
    the compiled build (thousands of instructions each); these compile."""

    __slots__ = ("hand", "hand_jokers", "lay_off", "swaps")

    def __init__(self, hand: Multiset, hand_jokers: int,
                 lay_off: tuple[tuple[int, Multiset, CardMask], ...] = (),
                 swaps: tuple[Swap, ...] = ()) -> None:
        self.hand: Final = hand
        self.hand_jokers: Final = hand_jokers
        self.lay_off: Final = lay_off
        self.swaps: Final = swaps

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Key) and self.hand == other.hand
                and self.hand_jokers == other.hand_jokers and self.lay_off == other.lay_off
                and self.swaps == other.swaps)

    def __hash__(self) -> int:
        return hash((self.hand, self.hand_jokers, self.lay_off, self.swaps))

    def __repr__(self) -> str:
        return (f"Key(hand={self.hand!r}, hand_jokers={self.hand_jokers!r}, "
                f"lay_off={self.lay_off!r}, swaps={self.swaps!r})")


class Outcome:
    """What the best realisation of a key leaves: whether your old melds can stay whole,
    and the fewest cards of your melds that go back to the hand (kunken, K9).  A plain
    class for the reason :class:`Key` gives."""

    __slots__ = ("back", "back_jokers", "keeps")

    def __init__(self, keeps: bool, back: Multiset = 0, back_jokers: int = 0) -> None:
        self.keeps: Final = keeps
        self.back: Final = back
        self.back_jokers: Final = back_jokers

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Outcome) and self.keeps == other.keeps
                and self.back == other.back and self.back_jokers == other.back_jokers)

    def __hash__(self) -> int:
        return hash((self.keeps, self.back, self.back_jokers))

    def __repr__(self) -> str:
        return (f"Outcome(keeps={self.keeps!r}, back={self.back!r}, "
                f"back_jokers={self.back_jokers!r})")

    def order(self) -> tuple[int, int, int]:
        """Fewest cards taken back, then fewest jokers, then the lowest cards."""
        return (self.back.bit_count() + self.back_jokers, self.back_jokers, self.back)

    def better(self, other: Outcome | None) -> Outcome:
        """The outcome to report for a key reached both ways."""
        if other is None:
            return self
        best = self if self.order() <= other.order() else other
        keeps = self.keeps or other.keeps
        return best if best.keeps == keeps else Outcome(keeps, best.back, best.back_jokers)


@dataclass(frozen=True, slots=True)
class Problem:
    position: Position
    table: MeldTable
    packs: int
    jokers_allowed: bool
    min_naturals: int
    jokers_at_most_naturals: bool
    hand: Multiset
    hand_jokers: int
    center_kind: int
    """The center card's kind, -1 for a joker, or -2 once it went into a joker's place."""
    exposed: Multiset
    """Natural kinds of your melds that are not frozen (they must stay down)."""
    exposed_jokers: int
    blocks: tuple[CardMask, ...]
    """Natural kinds of each of those melds (kept whole, or the play is rearranged)."""
    block_jokers: tuple[int, ...]
    """How many jokers each of those melds holds (they stay in it, or the play is
    rearranged)."""
    frozen: tuple[CardMask, ...]
    """Your frozen melds (card masks of the position), which never change."""
    fixed: Multiset
    """Natural kinds on the table outside your movable melds."""
    fixed_jokers: Multiset
    """Kinds that jokers outside your movable melds stand for."""
    targets: tuple[Target, ...]
    lay_off: str
    """``none``, ``center`` (cooncan: the left card alone) or ``any`` (kunken, after own)."""
    take_back: bool
    """Your movable melds' cards may go back to the hand (kunken, K9)."""
    base: Multiset
    """Natural kinds on the table after any play before hand cards: ``fixed``, your movable
    melds' and the center card."""
    extensions: tuple[tuple[CardMask, ...], ...]
    """Per target (``lay_off == "any"``): the kinds that can be added to it."""
    variants: dict[tuple[CardMask, CardMask, CardMask, int], tuple[Variant, ...]] = field(
        default_factory=dict, compare=False, repr=False)
    """:func:`variants_of`'s memory for this analysis."""
    swaps: tuple[Swap, ...] = ()
    """The swaps made before the play (K5); the fields above already show their result."""
    gained: int = 0
    """Jokers the swaps brought to the hand (counted in ``hand_jokers``)."""
    swapped_hand: Multiset = 0
    """Natural kinds the swaps took from the hand."""
    swapped_back: Multiset = 0
    """Natural kinds the swaps took from your melds, taken back first (K9)."""
    swapped: dict[tuple[Swap, ...], Problem] = field(
        default_factory=dict, compare=False, repr=False)
    """The swap variants met, by their swaps (on the problem without swaps)."""

    @property
    def center_is_joker(self) -> int:
        return 1 if self.center_kind == -1 else 0

    @property
    def center_swapped(self) -> bool:
        return self.center_kind == -2

    @property
    def center_ms(self) -> Multiset:
        return 0 if self.center_kind < 0 else 1 << self.center_kind

    @property
    def jokers_before_swaps(self) -> int:
        """Jokers of yours that no swap brought: a new meld with at most this many can
        be laid before the swaps (K5)."""
        return self.hand_jokers - self.gained + self.exposed_jokers + self.center_is_joker

    def variant(self, swaps: tuple[Swap, ...]) -> Problem:
        """The swap variant ``swaps`` of this problem (itself for none)."""
        if not swaps:
            return self
        found = self.swapped.get(swaps)
        if found is None:
            found = _swapped(self, swaps)
            self.swapped[swaps] = found
        return found

    def own_part(self, key: Key, back: Multiset = 0, back_jokers: int = 0
                 ) -> tuple[Multiset, int]:
        """Natural kinds and joker count of your melds after a play (frozen ones aside)."""
        laid, laid_jokers = 0, 0
        for _, nat, jok in key.lay_off:
            laid = ms_sum(laid, nat)
            laid_jokers += bits(jok)
        down = ms_sum(ms_sum(ms_diff(self.exposed, back), self.center_ms), key.hand)
        jokers = (self.exposed_jokers - back_jokers + self.center_is_joker + key.hand_jokers
                  - laid_jokers)
        return ms_diff(down, laid), jokers

    def table_ok(self, key: Key, own_stands: Multiset, back: Multiset = 0) -> bool:
        return self.parts_ok(key.hand, key.lay_off, own_stands, back)

    def parts_ok(self, hand: Multiset, lay_off: tuple[tuple[int, Multiset, CardMask], ...],
                 own_stands: Multiset, back: Multiset = 0) -> bool:
        """:meth:`table_ok` for a key's hand and lay-offs (no key built: the searches ask
        it for every configuration)."""
        laid_stands = 0
        for _, _, jok in lay_off:
            laid_stands = ms_add(laid_stands, jok)
            if laid_stands < 0:
                return False
        stands = ms_sum(ms_sum(self.fixed_jokers, own_stands), laid_stands)
        if stands < 0:
            return False
        naturals = ms_sum(ms_diff(self.base, back) if back else self.base, hand)
        return naturals >= 0 and within_packs(naturals, stands, self.packs)


def problem_of(position: Position) -> Problem:
    rules = position.rules
    stands = position.stands_for
    frozen_index = {i for i, m in enumerate(position.opponent_laid_off) if m}
    exposed, exposed_jokers, blocks, block_jokers, frozen = 0, 0, [], [], []
    fixed, fixed_jokers = 0, 0
    for i, meld in enumerate(position.melds):
        naturals = ms_of_mask(meld)
        if i in frozen_index:
            frozen.append(meld)
            fixed = ms_sum(fixed, naturals)
            for j in iter_cards(meld >> JOKER_BASE << JOKER_BASE):
                fixed_jokers = ms_add(fixed_jokers, 1 << card_kind(stands[j]))
        else:
            exposed = ms_sum(exposed, naturals)
            exposed_jokers += (meld >> JOKER_BASE).bit_count()
            blocks.append(naturals & K)
            block_jokers.append((meld >> JOKER_BASE).bit_count())
    targets = []
    for i, meld in enumerate(position.opponent_melds):
        naturals = ms_of_mask(meld)  # a meld never holds one card twice
        represented = naturals
        jokers = list(iter_cards(meld >> JOKER_BASE << JOKER_BASE))
        for j in jokers:
            represented |= 1 << card_kind(stands[j])
            fixed_jokers = ms_add(fixed_jokers, 1 << card_kind(stands[j]))
        fixed = ms_sum(fixed, naturals)
        targets.append(Target(i, represented, naturals.bit_count(), len(jokers)))
    if rules.lay_off == "left_card":
        lay_off = "center" if position.center_from == "opponent" else "none"
    elif rules.lay_off == "none":
        lay_off = "none"
    else:
        lay_off = "any"
    meld_rules = rules.meld_rules
    center_ms = 0 if position.center >= JOKER_BASE else 1 << card_kind(position.center)
    table = rules.table
    return Problem(
        position=position,
        table=rules.table,
        packs=rules.deck.packs,
        jokers_allowed=bool(meld_rules.joker_rule) and rules.deck.jokers > 0,
        min_naturals=meld_rules.min_naturals,
        jokers_at_most_naturals=meld_rules.jokers_at_most_naturals,
        hand=ms_of_mask(position.hand),
        hand_jokers=(position.hand >> JOKER_BASE).bit_count(),
        center_kind=-1 if position.center >= JOKER_BASE else card_kind(position.center),
        exposed=exposed,
        exposed_jokers=exposed_jokers,
        blocks=tuple(blocks),
        block_jokers=tuple(block_jokers),
        frozen=tuple(frozen),
        fixed=fixed,
        fixed_jokers=fixed_jokers,
        targets=tuple(targets),
        lay_off=lay_off,
        take_back=rules.take_back,
        base=ms_sum(ms_sum(fixed, exposed), center_ms),
        extensions=tuple(table.growths(t.kinds) for t in targets) if lay_off == "any" else (),
    )


# --- joker swaps during the take (K5) ------------------------------------------------------


def swap_variants(problem: Problem) -> list[Problem]:
    """The problem, then each variant made by a set of joker swaps during the take: a hand
    card or the center card takes the place of a joker standing for it in one of the
    opponent's melds; a card of your melds may be taken back first (K9) and swapped (only
    when the hand holds no card of its kind).  That needs a meld of yours on the table
    before the swap, which the searches check (K10, as lay-offs do), and a laid-off card,
    frozen, is never touched (K10)."""
    position = problem.position
    if not (position.rules.joker_swap and position.opponent_melds):
        return [problem]
    stands = position.stands_for
    options: list[tuple[int, Card, int]] = []
    for i, meld in enumerate(position.opponent_melds):
        laid = position.laid_off[i] if i < len(position.laid_off) else 0
        for joker in iter_cards(meld >> JOKER_BASE << JOKER_BASE):
            kind = card_kind(stands[joker])
            if not laid >> joker & 1 and (ms_count(problem.hand, kind)
                                          or ms_count(problem.exposed, kind)
                                          or problem.center_kind == kind):
                options.append((i, joker, kind))
    if not options:
        return [problem]
    found: list[tuple[Swap, ...]] = []
    _choose_swaps(problem, options, 0, problem.hand, problem.exposed, False, (), found)
    return [problem, *(problem.variant(swaps) for swaps in found)]


def _choose_swaps(problem: Problem, options: list[tuple[int, Card, int]], index: int,
                  hand: Multiset, mine: Multiset, center_used: bool,
                  chosen: tuple[Swap, ...], out: list[tuple[Swap, ...]]) -> None:
    if index == len(options):
        if chosen:
            out.append(chosen)
        return
    _choose_swaps(problem, options, index + 1, hand, mine, center_used, chosen, out)
    meld, joker, kind = options[index]
    if ms_count(hand, kind):
        _choose_swaps(problem, options, index + 1, ms_sub(hand, 1 << kind), mine,
                      center_used, (*chosen, Swap(meld, joker, kind, False)), out)
    elif problem.take_back and ms_count(mine, kind):
        _choose_swaps(problem, options, index + 1, hand, ms_sub(mine, 1 << kind),
                      center_used, (*chosen, Swap(meld, joker, kind, False, True)), out)
    if not center_used and problem.center_kind == kind:
        _choose_swaps(problem, options, index + 1, hand, mine, True,
                      (*chosen, Swap(meld, joker, kind, True)), out)


def _swapped(problem: Problem, swaps: tuple[Swap, ...]) -> Problem:
    hand, fixed, fixed_jokers = problem.hand, problem.fixed, problem.fixed_jokers
    center_kind, swapped_hand = problem.center_kind, 0
    exposed, swapped_back = problem.exposed, 0
    targets = list(problem.targets)
    for swap in swaps:
        bit = 1 << swap.kind
        if swap.from_center:
            center_kind = -2
        elif swap.from_meld:
            exposed = ms_sub(exposed, bit)
            swapped_back = ms_add(swapped_back, bit)
        else:
            hand = ms_sub(hand, bit)
            swapped_hand = ms_add(swapped_hand, bit)
        fixed = ms_add(fixed, bit)
        fixed_jokers = ms_sub(fixed_jokers, bit)
        t = targets[swap.meld]
        targets[swap.meld] = Target(t.index, t.kinds, t.naturals + 1, t.jokers - 1)
    center_ms = 0 if center_kind < 0 else 1 << center_kind
    return replace(
        problem, hand=hand, hand_jokers=problem.hand_jokers + len(swaps),
        center_kind=center_kind, fixed=fixed, fixed_jokers=fixed_jokers,
        exposed=exposed, targets=tuple(targets), base=ms_sum(ms_sum(fixed, exposed), center_ms),
        variants=problem.variants, swaps=swaps, gained=len(swaps), swapped_hand=swapped_hand,
        swapped_back=swapped_back, swapped={})


def ms_count(ms: Multiset, kind: int) -> int:
    """How many cards of ``kind`` the multiset holds."""
    return (ms >> kind & 1) + (ms >> (kind + NATURALS) & 1)


# --- melds with jokers --------------------------------------------------------------------


def joker_counts_ok(problem: Problem, naturals: int, jokers: int) -> bool:
    if not jokers:
        return True
    if not problem.jokers_allowed or naturals < problem.min_naturals:
        return False
    return not problem.jokers_at_most_naturals or jokers <= naturals


def variants(
    problem: Problem, meld: CardMask, must: CardMask, avail: CardMask, jokers: int
) -> list[Variant]:
    """The ways to make ``meld`` with natural kinds from ``avail`` (always holding ``must``)
    and at most ``jokers`` jokers: fewest jokers first, then by the jokers' kinds.

    A list built in place, not a generator: half of :func:`variants_of`'s calls miss its
    memory, and a generator drained into a tuple cost several times the work."""
    out: list[Variant] = []
    missing = meld & ~avail
    gaps = bits(missing)
    if missing & must or gaps > jokers:
        return out
    size = bits(meld)
    if joker_counts_ok(problem, size - gaps, gaps):
        out.append((meld ^ missing, missing))
    spare = jokers - gaps
    if not spare or not problem.jokers_allowed:
        return out
    optional = iter_cards(meld & ~missing & ~must)
    for n in range(1, min(spare, len(optional)) + 1):
        # The joker counts depend on the size alone, and fail for every larger size once
        # they fail (fewer naturals, more jokers).
        if not joker_counts_ok(problem, size - gaps - n, gaps + n):
            break
        _add_slots(meld, missing, optional, n, 0, out)
    return out


def _add_slots(meld: CardMask, slots: CardMask, cards: list[Card], n: int, start: int,
               out: list[Variant]) -> None:
    """The variants with ``n`` more of ``cards`` (from ``start``) in jokers' slots, in
    :func:`itertools.combinations`' order."""
    if not n:
        out.append((meld ^ slots, slots))
        return
    for i in range(start, len(cards) - n + 1):
        _add_slots(meld, slots | 1 << cards[i], cards, n - 1, i + 1, out)


def variants_of(
    problem: Problem, meld: CardMask, must: CardMask, avail: CardMask, jokers: int
) -> tuple[Variant, ...]:
    """:func:`variants`, remembered for the analysis: the searches meet the same meld with
    the same cards at hand under many different branches."""
    memo = (meld, must, avail & meld, jokers)
    found = problem.variants.get(memo)
    if found is None:
        found = tuple(variants(problem, meld, must, avail, jokers))
        problem.variants[memo] = found
    return found


def bits(mask: CardMask) -> int:
    """How many bits ``mask`` has, for the small masks of the searches' inner loops (a
    meld's missing kinds, its jokers): ``int.bit_count`` is a generic method call in the
    compiled build, about three times this loop's cost for a few bits."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


# --- the canonical arrangement ------------------------------------------------------------


def arrange(problem: Problem, key: Key, outcome: Outcome) -> tuple[Variant, ...]:
    """The canonical arrangement of your movable melds after the play ``key``: the lowest
    natural card is covered first, by melds in the table's order and their variants in
    :func:`variants`' order; with ``keep``, only melds holding each old meld whole or not
    at all."""
    own, jokers = problem.own_part(key, outcome.back, outcome.back_jokers)
    keep = outcome.keeps and bool(problem.blocks)
    # 1: no old meld holds a joker, the plain whole-or-nothing check; 2: with jokers.
    mode = (2 if any(problem.block_jokers) else 1) if keep else 0
    found = _cover(problem, key, outcome.back, own, jokers, mode, 0, set())
    if found is None and keep and problem.packs > 1:
        found = keeping_arrangement(problem, key)
    assert found is not None, "every play comes with an arrangement"
    return found


def keeping_arrangement(problem: Problem, key: Key) -> tuple[Variant, ...] | None:
    """An arrangement of your melds after ``key`` (nothing taken back) that holds each old
    meld, its jokers too, inside one new meld, by physical cards: each old meld's melds come
    first, and the other copies of its cards may go anywhere (two packs).  ``None`` if
    there is none."""
    own, jokers = problem.own_part(key)
    free = own
    for block in problem.blocks:
        if not ms_contains(free, block):
            return None  # some of its cards lie off or went back
        free = ms_sub(free, block)
    free_jokers = jokers - sum(problem.block_jokers)
    if free_jokers < 0:
        return None
    return _place_blocks(problem, key, tuple(range(len(problem.blocks))), free, free_jokers, 0)


def _place_blocks(problem: Problem, key: Key, pending: tuple[int, ...], free: Multiset,
                  free_jokers: int, stands: Multiset) -> tuple[Variant, ...] | None:
    if not pending:
        return _cover(problem, key, 0, free, free_jokers, 0, stands, set())
    first, others = pending[0], pending[1:]
    block = problem.blocks[first]
    lowest = (block & -block).bit_length() - 1
    for meld in problem.table.containing[lowest]:
        if meld & block != block:
            continue
        for joined in _joinable(problem, meld & ~block, others):
            kinds = block | _union(problem.blocks[i] for i in joined)
            held = problem.block_jokers[first] + sum(problem.block_jokers[i] for i in joined)
            avail = kinds | (free & K)
            for nat, jok in variants_of(problem, meld, kinds, avail, held + free_jokers):
                n = bits(jok)
                if n < held or (jok and ms_add(stands, jok) < 0):
                    continue
                rest = tuple(i for i in others if i not in joined)
                sub = _place_blocks(problem, key, rest, ms_sub(free, nat & ~kinds),
                                    free_jokers - (n - held),
                                    ms_add(stands, jok) if jok else stands)
                if sub is not None:
                    return ((nat, jok), *sub)
    return None


def _joinable(problem: Problem, room: CardMask, others: tuple[int, ...]
              ) -> Iterator[tuple[int, ...]]:
    """Sets of the other old melds that fit together inside ``room`` (disjoint kinds)."""
    yield ()
    for n, i in enumerate(others):
        block = problem.blocks[i]
        if block & room == block:
            for more in _joinable(problem, room & ~block, others[n + 1:]):
                yield (i, *more)


def _union(masks: Iterator[CardMask]) -> CardMask:
    out = 0
    for mask in masks:
        out |= mask
    return out


def _cover(
    problem: Problem, key: Key, back: Multiset, rest: Multiset, jokers: int,
    keep: int, stands: Multiset, failed: set[tuple[Multiset, int, Multiset]],
) -> tuple[Variant, ...] | None:
    if not rest:
        if jokers or not problem.table_ok(key, stands, back):
            return None
        return ()
    state = (rest, jokers, stands)
    if state in failed:
        return None  # the same cards left, by another order of melds: it failed then
    kind = (rest & -rest).bit_length() - 1  # a second copy's bit implies the first's
    bit = 1 << kind
    avail = rest & K
    # This is the lowest kind left: a meld holding lower ones needs a joker for each.
    for meld in problem.table.holding(kind, jokers):
        missing = meld & ~avail
        if missing and (not jokers or (missing & bit) or bits(missing) > jokers):
            continue
        for nat, jok in ((meld, 0),) if not jokers else variants_of(problem, meld, bit, avail,
                                                                   jokers):
            n = bits(jok)
            if keep and not (compatible(nat, problem.blocks) if keep == 1 else
                             keeps_blocks(problem, nat, n)):
                continue
            stood = ms_add(stands, jok) if jok else stands
            if stood < 0:
                continue
            sub = _cover(problem, key, back, ms_sub(rest, nat), jokers - n, keep, stood,
                         failed)
            if sub is not None:
                return ((nat, jok), *sub)
    failed.add(state)
    return None


def compatible(naturals: CardMask, blocks: Sequence[CardMask]) -> bool:
    for block in blocks:
        common = naturals & block
        if common and common != block:
            return False
    return True


def kept_in(problem: Problem, naturals: CardMask, jokers: int) -> int:
    """The old melds a new meld (natural kinds, how many jokers) holds whole, a bit each,
    with room for their jokers (moving a joker out of a meld is a move), taken in order
    while the room lasts.  Every old meld is kept when each one is held by some new meld:
    with one pack that is exact; with two, other copies of their cards may go elsewhere,
    and :func:`keeping_arrangement` settles what the order of the jokers' room misses."""
    out, room, held = 0, jokers, 0
    for i, block in enumerate(problem.blocks):
        if naturals & block == block and not held & block:
            need = problem.block_jokers[i]
            if need <= room:
                room -= need
                held |= block  # two packs: an identical old meld needs another meld
                out |= 1 << i
    return out


def keeps_blocks(problem: Problem, naturals: CardMask, jokers: int) -> bool:
    """A new meld (natural kinds, how many jokers) holds each of your old melds whole or
    not at all, with room for the jokers of those it holds (moving a joker out of a meld
    is a move).  Exact with one pack; with two, a meld may take another copy of an old
    meld's card, which :func:`keeping_arrangement` sees."""
    if not jokers:  # the common case: whole or not at all, and no old joker inside
        block_jokers = problem.block_jokers
        for i, block in enumerate(problem.blocks):
            common = naturals & block
            if common and (common != block or block_jokers[i]):
                return False
        return True
    need = 0
    block_jokers = problem.block_jokers
    for i, block in enumerate(problem.blocks):
        common = naturals & block
        if common:
            if common != block:
                return False
            need += block_jokers[i]
    return need <= jokers


# --- from keys to the analysis ------------------------------------------------------------


def build(problem: Problem, keys: dict[Key, Outcome]) -> Analysis:
    """The analysis from every play's key and the outcome of its best realisation: one
    entry per set of hand cards, merging the keys that share it (:func:`merge`)."""
    position = problem.position
    frozen = 0
    for meld in problem.frozen:
        frozen |= meld
    movable = position.exposed & ~frozen
    movable_jokers = cards_of(movable & ~_NATURAL_BITS)
    frozen_stands = tuple((j, k) for j, k in position.jokers if frozen >> j & 1)
    # What the win test (C11, K11) needs beyond each play, worked out once.
    down = (union(position.opponent_laid_off), union(position.laid_off).bit_count(),
            position.rules.win_down or 11)
    movable_naturals = movable & _NATURAL_BITS
    ways: dict[CardMask, list[Play]] = {}
    for key, outcome in keys.items():
        play = _play(problem.variant(key.swaps) if key.swaps else problem, key, outcome,
                     movable_jokers,
                     movable_naturals, frozen_stands, down)
        ways.setdefault(play.hand_cards, []).append(play)
    plays = [merge(found) for found in ways.values()]
    plays.sort(key=play_order)
    return Analysis(position, tuple(plays))


def way_order(play: Play) -> tuple[bool, bool, int, int, tuple[LaidOff, ...],
                                   tuple[SwapMade, ...], int, tuple[CardMask, ...]]:
    """Which way to show first: one that wins, then one that keeps your melds, then the
    fewest cards taken back, no swap, no lay-off, no joker kept."""
    return (not play.wins, play.rearranged, len(play.taken_back or ()), len(play.swaps),
            play.lay_off or (), play.swaps, play.jokers_kept, play.melds)


def merge(ways: list[Play]) -> Play:
    """One entry for the ways to expose the same hand cards (the contract's ``plays``): it
    wins when any way wins, is rearranged only when every way is, and shows the first way
    by :func:`way_order`; the others stay in ``ways``."""
    if len(ways) == 1:
        return ways[0]
    ways.sort(key=way_order)
    first = ways[0]
    # Built directly: dataclasses.replace walks the fields in interpreted Python.
    return Play(first.hand_cards, first.melds, all(w.rearranged for w in ways),
                any(w.wins for w in ways), first.lay_off, first.taken_back, first.stands,
                first.table, first.swaps, first.jokers_kept, tuple(ways))


def _play(
    problem: Problem, key: Key, outcome: Outcome, movable_jokers: list[Card],
    movable_naturals: CardMask,
    frozen_stands: tuple[tuple[Card, Card], ...], down: tuple[CardMask, int, int],
) -> Play:
    position = problem.position
    keeps = outcome.keeps and bool(problem.blocks)
    arrangement = arrange(problem, key, outcome if keeps == outcome.keeps else
                          Outcome(keeps, outcome.back, outcome.back_jokers))
    # Physical cards for the kinds: your movable melds' cards first (less those going back
    # to the hand), then the center card, then the hand's (lowest copies and jokers first).
    # Swaps (K5): the swapped hand cards leave the hand too, the jokers they bring go down
    # first; the jokers going down beyond those come from the hand.
    jokers_down = key.hand_jokers
    center = position.center
    if problem.swaps:
        gained = [swap.joker for swap in problem.swaps]
        used_hand = _hand_cards(position.hand, Key(ms_sum(key.hand, problem.swapped_hand),
                                                   max(0, jokers_down - len(gained))))
        melded_hand = used_hand
        for swap in problem.swaps:
            # The swapped copy: the second one when both leave.
            if not swap.from_center and not swap.from_meld:
                second = swap.kind + NATURALS
                melded_hand &= ~(1 << (second if melded_hand >> second & 1 else swap.kind))
        if problem.center_swapped:
            center = JOKER_BASE * 2  # no card: it lies in the joker's place
    else:
        gained = []
        used_hand = melded_hand = _hand_cards(position.hand, key)
    joker_pool = movable_jokers[:len(movable_jokers) - outcome.back_jokers]
    joker_pool += [c for c in (center, *gained, *iter_cards(used_hand >> JOKER_BASE
                                                             << JOKER_BASE))
                   if JOKER_BASE <= c < JOKER_BASE * 2]
    # One pack: a natural card's id is its kind; only the jokers need placing.
    handed: dict[int, int] | None = None if problem.packs == 1 else {}
    reserved = _reserve(problem, arrangement) if keeps and handed is not None else {}
    # A card swapped from one of your melds (taken back first, K9) is not in them either;
    # like one of them laid off, it is not among those taken back to stay in the hand.
    back = ms_sum(outcome.back, problem.swapped_back)
    taken = 0
    for cards in reserved.values():
        taken |= cards
    new_stands: list[tuple[Card, Card]] = []
    melds: list[CardMask] = []
    for index, (nat, jok) in enumerate(arrangement):
        if handed is None:
            mask = nat
        else:
            mask = reserved.get(index, 0)
            for kind in iter_cards(nat & ~_kinds_of(mask)):
                while True:  # the next copy no kept meld holds
                    n = handed.get(kind, 0)
                    handed[kind] = n + 1
                    card = _nth_copy(kind, n, movable_naturals, back, center,
                                     melded_hand)
                    if not taken >> card & 1 or n > 3:
                        break
                mask |= 1 << card
        for kind in iter_cards(jok):
            joker = joker_pool.pop(0)
            new_stands.append((joker, kind))
            mask |= 1 << joker
        melds.append(mask)
    melds.extend(problem.frozen)
    used_stands = tuple(sorted([*frozen_stands, *new_stands]))
    if len(melds) < 2:
        pass  # most plays: a key sort calls its key even on one meld
    elif used_stands:
        stands = dict(used_stands)
        melds.sort(key=lambda m: _represented_order(m, stands))
    else:
        melds.sort(key=_natural_order)
    lay_off: tuple[LaidOff, ...] | None = None
    if position.rules.lay_off != "none":
        lay_off = tuple((i, _lay_strings(nat, jok)) for i, nat, jok in key.lay_off)
    taken_back: tuple[str, ...] | None = None
    if problem.take_back:
        kinds = sorted([*iter_cards(outcome.back & K), *iter_cards(outcome.back >> NATURALS)])
        taken_back = (*(card_str(k) for k in kinds), *("*",) * outcome.back_jokers)
    wins = _ends_hand(down, melds, lay_off)
    return Play(
        hand_cards=used_hand,
        melds=tuple(melds),
        rearranged=bool(problem.blocks) and not keeps,
        wins=wins,
        lay_off=lay_off,
        taken_back=taken_back,
        stands=used_stands,
        table=problem.table,
        swaps=tuple([(s.meld, card_str(s.kind), s.from_center) for s in problem.swaps])
        if gained else (),
        jokers_kept=max(0, len(gained) - jokers_down) if gained else 0,
    )


def _kinds_of(mask: CardMask) -> CardMask:
    natural = mask & _NATURAL_BITS
    return (natural | natural >> NATURALS) & K


def _reserve(problem: Problem, arrangement: Sequence[Variant]) -> dict[int, CardMask]:
    """Two packs, old melds kept: each old meld's own copies go to the first new meld
    holding all its cards (not yet holding any of them), so it stays whole by physical
    cards."""
    frozen = {i for i, m in enumerate(problem.position.opponent_laid_off) if m}
    out: dict[int, CardMask] = {}
    for i, old in enumerate(problem.position.melds):
        if i in frozen:
            continue
        natural = old & _NATURAL_BITS
        kinds = _kinds_of(natural)
        for index, (nat, _) in enumerate(arrangement):
            if nat & kinds == kinds and not _kinds_of(out.get(index, 0)) & kinds:
                out[index] = out.get(index, 0) | natural
                break
    return out


def _nth_copy(kind: int, n: int, movable: CardMask, back: Multiset, center: Card,
              hand: CardMask) -> Card:
    """The ``n``-th physical card of ``kind`` in the melds after a play: your movable melds'
    copies first (less those going back to the hand, the last ones), then the center card,
    then the hand's (lowest copy first)."""
    second = kind + NATURALS
    staying = ((movable >> kind & 1) + (movable >> second & 1)
               - (back >> kind & 1) - (back >> second & 1))
    if n < staying:  # the lowest copies stay
        return second if n or not movable >> kind & 1 else kind
    n -= staying
    if center < JOKER_BASE and center % NATURALS == kind:
        if not n:
            return center
        n -= 1
    return second if n or not hand >> kind & 1 else kind


def _ends_hand(before: tuple[CardMask, int, int], melds: Sequence[CardMask],
               lay_off: tuple[LaidOff, ...] | None) -> bool:
    """The play brings your cards down (your melds less the opponent's cards on them, plus
    yours laid off) to the profile's winning count (C11, K11).  Only the Kunken opener,
    who holds eleven (K6), can end with a card still in hand, or with twelve down.
    ``before``: the opponent's cards on your melds, how many of yours lie on theirs, and
    the winning count."""
    theirs, laid, win_down = before
    down = laid
    for meld in melds:
        down += (meld & ~theirs).bit_count()
    for _, cards in lay_off or ():
        down += len(cards)
    return down >= win_down


def _natural_order(meld: CardMask) -> tuple[int, int, int]:
    kinds = (meld | meld >> NATURALS) & K
    return ((kinds & -kinds).bit_length() - 1, -meld.bit_count(), kinds)


def _represented_order(meld: CardMask, stands: dict[Card, Card]) -> tuple[int, int, int]:
    natural = meld & _NATURAL_BITS
    kinds = (natural | natural >> NATURALS) & K
    for joker in iter_cards(meld >> JOKER_BASE << JOKER_BASE):
        kinds |= 1 << card_kind(stands[joker])
    return ((kinds & -kinds).bit_length() - 1, -meld.bit_count(), kinds)


def _hand_cards(hand: CardMask, key: Key) -> CardMask:
    """The hand's cards for the key's kinds: copy 0 of a kind first, the lowest jokers."""
    need, twice = key.hand & K, key.hand >> NATURALS
    first = hand & K
    out = (first & need) | ((need & ~first) | twice) << NATURALS
    jokers = key.hand_jokers
    for card in iter_cards(hand >> JOKER_BASE << JOKER_BASE):
        if not jokers:
            break
        out |= 1 << card
        jokers -= 1
    return out


def _lay_strings(nat: Multiset, jok: CardMask) -> tuple[str, ...]:
    """The cards laid off by kind, a kind's natural copies before its joker (in kind order
    directly: a sort with a key function costs more than the strings)."""
    first, second = nat & K, nat >> NATURALS
    out: list[str] = []
    for kind in iter_cards(first | second | jok):
        text = card_str(kind)
        if first >> kind & 1:
            out.append(text)
        if second >> kind & 1:
            out.append(text)
        if jok >> kind & 1:
            out.append("*" + text)
    return tuple(out)
