"""``greedy``: takes whenever it can with the most hand cards, discards its least connected
card, never forces."""

from __future__ import annotations

import random

from solver.analysis import Play
from solver.cards import FULL_DECK
from solver.game.conquian.actions import NO_FORCE, TURN, Action
from solver.game.conquian.view import Observation
from solver.players.hand_shape import least_connected


class GreedyPlayer:
    name = "greedy"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        kinds = observation.action_types
        if "turn" in kinds:
            return TURN
        if "no_force" in kinds:
            return NO_FORCE
        analysis = observation.analysis
        if "take" in kinds and analysis is not None:
            play = max(analysis.plays, key=lambda p: p.size)  # first of the largest
            return take_with_discard(observation, play)
        kind = "pass" if "pass" in kinds else "decline"
        return Action(kind, observation.center)  # type: ignore[arg-type]


def take_with_discard(observation: Observation, play: Play) -> Action:
    assert observation.center is not None
    if play.wins:
        return Action("take", observation.center, play.hand_cards, play.melds, None)
    rest = observation.hand & ~play.hand_cards
    exposed = 0
    for meld in play.melds:
        exposed |= meld
    live = FULL_DECK & ~(observation.hand | exposed | observation.opponent_exposed
                         | observation.seen)
    discard = least_connected(rest, exposed, live)
    return Action("take", observation.center, play.hand_cards, play.melds, discard)
