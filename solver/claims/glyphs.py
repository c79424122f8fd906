"""Cards as the sentences name them: a joker on its own is 🃏, never a bare ``*`` (which
reads as a typo); a joker standing in a meld is ``★5♥``, as its card is drawn (the
contract's ``*5H``)."""

from __future__ import annotations

from typing import Final

from solver.cards import JOKER_BASE, Card, card_glyph, parse_kind

JOKER_TEXT: Final = "\U0001F0CF"
STANDS: Final = "★"
"""Marks a joker standing in a meld for the card after it, as the card faces do."""


def card_text(card: Card) -> str:
    """``4♥``; a joker ``🃏``."""
    return JOKER_TEXT if card >= JOKER_BASE else card_glyph(card)


def string_text(text: str) -> str:
    """A contract card string as shown: ``"10D"`` → ``10♦``, ``"*5H"`` → ``★5♥``,
    ``"*"`` → ``🃏``."""
    if text == "*":
        return JOKER_TEXT
    if text.startswith("*"):
        return STANDS + card_glyph(parse_kind(text[1:]))
    return card_glyph(parse_kind(text))
