"""Card names and glyphs for templates, translated (the solver's names are English only)."""

from __future__ import annotations

from collections.abc import Iterable

from flask_babel import get_locale, pgettext
from flask_babel import lazy_gettext as _l

from solver.cards import card_rank, card_suit, parse_card

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
    return str(_l("%(rank)s of %(suit)s", rank=RANK_NAMES[card_rank(card)],
                  suit=SUIT_NAMES[card_suit(card)]))


def _rank_phrases() -> tuple[str, ...]:
    # The article's gender follows the rank ("el rey", "la reina"; "o rei", "a dama"), so
    # each rank is translated with its article. English sentences write "the" themselves
    # ("You declined the %(card)s."), so the English phrase is the bare rank.
    return (
        pgettext("card rank with its definite article", "ace"),
        pgettext("card rank with its definite article", "two"),
        pgettext("card rank with its definite article", "three"),
        pgettext("card rank with its definite article", "four"),
        pgettext("card rank with its definite article", "five"),
        pgettext("card rank with its definite article", "six"),
        pgettext("card rank with its definite article", "seven"),
        pgettext("card rank with its definite article", "jack"),
        pgettext("card rank with its definite article", "queen"),
        pgettext("card rank with its definite article", "king"),
    )


_PHRASES: dict[tuple[str, int], str] = {}
"""Card phrases by language, worked out once per process (40 per language)."""


def card_phrase(code: str) -> str:
    """A card's name as a sentence uses it, in the page's language: "six of hearts" in
    English (after the sentence's own "the"), "el seis de corazones", "a dama de copas"."""
    card = parse_card(code)
    key = (str(get_locale() or "en"), card)
    phrase = _PHRASES.get(key)
    if phrase is None:
        phrase = str(_l("%(rank)s of %(suit)s", rank=_rank_phrases()[card_rank(card)],
                        suit=SUIT_NAMES[card_suit(card)]))
        _PHRASES[key] = phrase
    return phrase


def hand_key(code: str) -> tuple[int, int]:
    """The one order in which every page shows a hand: by suit (♠ ♥ ♦ ♣, as the picker's
    deck), then by rank, so that runs sit together."""
    card = parse_card(code)
    return card_suit(card), card_rank(card)


def hand_order(codes: Iterable[str]) -> list[str]:
    return sorted(codes, key=hand_key)


def card_parts(code: str) -> dict[str, str]:
    card = parse_card(code)
    rank, suit = card_rank(card), card_suit(card)
    return {
        "code": RANK_LABELS[rank] + "SHDC"[suit],
        "rank": RANK_LABELS[rank],
        "glyph": SUIT_GLYPHS[suit],
        "suit": SUIT_CLASSES[suit],
        "label": card_label(code),
        "phrase": card_phrase(code),
    }
