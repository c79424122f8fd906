"""The conquian-40 game as its package registers it, its computer players included (apart
from the package's ``__init__`` because those players, :mod:`solver.players`, import the
hand state)."""

from __future__ import annotations

from typing import Final

from solver.game.conquian.actions import Action
from solver.game.conquian.state import GameState
from solver.game.conquian.view import Observation, observe
from solver.game.match import conquian_match, conquian_match_from_dict
from solver.game.registration import Registration, register_on_engine, two_seats
from solver.players import PLAYERS

CONQUIAN_40_REGISTRATION: Final[Registration[GameState, Action, Observation]] = (
    register_on_engine(("conquian-40",), two_seats(GameState), Action.from_dict, PLAYERS,
                       matches=(conquian_match, conquian_match_from_dict), observe=observe))
