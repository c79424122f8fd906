"""What the opponent's refusals tell about their hand, and hands sampled to match.

A card the opponent declined (R7) or turned and passed (R7) is a card they chose not to
meld.  Their hand only ever loses cards (a taken card goes to the melds, R8), so if the
hand they hold *now* could meld a refused card with the melds they had *then*, so could
the hand they held then.  Most players take what they can, so hands like that are made
unlikely (not impossible: people do decline cards they could use).

Everything here comes from the player's own successive observations: which card it left
to the opponent, whether that card later lies in the waste, and whether the card it faces
was passed (the opponent's melds did not grow).  Nothing reads the opponent's hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

from solver.cards import FULL_DECK, Card, CardMask, mask_of
from solver.cover import core_plays, first_cover
from solver.game.actions import Action
from solver.game.observation import Observation
from solver.players.hand_shape import rank_mates, run_neighbours

REFUSAL_ODDS: Final = 0.1
"""How much less likely a hand becomes for each refused card it could have melded."""
TRIES: Final = 40  # draws per sampled hand before settling for the likeliest one


@dataclass(frozen=True, slots=True)
class Refusal:
    card: Card
    opponent_exposed: CardMask
    """The opponent's exposed cards when they refused the card."""
    near: CardMask
    """Cards that could meld with it (same rank, same suit within two ranks)."""


def refusal(card: Card, opponent_exposed: CardMask) -> Refusal | None:
    """The refusal of ``card``, or None when it teaches nothing about the hand: a card that
    fits the exposed melds alone was refused for some other reason (R9)."""
    if opponent_exposed and first_cover(opponent_exposed | 1 << card) is not None:
        return None
    near = rank_mates(card) | run_neighbours(card, 1) | run_neighbours(card, 2)
    return Refusal(card, opponent_exposed, near)


def could_meld(hand: CardMask, r: Refusal) -> bool:
    """The hand could have taken the refused card (R8) with the melds of that moment."""
    if not hand & r.near:
        return False
    return bool(core_plays(r.opponent_exposed | 1 << r.card, hand, r.card))


@dataclass(slots=True)
class OpponentModel:
    """The refusals of the current hand, kept between one's own decisions."""

    refusals: list[Refusal] = field(default_factory=list)
    known: CardMask = 0
    stock_count: int = -1
    left: Card | None = None
    """The card this player last left to the opponent (a discard or a passed card)."""
    opponent_exposed: CardMask = 0
    last: Observation | None = None

    def observe(self, observation: Observation) -> None:
        """Update from the next observation of this player (call once per decision)."""
        if observation == self.last:
            return  # the same decision asked again: nothing happened in between
        self.last = observation
        known = FULL_DECK & ~observation.unseen
        if observation.stock_count > self.stock_count or known & self.known != self.known:
            # A new hand (or an unrelated position): forget everything (R12: fresh deal).
            self.refusals.clear()
            self.left = None
            self.opponent_exposed = 0
        opp = observation.opponent_exposed
        if self.left is not None and observation.seen >> self.left & 1:
            self._add(self.left, self.opponent_exposed)  # they declined our card
        center = observation.center
        if (center is not None and observation.phase == "respond"
                and observation.center_from == "opponent" and center != self.left
                and opp == self.opponent_exposed):
            self._add(center, opp)  # they turned it and passed it without taking
        self.known = known
        self.stock_count = observation.stock_count
        self.opponent_exposed = opp
        self.left = None

    def chose(self, action: Action) -> None:
        """Remember the card our action leaves to the opponent."""
        if action.type == "take":
            self.left = action.discard
        elif action.type == "pass":
            self.left = action.card
        else:
            self.left = None

    def _add(self, card: Card, opponent_exposed: CardMask) -> None:
        r = refusal(card, opponent_exposed)
        if r is not None:
            self.refusals.append(r)

    def sample_hand(self, pool: list[Card], size: int, rng: random.Random) -> CardMask:
        """An opponent hand of ``size`` cards from ``pool`` (the unseen cards), drawn
        uniformly and kept with probability REFUSAL_ODDS per refused card it could meld."""
        best, best_misfits = 0, -1
        for _ in range(TRIES):
            hand = mask_of(rng.sample(pool, size))
            misfits = sum(could_meld(hand, r) for r in self.refusals)
            if misfits == 0 or rng.random() < REFUSAL_ODDS ** misfits:
                return hand
            if best_misfits < 0 or misfits < best_misfits:
                best, best_misfits = hand, misfits
        return best

