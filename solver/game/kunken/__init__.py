"""The Russian Kunken (``kunken``, ``kunken-40``, ``kunken-104``; docs/rules/kunken.md
K1–K16): the hand (:mod:`.state`), what a player sees (:mod:`.view`), the computer
players (:mod:`.players`) and the game registered for the three profiles."""

from __future__ import annotations

from typing import Any, Final

from solver.errors import IllegalActionError
from solver.game.kunken.players import PLAYERS
from solver.game.kunken.state import (
    JOKER_IN_HAND,
    K_TYPES,
    KINDS,
    MELDS_MEMO,
    TERMINAL,
    WIN_DOWN,
    KAction,
    KMeld,
    KunkenState,
    _show,
    kind_of,
    pips,
)
from solver.game.kunken.view import KunkenObservation, observe_kunken, observe_kunken_action
from solver.game.meld_match import meld_matches
from solver.game.protocol import GameRules, check_turn
from solver.game.registration import Registration, register, two_seats
from solver.rules import get_profile

# --- the game as records, replay and self-play use it --------------------------------------


_HAND: Final = two_seats(KunkenState)


def kunken_result(state: KunkenState) -> dict[str, Any] | None:
    """``{"winner": P, "points": [..]}`` (K12), or ``{"draw": true}`` for an exhausted
    stock (K13: nobody scores, the next hand counts double)."""
    if not state.is_terminal():
        return None
    if state.winner is None:
        return {"draw": True}
    return {"winner": state.winner, "points": state.points()}


def _step(state: KunkenState, player: int | None, action: KAction, where: str) -> None:
    check_turn(state, player, where)
    if action.type in ("turn", "draw") and action.card is not None:
        top = state.deal.stock[state.stock_pos] if state.stock_count else None
        if top is None or kind_of(top) != action.card:
            shown = "nothing" if top is None else _show(kind_of(top))
            raise IllegalActionError(
                f"{where}: {action.type}s {_show(action.card)}, but the top stock card is {shown}")
    state.apply_action(action)


KUNKEN_PROFILES: Final = tuple(get_profile(p) for p in ("kunken", "kunken-40", "kunken-104"))

KUNKEN_REGISTRATION: Final[Registration[KunkenState, KAction, KunkenObservation]] = register(
    tuple(p.id for p in KUNKEN_PROFILES), _HAND, KAction.from_dict, PLAYERS,
    matches=meld_matches(_HAND), observe=observe_kunken, observe_action=observe_kunken_action,
    result=kunken_result, replay_step=_step)


def kunken_game() -> GameRules[KunkenState, KAction, KunkenObservation]:
    """The game the three Kunken profiles play."""
    return KUNKEN_REGISTRATION.game


__all__ = [
    "JOKER_IN_HAND",
    "KINDS",
    "KUNKEN_PROFILES",
    "KUNKEN_REGISTRATION",
    "K_TYPES",
    "MELDS_MEMO",
    "TERMINAL",
    "WIN_DOWN",
    "KAction",
    "KMeld",
    "KunkenObservation",
    "KunkenState",
    "kind_of",
    "kunken_game",
    "kunken_result",
    "observe_kunken",
    "observe_kunken_action",
    "pips",
]
