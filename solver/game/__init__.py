"""The game of Conquian (RULES.md R2-R13): deals, the hand state, observations, records."""

from solver.game.actions import Action
from solver.game.deal import Deal, deal_from_seed
from solver.game.state import GameState

__all__ = ["Action", "Deal", "GameState", "deal_from_seed"]
