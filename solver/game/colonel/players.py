"""Computer players of Colonel: ``random``, ``greedy`` and ``expert``.

Each sees only its :class:`~solver.game.colonel.view.ColonelObservation`.

* ``greedy`` draws the upcard only when it melds or lays off at once, melds the largest
  meld first, lays off whatever it can, discards its least connected card, never
  challenges and refuses every challenge.
* ``expert`` melds by the arrangement that leaves the fewest pips, discards the card whose
  loss costs least (pips left, cards that could still join, never a card the opponent can
  lay off), draws the upcard when that leaves a better hand, challenges with a low count
  and accepts when its count should be the lower one (H9).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from solver.cards import NATURALS, Card, CardMask, card_rank, card_suit, iter_cards, make_card
from solver.game.colonel.state import (
    ACCEPT,
    CHALLENGE,
    DRAW_STOCK,
    DRAW_UPCARD,
    REFUSE,
    ColonelAction,
    hand_melds,
    pips,
)
from solver.game.colonel.view import ColonelObservation
from solver.game.protocol import Chooser
from solver.melds import MeldTable
from solver.rules import get_profile

_TABLE: Final[MeldTable] = get_profile("colonel").table
_FULL: Final = (1 << NATURALS) - 1
_PIP: Final = tuple(min(card_rank(c) + 1, 10) for c in range(NATURALS))


def _near(card: Card) -> CardMask:
    """Rank mates and suit neighbours one or two ranks away (ace high or low)."""
    rank, suit = card_rank(card), card_suit(card)
    mask = 0
    for s in range(4):
        if s != suit:
            mask |= 1 << make_card(rank, s)
    for d in (-2, -1, 1, 2):
        r = rank + d
        if 0 <= r < 13:
            mask |= 1 << make_card(r, suit)
        elif r == 13 or r == 14:  # above the king: the ace (then the 2 is not a neighbour)
            if r == 13:
                mask |= 1 << make_card(0, suit)
        elif r == -1:
            mask |= 1 << make_card(12, suit)
    return mask


_NEAR: Final = tuple(_near(c) for c in range(NATURALS))
_CACHE: dict[CardMask, tuple[int, tuple[CardMask, ...]]] = {}


def best_split(hand: CardMask) -> tuple[int, tuple[CardMask, ...]]:
    """The melds of hand cards that leave the fewest cards unmelded (then the fewest pips),
    and their cost: 16 per card left plus its pips."""
    found = _CACHE.get(hand)
    if found is not None:
        return found
    if not hand:
        return (0, ())
    low = hand & -hand
    card = low.bit_length() - 1
    rest = best_split(hand ^ low)
    best = (rest[0] + 16 + _PIP[card], rest[1])
    for meld in _TABLE.starting[card]:
        if meld & hand == meld:
            sub = best_split(hand & ~meld)
            if sub[0] < best[0]:
                best = (sub[0], (meld, *sub[1]))
    if len(_CACHE) > 400_000:
        _CACHE.clear()
    _CACHE[hand] = best
    return best


def _lays_off(card: Card, table: tuple[CardMask, ...]) -> bool:
    return any(_TABLE.is_valid(m | 1 << card) for m in table)


def _joins(card: Card, hand: CardMask, table: tuple[CardMask, ...]) -> bool:
    """The card melds with hand cards or lays off on the table."""
    with_card = hand | 1 << card
    return any(m & with_card == m for m in _TABLE.containing[card]) or _lays_off(card, table)


def _connection(card: Card, hand: CardMask, live: CardMask) -> float:
    near = _NEAR[card]
    return 2.0 * (near & hand).bit_count() + 0.25 * (near & live).bit_count()


class RandomColonel:
    name = "random"

    def choose(self, observation: ColonelObservation, rng: random.Random) -> ColonelAction:
        return rng.choice(observation.legal)


def _first(observation: ColonelObservation, kind: str) -> list[ColonelAction]:
    return [a for a in observation.legal if a.type == kind]


class GreedyColonel:
    name = "greedy"

    def choose(self, observation: ColonelObservation, rng: random.Random) -> ColonelAction:
        phase = observation.phase
        if phase == "answer":
            return REFUSE
        if phase == "start":
            up = observation.upcard
            if up is not None and _joins(up, observation.hand, observation.table):
                return DRAW_UPCARD
            return DRAW_STOCK
        melds = _first(observation, "meld")
        if melds:
            return max(melds, key=lambda a: a.cards.bit_count())
        lay = _first(observation, "lay_off")
        if lay:
            return lay[0]
        hand = observation.hand
        live = _FULL & ~(hand | observation.table_cards | _mask(observation.waste))
        card = min(iter_cards(hand),
                   key=lambda c: (_connection(c, hand & ~(1 << c), live), -_PIP[c], c))
        return ColonelAction("discard", card=card)


def _mask(cards: tuple[Card, ...]) -> CardMask:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


class ExpertColonel:
    name = "expert"

    def choose(self, observation: ColonelObservation, rng: random.Random) -> ColonelAction:
        hand, table = observation.hand, observation.table
        live = _FULL & ~(hand | observation.table_cards | _mask(observation.waste))
        average = pips(live) / max(1, live.bit_count())
        phase = observation.phase
        if phase == "answer":
            mine = pips(hand)
            # Ties go to the challenged player (H9), so accept when ours should be lower.
            return ACCEPT if mine <= 0.8 * average * observation.opponent_hand_count else REFUSE
        if phase == "start":
            if CHALLENGE in observation.legal:
                mine = pips(hand)
                guess = average * observation.opponent_hand_count
                if mine <= 4 or (observation.opponent_hand_count >= 3 and mine * 2.5 < guess):
                    return CHALLENGE
            up = observation.upcard
            if up is not None:
                now = self._value(hand, table, live)
                with_up = min(self._value(hand | 1 << up & ~(1 << d), table, live)
                              for d in iter_cards(hand))
                if with_up < now - 4.0 or _lays_off(up, table):
                    return DRAW_UPCARD
            return DRAW_STOCK
        # After the draw.  Melds stay in the hand (where the opponent cannot lay off on
        # them) until they all go down in the turn that goes out, or the stock runs low.
        _, melds = best_split(hand)
        rest = hand
        for meld in melds:
            rest &= ~meld
        lay = [a for a in observation.legal if a.type == "lay_off" and a.cards & rest]
        if lay:
            return lay[0]
        if melds and (rest.bit_count() <= 1 or observation.stock_count <= 6):
            return ColonelAction("meld", cards=melds[0])
        if not rest:
            rest = hand  # every card is in a meld: break the cheapest one
        card = min(iter_cards(rest),
                   key=lambda c: (self._value(hand & ~(1 << c), table, live)
                                  + (20.0 if _lays_off(c, table) else 0.0), c))
        return ColonelAction("discard", card=card)

    @staticmethod
    def _value(hand: CardMask, table: tuple[CardMask, ...], live: CardMask) -> float:
        """Lower is better: pips left after melding, less the cards that could still
        join them (live cards that meld with the hand or lay off)."""
        dead, melds = best_split(hand)
        rest = hand
        for meld in melds:
            rest &= ~meld
        outs = 0
        near = 0
        for card in iter_cards(rest):
            near |= _NEAR[card]
        for card in iter_cards(near & live):
            with_card = rest | 1 << card
            if any(m & with_card == m for m in _TABLE.containing[card]):
                outs += 1
        lay = sum(1 for c in iter_cards(rest) if _lays_off(c, table))
        return dead - 6.0 * outs - 16.0 * lay


PLAYERS: Final[dict[str, Callable[[], Chooser[ColonelObservation, ColonelAction]]]] = {
    "random": RandomColonel, "greedy": GreedyColonel, "expert": ExpertColonel}

__all__ = ["PLAYERS", "ExpertColonel", "GreedyColonel", "RandomColonel", "best_split",
           "hand_melds"]
