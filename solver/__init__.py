"""The Conquian solver: cards, melds, positions, analysis engines, the game and its players.

Pure and typed: no web framework and no I/O in the core modules.  The hot modules may run
compiled (solver.native), which must be set up before any of them is imported.
"""

# ruff: noqa: E402 -- the compiled modules' finder must be in place before they are imported.
from solver import native

native.install()

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
