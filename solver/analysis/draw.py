"""The upcard drawn into the hand (colonel, H4–H8): what it makes available, whether you can
go out, the deadwood after the best discard, and whether it beats a stock card on average.

Both engines build these same value types; ``to_dict`` gives the contract's JSON.

Definitions (the rule book's, made exact so that both engines can be checked):

- A *play* after drawing: some melds of hand cards (H5), some lay-offs of hand cards onto any
  meld on the table (H6), and one discard unless every card went down (H7, H8).  A lay-off is
  a set of hand cards that keeps one table meld a valid meld.
- The *deadwood* of a play is the pip count (H11) of the cards left in the hand after it.
  The analysis reports the least deadwood over every play: the best discard throws the
  highest card left over.  You go out exactly when it is 0 (H8).
- The *stock average* is the mean, over every card you cannot see (not in your hand, not on
  the table, not the upcard), of the least deadwood after drawing that card instead.
- *The* arrangement among equally good plays is canonical (:func:`group_key`), so both
  engines print the same one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from solver.cards import JOKER_BASE, Card, CardMask, card_rank, card_str, cards_of, iter_cards
from solver.melds import meld_cards
from solver.position import Position

Owner = Literal["you", "opponent"]

SINGLE: int = 1 << 20
"""The kind of a card left in the hand, in :func:`group_key` (after every meld and lay-off)."""


def pips(card: Card) -> int:
    """H11: J, Q and K count 10, every other card its number, the ace 1."""
    return min(card_rank(card) + 1, 10)


def mask_pips(mask: CardMask) -> int:
    return sum(pips(c) for c in cards_of(mask))


def table_melds(position: Position) -> tuple[tuple[Owner, int, CardMask], ...]:
    """Every meld on the table, yours first: (owner, index in that player's list, cards).
    Target ``t`` of a lay-off is the index into this tuple."""
    mine: list[tuple[Owner, int, CardMask]] = [("you", i, m) for i, m in enumerate(position.melds)]
    theirs: list[tuple[Owner, int, CardMask]] = [
        ("opponent", i, m) for i, m in enumerate(position.opponent_melds)
    ]
    return tuple(mine + theirs)


def group_key(mask: CardMask, kind: int) -> tuple[int, int, int, int]:
    """The canonical order of the pieces of a play: a meld (``kind`` 0), a lay-off onto table
    meld ``t`` (``kind`` 1 + t), or one card left in the hand (``kind`` :data:`SINGLE`).

    Lowest card first (so a search that always places its lowest open card meets the pieces
    in this order), then bigger pieces first, melds before lay-offs, then the cards.  The
    canonical play is the one whose pieces, sorted by this key, come first lexicographically.
    """
    return ((mask & -mask).bit_length() - 1, -mask.bit_count(), kind, mask)


@dataclass(frozen=True, slots=True)
class LayOff:
    """Hand cards added to one meld on the table (H6)."""

    target: int
    """Index into :func:`table_melds` of the position."""
    cards: CardMask

    def to_dict(self, position: Position) -> dict[str, Any]:
        owner, index, _ = table_melds(position)[self.target]
        return {"owner": owner, "meld": index,
                "cards": [card_str(c) for c in meld_cards(self.cards, position.rules.table)]}


@dataclass(frozen=True, slots=True)
class DrawAnalysis:
    """The analysis of drawing the upcard (``position.center``) into the hand."""

    position: Position
    melds: tuple[CardMask, ...]
    """Every meld of hand cards and the upcard that could go down now (H5), canonical order."""
    lay_offs: tuple[LayOff, ...]
    """Every set of hand cards and the upcard that could be laid off onto one meld (H6)."""
    best_melds: tuple[CardMask, ...]
    """The canonical best play: its melds…"""
    best_lay_offs: tuple[LayOff, ...]
    """…its lay-offs (one entry per table meld)…"""
    discard: Card | None
    """…its discard (``None`` when every card goes down)…"""
    leftover: CardMask
    """…and the cards still in the hand after it."""
    stock_total: int
    """The sum, over the unseen cards, of the least deadwood after drawing that card."""
    unseen: int
    """How many cards you cannot see: the stock draws averaged over."""

    @property
    def upcard(self) -> Card:
        return self.position.center

    @property
    def deadwood(self) -> int:
        """Pips left in the hand after the best play and discard (H11)."""
        return mask_pips(self.leftover)

    @property
    def goes_out(self) -> bool:
        """Drawing the upcard lets you get rid of every card this turn (H8)."""
        return self.leftover == 0

    @property
    def stock_average(self) -> float | None:
        """The mean least deadwood after drawing an unseen card instead; ``None`` when every
        card is in sight."""
        return self.stock_total / self.unseen if self.unseen else None

    @property
    def upcard_better(self) -> bool:
        """Drawing the upcard leaves less deadwood than a stock card does on average."""
        # Compare in whole numbers: deadwood < total / unseen.
        return self.unseen > 0 and self.deadwood * self.unseen < self.stock_total

    def to_dict(self) -> dict[str, Any]:
        position = self.position
        table = position.rules.table
        average = self.stock_average
        return {
            "upcard": card_str(self.upcard),
            "melds": [[card_str(c) for c in meld_cards(m, table)] for m in self.melds],
            "lay_offs": [lay.to_dict(position) for lay in self.lay_offs],
            "goes_out": self.goes_out,
            "deadwood": self.deadwood,
            "discard": None if self.discard is None else card_str(self.discard),
            "best": {
                "melds": [[card_str(c) for c in meld_cards(m, table)] for m in self.best_melds],
                "lay_offs": [lay.to_dict(position) for lay in self.best_lay_offs],
                "hand": [card_str(c) for c in cards_of(self.leftover)],
            },
            "stock_average": None if average is None else round(average, 3),
            "unseen": self.unseen,
            "upcard_better": self.upcard_better,
        }


def finish(
    position: Position,
    melds: tuple[CardMask, ...],
    lay_offs: tuple[LayOff, ...],
    pieces: list[tuple[CardMask, int]],
    stock_total: int,
    unseen: int,
) -> DrawAnalysis:
    """The analysis from the canonical play's pieces (mask, kind as in :func:`group_key`):
    the discard is the highest-counting card left over (on a tie, the king before the
    queen before the jack, then the later suit)."""
    best_melds: list[CardMask] = []
    by_target: dict[int, CardMask] = {}
    left = 0
    for mask, kind in pieces:
        if kind == SINGLE:
            left |= mask
        elif kind:
            by_target[kind - 1] = by_target.get(kind - 1, 0) | mask
        else:
            best_melds.append(mask)
    discard = max(iter_cards(left), key=_DISCARD_ORDER.__getitem__) if left else None
    return DrawAnalysis(
        position=position,
        melds=melds,
        lay_offs=lay_offs,
        best_melds=tuple(best_melds),
        best_lay_offs=tuple(LayOff(t, m) for t, m in sorted(by_target.items())),
        discard=discard,
        leftover=left & ~(1 << discard) if discard is not None else 0,
        stock_total=stock_total,
        unseen=unseen,
    )


_DISCARD_ORDER: tuple[tuple[int, int, Card], ...] = tuple(
    (pips(c), card_rank(c), c) for c in range(JOKER_BASE))
"""The discard's order (:func:`finish`), looked up rather than computed per card."""


def unseen_cards(position: Position) -> CardMask:
    """The cards you cannot see: not in your hand, not on the table, not the upcard."""
    seen = position.hand | 1 << position.center
    for meld in position.melds + position.opponent_melds:
        seen |= meld
    return position.rules.deck.mask & ~seen
