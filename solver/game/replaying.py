"""Replaying a record's actions on the conquian-40 engine and the games built on it
(cooncan): one step at a time, with the waivers records leave implicit."""

from __future__ import annotations

from typing import Any

from solver.cards import card_str
from solver.errors import IllegalActionError
from solver.game.conquian.actions import NO_FORCE, TURN, Action
from solver.game.conquian.state import GameState
from solver.game.protocol import check_turn


def hand_result(state: GameState) -> dict[str, Any] | None:
    """The record's ``result``: the winner, a draw, or ``None`` while the hand goes on."""
    if not state.is_terminal():
        return None
    return {"draw": True} if state.winner is None else {"winner": state.winner}


def replay_step(state: GameState, player: int | None, action: Action, where: str) -> None:
    """Apply one recorded action, refusing it (naming ``where``) when it is not legal."""
    if state.phase == "force" and action.type not in ("force", "no_force"):
        state.apply_action(NO_FORCE)  # records leave the waiver implicit (R9, C10)
    check_turn(state, player, where)
    if action.type == "turn":
        top = state.stock_top()
        if action.card is not None and top is not None and action.card != top:
            raise IllegalActionError(
                f"{where}: turns {card_str(action.card)}, but the top stock card is "
                f"{card_str(top)}"
            )
        action = TURN
    state.apply_action(action)


def finish_hand(state: GameState) -> None:
    """After a record's last action: a waived force on the last card ends in a draw
    (R11, C12)."""
    if state.phase == "force" and state.stock_count == 0:
        state.apply_action(NO_FORCE)
