"""Exact covers of card masks by melds: the shared combinatorics of the search engine.

A group of exposed cards is legal exactly when it can be partitioned into valid melds;
because a player may rearrange their own melds freely (R5), that partition is all
that matters.  "Blocks" are existing melds that must each stay inside one new meld
(used to decide whether a play needs a rearrangement).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from solver.cards import CardMask
from solver.melds import MELDS_CONTAINING, MELDS_FROM

# Bit masks for quick "does this hand hold any meld at all?" tests.
_SUIT_BITS: Final = 0x3FF
_RUN_STARTS: Final = sum(
    ((1 << 8) - 1) << (10 * s) for s in range(4)
)  # ranks A..J start a run of 3


def has_meld(mask: CardMask) -> bool:
    """Whether the cards contain at least one valid meld."""
    if mask & (mask >> 1) & (mask >> 2) & _RUN_STARTS:
        return True
    s0, s1 = mask & _SUIT_BITS, (mask >> 10) & _SUIT_BITS
    s2, s3 = (mask >> 20) & _SUIT_BITS, (mask >> 30) & _SUIT_BITS
    return bool((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)))


def _is_compatible(meld: CardMask, blocks: Sequence[CardMask]) -> bool:
    for block in blocks:
        common = meld & block
        if common and common != block:
            return False
    return True


def first_cover(target: CardMask, blocks: Sequence[CardMask] = ()) -> tuple[CardMask, ...] | None:
    """The canonical exact cover of ``target`` by melds, or ``None``.

    Canonical: the lowest open card is always covered next, trying melds in
    ``MELD_ORDER``, so the result is the cover whose sorted meld indices are
    lexicographically smallest.  With ``blocks``, only melds that contain each block
    whole or not at all are used.
    """
    if not target:
        return ()
    low = target & -target
    for meld in MELDS_FROM[low.bit_length() - 1]:
        if meld & target == meld and (not blocks or _is_compatible(meld, blocks)):
            rest = first_cover(target ^ meld, blocks)
            if rest is not None:
                return (meld, *rest)
    return None


def core_plays(
    required: CardMask, avail: CardMask, first: int, blocks: Sequence[CardMask] = ()
) -> set[CardMask]:
    """Every set of ``avail`` cards that, with ``required``, is covered by melds each touching
    ``required``.  ``first`` is a required card to cover first (the center card), which
    prunes the search when it fits nowhere."""
    out: set[CardMask] = set()
    pool = required | avail
    for meld in MELDS_CONTAINING[first]:
        if meld & pool == meld and (not blocks or _is_compatible(meld, blocks)):
            used = meld & avail
            _extend(required & ~meld, avail & ~used, used, blocks, out)
    return out


def _extend(
    required: CardMask,
    avail: CardMask,
    used: CardMask,
    blocks: Sequence[CardMask],
    out: set[CardMask],
) -> None:
    if not required:
        out.add(used)
        return
    low = required & -required
    pool = required | avail
    for meld in MELDS_CONTAINING[low.bit_length() - 1]:
        if meld & pool == meld and (not blocks or _is_compatible(meld, blocks)):
            taken = meld & avail
            _extend(required & ~meld, avail & ~taken, used | taken, blocks, out)


def packings(avail: CardMask) -> set[CardMask]:
    """Every union of disjoint melds inside ``avail``, the empty one included."""
    result = {0}
    if has_meld(avail):
        _pack(avail, 0, result)
    return result


def _pack(avail: CardMask, packed: CardMask, out: set[CardMask]) -> None:
    # Enumerate packings without repeats: melds are added in increasing lowest card.
    rest = avail
    while rest:
        low = rest & -rest
        rest ^= low
        for meld in MELDS_FROM[low.bit_length() - 1]:
            if meld & avail == meld:
                out.add(packed | meld)
                _pack(avail & ~meld & ~((low << 1) - 1), packed | meld, out)
