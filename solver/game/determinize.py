"""Complete game states consistent with one player's observation (determinization).

A player who wants to look ahead cannot use the real state: the opponent's hand and the
stock order are hidden.  ``determinize`` deals the cards that player has never seen
(``Observation.unseen``) at random between the opponent's hand (its known size) and the
stock (its known count), and rebuilds everything else from the observation alone, so any
search over the result is blind to the hidden cards by construction.
"""

from __future__ import annotations

import random

from solver.cards import Card, CardMask, cards_of, mask_of
from solver.errors import ConquianError
from solver.game.conquian.state import GameState
from solver.game.conquian.view import Observation
from solver.game.deal import Deal


class DeterminizeError(ConquianError):
    """The observation cannot be completed (it is over, or its counts do not add up)."""


def determinize(
    observation: Observation,
    rng: random.Random,
    opponent_hand: CardMask | None = None,
) -> GameState:
    """A state that matches ``observation`` in everything its player can see.

    The unseen cards are shuffled with ``rng``; the first ``opponent_hand_count`` form the
    opponent's hand, the rest the stock in that order.  ``opponent_hand`` fixes the
    opponent's hand instead (it must be that many unseen cards); the stock is then the
    other unseen cards, shuffled.
    """
    if observation.over:
        raise DeterminizeError("the hand is over: there is nothing left to determinize")
    unseen = observation.unseen
    k = observation.opponent_hand_count
    if k + observation.stock_count != unseen.bit_count():
        raise DeterminizeError(
            f"{unseen.bit_count()} unseen cards cannot fill an opponent hand of {k} "
            f"and a stock of {observation.stock_count} (R13)"
        )
    if opponent_hand is None:
        pool = cards_of(unseen)
        rng.shuffle(pool)
        hand = mask_of(pool[:k])
        stock: list[Card] = pool[k:]
    else:
        if opponent_hand & ~unseen or opponent_hand.bit_count() != k:
            raise DeterminizeError(f"the opponent hand must be {k} of the unseen cards")
        hand = opponent_hand
        stock = cards_of(unseen & ~opponent_hand)
        rng.shuffle(stock)
    me = observation.player
    other = 1 - me
    hands = [0, 0]
    hands[me], hands[other] = observation.hand, hand
    melds: list[tuple[CardMask, ...]] = [(), ()]
    melds[me], melds[other] = observation.melds, observation.opponent_melds
    center_bit = 0 if observation.center is None else 1 << observation.center

    state = GameState(
        Deal(me if observation.dealer else other, (hands[0], hands[1]), tuple(stock)),
        (observation.score[0], observation.score[1]) if me == 0
        else (observation.score[1], observation.score[0]),
    )
    state.melds = melds
    state.exposed = [sum(ms) for ms in melds]
    state.waste = observation.seen  # every face-up card not in a meld or the center
    state.face_up = observation.seen | center_bit | state.exposed[0] | state.exposed[1]
    state.center = observation.center
    state.center_from_stock = observation.center_from == "stock"
    state.facing = me if observation.facing else other
    state.phase = observation.phase  # type: ignore[assignment]
    # Forcing a passed card is open exactly when the observation lists it (R9).
    state.force_open = observation.phase == "respond" and "force" in observation.action_types
    return state
