"""Foster's Cooncan (``cooncan``, docs/rules/cooncan.md C1–C15) on the conquian-40 engine:
the hand (:mod:`.state`), what a player sees (:mod:`.view`), the computer players
(:mod:`.players`) and the game registered for the profile."""

from __future__ import annotations

from typing import Final

from solver.game.conquian.actions import Action
from solver.game.cooncan.players import PLAYERS
from solver.game.cooncan.state import (
    COONCAN,
    TABLE,
    CooncanAction,
    CooncanPlay,
    CooncanPlays,
    CooncanState,
    cooncan_plays,
    takes_of,
)
from solver.game.cooncan.view import CooncanObservation, observe_cooncan
from solver.game.meld_match import meld_matches
from solver.game.registration import Registration, register_on_engine, two_seats

_HAND: Final = two_seats(CooncanState)

COONCAN_REGISTRATION: Final[Registration[CooncanState, Action, CooncanObservation]] = (
    register_on_engine(("cooncan",), _HAND, CooncanAction.from_dict, PLAYERS,
                       matches=meld_matches(_HAND), observe=observe_cooncan))

__all__ = [
    "COONCAN",
    "COONCAN_REGISTRATION",
    "TABLE",
    "CooncanAction",
    "CooncanObservation",
    "CooncanPlay",
    "CooncanPlays",
    "CooncanState",
    "cooncan_plays",
    "observe_cooncan",
    "takes_of",
]
