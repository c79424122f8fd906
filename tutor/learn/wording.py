"""Translatable wording for the lessons' feedback: card lists and why a group is (not) a meld.

Validity always comes from the solver (``solver.melds.meld_problem``); this module only
chooses the words, because the solver's own messages are English-only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from flask_babel import gettext as _

from solver.cards import (
    ACE,
    DECK_40,
    JACK,
    KING,
    RANKS,
    SEVEN,
    Card,
    CardMask,
    card_glyph,
    card_rank,
    card_suit,
    cards_of,
    sort_key,
)
from solver.melds import MAX_RUN, MIN_SET, meld_cards, meld_problem


def glyphs(cards: Iterable[Card]) -> str:
    """``"4♥ 5♥"``: cards by rank then suit, with suit symbols (read the same in every language)."""
    return " ".join(card_glyph(c) for c in sorted(cards, key=sort_key))


def mask_glyphs(mask: CardMask) -> str:
    return glyphs(cards_of(mask))


def meld_glyphs(mask: CardMask) -> str:
    """``"4♥-5♥-6♥"``."""
    return "-".join(card_glyph(c) for c in meld_cards(mask))


def melds_glyphs(melds: Iterable[CardMask]) -> str:
    return ", ".join(meld_glyphs(m) for m in melds)


def group_glyphs(cards: Sequence[Card]) -> str:
    return "-".join(card_glyph(c) for c in sorted(cards))


def meld_reason(cards: Sequence[Card]) -> str:
    """Why these cards are, or are not, a valid meld (R4), in the page's language."""
    shown = group_glyphs(cards)
    if meld_problem(cards) is None:
        ranks = {card_rank(c) for c in cards}
        if len(ranks) == 1:
            return _(
                "%(cards)s is a valid set: %(n)d cards of one rank (R4).", cards=shown, n=len(cards)
            )
        if {SEVEN, JACK} <= ranks:
            return _(
                "%(cards)s is a valid run: 7 and J are neighbours, because 8, 9 and 10 are "
                "not in the deck (R1, R4).",
                cards=shown,
            )
        return _(
            "%(cards)s is a valid run: %(n)d cards of one suit in a row (R4).",
            cards=shown,
            n=len(cards),
        )
    n = len(cards)
    ranks = {card_rank(c) for c in cards}
    suits = {card_suit(c) for c in cards}
    if len(set(cards)) != n:
        return _("%(cards)s uses a card twice.", cards=shown)
    if n < MIN_SET:
        return _(
            "%(cards)s is not a meld: a meld needs at least 3 cards, and this has %(n)d (R4).",
            cards=shown,
            n=n,
        )
    if len(ranks) == 1:
        return _(
            "%(cards)s is not a meld: a set has 3 or 4 cards of one rank, and this has %(n)d (R4).",
            cards=shown,
            n=n,
        )
    if len(suits) != 1:
        return _(
            "%(cards)s is not a meld: cards of different ranks must share one suit to make a run "
            "(R4).",
            cards=shown,
        )
    if n > MAX_RUN:
        return _(
            "%(cards)s is not a meld: a run has at most 8 cards, and this has %(n)d, so it must "
            "be split into two runs (R4).",
            cards=shown,
            n=n,
        )
    if {ACE, KING} <= ranks:
        return _(
            "%(cards)s is not a meld: runs do not wrap around from K to A, because the ace is "
            "low only (R1, R4).",
            cards=shown,
        )
    orders = sorted(DECK_40.order(c) for c in cards)
    missing = " ".join(
        RANKS[DECK_40.rank_at(o)] for o in range(orders[0], orders[-1] + 1)
        if DECK_40.rank_at(o) not in ranks
    )
    return _(
        "%(cards)s is not a meld: the run has a gap (%(missing)s missing) (R4).",
        cards=shown,
        missing=missing,
    )
