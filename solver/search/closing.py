"""Taking the center card to close (conquin): exact search.

Cards are a multiset of natural cards in the canonical form of :func:`solver.cards.fold`
(bit ``k`` for one copy of kind ``k``, bit ``52 + k`` for its second copy) plus a number of
jokers.  The candidate melds are every sub-multiset that one set or circular run can hold
with some jokers filling it (I5, I6): a set needs three cards of one rank and at most eight,
a run needs its natural ranks inside a circular window of ``n + j`` ranks, at most thirteen;
a meld holds at least two natural cards and no more jokers than natural cards.

``_Hand.best(M, J)`` is the most cards that fit in melds, memoised; every answer then follows
by choosing, lowest card first, the first piece that keeps the best reachable.
"""

from __future__ import annotations

from itertools import combinations, pairwise, product

from solver.analysis.closing import (
    Closing,
    ClosingAnalysis,
    Group,
    best_from_cover,
    closing_order,
    group_key,
    jokers_of,
    naturals_of,
    single_key,
)
from solver.cards import (
    JOKER_BASE,
    KINDS_MASK,
    NATURALS,
    NUM_RANKS_FULL,
    NUM_SUITS,
    Card,
    CardMask,
    make_card,
)
from solver.position import Position

SET_MAX = 8  # I5: two packs hold eight cards of a rank
RUN_MAX = NUM_RANKS_FULL


def _contains(multiset: CardMask, part: CardMask) -> bool:
    a, b = multiset & KINDS_MASK, multiset >> NATURALS
    c, d = part & KINDS_MASK, part >> NATURALS
    return c & ~a == 0 and d & ~b == 0


def _minus(multiset: CardMask, part: CardMask) -> CardMask:
    a, b = multiset & KINDS_MASK, multiset >> NATURALS
    c, d = part & KINDS_MASK, part >> NATURALS
    return (a & ~c | b & c & ~d) | (b & ~c) << NATURALS


def _lowest(multiset: CardMask) -> Card:
    a = multiset & KINDS_MASK
    return (a & -a).bit_length() - 1


def _span(ranks: list[int]) -> int:
    """The shortest circular window of ranks holding every one of ``ranks`` (sorted)."""
    if len(ranks) == NUM_RANKS_FULL:
        return NUM_RANKS_FULL
    gaps = [b - a - 1 for a, b in pairwise(ranks)]
    gaps.append(ranks[0] + NUM_RANKS_FULL - ranks[-1] - 1)
    return NUM_RANKS_FULL - max(gaps)


def candidates(multiset: CardMask, jokers: int) -> list[Group]:
    """Every meld (natural cards and jokers) inside the cards, in canonical order."""
    a, b = multiset & KINDS_MASK, multiset >> NATURALS
    out: list[Group] = []
    for rank in range(NUM_RANKS_FULL):
        kinds = [make_card(rank, s) for s in range(NUM_SUITS)]
        counts = [(a >> k & 1) + (b >> k & 1) for k in kinds]
        if sum(counts) < 2:
            continue
        for pick in product(*(range(c + 1) for c in counts)):
            n = sum(pick)
            if n < 2:
                continue
            mask = 0
            for k, c in zip(kinds, pick, strict=True):
                if c:
                    mask |= 1 << k
                if c == 2:
                    mask |= 1 << (k + NATURALS)
            for j in range(max(0, 3 - n), min(n, jokers, SET_MAX - n) + 1):
                out.append(Group(mask, j))
    for suit in range(NUM_SUITS):
        present = [r for r in range(NUM_RANKS_FULL) if a >> make_card(r, suit) & 1]
        for size in range(2, len(present) + 1):
            for ranks in combinations(present, size):
                least = max(0, _span(list(ranks)) - size, 3 - size)
                most = min(size, jokers, RUN_MAX - size)
                if least > most:
                    continue
                mask = 0
                for r in ranks:
                    mask |= 1 << make_card(r, suit)
                for j in range(least, most + 1):
                    out.append(Group(mask, j))
    out.sort(key=group_key)
    return out


class _Hand:
    """The eleven cards after taking the center card, and the memoised best of any part."""

    def __init__(self, multiset: CardMask, jokers: int) -> None:
        self.by_low: dict[Card, list[Group]] = {}
        self.known: set[Group] = set()
        # The same candidates as plain tuples for the inner loop: (naturals a, naturals b,
        # jokers, size), a and b the first and second copies.
        self.fast: dict[Card, list[tuple[CardMask, CardMask, CardMask, int, int]]] = {}
        for group in candidates(multiset, jokers):
            low = _lowest(group.naturals)
            self.by_low.setdefault(low, []).append(group)
            self.known.add(group)
            n = group.naturals
            self.fast.setdefault(low, []).append(
                (n, n & KINDS_MASK, n >> NATURALS, group.jokers, group.size))
        self.memo: dict[tuple[CardMask, int], int] = {}

    def best(self, multiset: CardMask, jokers: int) -> int:
        """The most of these cards (jokers included) that fit in disjoint melds."""
        if not multiset:
            return 0
        key = (multiset, jokers)
        found = self.memo.get(key)
        if found is not None:
            return found
        a, b = multiset & KINDS_MASK, multiset >> NATURALS
        low = a & -a
        x = low.bit_length() - 1
        everything = multiset.bit_count() + jokers
        # Leave one copy of x out of every meld…
        result = self.best((a ^ low | b & low) | (b & ~low) << NATURALS, jokers)
        # …or put it in a meld starting with it; stop once every card fits.
        for _, c, d, j, size in self.fast.get(x, ()):
            if j <= jokers and c & ~a == 0 and d & ~b == 0:
                rest = (a & ~c | b & c & ~d) | (b & ~c) << NATURALS
                total = size + self.best(rest, jokers - j)
                if total > result:
                    result = total
                    if total == everything:
                        break
        self.memo[key] = result
        return result

    def arrange(
        self, multiset: CardMask, jokers: int, target: int
    ) -> tuple[list[Group], list[Card]]:
        """The canonical arrangement melding ``target`` cards (the most possible): its melds
        and the natural cards left out."""
        groups: list[Group] = []
        left: list[Card] = []
        done = 0
        while multiset:
            x = _lowest(multiset)
            options: list[tuple[tuple[int, int, int, int], Group | None]] = [
                (group_key(g), g) for g in self.by_low.get(x, ())]
            options.append((single_key(x), None))
            for _, group in options:
                if group is None:
                    rest, rest_j, gain = _minus(multiset, 1 << x), jokers, 0
                elif group.jokers <= jokers and _contains(multiset, group.naturals):
                    rest = _minus(multiset, group.naturals)
                    rest_j, gain = jokers - group.jokers, group.size
                else:
                    continue
                if done + gain + self.best(rest, rest_j) >= target:
                    if group is None:
                        left.append(x)
                    else:
                        groups.append(group)
                    multiset, jokers, done = rest, rest_j, done + gain
                    break
        left.extend([JOKER_BASE] * jokers)
        return groups, left

    def pair(self, multiset: CardMask, jokers: int) -> tuple[Group, Group] | None:
        """The canonical split of all the cards into exactly two melds, if any."""
        for group in self.by_low.get(_lowest(multiset), ()):
            if group.jokers <= jokers and _contains(multiset, group.naturals):
                other = Group(_minus(multiset, group.naturals), jokers - group.jokers)
                if other in self.known:
                    return group, other
        return None


def analyze(position: Position) -> ClosingAnalysis:
    cards = position.hand | 1 << position.center
    multiset, jokers = naturals_of(cards), jokers_of(cards)
    hand = _Hand(multiset, jokers)
    closings: list[Closing] = []
    discards = sorted({c % NATURALS for c in range(JOKER_BASE) if multiset >> c & 1})
    if jokers:
        discards.append(JOKER_BASE)
    for discard in discards:
        if discard == JOKER_BASE:
            rest, rest_j = multiset, jokers - 1
        else:
            rest, rest_j = _minus(multiset, 1 << discard), jokers
        if hand.best(rest, rest_j) < 10:
            continue
        closings.append(Closing(discard, _best_paying(hand, rest, rest_j)))
    closings.sort(key=closing_order)
    if closings:
        first = closings[0]
        return ClosingAnalysis(position, tuple(closings), first.groups, first.discard, ())
    groups, left = hand.arrange(multiset, jokers, hand.best(multiset, jokers))
    discard, kept = best_from_cover(groups, left)
    return ClosingAnalysis(position, (), tuple(groups), discard, kept)


def _best_paying(hand: _Hand, multiset: CardMask, jokers: int) -> tuple[Group, ...]:
    """The ten cards' arrangement that pays best (I10), canonical among equals."""
    whole = Group(multiset, jokers)
    if jokers <= 1 and whole in hand.known:
        return (whole,)  # a ten-card run with 0 or 1 joker: ×5 or ×4
    pair = hand.pair(multiset, jokers)
    if pair is not None:
        return tuple(sorted(pair, key=group_key))
    groups, _ = hand.arrange(multiset, jokers, 10)
    return tuple(groups)


__all__ = ["analyze", "candidates"]
