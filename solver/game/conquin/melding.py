"""Melds of a Conquin hand (I5, I6): two packs, four jokers, circular runs, sets that may
repeat a suit.  A hand is read as ``(naturals, jokers)``: the canonical multiset mask of
its natural cards (:func:`solver.cards.fold`) and how many jokers it holds.

A meld is ``(naturals, jokers, is_run)``.  Searches put each meld's natural cards in place
with the fewest jokers that make it valid, then spread any jokers left over across the
melds that still have room (at most as many jokers as natural cards, I6; at most eight
cards in a set and thirteen in a run, I5).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from typing import Final

from solver.cards import JOKER_BASE, KINDS_MASK, NATURALS, Card, CardMask, fold, make_card

Meld = tuple[CardMask, int, bool]
SET_MAX: Final = 8
RUN_MAX: Final = 13
JOKER_BITS: Final = ((1 << 4) - 1) << JOKER_BASE


def split(hand: CardMask) -> tuple[CardMask, int]:
    """A physical hand as (canonical naturals, joker count)."""
    return fold(hand & ((1 << JOKER_BASE) - 1)), (hand & JOKER_BITS).bit_count()


def minus(have: CardMask, take: CardMask) -> CardMask:
    """Multiset difference of two canonical masks (``take`` must be included in ``have``)."""
    low, high = have & KINDS_MASK, have >> NATURALS & KINDS_MASK
    tlow, thigh = take & KINDS_MASK, take >> NATURALS & KINDS_MASK
    new_high = high & ~tlow
    new_low = (low & ~tlow) | (high & tlow & ~thigh)
    return new_low | new_high << NATURALS


def _count(mask: CardMask) -> int:
    return mask.bit_count()


@cache
def _windows(rank: int) -> tuple[tuple[int, int], ...]:
    """Circular rank windows (bit mask of 13 ranks, length) holding ``rank``, shortest first."""
    out = []
    seen = set()
    for length in range(3, RUN_MAX + 1):
        for start in range(13):
            ranks = [(start + i) % 13 for i in range(length)]
            if rank in ranks:
                bits = sum(1 << r for r in ranks)
                if (bits, length) not in seen:
                    seen.add((bits, length))
                    out.append((bits, length))
    return tuple(out)


def options(card: Card, naturals: CardMask, jokers: int) -> tuple[Meld, ...]:
    """Every meld holding the natural ``card`` (copy 0, the hand's lowest card) made of the
    hand's naturals and at most ``jokers`` jokers, each with the fewest jokers it needs."""
    rank, suit = card % 13, card // 13
    # What the answer depends on: the suit's ranks and the rank's copies in each suit.
    key = (card, naturals >> suit * 13 & 0x1FFF,
           naturals >> rank & _RANK_BITS | (naturals >> (rank + NATURALS) & _RANK_BITS) << 1,
           min(jokers, 4))
    found = _OPTIONS.get(key)
    if found is None:
        if len(_OPTIONS) >= OPTIONS_MEMO:
            _OPTIONS.clear()
        found = _OPTIONS[key] = _options(rank, suit, naturals, key[3])
    return found


_RANK_BITS: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""One rank's card in each suit, the lowest rank's place."""
_OPTIONS: dict[tuple[Card, int, int, int], tuple[Meld, ...]] = {}
"""Memo of :func:`options`: closing and greedy searches ask the same few hundred
cases over and over."""
OPTIONS_MEMO: Final = 1 << 17


def _options(rank: int, suit: int, naturals: CardMask, jokers: int) -> tuple[Meld, ...]:
    shift = suit * 13
    out: list[Meld] = [(got << shift, miss, True)
                       for got, miss in _run_options(rank, naturals >> shift & 0x1FFF, jokers)]
    copies = tuple((naturals >> (rank + 13 * s) & 1) + (naturals >> (rank + 13 * s + NATURALS) & 1)
                   for s in range(4))
    out.extend((mask, miss, False) for mask, miss in _set_options(rank, suit, copies, jokers))
    return tuple(out)


@cache
def _run_options(rank: int, present: int, jokers: int) -> tuple[tuple[int, int], ...]:
    """Runs through ``rank`` among the suit's ``present`` ranks (a 13-bit mask): each set of
    ranks used, with the fewest jokers that complete it (one copy of each rank)."""
    best: dict[int, int] = {}
    for bits, length in _windows(rank):
        got = bits & present
        k = got.bit_count()
        miss = length - k
        if k < 2 or miss > k or miss > jokers:
            continue
        if best.get(got, 99) > miss:
            best[got] = miss
    return tuple(best.items())


@cache
def _set_options(rank: int, suit: int, copies: tuple[int, ...], jokers: int
                 ) -> tuple[tuple[CardMask, int], ...]:
    """Sets of the rank holding a card of ``suit``: sub-multisets of the ``copies`` held per
    suit, each with the jokers it needs to reach three cards."""
    out = []
    ranges = [range(1 if s == suit else 0, copies[s] + 1) for s in range(4)]
    for a in ranges[0]:
        for b in ranges[1]:
            for c in ranges[2]:
                for d in ranges[3]:
                    k = a + b + c + d
                    if k < 2 or k > SET_MAX:
                        continue
                    miss = max(0, 3 - k)
                    if miss > jokers:
                        continue
                    mask = 0
                    for s, n in enumerate((a, b, c, d)):
                        kind = make_card(rank, s)
                        if n >= 1:
                            mask |= 1 << kind
                        if n == 2:
                            mask |= 1 << (kind + NATURALS)
                    out.append((mask, miss))
    return tuple(out)


def room(meld: Meld) -> int:
    """How many more jokers the meld can take."""
    nat, jok, is_run = meld
    k = _count(nat)
    return max(0, min(k - jok, (RUN_MAX if is_run else SET_MAX) - k - jok))


def arrangements(naturals: CardMask, jokers: int) -> Iterator[list[Meld]]:
    """Every way to put all the cards in melds (jokers spread over the room left)."""
    yield from _arrange(naturals, jokers, [])


def _arrange(naturals: CardMask, jokers: int, chosen: list[Meld]) -> Iterator[list[Meld]]:
    if not naturals:
        if jokers == 0:
            yield list(chosen)
        elif chosen and sum(room(m) for m in chosen) >= jokers:
            yield _spread(chosen, jokers)
        return
    low = naturals & -naturals
    card = low.bit_length() - 1
    for meld in options(card, naturals, jokers):
        chosen.append(meld)
        yield from _arrange(minus(naturals, meld[0]), jokers - meld[1], chosen)
        chosen.pop()


def _spread(chosen: list[Meld], jokers: int) -> list[Meld]:
    out = []
    for nat, jok, is_run in chosen:
        extra = min(jokers, room((nat, jok, is_run)))
        jokers -= extra
        out.append((nat, jok + extra, is_run))
    return out


def multiplier(melds: list[Meld]) -> int:
    """I10: x2 for exactly two melds, x5/x4/x1 for a ten-card run with 0/1/2 jokers."""
    if len(melds) == 2:
        return 2
    if len(melds) == 1:
        nat, jok, is_run = melds[0]
        if is_run and _count(nat) + jok == 10:
            return {0: 5, 1: 4}.get(jok, 1)
    return 1


@lru_cache(maxsize=200_000)
def best_closing(naturals: CardMask, jokers: int) -> tuple[int, tuple[Meld, ...]] | None:
    """The best-paying arrangement of all these cards in melds, or ``None`` (I9, I10).
    With several ways to spread the jokers of a lone run, the one with fewest pays best."""
    best: tuple[int, tuple[Meld, ...]] | None = None
    for melds in arrangements(naturals, jokers):
        mult = multiplier(melds)
        if best is None or mult > best[0]:
            best = (mult, tuple(melds))
            if mult == 5:
                break
    return best


@lru_cache(maxsize=400_000)
def covered(naturals: CardMask, jokers: int) -> int:
    """The most natural cards the hand can put in melds (jokers filling gaps); the rest is
    what stands between it and closing."""
    if not naturals:
        return 0
    low = naturals & -naturals
    card = low.bit_length() - 1
    best = covered(naturals ^ low if not naturals >> (card + NATURALS) & 1
                   else naturals ^ (1 << (card + NATURALS)), jokers)
    total = naturals.bit_count()
    have_low, have_high = naturals & KINDS_MASK, naturals >> NATURALS
    for nat, miss, _ in options(card, naturals, jokers):
        take_low, take_high = nat & KINDS_MASK, nat >> NATURALS
        rest = ((have_low & ~take_low) | (have_high & take_low & ~take_high)
                | (have_high & ~take_low) << NATURALS)  # minus(naturals, nat), inlined
        value = nat.bit_count() + covered(rest, jokers - miss)
        if value > best:
            best = value
            if value == total:  # every card in melds: nothing beats it
                break
    return best
