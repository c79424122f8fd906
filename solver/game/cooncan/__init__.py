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
from solver.game.deal import Deal
from solver.game.meld_match import meld_matches
from solver.game.protocol import GameRules, every_card_shown
from solver.game.replaying import finish_hand, hand_result, replay_step

# --- the game as records, replay and self-play use it ------------------------------------


def _new_hand(deal: Deal, score: tuple[int, ...]) -> CooncanState:
    return CooncanState(deal, (score[0], score[1]) if score else (0, 0))


_NEW_MATCH, _MATCH_FROM_DICT = meld_matches(_new_hand)


COONCAN_GAME: Final[GameRules[CooncanState, Action, CooncanObservation]] = GameRules(
    new_hand=_new_hand,
    new_match=_NEW_MATCH, match_from_dict=_MATCH_FROM_DICT,
    action_from_dict=CooncanAction.from_dict,
    observe=observe_cooncan,
    result=hand_result,
    replay_step=replay_step,
    observe_action=every_card_shown,
    players=PLAYERS,
    finish=finish_hand,
)

__all__ = [
    "COONCAN",
    "COONCAN_GAME",
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
