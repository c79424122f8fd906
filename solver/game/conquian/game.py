"""The conquian-40 game as the registry lists it, its computer players included (apart
from the package's ``__init__`` because those players, :mod:`solver.players`, import the
hand state)."""

from __future__ import annotations

from typing import Final

from solver.game.conquian.actions import Action
from solver.game.conquian.state import GameState
from solver.game.conquian.view import Observation, observe
from solver.game.deal import Deal
from solver.game.match import conquian_match, conquian_match_from_dict
from solver.game.protocol import GameRules, every_card_shown
from solver.game.replaying import finish_hand, hand_result, replay_step
from solver.players import PLAYERS


def _new_hand(deal: Deal, score: tuple[int, ...]) -> GameState:
    return GameState(deal, (score[0], score[1]) if score else (0, 0))


CONQUIAN_40_GAME: Final[GameRules[GameState, Action, Observation]] = GameRules(
    new_hand=_new_hand,
    new_match=conquian_match, match_from_dict=conquian_match_from_dict,
    action_from_dict=Action.from_dict,
    observe=observe,
    result=hand_result,
    replay_step=replay_step,
    observe_action=every_card_shown,
    players=PLAYERS,
    finish=finish_hand,
)

