"""Cards and card sets of the 40-card Conquian deck (R1).

A card is a plain ``int`` from 0 to 39: ``suit * 10 + rank``. Ranks run
A 2 3 4 5 6 7 J Q K (0..9), so a run's cards are consecutive integers and the
lowest card of any meld is its lowest rank in its lowest suit.  A set of cards
is a 40-bit ``int`` mask, as python-chess does with squares.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from solver.errors import InvalidCardError
from solver.messages import N_

Card = int
CardMask = int

RANK_SYMBOLS: Final = "A234567JQK"
SUIT_SYMBOLS: Final = "SHDC"
SUIT_GLYPHS: Final = "♠♥♦♣"

RANK_NAMES: Final = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "jack",
    "queen",
    "king",
)
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")

NUM_RANKS: Final = 10
NUM_SUITS: Final = 4
NUM_CARDS: Final = 40
FULL_DECK: Final[CardMask] = (1 << NUM_CARDS) - 1

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)

_GLYPH_TO_SUIT: Final = {g: s for s, g in zip(SUIT_SYMBOLS, SUIT_GLYPHS, strict=True)}
_REMOVED_RANKS: Final = ("8", "9", "10", "T")


def make_card(rank: int, suit: int) -> Card:
    return suit * NUM_RANKS + rank


def card_rank(card: Card) -> int:
    return card % NUM_RANKS


def card_suit(card: Card) -> int:
    return card // NUM_RANKS


def card_str(card: Card) -> str:
    """The canonical contract notation: ``"4H"``, ``"JS"``."""
    return RANK_SYMBOLS[card % NUM_RANKS] + SUIT_SYMBOLS[card // NUM_RANKS]


def card_glyph(card: Card) -> str:
    """A display form with the suit symbol: ``"4♥"``."""
    return RANK_SYMBOLS[card % NUM_RANKS] + SUIT_GLYPHS[card // NUM_RANKS]


def card_name(card: Card) -> str:
    """The English spoken name, e.g. ``"six of hearts"`` (screen readers, explanations)."""
    return f"{RANK_NAMES[card % NUM_RANKS]} of {SUIT_NAMES[card // NUM_RANKS]}"


def _spellings() -> dict[str, Card]:
    table = {}
    for card in range(NUM_CARDS):
        rank, suit = RANK_SYMBOLS[card % NUM_RANKS], card // NUM_RANKS
        for r in {rank, rank.lower()}:
            for s in (SUIT_SYMBOLS[suit], SUIT_SYMBOLS[suit].lower(), SUIT_GLYPHS[suit]):
                table[r + s] = card
    return table


_SPELLINGS: Final = _spellings()  # every accepted spelling: one dict lookup on the hot path


def parse_card(text: object) -> Card:
    """Parse one card in any notation the contract accepts.

    Accepts upper or lower case and the suit glyphs: ``"4H"``, ``"4h"``, ``"4♥"``.
    Raises :class:`InvalidCardError` naming the bad card and, for 8/9/10, the rule.
    """
    card = _SPELLINGS.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if not isinstance(text, str):
        raise InvalidCardError(N_('{text} is not a card: a card is a string such as "4H"'),
                               text=repr(text))
    raw = text.strip()
    if len(raw) < 2:
        raise InvalidCardError(N_('{text} is not a card: write a rank then a suit, e.g. "4H"'),
                               text=repr(text))
    rank_part, suit_part = raw[:-1].upper(), raw[-1]
    suit_part = _GLYPH_TO_SUIT.get(suit_part, suit_part.upper())
    if rank_part in _REMOVED_RANKS and suit_part in SUIT_SYMBOLS:
        raise InvalidCardError(
            N_("{text} is not in the 40-card deck: 8, 9 and 10 are removed (R1)"), text=repr(text)
        )
    if len(rank_part) != 1 or rank_part not in RANK_SYMBOLS:
        raise InvalidCardError(
            N_("{text} is not a card: the rank must be one of A 2 3 4 5 6 7 J Q K (R1)"),
            text=repr(text),
        )
    if suit_part not in SUIT_SYMBOLS:
        raise InvalidCardError(
            N_("{text} is not a card: the suit must be S, H, D or C (or ♠ ♥ ♦ ♣)"),
            text=repr(text),
        )
    return make_card(RANK_SYMBOLS.index(rank_part), SUIT_SYMBOLS.index(suit_part))


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
    return list(iter_cards(mask))


def iter_cards(mask: CardMask) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def popcount(mask: CardMask) -> int:
    return mask.bit_count()


def sort_key(card: Card) -> tuple[int, int]:
    """Display order: by rank, then suit."""
    return (card % NUM_RANKS, card // NUM_RANKS)
