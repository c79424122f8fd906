"""Hoyle's Colonel (profile ``colonel``, rule book H1–H13): engine, views and players."""

from __future__ import annotations

from typing import Final

from solver.errors import IllegalActionError
from solver.game.colonel.match import colonel_match, colonel_match_from_dict
from solver.game.colonel.players import PLAYERS
from solver.game.colonel.state import ColonelAction, ColonelState, pips
from solver.game.colonel.view import ColonelObservation, observe, observe_action
from solver.game.protocol import check_turn
from solver.game.registration import Registration, register
from solver.messages import N_


def _step(state: ColonelState, player: int | None, action: ColonelAction, where: str) -> None:
    check_turn(state, player, where)
    if action.type == "draw" and action.source == "stock" and action.card is None:
        raise IllegalActionError(N_("{where}: a recorded stock draw names its card"),
                                 where=where)
    state.apply_action(action)


COLONEL_REGISTRATION: Final[Registration[ColonelState, ColonelAction, ColonelObservation]] = (
    register(("colonel",), ColonelState, ColonelAction.from_dict, PLAYERS,
             matches=(colonel_match, colonel_match_from_dict), observe=observe,
             observe_action=observe_action, result=ColonelState.result, replay_step=_step))

__all__ = ["COLONEL_REGISTRATION", "ColonelAction", "ColonelObservation", "ColonelState", "observe",
           "pips"]
