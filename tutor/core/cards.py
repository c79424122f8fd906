"""Card names and glyphs for templates, translated (the solver's names are English only)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from solver.cards import (
    RANKS,
    SUIT_GLYPHS,
    SUIT_SYMBOLS,
    card_rank,
    card_suit,
    is_joker,
    parse_kind,
)

RANK_NAMES = (
    _l("ace"),
    _l("two"),
    _l("three"),
    _l("four"),
    _l("five"),
    _l("six"),
    _l("seven"),
    _l("eight"),
    _l("nine"),
    _l("ten"),
    _l("jack"),
    _l("queen"),
    _l("king"),
)
SUIT_NAMES = (_l("spades"), _l("hearts"), _l("diamonds"), _l("clubs"))
SUIT_CLASSES = ("spades", "hearts", "diamonds", "clubs")


def card_label(code: str) -> str:
    """The spoken name of a card, e.g. "six of hearts", in the page's language."""
    card = parse_kind(code)
    if is_joker(card):
        return str(_l("joker"))
    return str(_l("%(rank)s of %(suit)s", rank=RANK_NAMES[card_rank(card)],
                  suit=SUIT_NAMES[card_suit(card)]))


def card_parts(code: str) -> dict[str, str]:
    card = parse_kind(code)
    rank, suit = card_rank(card), card_suit(card)
    return {
        "code": RANKS[rank] + SUIT_SYMBOLS[suit],
        "rank": RANKS[rank],
        "glyph": SUIT_GLYPHS[suit],
        "suit": SUIT_CLASSES[suit],
        "label": card_label(code),
    }
