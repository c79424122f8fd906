"""Exact covers of card masks by melds: the shared combinatorics of the search engine.

A group of exposed cards is legal exactly when it can be partitioned into valid melds;
because a player may rearrange their own melds freely (R5), that partition is all
that matters.  "Blocks" are existing melds that must each stay inside one new meld
(used to decide whether a play needs a rearrangement).

Every function takes the profile's :class:`~solver.melds.MeldTable` (conquian-40's by
default) and works on plain masks of natural cards from one pack; two packs and jokers go
through the engines of :mod:`solver.search`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from solver.cards import CardMask
from solver.melds import TABLE_40, MeldTable


def has_meld(mask: CardMask, table: MeldTable = TABLE_40) -> bool:
    """Whether the cards contain at least one valid meld."""
    return table.has_meld(mask)


@lru_cache(maxsize=1 << 14)
def fits_melds(exposed: CardMask, card: int) -> bool:
    """Whether ``card`` joins these exposed cards with no other card (R5, R9): the cards
    split exactly into melds of conquian-40.  Cached: players and playouts ask it about the
    same few exposed melds at every discard."""
    return first_cover(exposed | 1 << card) is not None


def _is_compatible(meld: CardMask, blocks: Sequence[CardMask]) -> bool:
    for block in blocks:
        common = meld & block
        if common and common != block:
            return False
    return True


def first_cover(
    target: CardMask, blocks: Sequence[CardMask] = (), table: MeldTable = TABLE_40
) -> tuple[CardMask, ...] | None:
    """The canonical exact cover of ``target`` by melds, or ``None``.

    Canonical: the lowest open card is always covered next, trying melds in the table's
    canonical order, so the result is the cover whose sorted meld indices are
    lexicographically smallest.  With ``blocks``, only melds that contain each block
    whole or not at all are used.
    """
    return _first(target, blocks, table.starting)


def _first(
    target: CardMask, blocks: Sequence[CardMask], starting: tuple[tuple[CardMask, ...], ...]
) -> tuple[CardMask, ...] | None:
    if not target:
        return ()
    low = target & -target
    for meld in starting[low.bit_length() - 1]:
        if meld & target == meld and (not blocks or _is_compatible(meld, blocks)):
            rest = _first(target ^ meld, blocks, starting)
            if rest is not None:
                return (meld, *rest)
    return None


def core_plays(
    required: CardMask,
    avail: CardMask,
    first: int,
    blocks: Sequence[CardMask] = (),
    table: MeldTable = TABLE_40,
) -> set[CardMask]:
    """Every set of ``avail`` cards that, with ``required``, is covered by melds each touching
    ``required``.  ``first`` is a required card to cover first (the center card), which
    prunes the search when it fits nowhere."""
    out: set[CardMask] = set()
    pool = required | avail
    containing = table.containing
    for meld in containing[first]:
        if meld & pool == meld and (not blocks or _is_compatible(meld, blocks)):
            used = meld & avail
            _extend(required & ~meld, avail & ~used, used, blocks, out, containing)
    return out


def _extend(
    required: CardMask,
    avail: CardMask,
    used: CardMask,
    blocks: Sequence[CardMask],
    out: set[CardMask],
    containing: tuple[tuple[CardMask, ...], ...],
) -> None:
    if not required:
        out.add(used)
        return
    low = required & -required
    pool = required | avail
    for meld in containing[low.bit_length() - 1]:
        if meld & pool == meld and (not blocks or _is_compatible(meld, blocks)):
            taken = meld & avail
            _extend(required & ~meld, avail & ~taken, used | taken, blocks, out, containing)


def packings(avail: CardMask, table: MeldTable = TABLE_40) -> set[CardMask]:
    """Every union of disjoint melds inside ``avail``, the empty one included."""
    result = {0}
    if table.has_meld(avail):
        _pack(avail, 0, result, table.starting)
    return result


def _pack(
    avail: CardMask, packed: CardMask, out: set[CardMask],
    starting: tuple[tuple[CardMask, ...], ...],
) -> None:
    # Enumerate packings without repeats: melds are added in increasing lowest card.
    rest = avail
    while rest:
        low = rest & -rest
        rest ^= low
        for meld in starting[low.bit_length() - 1]:
            if meld & avail == meld:
                out.add(packed | meld)
                _pack(avail & ~meld & ~((low << 1) - 1), packed | meld, out, starting)
