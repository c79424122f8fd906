"""The Italian Conquin (profile ``conquin``, rule book I1–I13): engine, views, players and
the table that passes the deal round, keeps the chips and the Pot chip."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from solver.errors import IllegalActionError
from solver.game.conquin.players import PLAYERS
from solver.game.conquin.state import ConquinAction, ConquinState
from solver.game.conquin.table import conquin_table, conquin_table_from_dict
from solver.game.conquin.view import ConquinObservation, observe, observe_action
from solver.game.errors import InvalidGameError
from solver.game.protocol import check_turn
from solver.game.registration import Registration, register
from solver.messages import N_


def _step(state: ConquinState, player: int | None, action: ConquinAction, where: str) -> None:
    check_turn(state, player, where, N_("{where}: the deal is already over"))
    if action.type == "take" and action.source == "stock" and action.card is None:
        raise IllegalActionError(N_("{where}: a recorded stock take names its card"),
                                 where=where)
    state.apply_action(action)


def _fields(state: ConquinState) -> dict[str, Any]:
    return {} if state.pot_holder is None else {"pot_chip": state.pot_holder}


def _set_fields(state: ConquinState, data: Mapping[str, Any]) -> None:
    holder = data.get("pot_chip")
    if holder is None:
        return
    if isinstance(holder, bool) or not isinstance(holder, int) or not 0 <= holder < state.n:
        raise InvalidGameError(
            f"pot_chip must be the seat holding the Pot chip, 0 to {state.n - 1}, "
            f"not {holder!r} (I11)")
    fresh = ConquinState(state.deal, state.chips, holder)
    for name in ConquinState.__slots__:
        setattr(state, name, getattr(fresh, name))


def _shows_hand(state: ConquinState, seat: int) -> bool:
    return state.in_[seat]  # I7: a player who passes throws in their cards unseen


CONQUIN_REGISTRATION: Final[Registration[ConquinState, ConquinAction, ConquinObservation]] = (
    register(("conquin",), ConquinState, ConquinAction.from_dict, PLAYERS,
             matches=(conquin_table, conquin_table_from_dict), observe=observe,
             observe_action=observe_action, result=ConquinState.result, replay_step=_step,
             fields=_fields, set_fields=_set_fields, shows_hand=_shows_hand))

__all__ = ["CONQUIN_REGISTRATION", "ConquinAction", "ConquinObservation", "ConquinState", "observe"]
