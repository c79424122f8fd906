"""Melds: sets of cards of one rank and runs of one suit, as each profile defines them.

A :class:`MeldTable` lists every meld of a profile's deck made of natural cards, each as a
card mask (for two packs, in the canonical multiset form of :func:`solver.cards.fold`), in
the canonical order every engine uses to pick "the" arrangement among several: lowest card
first, then longer melds first.  Jokers are not in the table: an engine fills the missing
cards of a meld with jokers where the profile allows it (:class:`MeldRules`).

The module-level names (``ALL_MELDS``, ``MELDS_FROM``, ``meld_problem`` …) are the table of
conquian-40 (R4): 182 melds, 50 sets (5 per rank) and 132 runs (33 per suit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement, pairwise
from typing import Final

from solver.cards import (
    DECK_40,
    JOKER_BASE,
    KINDS_MASK,
    NATURALS,
    NUM_SUITS,
    RANKS,
    Card,
    CardMask,
    Deck,
    card_glyph,
    card_kind,
    card_rank,
    card_str,
    card_suit,
    cards_of,
    make_card,
    mask_of,
)
from solver.errors import InvalidMeldError, Text
from solver.messages import N_


@dataclass(frozen=True, slots=True)
class MeldRules:
    """What a profile accepts as a meld, and the rule ids that say so."""

    set_min: int = 3
    set_max: int = 4
    set_repeat_suits: bool = False
    """Two packs: a set may hold the same suit twice (conquin)."""
    run_min: int = 3
    run_max: int = 8
    ace_high: bool = False
    """Q-K-A is a run (the ace is high or low, never both)."""
    wrap: bool = False
    """Runs go round the corner: K-A-2 is a run."""
    min_naturals: int = 2
    """A meld with jokers holds at least this many natural cards…"""
    jokers_at_most_naturals: bool = True
    """…and no more jokers than natural cards."""
    rule: str = "R4"
    deck_rule: str = "R1"
    joker_rule: str = ""


def _canonical_key(mask: CardMask) -> tuple[int, int, int]:
    # Lowest card first (so a depth-first cover that always covers its lowest open card
    # finds melds in this order), then longer melds first.
    return ((mask & -mask).bit_length() - 1, -mask.bit_count(), mask)


@dataclass(frozen=True)
class MeldTable:
    """Every natural-card meld of one deck under one set of meld rules."""

    deck: Deck
    rules: MeldRules
    sets: tuple[CardMask, ...] = field(init=False)
    runs: tuple[CardMask, ...] = field(init=False)
    all: tuple[CardMask, ...] = field(init=False)
    index: Mapping[CardMask, int] = field(init=False, repr=False)
    containing: tuple[tuple[CardMask, ...], ...] = field(init=False, repr=False)
    """Per kind (0..51): the melds holding it, in canonical order."""
    starting: tuple[tuple[CardMask, ...], ...] = field(init=False, repr=False)
    """Per kind (0..51): the melds whose lowest card it is, in canonical order."""
    shortest: tuple[tuple[CardMask, ...], ...] = field(init=False, repr=False)
    """Per kind (0..51): the sets and runs of the least size holding it.  Every meld
    holding a kind holds one of these (the sets of the least size and the windows of a
    run are melds too), so "can any meld with this card be completed?" asks only these."""
    _run_order: Mapping[CardMask, tuple[Card, ...]] = field(init=False, repr=False)
    _set_masks: frozenset[CardMask] = field(init=False, repr=False)
    _successors: tuple[tuple[int, CardMask], ...] | None = field(init=False, repr=False)
    _extra_runs: tuple[CardMask, ...] = field(init=False, repr=False)
    _growth: dict[CardMask, tuple[CardMask, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    _holding: dict[tuple[int, int], tuple[CardMask, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        runs: dict[CardMask, tuple[Card, ...]] = {}
        for suit in range(NUM_SUITS):
            for order in self._run_rank_orders():
                cards = tuple(make_card(r, suit) for r in order)
                runs.setdefault(mask_of(cards), cards)
        sets = self._all_sets()
        every = sorted(set(runs) | set(sets), key=_canonical_key)
        put = object.__setattr__
        put(self, "runs", tuple(m for m in every if m in runs))
        put(self, "sets", tuple(m for m in every if m not in runs))
        put(self, "all", tuple(every))
        put(self, "index", {m: i for i, m in enumerate(every)})
        put(self, "containing", tuple(tuple(m for m in every if m >> k & 1)
                                      for k in range(NATURALS)))
        put(self, "starting", tuple(tuple(m for m in every if m & -m == 1 << k)
                                    for k in range(NATURALS)))
        short = {m for m in every if m.bit_count() == (
            self.rules.run_min if m in runs else self.rules.set_min)}
        put(self, "shortest", tuple(tuple(m for m in melds if m in short)
                                    for melds in self.containing))
        put(self, "_run_order", runs)
        for meld in every:  # a millisecond once; the natural cards of a jokered meld wait
            self.growths(meld)
        put(self, "_set_masks", frozenset(self.sets))
        put(self, "_successors", self._successor_shifts())
        put(self, "_extra_runs", tuple(m for m, order in runs.items()
                                       if len(order) == 3 and card_rank(order[-1]) == 0))

    def _successor_shifts(self) -> tuple[tuple[int, CardMask], ...] | None:
        """For a quick "holds a meld?" test on one pack: runs of 3 and sets of 3 by bit
        shifts.  Each (shift, sources) pair moves a card's next card in run order onto it."""
        rules = self.rules
        if self.deck.packs != 1 or rules.run_min != 3 or rules.set_min != 3 or rules.wrap:
            return None
        by_shift: dict[int, CardMask] = {}
        for suit in range(NUM_SUITS):
            ranks = self.deck.ranks
            for low, high in pairwise(ranks):
                by_shift[high - low] = by_shift.get(high - low, 0) | 1 << make_card(low, suit)
        return tuple(by_shift.items())

    def _run_rank_orders(self) -> list[tuple[int, ...]]:
        ranks, rules = self.deck.ranks, self.rules
        n = len(ranks)
        longest = min(rules.run_max, n)
        orders = []
        for length in range(rules.run_min, longest + 1):
            starts = range(n) if rules.wrap else range(n - length + 1)
            for start in starts:
                orders.append(tuple(ranks[(start + i) % n] for i in range(length)))
            if rules.ace_high and not rules.wrap and ranks[0] == 0:
                # The ace above the king: Q-K-A, J-Q-K-A … (never K-A-2).
                orders.append((*(ranks[n - length + 1 + i] for i in range(length - 1)), 0))
        return orders

    def _all_sets(self) -> set[CardMask]:
        rules, packs = self.rules, self.deck.packs
        out: set[CardMask] = set()
        for rank in self.deck.ranks:
            if rules.set_repeat_suits and packs > 1:
                for size in range(rules.set_min, min(rules.set_max, NUM_SUITS * packs) + 1):
                    for suits in combinations_with_replacement(range(NUM_SUITS), size):
                        if all(suits.count(s) <= packs for s in suits):
                            out.add(multiset_mask(make_card(rank, s) for s in suits))
            else:
                cards = [make_card(rank, suit) for suit in range(NUM_SUITS)]
                for size in range(rules.set_min, min(rules.set_max, NUM_SUITS) + 1):
                    out.update(mask_of(combo) for combo in combinations(cards, size))
        return out

    # --- queries ---------------------------------------------------------------------------

    def is_valid(self, mask: CardMask) -> bool:
        return mask in self.index

    def is_set(self, mask: CardMask) -> bool:
        return mask in self._set_masks

    def is_run(self, mask: CardMask) -> bool:
        return mask in self._run_order

    def run_order(self, mask: CardMask) -> tuple[Card, ...] | None:
        """A run's cards from its low end to its high end (Q K A, K A 2), else ``None``."""
        return self._run_order.get(mask)

    def holding(self, kind: int, below: int) -> tuple[CardMask, ...]:
        """The melds holding ``kind`` with at most ``below`` cards of lower kinds, in
        canonical order: what a search covering its lowest card first can complete with
        ``below`` jokers (``below`` 0: :attr:`starting`)."""
        if not below:
            return self.starting[kind]
        found = self._holding.get((kind, below))
        if found is None:
            lower = (1 << kind) - 1
            found = tuple(m for m in self.containing[kind] if (m & lower).bit_count() <= below)
            self._holding[(kind, below)] = found
        return found

    def growths(self, kinds: CardMask) -> tuple[CardMask, ...]:
        """The sets of kinds that, added to ``kinds`` (a meld's kinds, copy-0 bits), make a
        longer meld of the table, in the table's order.  A property of the table alone:
        worked out for every meld when the table is built, and for any other set of kinds
        (the natural cards of a meld with jokers) the first time it is asked."""
        found = self._growth.get(kinds)
        if found is None:
            low = (kinds & -kinds).bit_length() - 1
            found = tuple(m & ~kinds for m in self.containing[low]
                          if m & kinds == kinds and m != kinds)
            self._growth[kinds] = found
        return found

    def has_meld(self, mask: CardMask) -> bool:
        """Whether the (canonical) cards hold at least one meld of the table."""
        shifts = self._successors
        if shifts is not None:
            nxt = 0
            for shift, sources in shifts:
                nxt |= mask >> shift & sources
            after = 0
            for shift, sources in shifts:
                after |= nxt >> shift & sources
            if mask & nxt & after:
                return True
            s0, s1 = mask & _RANK_BITS, mask >> 13 & _RANK_BITS
            s2, s3 = mask >> 26 & _RANK_BITS, mask >> 39 & _RANK_BITS
            if (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)):
                return True
            return any(m & mask == m for m in self._extra_runs)  # Q-K-A (ace high)
        for kind in _kinds(mask):
            for meld in self.starting[kind]:
                if meld & mask == meld:
                    return True
        return False


_RANK_BITS: Final = (1 << 13) - 1


def _kinds(mask: CardMask) -> list[Card]:
    low = mask & KINDS_MASK
    out = []
    while low:
        bit = low & -low
        out.append(bit.bit_length() - 1)
        low ^= bit
    return out


def multiset_mask(cards: Iterable[Card]) -> CardMask:
    """The canonical mask of a multiset of natural cards (a second 7♥ takes copy 1)."""
    mask = 0
    for card in cards:
        kind = card_kind(card)
        mask |= 1 << (kind + NATURALS) if mask >> kind & 1 else 1 << kind
    return mask


# --- conquian-40 (R4): the module-level table -----------------------------------------------

MIN_SET, MAX_SET = 3, 4
MIN_RUN, MAX_RUN = 3, 8

TABLE_40: Final = MeldTable(DECK_40, MeldRules())
SETS: Final[tuple[CardMask, ...]] = TABLE_40.sets
RUNS: Final[tuple[CardMask, ...]] = TABLE_40.runs
ALL_MELDS: Final[tuple[CardMask, ...]] = TABLE_40.all
"""All 182 melds of conquian-40 in canonical order."""
MELD_INDEX: Final[Mapping[CardMask, int]] = TABLE_40.index
"""A meld's position in the canonical order; lower is preferred."""
MELDS_CONTAINING: Final[tuple[tuple[CardMask, ...], ...]] = TABLE_40.containing
MELDS_FROM: Final[tuple[tuple[CardMask, ...], ...]] = TABLE_40.starting
"""Melds whose lowest card is the given card, in canonical order."""


def is_valid_meld(mask: CardMask) -> bool:
    return mask in MELD_INDEX


def is_set(mask: CardMask) -> bool:
    return TABLE_40.is_set(mask)


def is_run(mask: CardMask) -> bool:
    return TABLE_40.is_run(mask)


# --- why a group is not a meld --------------------------------------------------------------


def meld_problem(
    cards: Sequence[Card],
    table: MeldTable = TABLE_40,
    stands_for: Mapping[Card, Card] | None = None,
) -> Text | None:
    """Why these cards are not a valid meld under ``table``'s rules, or ``None`` when they are.

    ``stands_for`` maps each joker among ``cards`` to the natural card it stands for.
    """
    rules = table.rules
    if len(set(cards)) != len(cards):
        return Text(N_("a card appears twice in it"))
    naturals = [c for c in cards if c < JOKER_BASE]
    jokers = [c for c in cards if c >= JOKER_BASE]
    represented = list(naturals)
    if jokers:
        if not rules.joker_rule:
            return Text(N_("this game has no jokers ({rule})"), {"rule": rules.deck_rule})
        stands = stands_for or {}
        if any(j not in stands for j in jokers):
            return Text(N_("say which card each joker stands for, e.g. *5H ({rule})"),
                        {"rule": rules.joker_rule})
        if len(naturals) < rules.min_naturals:
            return Text(N_("a meld needs at least {count} natural cards besides its jokers "
                           "({rule})"), {"count": rules.min_naturals, "rule": rules.joker_rule})
        if rules.jokers_at_most_naturals and len(jokers) > len(naturals):
            return Text(N_("a meld may not hold more jokers than natural cards ({rule})"),
                        {"rule": rules.joker_rule})
        represented += [card_kind(stands[j]) for j in jokers]
    kinds = [card_kind(c) for c in represented]
    for kind in set(kinds):
        if kinds.count(kind) > table.deck.packs:
            return Text(N_("{card} appears {count} times in it, and the packs hold {most} "
                           "({rule})"), {"card": card_str(kind), "count": kinds.count(kind),
                                         "most": table.deck.packs, "rule": rules.deck_rule})
    if table.is_valid(multiset_mask(kinds)):
        return None
    return _problem(kinds, table)


def _problem(kinds: Sequence[Card], table: MeldTable) -> Text:
    rules, rule, deck = table.rules, table.rules.rule, table.deck
    n = len(kinds)
    least = min(rules.set_min, rules.run_min)
    if n < least:
        return Text(N_("a meld needs at least {least} cards, this has {count} ({rule})"),
                    {"least": least, "count": n, "rule": rule})
    ranks = {card_rank(c) for c in kinds}
    suits = [card_suit(c) for c in kinds]
    if len(ranks) == 1:
        if len(set(suits)) != n and not rules.set_repeat_suits:
            return Text(N_("a set holds each suit at most once ({rule})"), {"rule": rule})
        return Text(N_("a set has {least} to {most} cards of one rank, this has {count} ({rule})"),
                    {"least": rules.set_min, "most": rules.set_max, "count": n, "rule": rule})
    if len(set(suits)) != 1:
        return Text(N_("cards of different ranks must all share one suit to form a run ({rule})"),
                    {"rule": rule})
    if len(ranks) != n:
        return Text(N_("a run cannot hold the same card twice ({rule})"), {"rule": rule})
    longest = min(rules.run_max, len(deck.ranks))
    if n > longest:
        return Text(N_("a run has at most {most} cards, this has {count}: it must be split "
                       "({rule})"), {"most": longest, "count": n, "rule": rule})
    top = deck.ranks[-1]
    if not rules.wrap and {0, top} <= ranks:
        if not rules.ace_high:
            return Text(N_("a run cannot wrap around from K to A: the ace is low only "
                           "({deck_rule}, {rule})"), {"deck_rule": rules.deck_rule, "rule": rule})
        if deck.ranks[1] in ranks:
            return Text(N_("a run cannot go round the corner from K through A to 2: the ace is "
                           "high or low, not both ({rule})"), {"rule": rule})
    missing = _smallest_gap(ranks, deck, rules)
    return Text(N_("the run has a gap: {ranks} missing ({rule})"),
                {"ranks": ", ".join(RANKS[r] for r in missing), "rule": rule})


def _smallest_gap(ranks: set[int], deck: Deck, rules: MeldRules) -> list[int]:
    """The fewest ranks that would join ``ranks`` into one run of the deck's order."""
    seq = list(deck.ranks)
    n = len(seq)
    windows: list[list[int]] = []
    for length in range(len(ranks), n + 1):
        for start in range(n if rules.wrap else n - length + 1):
            windows.append([seq[(start + i) % n] for i in range(length)])
        if rules.ace_high and seq[0] == 0:
            windows.append([*seq[n - length + 1:], 0])
    best = min((w for w in windows if ranks <= set(w)), key=len)
    return [r for r in best if r not in ranks]


def check_meld(cards: Sequence[Card], table: MeldTable = TABLE_40) -> CardMask:
    """The mask of a valid meld of natural cards, or :class:`InvalidMeldError` saying why not."""
    problem = meld_problem(cards, table)
    if problem is not None:
        shown = "-".join(card_str(c) for c in cards)
        raise InvalidMeldError(N_("{meld} is not a valid meld: {problem}"), meld=shown,
                               problem=problem)
    return mask_of(cards)


def meld_cards(
    mask: CardMask, table: MeldTable = TABLE_40, stands_for: Mapping[Card, Card] | None = None
) -> list[Card]:
    """A meld's cards in display order: runs from their low end to their high end (Q K A,
    K A 2), sets by suit; a joker sits where the card it stands for would."""
    stands = stands_for or {}
    cards = cards_of(mask)
    if not stands and table.deck.packs == 1 and not table.rules.ace_high and not table.rules.wrap:
        return cards  # ascending ids are already rank order within a suit, suit order in a set

    def kind(card: Card) -> Card:
        return card_kind(stands[card]) if card in stands else card_kind(card)

    order = table.run_order(multiset_mask(kind(c) for c in cards))
    if order is not None:
        place = {k: i for i, k in enumerate(order)}
        return sorted(cards, key=lambda c: place[kind(c)])
    return sorted(cards, key=lambda c: (kind(c), c >= JOKER_BASE, c))


def sort_melds(melds: Sequence[CardMask]) -> list[CardMask]:
    return sorted(melds, key=_canonical_key)


def meld_glyphs(cards: Sequence[Card], stands_for: Mapping[Card, Card] | None = None) -> str:
    """``"4♥-5♥-6♥"``; a joker shows the card it stands for, ``"★5♥"`` (as it is drawn)."""
    stands = stands_for or {}
    return "-".join(f"★{card_glyph(stands[c])}" if c in stands else card_glyph(c) for c in cards)

