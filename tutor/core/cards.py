"""Card names and glyphs for templates, translated (the solver's names are English only)."""

from __future__ import annotations

from collections.abc import Iterable

from flask_babel import get_locale, pgettext
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
    """The spoken name of a card, e.g. "six of hearts", in the page's language; a joker in a
    meld (``*5H``) is "joker as five of hearts"."""
    if code.startswith("*") and len(code) > 1:
        return str(_l("joker as %(card)s", card=card_label(code[1:])))
    card = parse_kind(code)
    if is_joker(card):
        return str(_l("joker"))
    return str(_l("%(rank)s of %(suit)s", rank=RANK_NAMES[card_rank(card)],
                  suit=SUIT_NAMES[card_suit(card)]))


_ARTICLE = "card rank with its definite article"
_OBJECT = "card rank as the object of a verb, with its definite article"
"""The contexts of the two forms of a card's name in a sentence: as its subject, or as
the object of a verb ("Ты сбросил двойку червей" beside "двойка червей подходит"). English
writes both as the bare rank; a language without cases writes both alike."""


def _rank_phrases(context: str) -> tuple[str, ...]:
    # The article's gender follows the rank ("el rey", "la reina"; "o rei", "a dama"), so
    # each rank is translated with its article. English sentences write "the" themselves
    # ("You declined the %(card)s."), so the English phrase is the bare rank. The literal
    # calls let the extractor find every form.
    if context == _OBJECT:
        return (
            pgettext("card rank as the object of a verb, with its definite article", "ace"),
            pgettext("card rank as the object of a verb, with its definite article", "two"),
            pgettext("card rank as the object of a verb, with its definite article", "three"),
            pgettext("card rank as the object of a verb, with its definite article", "four"),
            pgettext("card rank as the object of a verb, with its definite article", "five"),
            pgettext("card rank as the object of a verb, with its definite article", "six"),
            pgettext("card rank as the object of a verb, with its definite article", "seven"),
            pgettext("card rank as the object of a verb, with its definite article", "eight"),
            pgettext("card rank as the object of a verb, with its definite article", "nine"),
            pgettext("card rank as the object of a verb, with its definite article", "ten"),
            pgettext("card rank as the object of a verb, with its definite article", "jack"),
            pgettext("card rank as the object of a verb, with its definite article", "queen"),
            pgettext("card rank as the object of a verb, with its definite article", "king"),
            pgettext("card rank as the object of a verb, with its definite article", "joker"),
        )
    return (
        pgettext("card rank with its definite article", "ace"),
        pgettext("card rank with its definite article", "two"),
        pgettext("card rank with its definite article", "three"),
        pgettext("card rank with its definite article", "four"),
        pgettext("card rank with its definite article", "five"),
        pgettext("card rank with its definite article", "six"),
        pgettext("card rank with its definite article", "seven"),
        pgettext("card rank with its definite article", "eight"),
        pgettext("card rank with its definite article", "nine"),
        pgettext("card rank with its definite article", "ten"),
        pgettext("card rank with its definite article", "jack"),
        pgettext("card rank with its definite article", "queen"),
        pgettext("card rank with its definite article", "king"),
        pgettext("card rank with its definite article", "joker"),
    )


_PHRASES: dict[tuple[str, str, int], str] = {}
"""Card phrases by language and form, worked out once per process."""


def card_phrase(code: str, *, as_object: bool = False) -> str:
    """A card's name as a sentence uses it, in the page's language: "six of hearts" in
    English (after the sentence's own "the"), "el seis de corazones", "a dama de copas";
    ``as_object``: the form for the object of a verb ("двойку червей", see ``_OBJECT``),
    which every sentence whose English has the card as a verb's object asks for."""
    card = parse_kind(code)
    context = _OBJECT if as_object else _ARTICLE
    key = (str(get_locale() or "en"), context, card)
    phrase = _PHRASES.get(key)
    if phrase is None:
        ranks = _rank_phrases(context)
        if is_joker(card):
            phrase = ranks[-1]
        else:
            phrase = str(_l("%(rank)s of %(suit)s", rank=ranks[card_rank(card)],
                            suit=SUIT_NAMES[card_suit(card)]))
        _PHRASES[key] = phrase
    return phrase


def card_object(code: str) -> str:
    """A card's name as the object of a verb ("You discarded the %(card)s.")."""
    return card_phrase(code, as_object=True)


def hand_key(code: str) -> tuple[int, int]:
    """The one order in which every page shows a hand: by suit (♠ ♥ ♦ ♣, as the picker's
    deck), then by rank, so that runs sit together; jokers last."""
    card = parse_kind(code)
    if is_joker(card):
        return len(SUIT_SYMBOLS), 0
    return card_suit(card), card_rank(card)


def hand_order(codes: Iterable[str]) -> list[str]:
    return sorted(codes, key=hand_key)


def card_parts(code: str) -> dict[str, str]:
    if code.startswith("*"):
        # A joker: drawn as a star, with the card it stands for when it lies in a meld.
        stands = card_parts(code[1:]) if len(code) > 1 else None
        return {
            "code": "*" + (stands["code"] if stands else ""),
            "rank": "★" + (stands["rank"] if stands else ""),
            "glyph": stands["glyph"] if stands else "",
            "suit": "joker",
            "label": card_label(code),
            "phrase": card_phrase("*") if stands is None else card_label(code),
            "object": card_object("*") if stands is None else card_label(code),
        }
    card = parse_kind(code)
    rank, suit = card_rank(card), card_suit(card)
    return {
        "code": RANKS[rank] + SUIT_SYMBOLS[suit],
        "rank": RANKS[rank],
        "glyph": SUIT_GLYPHS[suit],
        "suit": SUIT_CLASSES[suit],
        "label": card_label(code),
        "phrase": card_phrase(code),
        "object": card_object(code),
    }
