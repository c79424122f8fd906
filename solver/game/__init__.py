"""The game of Conquian (RULES.md R2-R13): deals, the hand state, observations, records."""

from solver.game.conquian.actions import Action
from solver.game.conquian.state import GameState
from solver.game.deal import Deal, deal_from_seed

__all__ = ["Action", "Deal", "GameState", "deal_from_seed"]
