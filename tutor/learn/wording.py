"""Translatable wording for the lessons' feedback: card lists and why a group is (not) a meld.

Validity and the reason a group is not a meld come from the solver
(``solver.melds.meld_problem``), rendered through the gettext catalogs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from flask_babel import gettext as _

from solver.cards import JACK, SEVEN, Card, CardMask, card_glyph, card_rank, cards_of, sort_key
from solver.melds import TABLE_40, MeldTable, meld_cards, meld_problem


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


def meld_reason(cards: Sequence[Card], table: MeldTable = TABLE_40) -> str:
    """Why these natural cards are, or are not, a valid meld under ``table`` (R4 in
    conquian-40), in the page's language."""
    shown = group_glyphs(cards)
    problem = meld_problem(cards, table)
    if problem is None:
        ranks = {card_rank(c) for c in cards}
        if len(ranks) == 1:
            return _(
                "%(cards)s is a valid set: %(n)d cards of one rank (R4).", cards=shown, n=len(cards)
            )
        if {SEVEN, JACK} <= ranks and not table.deck.has_rank(SEVEN + 1):
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
    # The solver says why (R1, R4); only the catalog's words are chosen here.
    return _("%(cards)s is not a meld: %(reason)s.", cards=shown, reason=problem.render(_))
