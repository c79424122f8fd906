"""Building Colonel and Conquin deals card by card for rule tests."""

from __future__ import annotations

from solver.cards import JOKER_BASE, NATURALS, Card, mask_of
from solver.game.deal import Deal, stock_size
from solver.rules import get_profile

COLONEL = get_profile("colonel")
CONQUIN = get_profile("conquin")


def physical(text: str, used: set[Card], rules: object = CONQUIN) -> list[Card]:
    """Cards named in ``text``; a name seen before takes the next copy (two packs)."""
    deck = get_profile(str(rules)).deck
    out = []
    for item in text.split():
        kind = deck.parse(item)
        if kind >= JOKER_BASE:
            candidates = [JOKER_BASE + j for j in range(deck.jokers)]
        else:
            candidates = [kind + NATURALS * c for c in range(deck.packs)]
        card = next(c for c in candidates if c not in used)
        used.add(card)
        out.append(card)
    return out


def make_deal(rules_id: str, hands: list[str], stock_top: str = "", dealer: int = 0) -> Deal:
    """Hands as given, filled up to ten from unused cards (highest ids first, so the
    fillers are court cards rarely in the way); the stock starts with ``stock_top``."""
    rules = get_profile(rules_id)
    used: set[Card] = set()
    named = [physical(h, used, rules) for h in hands]
    top = physical(stock_top, used, rules)
    spare = [c for c in rules.deck.cards if c not in used]
    masks = []
    for cards in named:
        while len(cards) < rules.hand_size:
            cards.append(spare.pop())
        masks.append(mask_of(cards))
    stock = tuple(top + spare)
    assert len(stock) == stock_size(rules, len(hands))
    return Deal(dealer, tuple(masks), stock, rules)
