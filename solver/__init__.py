"""The Conquian solver: cards, melds, positions, analysis engines, the game and its players.

Pure and typed: no web framework and no I/O in the core modules.
"""

from solver.analysis import Analysis, Play
from solver.cards import Card, CardMask, card_str, parse_card
from solver.errors import (
    ConquianError,
    IllegalActionError,
    InvalidCardError,
    InvalidMeldError,
    InvalidPositionError,
)
from solver.position import Position
from solver.search import analyze

__all__ = [
    "Analysis",
    "Card",
    "CardMask",
    "ConquianError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidPositionError",
    "Play",
    "Position",
    "analyze",
    "card_str",
    "parse_card",
]
