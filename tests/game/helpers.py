"""Building deals and mid-hand states for rule tests."""

from __future__ import annotations

from solver.cards import FULL_DECK, Card, cards_of, mask_of, parse_card
from solver.game.conquian.state import GameState
from solver.game.deal import Deal
from solver.melds import is_valid_meld, sort_melds


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def mask(text: str) -> int:
    return mask_of(cards(text))


def make_deal(hand0: str, hand1: str, stock_top: str = "", dealer: int = 0) -> Deal:
    """Hands as given (filled up to 10 from unused cards), the stock starting with
    ``stock_top`` and then the rest of the deck in order."""
    used = mask(hand0) | mask(hand1) | mask(stock_top)
    spare = cards_of(FULL_DECK & ~used)
    hands = []
    for text in (hand0, hand1):
        hand = cards(text)
        while len(hand) < 10:
            hand.append(spare.pop())
        hands.append(mask_of(hand))
    stock = tuple(cards(stock_top) + spare)
    assert len(stock) == 20
    return Deal(dealer, (hands[0], hands[1]), stock)


def mid_hand(
    *,
    hands: tuple[str, str],
    melds: tuple[str, str],
    center: str | None,
    facing: int,
    phase: str,
    center_from_stock: bool = False,
    stock_left: int = 10,
    force_open: bool = False,
) -> GameState:
    """A consistent state in the middle of a hand: melds are written "4H 5H 6H | KS KH KC";
    every card not placed goes first to the stock (its last ``stock_left`` cards) and the
    rest to the waste."""
    hand_masks = [mask(h) for h in hands]
    meld_lists = [
        tuple(sort_melds([mask(m) for m in text.split("|") if m.strip()])) for text in melds
    ]
    assert all(is_valid_meld(m) for ms in meld_lists for m in ms), melds
    placed = hand_masks[0] | hand_masks[1]
    for ms in meld_lists:
        for m in ms:
            placed |= m
    center_card = parse_card(center) if center else None
    if center_card is not None:
        placed |= 1 << center_card
    free = cards_of(FULL_DECK & ~placed)
    stock = free[:stock_left]
    waste = mask_of(free[stock_left:])
    # A deal that is only a container: the state is set directly below.
    pad = tuple(free[stock_left:]) + tuple(cards_of(placed))
    deal = Deal(0, (0, 0), pad[: 20 - stock_left] + tuple(stock))
    state = GameState(deal)
    state.stock_pos = 20 - stock_left
    state.hands = hand_masks
    state.melds = list(meld_lists)
    state.exposed = [sum(ms) for ms in meld_lists]
    state.waste = waste
    state.face_up = waste | (0 if center_card is None else 1 << center_card)
    state.center = center_card
    state.center_from_stock = center_from_stock
    state.facing = facing
    state.phase = phase  # type: ignore[assignment]
    state.force_open = force_open
    for p in (0, 1):
        assert hand_masks[p].bit_count() + state.exposed[p].bit_count() == 10, p
    return state
