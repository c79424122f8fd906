"""Cards, card sets and the decks of the rule profiles.

A card is a plain ``int`` with one meaning in every profile: ``copy * 52 + suit * 13 +
rank`` for the natural cards (ranks A 2 3 4 5 6 7 8 9 10 J Q K are 0..12, suits S H D C are
0..3, ``copy`` is 0 or 1 when two packs are shuffled together) and ``104 + j`` for joker
``j``.  A set of cards is an ``int`` bit mask, as python-chess does with squares.  With two
packs, the mask of a multiset of cards uses copy 0 of a card before copy 1, so "one or two
7♥" reads off the bits directly and multiset inclusion is plain bit inclusion.

A :class:`Deck` is the cards one profile plays with (the 40-card deck of conquian-40 has no
8, 9 or 10), and says which card strings it accepts and in which order its ranks run.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from solver.errors import InvalidCardError
from solver.messages import N_

Card = int
CardMask = int

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_SYMBOLS: Final = "SHDC"
SUIT_GLYPHS: Final = "♠♥♦♣"
JOKER_SYMBOL: Final = "*"

RANK_NAMES: Final = (
    "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king",
)
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")

NUM_SUITS: Final = 4
NUM_RANKS_FULL: Final = 13
NATURALS: Final = 52
"""Natural cards in one pack; ``card % NATURALS`` is a natural card's kind."""
JOKER_BASE: Final = 104
"""The first joker's id (after two packs of natural cards)."""
KINDS_MASK: Final[CardMask] = (1 << NATURALS) - 1

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = range(13)


def make_card(rank: int, suit: int, copy: int = 0) -> Card:
    return copy * NATURALS + suit * NUM_RANKS_FULL + rank


def is_joker(card: Card) -> bool:
    return card >= JOKER_BASE


def card_kind(card: Card) -> Card:
    """The card with its copy forgotten (copy 0); jokers are their own kind."""
    return card if card >= JOKER_BASE else card % NATURALS


def card_rank(card: Card) -> int:
    """0 (ace) .. 12 (king), the same in every profile; undefined for jokers."""
    return card % NATURALS % NUM_RANKS_FULL


def card_suit(card: Card) -> int:
    return card % NATURALS // NUM_RANKS_FULL


def card_copy(card: Card) -> int:
    return card // NATURALS if card < JOKER_BASE else 0


def _card_str(card: Card) -> str:
    if card >= JOKER_BASE:
        return JOKER_SYMBOL
    return RANKS[card_rank(card)] + SUIT_SYMBOLS[card_suit(card)]


# Looked up rather than built: every stored game and view writes hundreds of cards.
_CARD_STRS: Final = tuple(_card_str(card) for card in range(JOKER_BASE + 4))


def card_str(card: Card) -> str:
    """The canonical contract notation: ``"4H"``, ``"JS"``, ``"10D"``, ``"*"`` for a joker."""
    return _CARD_STRS[card]


def card_glyph(card: Card) -> str:
    """A display form with the suit symbol: ``"4♥"``, ``"*"``."""
    if card >= JOKER_BASE:
        return JOKER_SYMBOL
    return RANKS[card_rank(card)] + SUIT_GLYPHS[card_suit(card)]


def card_name(card: Card) -> str:
    """The English spoken name, e.g. ``"six of hearts"`` (screen readers, explanations)."""
    if card >= JOKER_BASE:
        return "joker"
    return f"{RANK_NAMES[card_rank(card)]} of {SUIT_NAMES[card_suit(card)]}"


def mask_of(cards: Iterable[Card]) -> CardMask:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def union(masks: Iterable[CardMask]) -> CardMask:
    """All the cards of several masks (e.g. a player's exposed cards from their melds)."""
    result = 0
    for mask in masks:
        result |= mask
    return result


def cards_of(mask: CardMask) -> list[Card]:
    """The cards of a mask in ascending order."""
    return iter_cards(mask)


def iter_cards(mask: CardMask) -> list[Card]:
    """The cards of ``mask``, lowest first: a list, which the compiled searches walk
    faster than a generator (solver.native)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def _syntax_table() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for rank, symbol in enumerate(RANKS):
        spellings = {symbol, symbol.lower()} | ({"T", "t"} if symbol == "10" else set())
        for suit in range(NUM_SUITS):
            for r in spellings:
                for s in (SUIT_SYMBOLS[suit], SUIT_SYMBOLS[suit].lower(), SUIT_GLYPHS[suit]):
                    table[r + s] = make_card(rank, suit)
    return table


_SYNTAX: Final = _syntax_table()  # every spelling of a natural card: one dict lookup


def parse_kind(text: object, ranks: str = "A 2 3 4 5 6 7 8 9 10 J Q K", rule: str = "") -> Card:
    """Read one card of any pack: a natural card's kind (copy 0), or ``JOKER_BASE`` for ``*``.

    Accepts upper or lower case, surrounding spaces, ``T`` for ten and the suit glyphs
    (``"4h"``, ``"4♥"``).  Which of these a profile's deck holds is :meth:`Deck.parse`'s
    business; ``ranks`` and ``rule`` only shape the error message.
    """
    card = _SYNTAX.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if not isinstance(text, str):
        raise InvalidCardError(N_('{text} is not a card: a card is a string such as "4H"'),
                               text=repr(text))
    raw = text.strip()
    if raw == JOKER_SYMBOL:
        return JOKER_BASE
    if raw in _SYNTAX:
        return _SYNTAX[raw]
    if len(raw) < 2:
        raise InvalidCardError(N_('{text} is not a card: write a rank then a suit, e.g. "4H"'),
                               text=repr(text))
    rank_part = raw[:-1].upper()
    if rank_part not in RANKS and rank_part != "T":
        if rule:
            raise InvalidCardError(
                N_("{text} is not a card: the rank must be one of {ranks} ({rule})"),
                text=repr(text), ranks=ranks, rule=rule,
            )
        raise InvalidCardError(N_("{text} is not a card: the rank must be one of {ranks}"),
                               text=repr(text), ranks=ranks)
    raise InvalidCardError(
        N_("{text} is not a card: the suit must be S, H, D or C (or ♠ ♥ ♦ ♣)"), text=repr(text)
    )


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards of one profile: which ranks (in run order, lowest first), how many packs,
    how many jokers, and the rule id that describes them (for error messages)."""

    ranks: tuple[int, ...]
    packs: int = 1
    jokers: int = 0
    rule: str = "R1"
    cards: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    mask: CardMask = field(init=False, repr=False, compare=False)
    kinds: CardMask = field(init=False, repr=False, compare=False)
    _order: dict[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        naturals = [make_card(r, s, c) for c in range(self.packs) for s in range(NUM_SUITS)
                    for r in sorted(self.ranks)]
        cards = tuple(sorted(naturals) + [JOKER_BASE + j for j in range(self.jokers)])
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "mask", mask_of(cards))
        object.__setattr__(self, "kinds", mask_of(c for c in cards if c < NATURALS))
        object.__setattr__(self, "_order", {r: i for i, r in enumerate(self.ranks)})

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def rank_symbols(self) -> tuple[str, ...]:
        return tuple(RANKS[r] for r in self.ranks)

    def has_rank(self, rank: int) -> bool:
        return rank in self._order

    def order(self, card: Card) -> int:
        """The position of the card's rank in this deck's run order (A=0 … K=len-1)."""
        return self._order[card_rank(card)]

    def rank_at(self, order: int) -> int:
        return self.ranks[order]

    def parse(self, text: object) -> Card:
        """Read one card this deck holds: a natural card's kind (copy 0), or the first joker.

        Raises :class:`InvalidCardError` naming the bad card and the deck's rule."""
        card = parse_kind(text, " ".join(self.rank_symbols), self.rule)
        if card >= JOKER_BASE:
            if not self.jokers:
                raise InvalidCardError(
                    N_("{text} is a joker, and this game has no jokers ({rule})"),
                    text=repr(text), rule=self.rule,
                )
            return card
        if not self.has_rank(card_rank(card)):
            if self.ranks == (0, 1, 2, 3, 4, 5, 6, 10, 11, 12):
                raise InvalidCardError(
                    N_("{text} is not in the 40-card deck: 8, 9 and 10 are removed ({rule})"),
                    text=repr(text), rule=self.rule,
                )
            missing = " ".join(RANKS[r] for r in range(NUM_RANKS_FULL) if not self.has_rank(r))
            raise InvalidCardError(
                N_("{text} is not in the {size}-card deck: {ranks} are removed ({rule})"),
                text=repr(text), size=self.size, ranks=missing, rule=self.rule,
            )
        return card


DECK_40: Final = Deck(ranks=(0, 1, 2, 3, 4, 5, 6, 10, 11, 12))
"""The 40-card deck of conquian-40 (R1): no 8, 9 or 10."""
FULL_DECK: Final[CardMask] = DECK_40.mask
NUM_CARDS: Final = DECK_40.size


def parse_card(text: object) -> Card:
    """Parse one card of the 40-card deck (conquian-40, R1)."""
    return DECK_40.parse(text)


def popcount(mask: CardMask) -> int:
    return mask.bit_count()


def sort_key(card: Card) -> tuple[int, int, int]:
    """Display order: by rank, then suit (jokers last)."""
    if card >= JOKER_BASE:
        return (NUM_RANKS_FULL, 0, card)
    return (card_rank(card), card_suit(card), card_copy(card))


def fold(mask: CardMask) -> CardMask:
    """The canonical (lowest copies first) form of a multiset of natural cards."""
    low, high = mask & KINDS_MASK, mask >> NATURALS & KINDS_MASK
    return (low | high) | (low & high) << NATURALS
