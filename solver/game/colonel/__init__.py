"""Hoyle's Colonel (profile ``colonel``, rule book H1–H13): engine, views and players."""

from __future__ import annotations

from typing import Any, Final

from solver.errors import IllegalActionError
from solver.game.colonel.match import colonel_match, colonel_match_from_dict
from solver.game.colonel.players import PLAYERS
from solver.game.colonel.state import ColonelAction, ColonelState, pips
from solver.game.colonel.view import ColonelObservation, observe, observe_action
from solver.game.deal import Deal
from solver.game.protocol import GameRules, check_turn
from solver.messages import N_


def _new_hand(deal: Deal, score: tuple[int, ...]) -> ColonelState:
    return ColonelState(deal, score)


def _result(state: ColonelState) -> dict[str, Any] | None:
    return state.result()


def _step(state: ColonelState, player: int | None, action: ColonelAction, where: str) -> None:
    check_turn(state, player, where)
    if action.type == "draw" and action.source == "stock" and action.card is None:
        raise IllegalActionError(N_("{where}: a recorded stock draw names its card"),
                                 where=where)
    state.apply_action(action)


COLONEL_GAME: Final[GameRules[ColonelState, ColonelAction, ColonelObservation]] = GameRules(
    new_hand=_new_hand,
    new_match=colonel_match, match_from_dict=colonel_match_from_dict,
    action_from_dict=ColonelAction.from_dict,
    observe=observe,
    result=_result,
    replay_step=_step,
    observe_action=observe_action,
    players=PLAYERS,
)

__all__ = ["COLONEL_GAME", "ColonelAction", "ColonelObservation", "ColonelState", "observe",
           "pips"]
