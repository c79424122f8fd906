"""The Russian Kunken (``kunken``, ``kunken-40``, ``kunken-104``; docs/rules/kunken.md
K1–K16): the hand (:mod:`.state`), what a player sees (:mod:`.view`), the computer
players (:mod:`.players`) and the game registered for the three profiles."""

from __future__ import annotations

from typing import Any, Final

from solver.errors import IllegalActionError
from solver.game.deal import Deal
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
from solver.rules import get_profile

# --- the game as records, replay and self-play use it --------------------------------------


def _new_hand(deal: Deal, score: tuple[int, ...]) -> KunkenState:
    return KunkenState(deal, (score[0], score[1]) if score else (0, 0))


_NEW_MATCH, _MATCH_FROM_DICT = meld_matches(_new_hand)


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


def kunken_game() -> GameRules[KunkenState, KAction, KunkenObservation]:
    return GameRules(
        new_hand=_new_hand,
        new_match=_NEW_MATCH, match_from_dict=_MATCH_FROM_DICT,
        action_from_dict=KAction.from_dict,
        observe=observe_kunken,
        result=kunken_result,
        replay_step=_step,
        observe_action=observe_kunken_action,
        players=PLAYERS,
    )


KUNKEN_PROFILES: Final = tuple(get_profile(p) for p in ("kunken", "kunken-40", "kunken-104"))

__all__ = [
    "JOKER_IN_HAND",
    "KINDS",
    "KUNKEN_PROFILES",
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
