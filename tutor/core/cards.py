"""Card names and glyphs for templates, translated (the solver's names are English only)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from solver.cards import parse_card

RANK_NAMES = (
    _l("ace"),
    _l("two"),
    _l("three"),
    _l("four"),
    _l("five"),
    _l("six"),
    _l("seven"),
    _l("jack"),
    _l("queen"),
    _l("king"),
)
SUIT_NAMES = (_l("spades"), _l("hearts"), _l("diamonds"), _l("clubs"))
SUIT_GLYPHS = "♠♥♦♣"
SUIT_CLASSES = ("spades", "hearts", "diamonds", "clubs")
RANK_LABELS = "A234567JQK"


def card_label(code: str) -> str:
    """The spoken name of a card, e.g. "six of hearts", in the page's language."""
    card = parse_card(code)
    rank, suit = card % 10, card // 10
    return str(_l("%(rank)s of %(suit)s", rank=RANK_NAMES[rank], suit=SUIT_NAMES[suit]))


def card_parts(code: str) -> dict[str, str]:
    card = parse_card(code)
    rank, suit = card % 10, card // 10
    return {
        "code": RANK_LABELS[rank] + "SHDC"[suit],
        "rank": RANK_LABELS[rank],
        "glyph": SUIT_GLYPHS[suit],
        "suit": SUIT_CLASSES[suit],
        "label": card_label(code),
    }
